import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import type { TLimitStore } from './limit-store.ts';

/**
 * What one client may write to the logs the browser feeds, per minute (decision 027): a bound on rows
 * and on bytes, since a request count alone still let each request carry a large entry. Both are
 * counted before the row is written, so a flood never writes past them, whichever instance it reaches.
 */
export const LOG_BUDGETS = {
  clientLog: { rows: 30, bytes: 32 * 1024, windowMs: 60_000 },
  paymentLifecycle: { rows: 30, bytes: 32 * 1024, windowMs: 60_000 },
} as const;

export type TLogKind = keyof typeof LOG_BUDGETS;

/** A preHandler that refuses with a 429 once the client's rows or bytes of `kind` this minute are spent. */
export function logBudget(store: TLimitStore, kind: TLogKind, bytesOf: (request: FastifyRequest) => number) {
  const budget = LOG_BUDGETS[kind];
  return async (request: FastifyRequest) => {
    const key = `log:${kind}:${request.clientKey}`;
    const rows = await store.add(`${key}:rows`, 1, budget.windowMs);
    const bytes = await store.add(`${key}:bytes`, bytesOf(request), budget.windowMs);
    if (rows.count > budget.rows || bytes.count > budget.bytes) {
      const waitMs = Math.max(rows.retryAfterMs, bytes.retryAfterMs);
      throw new ApiError(
        429,
        `Too many log entries. Please wait ${Math.max(1, Math.ceil(waitMs / 1000))} seconds and try again.`,
        { retryAfterMs: waitMs },
      );
    }
  };
}
