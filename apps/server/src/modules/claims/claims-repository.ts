import type { TCountry } from '@lionrock/domain/market/market';
import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  claimDecisions,
  claimDocuments,
  claimDrafts,
  claimEvents,
  claims,
  mailOutbox,
} from '../../db/schema.ts';
import { nextClaimNumber } from './claim-number.ts';

export type TClaimRow = typeof claims.$inferSelect;
export type TClaimDecisionRow = typeof claimDecisions.$inferSelect;
type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
/** A staff move's extras (decision 081): its decision row, the customer's e-mail, and what else the same transaction writes (the audit row). */
export type TMoveExtras = {
  decision: Omit<typeof claimDecisions.$inferInsert, 'claimId' | 'toStatus'>;
  mail: (decisionId: number) => TClaimMail | null;
  alongside: (tx: TTx, moved: TClaimRow) => Promise<void>;
};
export type TClaimDocumentRow = typeof claimDocuments.$inferSelect;
export type TClaimMail = {
  kind: string;
  recipient: string;
  language: string;
  messageId: string;
  policyId: string;
};

/** The claims' SQL: drafts, documents, submission and the status history. No business rule lives here. */
export function createClaimsRepository(db: TDb) {
  return {
    async createDraft(values: typeof claims.$inferInsert): Promise<TClaimRow> {
      const [row] = await db.insert(claims).values(values).returning();
      return row!;
    },

    async findClaim(claimId: string): Promise<TClaimRow | undefined> {
      const [row] = await db.select().from(claims).where(eq(claims.claimId, claimId));
      return row;
    },

    async findByNumber(claimNumber: string): Promise<TClaimRow | undefined> {
      const [row] = await db.select().from(claims).where(eq(claims.claimNumber, claimNumber));
      return row;
    },

    /** Saves a draft's fields; only while it is still a draft. */
    async saveDraft(
      claimId: string,
      values: Partial<typeof claims.$inferInsert>,
    ): Promise<TClaimRow | undefined> {
      const [row] = await db
        .update(claims)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(claims.claimId, claimId), eq(claims.status, 'draft')))
        .returning();
      return row;
    },

    async documentsOf(claimId: string): Promise<TClaimDocumentRow[]> {
      return db
        .select()
        .from(claimDocuments)
        .where(eq(claimDocuments.claimId, claimId))
        .orderBy(asc(claimDocuments.createdAt), asc(claimDocuments.documentId));
    },

    /**
     * Adds stored files to a draft, holding the claim's row so two uploads at once cannot pass the
     * limit together: `null` when the draft is gone or the count would exceed `maxFiles`.
     */
    async addDocuments(
      claimId: string,
      documents: Omit<typeof claimDocuments.$inferInsert, 'claimId'>[],
      maxFiles: number,
    ): Promise<'added' | 'notDraft' | 'tooMany'> {
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .select({ status: claims.status })
          .from(claims)
          .where(eq(claims.claimId, claimId))
          .for('update');
        if (claim?.status !== 'draft') return 'notDraft';
        const [{ value: existing } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(claimDocuments)
          .where(eq(claimDocuments.claimId, claimId));
        if (existing + documents.length > maxFiles) return 'tooMany';
        // One millisecond apart, so the list keeps the order the files were sent in.
        const at = Date.now();
        await tx
          .insert(claimDocuments)
          .values(
            documents.map((document, index) => ({ ...document, claimId, createdAt: new Date(at + index) })),
          );
        return 'added';
      });
    },

    async deleteDocument(claimId: string, documentId: string): Promise<TClaimDocumentRow | undefined> {
      const [row] = await db
        .delete(claimDocuments)
        .where(and(eq(claimDocuments.claimId, claimId), eq(claimDocuments.documentId, documentId)))
        .returning();
      return row;
    },

    /**
     * Submits a draft in one transaction: the row is locked, the caller's check runs on the locked
     * row and its documents, the number is taken, the first event, and the acknowledgement are
     * written (the resume link stays only to see the number again: it opens no submitted claim). A claim already submitted answers its number again.
     */
    async submit(
      claimId: string,
      decide: (
        claim: TClaimRow,
        documentCount: number,
      ) =>
        | { year: number; mail: (claimNumber: string) => TClaimMail | null }
        | { refused: Record<string, string> },
    ): Promise<{ claim: TClaimRow; already: boolean } | { refused: Record<string, string> } | undefined> {
      return db.transaction(async (tx) => {
        const [claim] = await tx.select().from(claims).where(eq(claims.claimId, claimId)).for('update');
        if (!claim) return undefined;
        if (claim.status !== 'draft') return { claim, already: true };
        const [{ value: documentCount } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(claimDocuments)
          .where(eq(claimDocuments.claimId, claimId));
        const decision = decide(claim, documentCount);
        if ('refused' in decision) return decision;
        const claimNumber = await nextClaimNumber(tx, claim.country as TCountry, decision.year);
        const mail = decision.mail(claimNumber);
        const [submitted] = await tx
          .update(claims)
          .set({ claimNumber, status: 'received', submittedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(claims.claimId, claimId))
          .returning();
        await tx.insert(claimEvents).values({ claimId, fromStatus: null, toStatus: 'received' });
        if (mail)
          await tx
            .insert(mailOutbox)
            .values({ ...mail, recipientRole: 'applicant', claimId })
            .onConflictDoNothing();
        return { claim: submitted!, already: false };
      });
    },

    /**
     * Moves a claim from one status to another if it is still in `from`; records the event, and for a
     * staff move its decision, the customer's e-mail and the audit row, all in one transaction.
     */
    async moveStatus(
      claimId: string,
      from: string,
      to: string,
      extras?: TMoveExtras,
    ): Promise<TClaimRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(claims)
          .set({ status: to, updatedAt: sql`now()` })
          .where(and(eq(claims.claimId, claimId), eq(claims.status, from)))
          .returning();
        if (!row) return undefined;
        await tx.insert(claimEvents).values({ claimId, fromStatus: from, toStatus: to });
        if (extras) {
          const [decision] = await tx
            .insert(claimDecisions)
            .values({ ...extras.decision, claimId, toStatus: to })
            .returning({ id: claimDecisions.id });
          const mail = extras.mail(decision!.id);
          if (mail)
            await tx
              .insert(mailOutbox)
              .values({ ...mail, recipientRole: 'applicant', claimId })
              .onConflictDoNothing();
          await extras.alongside(tx, row);
        }
        return row;
      });
    },

    async decisionsOf(claimId: string): Promise<TClaimDecisionRow[]> {
      return db
        .select()
        .from(claimDecisions)
        .where(eq(claimDecisions.claimId, claimId))
        .orderBy(asc(claimDecisions.id));
    },

    /** Whether a claim has been made (submitted, whatever came of it) under the policy; a draft is not one. */
    async hasClaimMade(policyId: string): Promise<boolean> {
      const [row] = await db
        .select({ made: count() })
        .from(claims)
        .where(and(eq(claims.policyId, policyId), ne(claims.status, 'draft')));
      return (row?.made ?? 0) > 0;
    },

    async eventsOf(claimId: string) {
      return db
        .select()
        .from(claimEvents)
        .where(eq(claimEvents.claimId, claimId))
        .orderBy(asc(claimEvents.id));
    },

    /** Replaces the draft's resume link (only the token's hash is kept) and queues its e-mail. */
    async saveResumeLink(
      claimId: string,
      link: { tokenHash: string; issuedAt: Date; expiresAt: Date },
      mail: TClaimMail,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(claimDrafts)
          .values({ claimId, ...link })
          .onConflictDoUpdate({ target: claimDrafts.claimId, set: link });
        await tx
          .insert(mailOutbox)
          .values({ ...mail, recipientRole: 'applicant', claimId })
          .onConflictDoNothing();
      });
    },

    async draftLinkOf(claimId: string) {
      const [row] = await db.select().from(claimDrafts).where(eq(claimDrafts.claimId, claimId));
      return row;
    },

    /** The draft a live resume token opens, or undefined. */
    async draftByTokenHash(tokenHash: string, at: Date) {
      const [row] = await db
        .select()
        .from(claimDrafts)
        .where(and(eq(claimDrafts.tokenHash, tokenHash), gt(claimDrafts.expiresAt, at)));
      return row;
    },
  };
}

export type TClaimsRepository = ReturnType<typeof createClaimsRepository>;
