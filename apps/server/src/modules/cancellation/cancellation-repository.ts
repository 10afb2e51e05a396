import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, operationsAlerts, payments, policies, policyEvents, refunds } from '../../db/schema.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TTransaction } from '../policyholder/step-up-repository.ts';

export type TRefundRow = typeof refunds.$inferSelect;

/** How long a caller holds a refund row while it asks the gateway; a crash frees it after this. */
export const REFUND_LEASE_MS = 2 * 60_000;

/** What a cancellation writes, decided by the service from the locked policy. */
export type TCancellationDecision =
  | { cancel: false; reason: 'cancelled-already' | 'refused'; detail?: unknown }
  | {
      cancel: true;
      event: Record<string, unknown>;
      refund: Omit<typeof refunds.$inferInsert, 'policyId'> | null;
      alert: { kind: 'paynow_refund'; paymentId: string; detail: Record<string, unknown> } | null;
      mail: { messageId: string; kind: string; recipient: string; language: string } | null;
    };

/** SQL only: the policy, its paid payment, the cancellation's rows and the refund's lease. */
export function createCancellationRepository(db: TDb) {
  return {
    /** The policy's newest 'cancelled' event: what the endorsement and the e-mail print. */
    async lastCancelledEvent(policyId: string) {
      const [event] = await db
        .select()
        .from(policyEvents)
        .where(and(eq(policyEvents.policyId, policyId), eq(policyEvents.toStatus, 'cancelled')))
        .orderBy(desc(policyEvents.id))
        .limit(1);
      return event;
    },

    /** The payment that paid for the policy (the latest paid one). */
    paidPayment: async (policyId: string): Promise<TPaymentRow | undefined> =>
      (
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.policyId, policyId), eq(payments.status, 'paid')))
          .orderBy(desc(payments.createdAt))
          .limit(1)
      )[0],

    findRefund: async (policyId: string): Promise<TRefundRow | undefined> =>
      (await db.select().from(refunds).where(eq(refunds.policyId, policyId)))[0],

    findPolicy: async (policyId: string): Promise<TPolicyRow | undefined> =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    /**
     * Cancels the policy once: under a lock on its row, `decide` sees the policy as it is now; when it
     * says cancel, the status, its event, the refund row (one per policy), the operations case and the
     * mail are written in one transaction. Whoever comes second finds it cancelled.
     */
    async cancelOnce(
      policyId: string,
      decide: (locked: TPolicyRow) => TCancellationDecision,
      /** Spends the step-up code with the cancellation (false: it was spent meanwhile). */
      confirm: (tx: TTransaction) => Promise<boolean>,
    ): Promise<{ outcome: 'cancelled' | 'cancelled-already' | 'refused' | 'unconfirmed'; detail?: unknown }> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(policies)
          .where(eq(policies.policyId, policyId))
          .for('update');
        if (!locked) return { outcome: 'refused' as const };
        const decision = decide(locked);
        if (!decision.cancel) return { outcome: decision.reason, detail: decision.detail };
        if (!(await confirm(tx))) return { outcome: 'unconfirmed' as const };
        await tx
          .update(policies)
          .set({ status: 'cancelled', autoRenewal: false, updatedAt: sql`now()` })
          .where(eq(policies.policyId, policyId));
        await tx
          .insert(policyEvents)
          .values({ policyId, fromStatus: locked.status, toStatus: 'cancelled', detail: decision.event });
        if (decision.refund) await tx.insert(refunds).values({ ...decision.refund, policyId });
        if (decision.alert)
          await tx
            .insert(operationsAlerts)
            .values({ ...decision.alert, policyId })
            .onConflictDoNothing();
        if (decision.mail)
          await tx
            .insert(mailOutbox)
            .values({ ...decision.mail, policyId, recipientRole: 'applicant' })
            .onConflictDoNothing();
        return { outcome: 'cancelled' as const };
      });
    },

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

    /** The gateway's answer, recorded on the claimed row; a failure opens the operations case. */
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
              detail: { reason: 'the gateway refused the cancellation refund', error: result.error },
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

export type TCancellationRepository = ReturnType<typeof createCancellationRepository>;
