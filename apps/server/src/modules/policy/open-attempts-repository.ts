import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { payments, promoCodes } from '../../db/schema.ts';

/** The single-use promo codes these payments hold are free again (a new attempt re-reserves). */
export async function releasePromo(executor: TDb, paymentIds: string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const held = await executor
    .select({ id: payments.promoCodeId })
    .from(payments)
    .where(inArray(payments.paymentId, paymentIds));
  const ids = held.map((row) => row.id).filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  await executor
    .update(promoCodes)
    .set({ status: 'AVAILABLE', reservedUntil: null, updatedAt: sql`now()` })
    .where(and(inArray(promoCodes.id, ids), eq(promoCodes.status, 'RESERVED')));
}

/**
 * A policy's unanswered payments are voided and their promo codes released, inside the caller's
 * transaction (a new attempt or a changed application supersedes them). Money that still arrives
 * for one is kept and issued or refunded as decision 010 says. Answers the voided payment ids.
 */
export async function voidOpenAttempts(tx: TDb, policyId: string): Promise<string[]> {
  const voided = await tx
    .update(payments)
    .set({ status: 'voided', updatedAt: sql`now()` })
    .where(and(eq(payments.policyId, policyId), eq(payments.status, 'pending')))
    .returning({ paymentId: payments.paymentId });
  const ids = voided.map((row) => row.paymentId);
  await releasePromo(tx, ids);
  return ids;
}

/** Whether money was taken, or is held for the bank's review, for any of the policy's payments. */
export async function hasSettlingPayment(tx: TDb, policyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ paymentId: payments.paymentId })
    .from(payments)
    .where(and(eq(payments.policyId, policyId), inArray(payments.status, ['paid', 'review'])))
    .limit(1);
  return row !== undefined;
}
