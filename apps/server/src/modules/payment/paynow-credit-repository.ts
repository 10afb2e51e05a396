import { and, eq, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { operationsAlerts, payments, paynowCredits } from '../../db/schema.ts';
import type { TAlertKind } from './alert-repository.ts';
import type { TPaymentRow, TPaymentStatus } from './payment-repository.ts';

/** PayNow credits the bank notifies, each stored once and applied to its QR's payment (decision 034). */
export function createPaynowCreditRepository(db: TDb) {
  return {
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
  };
}

export type TPaynowCreditRepository = ReturnType<typeof createPaynowCreditRepository>;

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
