import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, stepUpCodes } from '../../db/schema.ts';
import type { TQueuedMail } from './contact-repository.ts';

export type TStepUpRow = typeof stepUpCodes.$inferSelect;
/** A transaction of the app's database, as `db.transaction` hands it to its callback. */
export type TTransaction = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** The SQL of step-up codes (decision 102): one row per code asked, spent by one conditional update. */
export function createStepUpRepository(db: TDb) {
  return {
    /** How many step-up codes were mailed for the policy since `since`, and when the newest was. */
    async codesSince(policyId: string, since: Date): Promise<{ count: number; lastAt: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: sql<Date | null>`max(${stepUpCodes.createdAt})` })
        .from(stepUpCodes)
        .where(and(eq(stepUpCodes.policyId, policyId), gt(stepUpCodes.createdAt, since)));
      return { count: row?.n ?? 0, lastAt: row?.last ? new Date(row.last) : null };
    },

    /** A new code and its mail, in one transaction; the session's earlier open codes for the same change end. */
    async insert(row: typeof stepUpCodes.$inferInsert & { id: string }, mail: TQueuedMail): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(stepUpCodes)
          .set({ usedAt: row.createdAt ?? sql`now()` })
          .where(
            and(
              eq(stepUpCodes.sessionHash, row.sessionHash),
              eq(stepUpCodes.policyId, row.policyId),
              eq(stepUpCodes.purpose, row.purpose),
              isNull(stepUpCodes.usedAt),
            ),
          );
        await tx.insert(stepUpCodes).values(row);
        await tx.insert(mailOutbox).values(mail).onConflictDoNothing();
      });
    },

    /** The session's newest open code for this change of this policy. */
    async latestOpen(
      sessionHash: string,
      policyId: string,
      purpose: string,
    ): Promise<TStepUpRow | undefined> {
      const [row] = await db
        .select()
        .from(stepUpCodes)
        .where(
          and(
            eq(stepUpCodes.sessionHash, sessionHash),
            eq(stepUpCodes.policyId, policyId),
            eq(stepUpCodes.purpose, purpose),
            isNull(stepUpCodes.usedAt),
          ),
        )
        .orderBy(desc(stepUpCodes.createdAt))
        .limit(1);
      return row;
    },

    findById: async (id: string): Promise<TStepUpRow | undefined> =>
      (await db.select().from(stepUpCodes).where(eq(stepUpCodes.id, id)))[0],

    /** A wrong try, counted atomically while the code counts them; answers the tries so far (null: not open). */
    async wrongTry(id: string, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(stepUpCodes)
        .set({ tries: sql`${stepUpCodes.tries} + 1` })
        .where(and(eq(stepUpCodes.id, id), isNull(stepUpCodes.usedAt), lt(stepUpCodes.tries, maxTries)))
        .returning({ tries: stepUpCodes.tries });
      return row?.tries ?? null;
    },

    /**
     * Spends the code, once: false when another request spent it first. Given the change's own
     * transaction, the code is spent with the change or not at all.
     */
    async use(id: string, at: Date, tx: TTransaction | TDb = db): Promise<boolean> {
      const used = await tx
        .update(stepUpCodes)
        .set({ usedAt: at })
        .where(and(eq(stepUpCodes.id, id), isNull(stepUpCodes.usedAt)))
        .returning({ id: stepUpCodes.id });
      return used.length === 1;
    },
  };
}

export type TStepUpRepository = ReturnType<typeof createStepUpRepository>;
