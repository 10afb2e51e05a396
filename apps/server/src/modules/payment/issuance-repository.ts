import type { TCountry } from '@lionrock/domain/market/market';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  mailOutbox,
  operationsAlerts,
  payments,
  policies,
  policyEvents,
  promoCodes,
} from '../../db/schema.ts';
import { nextPolicyAndReceiptNumbers, type TProductType } from '../policy/numbering.ts';
import { createPolicyNumberRepository } from '../policy/policy-number-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TPaymentRow } from './payment-repository.ts';

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

/** Issuing a paid payment's policy (decision 010), and finding the paid payments not issued yet. */
export function createIssuanceRepository(db: TDb) {
  return {
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
        const { policyNumber, receiptNumber } = await nextPolicyAndReceiptNumbers(
          createPolicyNumberRepository(tx),
          policy.productType as TProductType,
          country,
          year,
        );
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

    /**
     * Paid payments without a receipt: a crash between the record and the issue. Their policy may have
     * been issued meanwhile with another payment; issuing then makes this one a refund case.
     */
    listPaidUnissued: async () =>
      db
        .select({ paymentId: payments.paymentId })
        .from(payments)
        .where(and(eq(payments.status, 'paid'), isNull(payments.receiptNumber))),
  };
}

export type TIssuanceRepository = ReturnType<typeof createIssuanceRepository>;
