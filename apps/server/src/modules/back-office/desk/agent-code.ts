import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../lib/api-error.ts';

/** The agent code of the signed-in agent: the desk's every read and write is scoped by it (403 without one). */
export function agentCodeOf(request: FastifyRequest): string {
  const code = request.account?.agentCode?.trim();
  if (!code) throw new ApiError(403, 'This account is not bound to an agent code.', { field: 'agentCode' });
  return code;
}
