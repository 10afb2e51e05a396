import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  mailOutbox,
  operationsAlerts,
  payments,
  policies,
  policyEvents,
  renewalCards,
} from '../../db/schema.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';

/** Operations alerts the renewal raises (operations_alerts.kind). */
export type TRenewalAlertKind =
  | 'renewal_failed'
  | 'renewal_charge_manual'
  | 'renewal_unanswered'
  | 'review'
  | 'reverse_authorisation';

export type TRenewalMail = {
  kind: string;
  policyId: string;
  messageId: string;
  recipientRole: string;
  recipient: string;
  language: string;
};

/** An issued, auto-renewing policy and the paid card payment whose token renews it. */
export type TRenewalCandidate = { policy: TPolicyRow; tokenPayment: TPaymentRow };

/**
 * Auto-renewal's SQL (decision 011). Everything that must happen once whatever runs twice or at once
 * is a single statement or a transaction that locks the expiring policy's row: the notice is claimed
 * with `update … where renewal_notice_at is null`, the renewal with an insert of the renewed policy
 * made only while no policy names the expiring one in `renewal_of`.
 */
export function createRenewalRepository(db: TDb) {
  /**
   * The latest paid card payment of the policy that holds a gateway token; when the policyholder has
   * since given another card for the renewals (my policy, decision 069), on this policy or on the one
   * it renews, that card's token, number and expiry stand in for the payment's.
   */
  async function tokenPayment(policyId: string): Promise<TPaymentRow | undefined> {
    // A card given on the policy this one renews, after the renewal was charged, counts for it too.
    const [self] = await db
      .select({ renewalOf: policies.renewalOf })
      .from(policies)
      .where(eq(policies.policyId, policyId));
    const [card] = await db
      .select()
      .from(renewalCards)
      .where(
        and(
          inArray(renewalCards.policyId, self?.renewalOf ? [policyId, self.renewalOf] : [policyId]),
          eq(renewalCards.status, 'stored'),
        ),
      )
      .orderBy(desc(renewalCards.answeredAt))
      .limit(1);
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.policyId, policyId),
          eq(payments.method, 'CC'),
          eq(payments.status, 'paid'),
          card ? undefined : isNotNull(payments.paymentToken),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!row || !card?.paymentToken) return row;
    return {
      ...row,
      paymentToken: card.paymentToken,
      maskedCard: card.maskedCard,
      cardType: card.cardType,
      cardExpiry: card.cardExpiry,
    };
  }

  return {
    tokenPayment,

    findPolicy: async (policyId: string): Promise<TPolicyRow | undefined> =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    findPayment: async (paymentId: string): Promise<TPaymentRow | undefined> =>
      (await db.select().from(payments).where(eq(payments.paymentId, paymentId)))[0],

    /** The policy that renews `policyId` (at most one: the claim makes sure). */
    findRenewalOf: async (policyId: string): Promise<TPolicyRow | undefined> =>
      (await db.select().from(policies).where(eq(policies.renewalOf, policyId)).limit(1))[0],

    /** The latest payment of a policy (a renewal has exactly one). */
    latestPayment: async (policyId: string): Promise<TPaymentRow | undefined> =>
      (
        await db
          .select()
          .from(payments)
          .where(eq(payments.policyId, policyId))
          .orderBy(desc(payments.createdAt))
          .limit(1)
      )[0],

    /**
     * Issued policies with auto-renewal on whose cover ends between `fromIso` and `toIso` (inclusive),
     * not renewed yet, paid by card with a stored token. The product rules (annual, personal) are
     * applied again by the service on the document.
     */
    async listCandidates(fromIso: string, toIso: string, country?: string): Promise<TRenewalCandidate[]> {
      const rows = await db
        .select()
        .from(policies)
        .where(
          and(
            eq(policies.status, 'issued'),
            eq(policies.autoRenewal, true),
            gte(policies.endDate, fromIso),
            lte(policies.endDate, toIso),
            country ? eq(policies.country, country) : undefined,
            sql`not exists (select 1 from policies r where r.renewal_of = ${policies.policyId})`,
          ),
        )
        .orderBy(asc(policies.endDate), asc(policies.policyId));
      const candidates: TRenewalCandidate[] = [];
      for (const policy of rows) {
        const payment = await tokenPayment(policy.policyId);
        if (payment) candidates.push({ policy, tokenPayment: payment });
      }
      return candidates;
    },

    /**
     * Marks the notice sent and queues its mail, once: of two instances at once, one updates the
     * row and the other finds renewal_notice_at set. Null when the notice was claimed already (or the
     * policy no longer renews).
     */
    async claimNotice(policyId: string, mails: TRenewalMail[], now: Date): Promise<Date | null> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(policies)
          .set({ renewalNoticeAt: now, updatedAt: sql`now()` })
          .where(
            and(
              eq(policies.policyId, policyId),
              isNull(policies.renewalNoticeAt),
              eq(policies.autoRenewal, true),
              eq(policies.status, 'issued'),
            ),
          )
          .returning({ renewalNoticeAt: policies.renewalNoticeAt });
        if (!claimed) return null;
        await tx.insert(policyEvents).values({
          policyId,
          fromStatus: 'issued',
          toStatus: 'issued',
          detail: { renewal: 'notice', mails: mails.map((mail) => mail.kind) },
        });
        for (const mail of mails) await tx.insert(mailOutbox).values(mail).onConflictDoNothing();
        return claimed.renewalNoticeAt;
      });
    },

    /**
     * Claims the renewal of `oldPolicyId`: under a lock on the expiring policy's row, and only when it
     * is still issued, auto-renewing and not renewed by any policy, the renewed policy (pending) and
     * its card payment (pending) are written. Whoever comes second finds the renewal and is told
     * 'taken': a renewal is charged at most once.
     */
    async claimRenewal(entry: {
      oldPolicyId: string;
      renewed: typeof policies.$inferInsert & { policyId: string };
      payment: typeof payments.$inferInsert;
    }): Promise<'claimed' | 'taken' | 'ineligible'> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ status: policies.status, autoRenewal: policies.autoRenewal })
          .from(policies)
          .where(eq(policies.policyId, entry.oldPolicyId))
          .for('update');
        if (old?.status !== 'issued' || !old.autoRenewal) return 'ineligible';
        const existing = await tx
          .select({ policyId: policies.policyId })
          .from(policies)
          .where(eq(policies.renewalOf, entry.oldPolicyId))
          .limit(1);
        if (existing.length > 0) return 'taken';
        await tx.insert(policies).values({ ...entry.renewed, renewalOf: entry.oldPolicyId });
        await tx.insert(payments).values(entry.payment);
        await tx.insert(policyEvents).values({
          policyId: entry.renewed.policyId,
          fromStatus: null,
          toStatus: 'pending',
          detail: {
            renewalOf: entry.oldPolicyId,
            referenceNumber: entry.payment.referenceNumber,
            amountCents: entry.payment.amountCents,
          },
        });
        return 'claimed';
      });
    },

    /**
     * A renewal that cannot go ahead (declined, failed, or paid but not issuable): the renewed policy
     * is declined, the customer's mail queued and operations alerted, in one transaction.
     */
    async failRenewal(entry: {
      renewedPolicyId: string;
      paymentId: string;
      reason: string;
      mail: TRenewalMail | null;
      alert: { kind: TRenewalAlertKind; detail: Record<string, unknown> };
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [declined] = await tx
          .update(policies)
          .set({ status: 'declined', updatedAt: sql`now()` })
          .where(
            and(
              eq(policies.policyId, entry.renewedPolicyId),
              inArray(policies.status, ['pending', 'expired']),
            ),
          )
          .returning({ policyId: policies.policyId, renewalOf: policies.renewalOf });
        if (!declined) return false;
        await tx.insert(policyEvents).values({
          policyId: entry.renewedPolicyId,
          fromStatus: 'pending',
          toStatus: 'declined',
          detail: { reason: entry.reason, paymentId: entry.paymentId },
        });
        if (entry.mail) await tx.insert(mailOutbox).values(entry.mail).onConflictDoNothing();
        await tx
          .insert(operationsAlerts)
          .values({
            kind: entry.alert.kind,
            paymentId: entry.paymentId,
            policyId: declined.renewalOf ?? entry.renewedPolicyId,
            detail: entry.alert.detail,
          })
          .onConflictDoNothing();
        return true;
      });
    },

    /** Once per kind and payment (the table's unique index). */
    async addAlert(alert: {
      kind: TRenewalAlertKind;
      paymentId: string;
      policyId: string;
      detail: Record<string, unknown>;
    }): Promise<void> {
      await db.insert(operationsAlerts).values(alert).onConflictDoNothing();
    },

    /** Queues a mail once (its message id is unique); true when it was new. */
    queueMail: async (mail: TRenewalMail): Promise<boolean> =>
      (await db.insert(mailOutbox).values(mail).onConflictDoNothing().returning({ id: mailOutbox.id }))
        .length > 0,

    /** Issued renewals whose 'renewal-success' mail is missing (issued by reconciliation after a crash). */
    listIssuedRenewalsWithoutMail: async (): Promise<TPolicyRow[]> =>
      db
        .select()
        .from(policies)
        .where(
          and(
            isNotNull(policies.renewalOf),
            eq(policies.status, 'issued'),
            sql`not exists (select 1 from mail_outbox m where m.policy_id = ${policies.policyId} and m.kind = 'renewal-success')`,
          ),
        ),

    /**
     * Renewal charges claimed before `before` that never got an answer (the process stopped between
     * the claim and the gateway's answer) and that operations have not been told about yet.
     */
    listUnansweredRenewals: async (before: Date) =>
      db
        .select({ paymentId: payments.paymentId, policyId: policies.policyId, renewalOf: policies.renewalOf })
        .from(payments)
        .innerJoin(policies, eq(policies.policyId, payments.policyId))
        .where(
          and(
            isNotNull(policies.renewalOf),
            or(
              eq(payments.status, 'pending'),
              and(eq(payments.status, 'expired'), isNull(payments.answeredAt)),
            ),
            lt(payments.createdAt, before),
            sql`not exists (select 1 from operations_alerts a where a.payment_id = ${payments.paymentId})`,
          ),
        ),

    /**
     * Turns auto-renewal off for the policy and the policy that renewed it (the customer's choice
     * carries forward). Idempotent; answers how many rows changed.
     */
    turnOffAutoRenewal: async (policyId: string): Promise<number> =>
      db.transaction(async (tx) => {
        const changed = await tx
          .update(policies)
          .set({ autoRenewal: false, updatedAt: sql`now()` })
          .where(
            and(
              or(eq(policies.policyId, policyId), eq(policies.renewalOf, policyId)),
              eq(policies.autoRenewal, true),
            ),
          )
          .returning({ policyId: policies.policyId, status: policies.status });
        for (const row of changed)
          await tx.insert(policyEvents).values({
            policyId: row.policyId,
            fromStatus: row.status,
            toStatus: row.status,
            detail: { autoRenewal: false, by: 'customer link' },
          });
        return changed.length;
      }),
  };
}

export type TRenewalRepository = ReturnType<typeof createRenewalRepository>;
