import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { endorsementPayments, operationsAlerts, payments, policies, refunds } from '../../db/schema.ts';
import type { TPaymentRow } from './payment-repository.ts';

export type TRefundRow = typeof refunds.$inferSelect;
export type TNewRefund = typeof refunds.$inferInsert;

/** How long a caller holds a refund row while it asks the gateway; a crash frees it after this. */
export const REFUND_LEASE_MS = 2 * 60_000;

/**
 * SQL only: the refunds a policy is owed (decisions 072 and 142) — a cancellation's and its
 * endorsements' — and the lease a caller takes on one to ask the gateway for it.
 */
export function createRefundRepository(db: TDb) {
  return {
    /** The payment that paid for the policy (the latest paid one): the one a card refund goes back to. */
    paidPayment: async (policyId: string): Promise<TPaymentRow | undefined> =>
      (
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.policyId, policyId), eq(payments.status, 'paid')))
          .orderBy(desc(payments.createdAt))
          .limit(1)
      )[0],

    /** The policy's market and number, for the gateway and the log. */
    policyOf: async (policyId: string) =>
      (
        await db
          .select({ country: policies.country, policyNumber: policies.policyNumber })
          .from(policies)
          .where(eq(policies.policyId, policyId))
      )[0],

    /**
     * Every refund of the policy's cancellation (decision 144): its own (`RF`) and its parts going back
     * to endorsements' card payments, oldest first; not the whole refund of a payment it could not use.
     */
    cancellationRefunds: async (policyId: string): Promise<TRefundRow[]> =>
      db
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.policyId, policyId),
            isNull(refunds.endorsementId),
            or(isNull(refunds.collectionReference), ne(refunds.basis, 'unapplied')),
          ),
        )
        .orderBy(asc(refunds.createdAt), asc(refunds.providerRequestId)),

    /** The endorsements' card payments the policy took and kept, newest first (what a refund may go back to). */
    paidCollections: async (policyId: string) =>
      db
        .select({
          referenceNumber: endorsementPayments.referenceNumber,
          amountCents: endorsementPayments.amountCents,
        })
        .from(endorsementPayments)
        .where(and(eq(endorsementPayments.policyId, policyId), eq(endorsementPayments.status, 'paid')))
        .orderBy(desc(endorsementPayments.answeredAt)),

    /** What endorsements returned to the purchase's payment already, in cents. */
    returnedToPayment: async (policyId: string): Promise<number> => {
      const [row] = await db
        .select({ cents: sql<string | null>`sum(${refunds.amountCents})` })
        .from(refunds)
        .where(
          and(
            eq(refunds.policyId, policyId),
            isNotNull(refunds.endorsementId),
            isNull(refunds.collectionReference),
          ),
        );
      return Number(row?.cents ?? 0);
    },

    /** The gateway transaction of an endorsement's paid card collection (decision 144), if it has one. */
    collectionTransaction: async (referenceNumber: string): Promise<string | null> =>
      (
        await db
          .select({ transactionId: endorsementPayments.gatewayTransactionId })
          .from(endorsementPayments)
          .where(eq(endorsementPayments.referenceNumber, referenceNumber))
      )[0]?.transactionId ?? null,

    /** The refund an endorsement owes, if it owes one. */
    endorsementRefund: async (endorsementId: string): Promise<TRefundRow | undefined> =>
      (await db.select().from(refunds).where(eq(refunds.endorsementId, endorsementId)))[0],

    /**
     * Takes the refund for one gateway call: only a requested refund whose lease is free, so of two
     * callers at once one calls the gateway and the other does not.
     */
    claimRefund: async (refundId: string, now: Date): Promise<TRefundRow | undefined> =>
      (
        await db
          .update(refunds)
          .set({
            leasedUntil: new Date(now.getTime() + REFUND_LEASE_MS),
            attempts: sql`${refunds.attempts} + 1`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(refunds.refundId, refundId),
              eq(refunds.state, 'requested'),
              or(isNull(refunds.leasedUntil), lt(refunds.leasedUntil, now)),
            ),
          )
          .returning()
      )[0],

    /** The gateway's answer, recorded on the claimed row; a failure opens the refund's operations case. */
    async recordRefund(
      refund: TRefundRow,
      result: { state: 'succeeded'; reference: string } | { state: 'failed'; error: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({
            state: result.state,
            providerReference: result.state === 'succeeded' ? result.reference : null,
            lastError: result.state === 'failed' ? result.error : null,
            leasedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(refunds.refundId, refund.refundId), eq(refunds.state, 'requested')));
        if (result.state === 'failed')
          await tx
            .insert(operationsAlerts)
            .values({
              kind: 'refund',
              paymentId: refund.paymentId,
              policyId: refund.policyId,
              refundId: refund.refundId,
              detail: {
                reason: `the gateway refused the ${refund.endorsementId ? 'endorsement' : 'cancellation'} refund`,
                error: result.error,
              },
            })
            .onConflictDoNothing();
      });
    },

    /** The gateway could not be asked: the lease is kept short so the next try comes soon. */
    releaseRefund: async (refundId: string, error: string): Promise<void> => {
      await db
        .update(refunds)
        .set({ leasedUntil: null, lastError: error, updatedAt: sql`now()` })
        .where(and(eq(refunds.refundId, refundId), eq(refunds.state, 'requested')));
    },

    /** Requested refunds nobody holds: a crash or an outage left them to be asked again. */
    listUnsettledRefunds: async (now: Date, limit = 20): Promise<TRefundRow[]> =>
      db
        .select()
        .from(refunds)
        .where(
          and(
            inArray(refunds.state, ['requested']),
            or(isNull(refunds.leasedUntil), lt(refunds.leasedUntil, now)),
          ),
        )
        .limit(limit),
  };
}

export type TRefundRepository = ReturnType<typeof createRefundRepository>;
