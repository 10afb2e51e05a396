import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { contactChanges, mailOutbox, policies, policyEvents } from '../../db/schema.ts';

export type TContactChangeRow = typeof contactChanges.$inferSelect;
export type TQueuedMail = {
  kind: string;
  policyId: string;
  messageId: string;
  recipientRole: string;
  recipient: string;
  language: string;
  /** The code, sealed for its mail only (decision 067): the outbox drops it once sent. */
  sealed?: string;
};

/**
 * The contact changes' SQL (decision 069). A policy's document changes only under a lock on its row,
 * with its event in the same transaction; a code is confirmed or spent by one conditional update, so
 * two answers at once cannot both use it.
 */
export function createContactRepository(db: TDb) {
  /** Rewrites the policy's document under a row lock, with its event and mail, in one transaction. */
  async function changeDocument(
    tx: Parameters<Parameters<TDb['transaction']>[0]>[0],
    policyId: string,
    change: (document: TPolicy) => TPolicy,
    detail: Record<string, unknown>,
  ): Promise<TPolicy> {
    const [row] = await tx.select().from(policies).where(eq(policies.policyId, policyId)).for('update');
    if (!row) throw new Error(`policy ${policyId} is gone`);
    const document = change(row.document as TPolicy);
    await tx.update(policies).set({ document, updatedAt: sql`now()` }).where(eq(policies.policyId, policyId));
    await tx.insert(policyEvents).values({ policyId, fromStatus: row.status, toStatus: row.status, detail });
    return document;
  }

  return {
    /** Codes asked for this policy since `since`. */
    async codesSince(policyId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactChanges)
        .where(and(eq(contactChanges.policyId, policyId), gte(contactChanges.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The mobile number changes at once: the document and its event. */
    async changeMobile(
      policyId: string,
      change: (document: TPolicy) => TPolicy,
      detail: Record<string, unknown>,
    ) {
      return db.transaction((tx) => changeDocument(tx, policyId, change, detail));
    },

    /** A new pending address: older open codes of the policy are superseded, the code's mail queued. */
    async openChange(
      entry: Omit<typeof contactChanges.$inferInsert, 'status' | 'tries'>,
      mail: TQueuedMail,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(contactChanges)
          .set({ status: 'superseded' })
          .where(and(eq(contactChanges.policyId, entry.policyId), eq(contactChanges.status, 'open')));
        await tx.insert(contactChanges).values(entry);
        await tx.insert(mailOutbox).values(mail).onConflictDoNothing();
      });
    },

    /** The policy's latest change of address (whatever its state). */
    async latestChange(policyId: string): Promise<TContactChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(contactChanges)
        .where(eq(contactChanges.policyId, policyId))
        .orderBy(desc(contactChanges.createdAt))
        .limit(1);
      return row;
    },

    findChange: async (changeId: string): Promise<TContactChangeRow | undefined> =>
      (await db.select().from(contactChanges).where(eq(contactChanges.changeId, changeId)))[0],

    /** A wrong try, counted atomically: at `maxTries` the code is used up. Answers the tries so far. */
    async wrongTry(changeId: string, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(contactChanges)
        .set({
          tries: sql`${contactChanges.tries} + 1`,
          status: sql`case when ${contactChanges.tries} + 1 >= ${maxTries} then 'used_up' else 'open' end`,
        })
        .where(and(eq(contactChanges.changeId, changeId), eq(contactChanges.status, 'open')))
        .returning({ tries: contactChanges.tries });
      return row?.tries ?? null;
    },

    /**
     * The right code: the change is confirmed (once: an open change only), the new address written
     * into the policy's document with its event, and the notice to the old address queued, in one
     * transaction. False when the change was not open any more.
     */
    async confirm(
      change: TContactChangeRow,
      at: Date,
      apply: (document: TPolicy) => TPolicy,
      detail: Record<string, unknown>,
      notice: (document: TPolicy) => TQueuedMail | null,
    ): Promise<TPolicy | null> {
      return db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(contactChanges)
          .set({ status: 'confirmed', confirmedAt: at })
          .where(and(eq(contactChanges.changeId, change.changeId), eq(contactChanges.status, 'open')))
          .returning({ changeId: contactChanges.changeId });
        if (!confirmed) return null;
        let mail: TQueuedMail | null = null;
        const document = await changeDocument(
          tx,
          change.policyId,
          (before) => {
            mail = notice(before);
            return apply(before);
          },
          detail,
        );
        if (mail) await tx.insert(mailOutbox).values(mail).onConflictDoNothing();
        return document;
      });
    },
  };
}

export type TContactRepository = ReturnType<typeof createContactRepository>;
