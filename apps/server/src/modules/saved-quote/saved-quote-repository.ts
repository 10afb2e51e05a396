import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, policies, savedQuotes } from '../../db/schema.ts';

export type TSavedQuoteRow = typeof savedQuotes.$inferSelect;

/** What a save writes: the journey, its token's hash and sealed token, and its mail. */
export type TSavedJourney = Pick<
  typeof savedQuotes.$inferInsert,
  | 'policyId'
  | 'productType'
  | 'country'
  | 'language'
  | 'step'
  | 'document'
  | 'email'
  | 'tokenHash'
  | 'sealedToken'
  | 'source'
  | 'leftAt'
  | 'expiresAt'
>;

const mailOf = (row: TSavedQuoteRow, kind: string) => ({
  // One message per mail of the row: a repeated queueing of the same mail is one message.
  messageId: `saved-quote.${row.id}.${row.generation}`,
  kind,
  recipientRole: 'applicant',
  recipient: row.email,
  language: row.language,
});

/** SQL of the saved journeys (decisions 076 and 077); no rule lives here. */
export function createSavedQuoteRepository(db: TDb) {
  return {
    /**
     * Stores the session's journey with a new token and queues its mail, in one transaction: the
     * session's earlier token (or the one of the journey it reopened) is replaced, so one link lives.
     */
    async saveJourney(sessionName: string, journey: TSavedJourney): Promise<TSavedQuoteRow> {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: savedQuotes.id })
          .from(savedQuotes)
          .where(
            or(eq(savedQuotes.sessionName, sessionName), eq(savedQuotes.resumedSessionName, sessionName)),
          )
          .orderBy(sql`${savedQuotes.sessionName} = ${sessionName} desc`)
          .limit(1)
          .for('update');
        const values = { ...journey, updatedAt: sql`now()` };
        const [row] = existing
          ? await tx
              .update(savedQuotes)
              .set({ ...values, generation: sql`${savedQuotes.generation} + 1` })
              .where(eq(savedQuotes.id, existing.id))
              .returning()
          : await tx
              .insert(savedQuotes)
              .values({ sessionName, ...journey })
              .onConflictDoUpdate({
                target: savedQuotes.sessionName,
                set: { ...values, generation: sql`${savedQuotes.generation} + 1` },
              })
              .returning();
        await tx.insert(mailOutbox).values(mailOf(row!, 'saved-quote')).onConflictDoNothing();
        return row!;
      });
    },

    /** The live journey of a token hash (unexpired); a replaced token's hash is gone. */
    async findLive(tokenHash: string, now: Date): Promise<TSavedQuoteRow | undefined> {
      const [row] = await db
        .select()
        .from(savedQuotes)
        .where(and(eq(savedQuotes.tokenHash, tokenHash), gt(savedQuotes.expiresAt, now)));
      return row;
    },

    /** The session that reopened the journey: its own save replaces this token. */
    async markResumed(id: string, sessionName: string): Promise<void> {
      await db
        .update(savedQuotes)
        .set({ resumedSessionName: sessionName, updatedAt: sql`now()` })
        .where(eq(savedQuotes.id, id));
    },

    findById: async (id: string): Promise<TSavedQuoteRow | undefined> =>
      (await db.select().from(savedQuotes).where(eq(savedQuotes.id, id)))[0],

    /**
     * Journeys past their link's end are deleted with the personal details they hold. An abandoned
     * policy is not found again afterwards: by then it is older than the scan looks back.
     */
    async deleteExpired(now: Date): Promise<number> {
      const gone = await db
        .delete(savedQuotes)
        .where(lte(savedQuotes.expiresAt, now))
        .returning({ id: savedQuotes.id });
      return gone.length;
    },

    /** Delivered: the token leaves the database for good (only its hash stays). */
    async forgetSealedToken(id: string, generation: number): Promise<void> {
      await db
        .update(savedQuotes)
        .set({ sealedToken: null })
        .where(and(eq(savedQuotes.id, id), eq(savedQuotes.generation, generation)));
    },

    /** Whether a policy of these sessions (or this policy) of the product has been issued: the journey was bought. */
    async wasBought(row: TSavedQuoteRow): Promise<boolean> {
      const sessions = [row.sessionName, ...(row.resumedSessionName ? [row.resumedSessionName] : [])];
      const [found] = await db
        .select({ policyId: policies.policyId })
        .from(policies)
        .where(
          and(
            or(
              and(inArray(policies.sessionName, sessions), eq(policies.productType, row.productType)),
              row.policyId ? eq(policies.policyId, row.policyId) : sql`false`,
            ),
            or(eq(policies.status, 'issued'), sql`${policies.policyNumber} is not null`),
          ),
        )
        .limit(1);
      return found !== undefined;
    },

    /** Saved journeys whose reminder is undecided and that were left before `leftBefore`. */
    listDueSaved: async (leftBefore: Date, now: Date, limit: number) =>
      db
        .select()
        .from(savedQuotes)
        .where(
          and(
            isNull(savedQuotes.remindedAt),
            lte(savedQuotes.leftAt, leftBefore),
            gt(savedQuotes.expiresAt, now),
          ),
        )
        .limit(limit),

    /**
     * Quoted or pending policies given an applicant e-mail, untouched since `leftBefore` (and not older
     * than `notBefore`), whose session has no saved journey yet: abandoned journeys (decision 077).
     */
    listAbandonedPolicies: async (leftBefore: Date, notBefore: Date, limit: number) =>
      db
        .select()
        .from(policies)
        .where(
          and(
            inArray(policies.status, ['quoted', 'pending']),
            lte(policies.updatedAt, leftBefore),
            gt(policies.updatedAt, notBefore),
            sql`coalesce(${policies.document}->'policyTravel'->'applicant'->>'email', ${policies.document}->'policyPAN'->'applicant'->>'email', ${policies.document}->'policyHome'->'applicant'->>'email', '') <> ''`,
            sql`not exists (select 1 from saved_quotes s where s.session_name = ${policies.sessionName} or s.resumed_session_name = ${policies.sessionName})`,
            sql`not exists (select 1 from policies p2 where p2.session_name = ${policies.sessionName} and p2.product_type = ${policies.productType} and p2.policy_number is not null)`,
          ),
        )
        .limit(limit),

    /**
     * Records the reminder's decision once: only a row still undecided is changed (two scans at once
     * decide it once). With `reminder`, its new token replaces the old and the reminder is queued.
     */
    async decideReminder(
      id: string,
      outcome: 'sent' | 'opted-out' | 'bought',
      at: Date,
      reminder?: { tokenHash: string; sealedToken: string },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(savedQuotes)
          .set({
            remindedAt: at,
            reminderOutcome: outcome,
            updatedAt: sql`now()`,
            ...(reminder
              ? { ...reminder, generation: sql`${savedQuotes.generation} + 1` }
              : { sealedToken: null }),
          })
          .where(and(eq(savedQuotes.id, id), isNull(savedQuotes.remindedAt)))
          .returning();
        if (!row) return false;
        if (reminder)
          await tx.insert(mailOutbox).values(mailOf(row, 'saved-quote-reminder')).onConflictDoNothing();
        return true;
      });
    },

    /** An abandoned policy's journey, stored and reminded at once (never twice: the session is unique). */
    async insertAbandoned(
      sessionName: string,
      journey: TSavedJourney,
      at: Date,
      outcome: 'sent' | 'opted-out',
    ): Promise<TSavedQuoteRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(savedQuotes)
          .values({ sessionName, ...journey, remindedAt: at, reminderOutcome: outcome })
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        if (outcome === 'sent')
          await tx.insert(mailOutbox).values(mailOf(row, 'saved-quote-reminder')).onConflictDoNothing();
        return row;
      });
    },
  };
}

export type TSavedQuoteRepository = ReturnType<typeof createSavedQuoteRepository>;
