import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  campaigns,
  payments,
  policies,
  policyEndorsements,
  policyEvents,
  promoCodes,
} from '../../db/schema.ts';
import { releasePromo, voidOpenAttempts } from '../policy/open-attempts-repository.ts';
import type { TPolicyColumns, TPolicyStatus } from '../policy/policy-repository.ts';

export type TPaymentRow = typeof payments.$inferSelect;
export type TPaymentStatus =
  | 'pending'
  | 'paid'
  | 'declined'
  | 'review'
  | 'error'
  | 'expired'
  | 'voided'
  | 'refund_due';

/**
 * Payments: starting one, recording the gateway's answer, expiring and reconciling the unanswered.
 * Issuing (issuance-repository.ts), PayNow credits (paynow-credit-repository.ts), operations alerts
 * (alert-repository.ts), Idempotency-Key records (idempotency-repository.ts), the payment pages' logs
 * (lifecycle-log-repository.ts) and the mail outbox (notifications/mail-outbox-repository.ts) have their own.
 */
export function createPaymentRepository(db: TDb) {
  return {
    findPayment: async (paymentId: string) =>
      (await db.select().from(payments).where(eq(payments.paymentId, paymentId)))[0],

    findPolicy: async (policyId: string) =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    /** The policy's endorsements, oldest first (the premium ledger): what its schedule prints of them. */
    endorsementsOf: async (policyId: string) =>
      db
        .select({
          kind: policyEndorsements.kind,
          fromDate: policyEndorsements.fromDate,
          totalCents: policyEndorsements.totalCents,
          differenceCents: policyEndorsements.differenceCents,
        })
        .from(policyEndorsements)
        .where(eq(policyEndorsements.policyId, policyId))
        .orderBy(asc(policyEndorsements.createdAt), asc(policyEndorsements.eventId)),

    /** What one of the policy's events recorded (an endorsement's terms, which its mail states). */
    eventDetail: async (policyId: string, eventId: number): Promise<unknown> =>
      (
        await db
          .select({ detail: policyEvents.detail })
          .from(policyEvents)
          .where(and(eq(policyEvents.policyId, policyId), eq(policyEvents.id, eventId)))
      )[0]?.detail,

    /**
     * What issuing needs before it locks anything: the payment's currency and its policy's agent, in
     * one narrow query (the full rows, the policy's document included, are read under lock anyway).
     */
    findIssueContext: async (paymentId: string) =>
      (
        await db
          .select({ currency: payments.currency, agentCode: policies.agentCode })
          .from(payments)
          .leftJoin(policies, eq(policies.policyId, payments.policyId))
          .where(eq(payments.paymentId, paymentId))
      )[0],

    findByReference: async (referenceNumber: string) =>
      (await db.select().from(payments).where(eq(payments.referenceNumber, referenceNumber)))[0],

    listPayments: async (policyId: string) =>
      db.select().from(payments).where(eq(payments.policyId, policyId)).orderBy(asc(payments.createdAt)),

    /**
     * The promo codes a policy's unanswered payments hold are free again (a new attempt re-reserves),
     * when the policy is this session's: another session's call releases nothing.
     */
    async releaseHeldPromos(policyId: string, sessionName: string): Promise<void> {
      const open = await db
        .select({ paymentId: payments.paymentId })
        .from(payments)
        .innerJoin(policies, eq(policies.policyId, payments.policyId))
        .where(
          and(
            eq(payments.policyId, policyId),
            eq(payments.status, 'pending'),
            eq(policies.sessionName, sessionName),
          ),
        );
      await releasePromo(
        db,
        open.map((row) => row.paymentId),
      );
    },

    /**
     * One transaction: the policy becomes pending (only from a status in `fromStatuses`), its earlier
     * unanswered payments are voided, a single-use promo code is held for the payment's window, the
     * payment is written and the change recorded. 'conflict' when the policy moved meanwhile;
     * 'promo-held' when another payment holds the code.
     */
    async startPayment(entry: {
      policyId: string;
      fromStatuses: TPolicyStatus[];
      document: unknown;
      columns: TPolicyColumns;
      autoRenewal: boolean;
      payment: Omit<typeof payments.$inferInsert, 'policyId' | 'status' | 'promoCodeId'>;
      /** The promo code priced in; held for the payment's window when its campaign's codes are single-use. */
      singleUsePromo: { campaignId: number; code: string } | null;
    }): Promise<'started' | 'conflict' | 'promo-held'> {
      return db.transaction(async (tx) => {
        const [policy] = await tx
          .select({ status: policies.status })
          .from(policies)
          .where(eq(policies.policyId, entry.policyId))
          .for('update');
        if (!policy || !entry.fromStatuses.includes(policy.status as TPolicyStatus)) return 'conflict';
        const voided = await voidOpenAttempts(tx, entry.policyId);
        let promoCodeId: number | null = null;
        const [campaign] = entry.singleUsePromo
          ? await tx
              .select({ reusability: campaigns.promoCodeReusability })
              .from(campaigns)
              .where(eq(campaigns.campaignId, entry.singleUsePromo.campaignId))
          : [];
        // Only a single-use code is held; a reusable one is shared by every customer.
        if (entry.singleUsePromo && campaign && campaign.reusability !== 'REUSABLE') {
          const [held] = await tx
            .update(promoCodes)
            .set({ status: 'RESERVED', reservedUntil: entry.payment.expiresAt, updatedAt: sql`now()` })
            .where(
              and(
                eq(promoCodes.campaignId, entry.singleUsePromo.campaignId),
                sql`upper(${promoCodes.code}) = upper(${entry.singleUsePromo.code})`,
                or(
                  eq(promoCodes.status, 'AVAILABLE'),
                  and(eq(promoCodes.status, 'RESERVED'), lt(promoCodes.reservedUntil, sql`now()`)),
                ),
              ),
            )
            .returning({ id: promoCodes.id });
          if (!held) return 'promo-held';
          promoCodeId = held.id;
        }
        await tx
          .update(policies)
          .set({
            status: 'pending',
            document: entry.document,
            ...entry.columns,
            autoRenewal: entry.autoRenewal,
            updatedAt: sql`now()`,
          })
          .where(eq(policies.policyId, entry.policyId));
        await tx
          .insert(payments)
          .values({ ...entry.payment, policyId: entry.policyId, status: 'pending', promoCodeId });
        await tx.insert(policyEvents).values({
          policyId: entry.policyId,
          fromStatus: policy.status,
          toStatus: 'pending',
          detail: {
            referenceNumber: entry.payment.referenceNumber,
            method: entry.payment.method,
            amountCents: entry.payment.amountCents,
            voided: voided.length,
          },
        });
        return 'started';
      });
    },

    /**
     * Records a verified answer once: the payment must still be in one of `fromStatuses` and the
     * gateway's transaction id must be new (unique), so a second delivery of the same answer changes
     * nothing. Returns the updated payment, or undefined when it was already recorded.
     */
    async recordAnswer(
      paymentId: string,
      fromStatuses: TPaymentStatus[],
      change: Partial<typeof payments.$inferInsert> & { status: TPaymentStatus },
    ): Promise<TPaymentRow | undefined> {
      try {
        const [row] = await db
          .update(payments)
          .set({ ...change, answeredAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(payments.paymentId, paymentId), inArray(payments.status, fromStatuses)))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Unanswered payments past their window become expired, and so do their policies. */
    async expireOverdue(): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(payments)
          .set({ status: 'expired', updatedAt: sql`now()` })
          .where(and(eq(payments.status, 'pending'), lt(payments.expiresAt, sql`now()`)))
          .returning({ paymentId: payments.paymentId, policyId: payments.policyId });
        await releasePromo(
          tx,
          expired.map((row) => row.paymentId),
        );
        for (const policyId of new Set(expired.map((row) => row.policyId))) {
          const moved = await tx
            .update(policies)
            .set({ status: 'expired', updatedAt: sql`now()` })
            .where(
              and(
                eq(policies.policyId, policyId),
                eq(policies.status, 'pending'),
                sql`not exists (select 1 from payments p where p.policy_id = ${policyId} and p.status in ('pending', 'paid', 'review'))`,
              ),
            )
            .returning({ policyId: policies.policyId });
          if (moved.length > 0)
            await tx.insert(policyEvents).values({
              policyId,
              fromStatus: 'pending',
              toStatus: 'expired',
              detail: { reason: 'payment window ended' },
            });
        }
        return expired.length;
      });
    },

    // Card reconciliation before expiry (design section 11).
    /**
     * Unanswered card payments past their window, each to be looked up at the gateway: pending ones
     * before they expire, and superseded (voided) ones once, since money may have reached them too.
     */
    listOverdueCardPayments: async () =>
      db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.method, 'CC'),
            lt(payments.expiresAt, sql`now()`),
            or(
              eq(payments.status, 'pending'),
              and(eq(payments.status, 'voided'), isNull(payments.answeredAt)),
            ),
          ),
        )
        .orderBy(asc(payments.expiresAt)),

    /** A voided payment the gateway has no approved transaction for: recorded as looked up, not asked again. */
    markLookedUp: async (paymentId: string, detail: Record<string, unknown>) => {
      await db
        .update(payments)
        .set({ answeredAt: sql`now()`, gatewayAnswer: detail, updatedAt: sql`now()` })
        .where(
          and(eq(payments.paymentId, paymentId), eq(payments.status, 'voided'), isNull(payments.answeredAt)),
        );
    },

    /** Keeps an unanswered payment open until `until` (its gateway could not be asked yet). */
    postponeExpiry: async (paymentId: string, until: Date) => {
      await db
        .update(payments)
        .set({ expiresAt: until, updatedAt: sql`now()` })
        .where(and(eq(payments.paymentId, paymentId), eq(payments.status, 'pending')));
    },
  };
}

export type TPaymentRepository = ReturnType<typeof createPaymentRepository>;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
