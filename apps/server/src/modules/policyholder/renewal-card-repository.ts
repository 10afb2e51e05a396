import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { operationsAlerts, payments, policies, policyEvents, renewalCards } from '../../db/schema.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';

export type TRenewalCardRow = typeof renewalCards.$inferSelect;

/**
 * The renewal card's SQL (decision 069): a signed request is a row bound to its policy by its
 * reference; the gateway's verified answer is recorded by one update of an open row, so an answer
 * that comes twice (frame and replay) or for a row already answered changes nothing.
 */
export function createRenewalCardRepository(db: TDb) {
  return {
    open: async (entry: typeof renewalCards.$inferInsert): Promise<void> => {
      await db.insert(renewalCards).values(entry);
    },

    findByReference: async (referenceNumber: string): Promise<TRenewalCardRow | undefined> =>
      (await db.select().from(renewalCards).where(eq(renewalCards.referenceNumber, referenceNumber)))[0],

    /** The card stored last for the policy's renewals, if any. */
    current: async (policyId: string): Promise<TRenewalCardRow | undefined> =>
      (
        await db
          .select()
          .from(renewalCards)
          .where(and(eq(renewalCards.policyId, policyId), eq(renewalCards.status, 'stored')))
          .orderBy(desc(renewalCards.answeredAt))
          .limit(1)
      )[0],

    /** The policy's latest paid card payment (its own purchase or renewal charge). */
    paidCardPayment: async (policyId: string): Promise<TPaymentRow | undefined> =>
      (
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.policyId, policyId), eq(payments.method, 'CC'), eq(payments.status, 'paid')))
          .orderBy(desc(payments.createdAt))
          .limit(1)
      )[0],

    /**
     * Records the gateway's verified answer on an open request, with the policy's event when a card
     * was stored, in one transaction. Null when the request was answered already.
     */
    async record(
      referenceNumber: string,
      fromStatuses: string[],
      values: Partial<typeof renewalCards.$inferInsert> & { status: 'stored' | 'declined' },
      event: Record<string, unknown> | null,
    ): Promise<TRenewalCardRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(renewalCards)
          .set(values)
          .where(
            and(
              eq(renewalCards.referenceNumber, referenceNumber),
              inArray(renewalCards.status, fromStatuses),
            ),
          )
          .returning();
        if (!row) return null;
        if (event) {
          const [policy] = await tx
            .select({ status: policies.status })
            .from(policies)
            .where(eq(policies.policyId, row.policyId));
          await tx.insert(policyEvents).values({
            policyId: row.policyId,
            fromStatus: policy?.status ?? null,
            toStatus: policy?.status ?? 'issued',
            detail: event,
          });
        }
        return row;
      });
    },

    /** A forged or altered answer naming a request: a case for operations, nothing else changes. */
    forged: async (policyId: string, detail: Record<string, unknown>): Promise<void> => {
      await db
        .insert(operationsAlerts)
        .values({ kind: 'forged_answer', policyId, detail: { ...detail, about: 'renewal card' } })
        .onConflictDoNothing();
    },

    /** Requests never answered in time are closed (a job or the next request may call this). */
    expireOpen: async (now: Date): Promise<void> => {
      await db
        .update(renewalCards)
        .set({ status: 'expired' })
        .where(and(eq(renewalCards.status, 'open'), sql`${renewalCards.expiresAt} < ${now}`));
    },
  };
}

export type TRenewalCardRepository = ReturnType<typeof createRenewalCardRepository>;
