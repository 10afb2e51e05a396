import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, payments, policies, policyEvents, refunds } from '../../db/schema.ts';

/** My policy's reads and its one write of its own (issue 20): SQL only, the rules are the service's. */
export function createMyPolicyRepository(db: TDb) {
  return {
    /** The policy's newest paid payment: the card its renewals are charged to. */
    async lastPaidPayment(policyId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.policyId, policyId), eq(payments.status, 'paid')))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row;
    },

    /**
     * The policy's refunds with their references (decisions 129 and 142): its endorsements' and its
     * cancellation's, oldest first.
     */
    refundsOf: (policyId: string) =>
      db.select().from(refunds).where(eq(refunds.policyId, policyId)).orderBy(asc(refunds.createdAt)),

    /** The policy's mails of these kinds, newest first. */
    mailsOf: (policyId: string, kinds: readonly string[]) =>
      db
        .select({ kind: mailOutbox.kind, status: mailOutbox.status, at: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.policyId, policyId), inArray(mailOutbox.kind, [...kinds])))
        .orderBy(desc(mailOutbox.createdAt)),

    /**
     * Turns auto-renewal on with the document as it was read, and records it, in one transaction: false
     * when the policy changed meanwhile (a cancellation or a contact change is not undone by this write).
     */
    async turnOnAutoRenewal(policyId: string, read: unknown, document: unknown): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(policies)
          .set({ autoRenewal: true, document, updatedAt: sql`now()` })
          .where(
            and(
              eq(policies.policyId, policyId),
              eq(policies.autoRenewal, false),
              isNotNull(policies.endDate),
              eq(policies.status, 'issued'),
              sql`${policies.document} = ${JSON.stringify(read)}::jsonb`,
            ),
          )
          .returning({ status: policies.status });
        if (!changed) return false;
        await tx.insert(policyEvents).values({
          policyId,
          fromStatus: changed.status,
          toStatus: changed.status,
          detail: { autoRenewal: true, by: 'policyholder' },
        });
        return true;
      });
    },
  };
}

export type TMyPolicyRepository = ReturnType<typeof createMyPolicyRepository>;
