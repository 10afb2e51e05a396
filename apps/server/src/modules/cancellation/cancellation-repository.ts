import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, operationsAlerts, policies, policyEvents, refunds } from '../../db/schema.ts';
import type { TRefundCase } from '../payment/refund-service.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TTransaction } from '../policyholder/step-up-repository.ts';

/** What a cancellation writes, decided by the service from the locked policy. */
export type TCancellationDecision =
  | { cancel: false; reason: 'cancelled-already' | 'refused'; detail?: unknown }
  | {
      cancel: true;
      event: Record<string, unknown>;
      refund: Omit<typeof refunds.$inferInsert, 'policyId'> | null;
      /** Its parts going back to endorsements' card payments (decision 144), beside the purchase's. */
      collectionRefunds: Omit<typeof refunds.$inferInsert, 'policyId'>[];
      alert: TRefundCase | null;
      mail: { messageId: string; kind: string; recipient: string; language: string } | null;
    };

/** SQL only: the policy and the cancellation's rows. */
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

    findPolicy: async (policyId: string): Promise<TPolicyRow | undefined> =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    findPolicyByNumber: async (policyNumber: string): Promise<TPolicyRow | undefined> =>
      (await db.select().from(policies).where(eq(policies.policyNumber, policyNumber)))[0],

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
        for (const part of decision.collectionRefunds) await tx.insert(refunds).values({ ...part, policyId });
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
  };
}

export type TCancellationRepository = ReturnType<typeof createCancellationRepository>;
