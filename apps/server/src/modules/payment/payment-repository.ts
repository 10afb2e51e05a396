import type { TCountry } from '@lionrock/domain/market/market';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  campaigns,
  idempotencyKeys,
  mailOutbox,
  operationsAlerts,
  paymentLifecycleLogs,
  payments,
  paynowCredits,
  policies,
  policyEvents,
  promoCodes,
} from '../../db/schema.ts';
import { describeError } from '../../lib/redaction.ts';
import { nextPolicyNumber, nextReceiptNumber, type TProductType } from '../policy/numbering.ts';
import type { TPolicyColumns, TPolicyRow, TPolicyStatus } from '../policy/policy-repository.ts';
import { releasePromo, voidOpenAttempts } from './open-attempts.ts';

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
export type TMailRow = typeof mailOutbox.$inferSelect;
export type TAlertKind =
  | 'review'
  | 'refund'
  | 'reverse_authorisation'
  | 'forged_answer'
  | 'late_payment'
  | 'renewal_failed'
  | 'renewal_charge_manual'
  | 'renewal_unanswered';

/** What issuing decides once the policy and its payment are locked (the service's rules). */
export type TIssueDecision =
  | {
      issue: true;
      document: (numbers: { policyNumber: string; receiptNumber: string }) => unknown;
      mails: { kind: string; recipientRole: string; recipient: string; language: string }[];
    }
  | { issue: false; reason: string };

export type TIssueResult =
  | { outcome: 'issued' | 'already-issued'; policy: TPolicyRow; payment: TPaymentRow }
  | { outcome: 'refund'; reason: string; policy: TPolicyRow; payment: TPaymentRow }
  | { outcome: 'not-paid'; payment: TPaymentRow | undefined };

/** Payments, issuance, the mail outbox, operations alerts and idempotency records. */
export function createPaymentRepository(db: TDb) {
  return {
    findPayment: async (paymentId: string) =>
      (await db.select().from(payments).where(eq(payments.paymentId, paymentId)))[0],

    findPolicy: async (policyId: string) =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    findByReference: async (referenceNumber: string) =>
      (await db.select().from(payments).where(eq(payments.referenceNumber, referenceNumber)))[0],

    listPayments: async (policyId: string) =>
      db.select().from(payments).where(eq(payments.policyId, policyId)).orderBy(asc(payments.createdAt)),

    /** The promo codes a policy's unanswered payments hold are free again (a new attempt re-reserves). */
    async releaseHeldPromos(policyId: string): Promise<void> {
      const open = await db
        .select({ paymentId: payments.paymentId })
        .from(payments)
        .where(and(eq(payments.policyId, policyId), eq(payments.status, 'pending')));
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

    /**
     * Issues the paid payment's policy exactly once. The policy row is locked; an issued policy is
     * answered as it is; otherwise `decide` says whether it may still be issued. Numbers come from
     * the sequences inside this transaction, the promo code is consumed and the mails are written to
     * the outbox in it too: all of it happens, or none.
     */
    async issueForPayment(
      paymentId: string,
      decide: (policy: TPolicyRow, payment: TPaymentRow) => TIssueDecision,
      year: number,
    ): Promise<TIssueResult> {
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.paymentId, paymentId))
          .for('update');
        if (!payment || (payment.status !== 'paid' && payment.status !== 'refund_due'))
          return { outcome: 'not-paid', payment };
        const [policy] = await tx
          .select()
          .from(policies)
          .where(eq(policies.policyId, payment.policyId))
          .for('update');
        if (!policy) return { outcome: 'not-paid', payment };
        if (policy.status === 'issued') {
          if (payment.receiptNumber) return { outcome: 'already-issued', policy, payment };
          // Paid twice (another payment issued it): this money goes back.
          const reason = 'The policy was already issued with another payment.';
          const [refund] = await tx
            .update(payments)
            .set({ status: 'refund_due', updatedAt: sql`now()` })
            .where(eq(payments.paymentId, paymentId))
            .returning();
          await tx
            .insert(operationsAlerts)
            .values({ kind: 'refund', paymentId, policyId: policy.policyId, detail: { reason } })
            .onConflictDoNothing();
          return { outcome: 'refund', reason, policy, payment: refund! };
        }
        const decision = decide(policy, payment);
        if (!decision.issue) {
          const [refund] = await tx
            .update(payments)
            .set({ status: 'refund_due', updatedAt: sql`now()` })
            .where(eq(payments.paymentId, paymentId))
            .returning();
          await tx
            .insert(operationsAlerts)
            .values({
              kind: 'refund',
              paymentId,
              policyId: policy.policyId,
              detail: { reason: decision.reason },
            })
            .onConflictDoNothing();
          return { outcome: 'refund', reason: decision.reason, policy, payment: refund! };
        }
        const country = policy.country as TCountry;
        const policyNumber = await nextPolicyNumber(tx, policy.productType as TProductType, country, year);
        const receiptNumber = await nextReceiptNumber(tx, country, year);
        const [issued] = await tx
          .update(policies)
          .set({
            status: 'issued',
            policyNumber,
            receiptNumber,
            document: decision.document({ policyNumber, receiptNumber }),
            issuedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(policies.policyId, policy.policyId))
          .returning();
        const [paid] = await tx
          .update(payments)
          .set({ status: 'paid', receiptNumber, updatedAt: sql`now()` })
          .where(eq(payments.paymentId, paymentId))
          .returning();
        if (payment.promoCodeId !== null) {
          await tx
            .update(promoCodes)
            .set({ status: 'USED', usedAt: sql`now()`, reservedUntil: null, updatedAt: sql`now()` })
            .where(eq(promoCodes.id, payment.promoCodeId));
        }
        await tx.insert(policyEvents).values({
          policyId: policy.policyId,
          fromStatus: policy.status,
          toStatus: 'issued',
          detail: { policyNumber, receiptNumber, referenceNumber: payment.referenceNumber },
        });
        for (const mail of decision.mails) {
          await tx
            .insert(mailOutbox)
            .values({
              ...mail,
              policyId: policy.policyId,
              messageId: `${policyNumber}.${mail.kind}.${mail.recipientRole}`,
            })
            .onConflictDoNothing();
        }
        return { outcome: 'issued', policy: issued!, payment: paid! };
      });
    },

    /** Paid payments whose policy is not issued yet (a crash between receipt and issue). */
    listPaidUnissued: async () =>
      db
        .select({ paymentId: payments.paymentId })
        .from(payments)
        .innerJoin(policies, eq(policies.policyId, payments.policyId))
        .where(
          and(
            eq(payments.status, 'paid'),
            isNull(payments.receiptNumber),
            sql`${policies.status} <> 'issued'`,
          ),
        ),

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

    addAlert: async (alert: {
      kind: TAlertKind;
      paymentId?: string;
      policyId?: string;
      detail: Record<string, unknown>;
    }) => {
      await db.insert(operationsAlerts).values(alert).onConflictDoNothing();
    },

    listOpenAlerts: async (kind?: TAlertKind) =>
      db
        .select()
        .from(operationsAlerts)
        .where(and(isNull(operationsAlerts.resolvedAt), kind ? eq(operationsAlerts.kind, kind) : undefined))
        .orderBy(asc(operationsAlerts.id)),

    resolveAlert: async (id: number) =>
      (
        await db
          .update(operationsAlerts)
          .set({ resolvedAt: sql`now()` })
          .where(and(eq(operationsAlerts.id, id), isNull(operationsAlerts.resolvedAt)))
          .returning({ id: operationsAlerts.id })
      ).length > 0,

    addLifecycleLog: async (entry: {
      policyId: string | null;
      referenceNumber: string | null;
      entry: unknown;
    }) => {
      await db.insert(paymentLifecycleLogs).values(entry);
    },

    /**
     * Claims due mail one message at a time — a single statement that skips rows another instance
     * holds and leases the row for 10 minutes — and sends it outside any transaction. A crash while
     * sending leaves the lease to run out, and the message is sent again (the outbox file or the
     * Message-ID makes the repeat recognisable).
     */
    async deliverDueMail(
      limit: number,
      send: (mail: TMailRow) => Promise<void>,
    ): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      for (let index = 0; index < limit; index += 1) {
        const [mail] = await db
          .update(mailOutbox)
          .set({ status: 'sending', nextAttemptAt: sql`now() + interval '10 minutes'` })
          .where(
            eq(
              mailOutbox.id,
              sql`(select id from mail_outbox where status in ('queued', 'sending') and next_attempt_at <= now() order by id limit 1 for update skip locked)`,
            ),
          )
          .returning();
        if (!mail) break;
        try {
          await send(mail);
          await db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: sql`now()`, attempts: mail.attempts + 1, lastError: null })
            .where(eq(mailOutbox.id, mail.id));
          sent += 1;
        } catch (error) {
          // Retried with a growing pause (1, 2, 4 … up to 60 minutes); never dropped.
          const minutes = Math.min(60, 2 ** mail.attempts);
          await db
            .update(mailOutbox)
            .set({
              status: 'queued',
              attempts: mail.attempts + 1,
              // A mail server quotes the address it refused: kept as the error's code and message only.
              lastError: describeError(error).message,
              nextAttemptAt: sql`now() + make_interval(mins => ${minutes})`,
            })
            .where(eq(mailOutbox.id, mail.id));
          failed += 1;
        }
      }
      return { sent, failed };
    },

    // Idempotency-Key records (design section 5): one row per session and key.
    async claimIdempotencyKey(entry: {
      sessionName: string;
      key: string;
      call: string;
      requestHash: string;
    }) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ ...entry, status: 'running' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return { claimed: true as const };
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.sessionName, entry.sessionName), eq(idempotencyKeys.key, entry.key)));
      return { claimed: false as const, row };
    },

    finishIdempotencyKey: async (sessionName: string, key: string, status: number, body: unknown) => {
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.sessionName, sessionName), eq(idempotencyKeys.key, key)));
    },

    releaseIdempotencyKey: async (sessionName: string, key: string) => {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.sessionName, sessionName), eq(idempotencyKeys.key, key)));
    },

    pruneIdempotencyKeys: async () =>
      (
        await db
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`))
          .returning({ key: idempotencyKeys.key })
      ).length,

    /**
     * Stores a verified PayNow notification and applies it in one transaction (decision 034): the
     * credit row is written first (the same delivery again — same bytes or same bank transaction id —
     * finds the stored row and changes nothing), then the QR's payment is locked and `decide` says what
     * the credit does: the payment change it records, if any, and the alerts operations must see.
     * Either all of it is stored, or nothing (and the bank delivers again).
     */
    async recordPaynowCredit(
      credit: {
        bodySha256: string;
        notification: string;
        bankTransactionId: string | null;
        txnRef: string | null;
        amountCents: number | null;
        currency: string | null;
        paidAt: Date | null;
      },
      decide: (payment: TPaymentRow | undefined) => TPaynowCreditDecision,
    ): Promise<TPaynowCreditResult> {
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(paynowCredits)
          .values({ ...credit, outcome: 'received' })
          .onConflictDoNothing()
          .returning({ id: paynowCredits.id });
        if (!stored) {
          const [existing] = await tx
            .select()
            .from(paynowCredits)
            .where(
              or(
                eq(paynowCredits.bodySha256, credit.bodySha256),
                credit.bankTransactionId === null
                  ? undefined
                  : eq(paynowCredits.bankTransactionId, credit.bankTransactionId),
              ),
            );
          // The bank's id again with another reference or amount: not the same credit, and not ours to guess.
          if (existing!.txnRef !== credit.txnRef || existing!.amountCents !== credit.amountCents)
            await tx
              .insert(operationsAlerts)
              .values({
                kind: 'review',
                paymentId: existing!.paymentId,
                paynowCreditId: existing!.id,
                detail: {
                  reason: 'the bank sent this transaction again with another reference or amount',
                  txnRef: credit.txnRef,
                  amountCents: credit.amountCents,
                  notification: credit.notification,
                },
              })
              .onConflictDoNothing();
          return { stored: false, credit: existing! };
        }
        const [payment] = credit.txnRef
          ? await tx
              .select()
              .from(payments)
              .where(and(eq(payments.referenceNumber, credit.txnRef), eq(payments.method, 'PN')))
              .for('update')
          : [];
        const decision = decide(payment);
        let changed: TPaymentRow | undefined;
        if (payment && decision.payment) {
          [changed] = await tx
            .update(payments)
            .set({ ...decision.payment, answeredAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(payments.paymentId, payment.paymentId))
            .returning();
        }
        const [row] = await tx
          .update(paynowCredits)
          .set({ outcome: decision.outcome, paymentId: payment?.paymentId ?? null })
          .where(eq(paynowCredits.id, stored.id))
          .returning();
        for (const alert of decision.alerts)
          await tx
            .insert(operationsAlerts)
            .values({
              ...alert,
              paymentId: payment?.paymentId ?? null,
              policyId: payment?.policyId ?? null,
              paynowCreditId: stored.id,
            })
            .onConflictDoNothing();
        return { stored: true, credit: row!, payment: changed ?? payment };
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

export type TPaynowCreditRow = typeof paynowCredits.$inferSelect;

/** What a stored PayNow credit does, decided with its QR's payment locked (decision 034). */
export type TPaynowCreditDecision = {
  outcome: 'applied' | 'amount_differs' | 'extra_credit' | 'unknown_reference' | 'unreadable';
  /** The answer recorded on the QR's payment (only a credit that is that payment's first). */
  payment?: Partial<typeof payments.$inferInsert> & { status: TPaymentStatus };
  alerts: { kind: TAlertKind; detail: Record<string, unknown> }[];
};

export type TPaynowCreditResult =
  | { stored: true; credit: TPaynowCreditRow; payment: TPaymentRow | undefined }
  | { stored: false; credit: TPaynowCreditRow };

export type TPaymentRepository = ReturnType<typeof createPaymentRepository>;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
