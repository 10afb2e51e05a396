import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, referrals, savedQuotes } from '../../db/schema.ts';
import { recordAudit, type TAuditEntry } from '../back-office/audit.ts';

export type TReferralRow = typeof referrals.$inferSelect;
type TNewReferral = typeof referrals.$inferInsert;
type TNewMail = Omit<typeof mailOutbox.$inferInsert, 'id'>;

/** What the service decided for an open referral (decision 089): the repository writes it, in one transaction. */
export type TReferralDecisionWrite = {
  /** An acceptance's saved quote, whose link reopens the quote (decision 076). */
  savedQuote: Omit<typeof savedQuotes.$inferInsert, 'id'> | null;
  set: Omit<Partial<TNewReferral>, 'savedQuoteId' | 'updatedAt'>;
  mail: TNewMail;
  audit: (updated: TReferralRow) => TAuditEntry;
};

/** Rolls a decision's transaction back when another decision moved the referral first. */
class DecidedMeanwhile extends Error {
  readonly status: string;
  constructor(status: string) {
    super(`referral already ${status}`);
    this.status = status;
  }
}

/** Underwriting referrals' SQL (decision 089); the rules are the service's. */
export function createReferralRepository(db: TDb) {
  return {
    findById: async (id: string): Promise<TReferralRow | undefined> =>
      (await db.select().from(referrals).where(eq(referrals.id, id)))[0],

    list: (status?: string) =>
      db
        .select()
        .from(referrals)
        .where(status ? eq(referrals.status, status) : undefined)
        .orderBy(desc(referrals.createdAt))
        .limit(200),

    /** Stores a new referral and queues its mail, in one transaction; null when one is already open (unique). */
    async insertWithMail(
      values: TNewReferral,
      mailOf: (inserted: TReferralRow) => TNewMail,
    ): Promise<TReferralRow | null> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(referrals).values(values).onConflictDoNothing().returning();
        if (!inserted) return null;
        await tx.insert(mailOutbox).values(mailOf(inserted));
        return inserted;
      });
    },

    /**
     * Decides a referral in one transaction: locks it, asks `decide` (the service's rules, which may
     * throw) what to write, then writes the saved quote, the move from open (none when a second decision
     * got there first: `{ conflict }`), the customer's mail and the audit row.
     */
    async decide(
      id: string,
      decide: (row: TReferralRow) => TReferralDecisionWrite,
    ): Promise<{ updated: TReferralRow } | { missing: true } | { conflict: string }> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update');
          if (!row) return { missing: true as const };
          const write = decide(row);
          let savedQuoteId: string | null = null;
          if (write.savedQuote) {
            const [saved] = await tx
              .insert(savedQuotes)
              .values(write.savedQuote)
              .returning({ id: savedQuotes.id });
            savedQuoteId = saved!.id;
          }
          const [updated] = await tx
            .update(referrals)
            .set({ ...write.set, savedQuoteId, updatedAt: sql`now()` })
            .where(and(eq(referrals.id, id), eq(referrals.status, 'open')))
            .returning();
          // Decided meanwhile: nothing of this decision is kept, not even its saved quote.
          if (!updated) throw new DecidedMeanwhile(row.status);
          await tx.insert(mailOutbox).values(write.mail);
          await recordAudit(tx, write.audit(updated));
          return { updated };
        });
      } catch (error) {
        if (error instanceof DecidedMeanwhile) return { conflict: error.status };
        throw error;
      }
    },

    /** The saved quote's generation: which mail's sealed token may now be forgotten. */
    async savedQuoteGeneration(savedQuoteId: string): Promise<number | undefined> {
      const [saved] = await db
        .select({ generation: savedQuotes.generation })
        .from(savedQuotes)
        .where(eq(savedQuotes.id, savedQuoteId));
      return saved?.generation;
    },
  };
}

export type TReferralRepository = ReturnType<typeof createReferralRepository>;
