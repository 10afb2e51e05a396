import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import type { TIdempotencyRepository } from './idempotency-repository.ts';

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * `Idempotency-Key` on the state-changing payment calls (design section 5, decision 010): the same key and body replay the
 * stored answer; the same key with another body is a 422; a second request while the first still
 * runs is a 409. Without the header the call simply runs. Answers of 5xx are not kept (a retry runs).
 */
export async function runIdempotent<T>(
  repository: TIdempotencyRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  call: string,
  run: () => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run();
  const key = Array.isArray(header) ? header[0]! : header;
  if (!KEY_PATTERN.test(key))
    throw new ApiError(400, 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :.', {
      field: 'Idempotency-Key',
    });
  const sessionName = request.sessionName!;
  const requestHash = createHash('sha256').update(call).update(JSON.stringify(request.body)).digest('hex');
  const claim = await repository.claimIdempotencyKey({ sessionName, key, call, requestHash });
  if (!claim.claimed) {
    const row = claim.row;
    if (!row || row.requestHash !== requestHash)
      throw new ApiError(422, 'This Idempotency-Key was used with another request.', {
        field: 'Idempotency-Key',
      });
    if (row.status !== 'done')
      throw new ApiError(409, 'A request with this Idempotency-Key is still running.', {
        field: 'Idempotency-Key',
      });
    reply.header('idempotent-replayed', 'true');
    reply.status(row.responseStatus ?? 200);
    return row.responseBody as T;
  }
  try {
    const answer = await run();
    await repository.finishIdempotencyKey(sessionName, key, 200, answer);
    return answer;
  } catch (error) {
    // A refused or failed request is not an answer to keep: it leaves no row (so a flood of
    // refused keys stores nothing) and the key stays free for the corrected request (decision 027).
    await repository.releaseIdempotencyKey(sessionName, key);
    throw error;
  }
}
