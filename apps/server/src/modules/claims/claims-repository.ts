import { maskPayout, type TPayout } from '@lionrock/domain/claims/claim-rules';
import type { TCountry } from '@lionrock/domain/market/market';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notExists,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  claimDecisions,
  claimDocuments,
  claimDrafts,
  claimEvents,
  claims,
  mailOutbox,
  policies,
} from '../../db/schema.ts';
import { openText, sealText, type TDataKeys } from '../../lib/data-encryption.ts';
import { nextClaimNumber } from './claim-number.ts';
import { createClaimNumberRepository } from './claim-number-repository.ts';

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

/**
 * How `claims.payout` is kept (decision 106): the payout masked (last four) for every list to show, and
 * its account number or PayNow proxy sealed beside it (AES-256-GCM, `lib/data-encryption.ts`), bound to
 * the claim and to what is stored beside it. A payout without `sealed` was written before: in clear,
 * read as it is until the startup pass (`resealPayouts`) seals it.
 */
type TStoredPayout = TPayout & { sealed?: string };

const secretOf = (payout: TPayout) => (payout.method === 'bank' ? payout.accountNumber : payout.proxy);
const placeOf = (claimId: string, masked: TPayout) =>
  [
    'claims.payout',
    claimId,
    masked.method,
    masked.method === 'bank' ? masked.bankName : masked.proxyType,
    secretOf(masked),
  ].join('\u0000');

function sealPayout(claimId: string, payout: TPayout, keys: TDataKeys): TStoredPayout {
  const masked = maskPayout(payout);
  return { ...masked, sealed: sealText(secretOf(payout), keys, placeOf(claimId, masked)) };
}

/** The whole payout; a sealed one that does not open throws (fails closed), never a guess. */
function openPayout(claimId: string, stored: TStoredPayout, keys: TDataKeys): TPayout {
  const { sealed, ...masked } = stored;
  if (sealed === undefined) return masked;
  const secret = openText(sealed, keys, placeOf(claimId, masked));
  return masked.method === 'bank' ? { ...masked, accountNumber: secret } : { ...masked, proxy: secret };
}

/** A stored payout as the lists show it, masked, whichever way it was stored; read without the key. */
export function maskedStoredPayout(stored: unknown): TPayout | null {
  if (!stored) return null;
  const { sealed: _sealed, ...payout } = stored as TStoredPayout;
  return maskPayout(payout);
}

/**
 * The claims' SQL: drafts, documents, submission and the status history. No business rule lives here.
 * The payout's details are sealed on every write and opened on every read of a claim (decision 106).
 */
export function createClaimsRepository(db: TDb, options: { keys: () => Promise<TDataKeys> }) {
  let ring: Promise<TDataKeys> | undefined;
  const keys = () => {
    ring ??= options.keys().catch((error: unknown) => {
      ring = undefined;
      throw error;
    });
    return ring;
  };
  const opened = (row: TClaimRow, ring: TDataKeys): TClaimRow =>
    row.payout ? { ...row, payout: openPayout(row.claimId, row.payout as TStoredPayout, ring) } : row;
  const openRow = async <T extends TClaimRow | undefined>(row: T): Promise<T> =>
    row ? (opened(row, await keys()) as T) : row;

  return {
    /**
     * Starts a draft unless its policy has `maxOpen` drafts already: the policy's row is held meanwhile,
     * so two starts at once cannot both pass the count.
     */
    async createDraft(
      values: typeof claims.$inferInsert,
      maxOpen: number,
    ): Promise<TClaimRow | { tooMany: true }> {
      const created = await db.transaction(async (tx) => {
        await tx
          .select({ policyId: policies.policyId })
          .from(policies)
          .where(eq(policies.policyId, values.policyId))
          .for('no key update');
        const [{ value: open } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(claims)
          .where(and(eq(claims.policyId, values.policyId), eq(claims.status, 'draft')));
        if (open >= maxOpen) return { tooMany: true as const };
        const [row] = await tx.insert(claims).values(values).returning();
        return row!;
      });
      // Opened once the transaction is over: reading the keys may ask the database.
      return 'tooMany' in created ? created : openRow(created);
    },

    /** A policy's open drafts of one holder, the latest saved first. */
    async openDraftsOf(policyId: string, holderKey: string) {
      return db
        .select({
          claimId: claims.claimId,
          claimType: claims.claimType,
          updatedAt: claims.updatedAt,
          documents: sql<number>`(select count(*)::int from ${claimDocuments} where ${claimDocuments.claimId} = ${claims.claimId})`,
        })
        .from(claims)
        .where(
          and(eq(claims.policyId, policyId), eq(claims.holderKey, holderKey), eq(claims.status, 'draft')),
        )
        .orderBy(desc(claims.updatedAt));
    },

    /** The bytes the documents of a holder's open drafts hold together. */
    async draftBytesOf(holderKey: string): Promise<number> {
      const [row] = await db
        .select({ bytes: sql<string>`coalesce(sum(${claimDocuments.sizeBytes}), 0)` })
        .from(claimDocuments)
        .innerJoin(claims, eq(claims.claimId, claimDocuments.claimId))
        .where(and(eq(claims.holderKey, holderKey), eq(claims.status, 'draft')));
      return Number(row?.bytes ?? 0);
    },

    async findClaim(claimId: string): Promise<TClaimRow | undefined> {
      const [row] = await db.select().from(claims).where(eq(claims.claimId, claimId));
      return openRow(row);
    },

    async findByNumber(claimNumber: string): Promise<TClaimRow | undefined> {
      const [row] = await db.select().from(claims).where(eq(claims.claimNumber, claimNumber));
      return openRow(row);
    },

    /** Saves a draft's fields, the payout sealed; only while it is still a draft. */
    async saveDraft(
      claimId: string,
      values: Partial<typeof claims.$inferInsert>,
    ): Promise<TClaimRow | undefined> {
      const payout = values.payout
        ? sealPayout(claimId, values.payout as TPayout, await keys())
        : values.payout;
      const [row] = await db
        .update(claims)
        .set({ ...values, ...(payout === undefined ? {} : { payout }), updatedAt: sql`now()` })
        .where(and(eq(claims.claimId, claimId), eq(claims.status, 'draft')))
        .returning();
      return openRow(row);
    },

    async documentsOf(claimId: string): Promise<TClaimDocumentRow[]> {
      return db
        .select()
        .from(claimDocuments)
        .where(eq(claimDocuments.claimId, claimId))
        .orderBy(asc(claimDocuments.createdAt), asc(claimDocuments.documentId));
    },

    /**
     * Adds stored files to a draft. Every open draft of its holder is held (in one order, so two uploads
     * wait rather than deadlock) while the count of this draft's files and the bytes of all of them are
     * checked again, so two uploads at once cannot pass either limit together. An upload touches the draft.
     */
    async addDocuments(
      claim: Pick<TClaimRow, 'claimId' | 'holderKey'>,
      documents: Omit<typeof claimDocuments.$inferInsert, 'claimId'>[],
      limits: { maxFiles: number; maxDraftBytes: number },
    ): Promise<'added' | 'notDraft' | 'tooMany' | 'draftsFull'> {
      const { claimId } = claim;
      return db.transaction(async (tx) => {
        const held = await tx
          .select({ claimId: claims.claimId })
          .from(claims)
          .where(and(eq(claims.holderKey, claim.holderKey), eq(claims.status, 'draft')))
          .orderBy(asc(claims.claimId))
          .for('update');
        if (!held.some((row) => row.claimId === claimId)) return 'notDraft';
        const [{ files, bytes } = { files: 0, bytes: '0' }] = await tx
          .select({
            files: sql<number>`(count(*) filter (where ${claimDocuments.claimId} = ${claimId}))::int`,
            bytes: sql<string>`coalesce(sum(${claimDocuments.sizeBytes}), 0)`,
          })
          .from(claimDocuments)
          .where(
            inArray(
              claimDocuments.claimId,
              held.map((row) => row.claimId),
            ),
          );
        if (files + documents.length > limits.maxFiles) return 'tooMany';
        const adding = documents.reduce((sum, document) => sum + document.sizeBytes, 0);
        if (Number(bytes) + adding > limits.maxDraftBytes) return 'draftsFull';
        // One millisecond apart, so the list keeps the order the files were sent in.
        const at = Date.now();
        await tx
          .insert(claimDocuments)
          .values(
            documents.map((document, index) => ({ ...document, claimId, createdAt: new Date(at + index) })),
          );
        await tx.update(claims).set({ updatedAt: sql`now()` }).where(eq(claims.claimId, claimId));
        return 'added';
      });
    },

    /**
     * Deletes one draft untouched for `keptDays` (by the database's clock, which wrote `updated_at`) whose
     * resume link, if any, is dead at `now`, with its documents' rows and its unsent mail. `removeFiles`
     * deletes their files while the draft's row is still held, so an upload to it meanwhile waits and then
     * finds no draft. A draft another instance holds is skipped, not waited for. Answers what was deleted,
     * or null when no draft is left to prune.
     */
    async pruneOneDraft(
      keptDays: number,
      now: Date,
      removeFiles: (storeKeys: string[]) => Promise<void>,
    ): Promise<{ claimId: string; files: number } | null> {
      return db.transaction(async (tx) => {
        const [stale] = await tx
          .select({ claimId: claims.claimId })
          .from(claims)
          .where(
            and(
              eq(claims.status, 'draft'),
              // Counted back from the caller's `now` (a business date's instant, decision 129), not the database's.
              lt(claims.updatedAt, new Date(now.getTime() - keptDays * 86_400_000)),
              notExists(
                tx
                  .select({ claimId: claimDrafts.claimId })
                  .from(claimDrafts)
                  .where(and(eq(claimDrafts.claimId, claims.claimId), gt(claimDrafts.expiresAt, now))),
              ),
            ),
          )
          .orderBy(asc(claims.updatedAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!stale) return null;
        const { claimId } = stale;
        const files = await tx
          .delete(claimDocuments)
          .where(eq(claimDocuments.claimId, claimId))
          .returning({ storeKey: claimDocuments.storeKey });
        await removeFiles(files.map((file) => file.storeKey));
        await tx.delete(claimDrafts).where(eq(claimDrafts.claimId, claimId));
        await tx
          .delete(mailOutbox)
          .where(and(eq(mailOutbox.claimId, claimId), ne(mailOutbox.status, 'sent')));
        await tx.delete(claims).where(eq(claims.claimId, claimId));
        return { claimId, files: files.length };
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
      // Read before the transaction: on the embedded database a second query inside it would wait forever.
      const ring = await keys();
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(claims).where(eq(claims.claimId, claimId)).for('update');
        if (!locked) return undefined;
        const claim = opened(locked, ring);
        if (claim.status !== 'draft') return { claim, already: true };
        const [{ value: documentCount } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(claimDocuments)
          .where(eq(claimDocuments.claimId, claimId));
        const decision = decide(claim, documentCount);
        if ('refused' in decision) return decision;
        const claimNumber = await nextClaimNumber(
          createClaimNumberRepository(tx),
          claim.country as TCountry,
          decision.year,
        );
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
        return { claim: opened(submitted!, ring), already: false };
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
      const ring = await keys();
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
          await extras.alongside(tx, opened(row, ring));
        }
        return opened(row, ring);
      });
    },

    /**
     * Seals every payout still in clear (written before decision 106) or sealed under a key that is no
     * longer the current one, in batches; a row changed meanwhile is left to its writer (who sealed it).
     * A sealed payout that does not open is counted, left as it is, and named by claim id only.
     */
    async resealPayouts(batch = 200): Promise<{ resealed: number; unreadable: string[] }> {
      const ring = await keys();
      const prefix = `v1.${ring.current.id}.`;
      const unreadable: string[] = [];
      let resealed = 0;
      for (;;) {
        const rows = await db
          .select({ claimId: claims.claimId, payout: claims.payout })
          .from(claims)
          .where(
            and(
              isNotNull(claims.payout),
              sql`coalesce(left(${claims.payout}->>'sealed', ${prefix.length}), '') <> ${prefix}`,
              unreadable.length > 0 ? notInArray(claims.claimId, unreadable) : undefined,
            ),
          )
          .orderBy(asc(claims.claimId))
          .limit(batch);
        if (rows.length === 0) return { resealed, unreadable };
        for (const row of rows) {
          let payout: TPayout;
          try {
            payout = openPayout(row.claimId, row.payout as TStoredPayout, ring);
          } catch {
            unreadable.push(row.claimId);
            continue;
          }
          const updated = await db
            .update(claims)
            .set({ payout: sealPayout(row.claimId, payout, ring) })
            .where(
              and(
                eq(claims.claimId, row.claimId),
                sql`${claims.payout} = ${JSON.stringify(row.payout)}::jsonb`,
              ),
            )
            .returning({ claimId: claims.claimId });
          resealed += updated.length;
        }
      }
    },

    async decisionsOf(claimId: string): Promise<TClaimDecisionRow[]> {
      return db
        .select()
        .from(claimDecisions)
        .where(eq(claimDecisions.claimId, claimId))
        .orderBy(asc(claimDecisions.id));
    },

    /**
     * The submitted claims on a policy, the latest first, each with the amount its latest approval gave
     * and when its status last changed (the policy's page lists them, issue 29).
     */
    async claimsOfPolicy(policyId: string) {
      const approved = sql<number | null>`(select ${claimDecisions.amountApprovedCents} from ${claimDecisions}
        where ${claimDecisions.claimId} = ${claims.claimId} and ${claimDecisions.toStatus} = 'approved'
        order by ${claimDecisions.id} desc limit 1)`;
      const decidedAt = sql<Date | null>`(select max(${claimEvents.createdAt}) from ${claimEvents}
        where ${claimEvents.claimId} = ${claims.claimId})`;
      const rows = await db
        .select({
          claimId: claims.claimId,
          claimNumber: claims.claimNumber,
          status: claims.status,
          claimType: claims.claimType,
          incidentDate: claims.incidentDate,
          amountCents: claims.amountCents,
          currency: claims.currency,
          submittedAt: claims.submittedAt,
          amountApprovedCents: approved,
          statusAt: decidedAt,
        })
        .from(claims)
        .where(and(eq(claims.policyId, policyId), ne(claims.status, 'draft')))
        .orderBy(desc(claims.submittedAt), desc(claims.claimId));
      return rows.map((row) => ({
        ...row,
        amountApprovedCents: row.amountApprovedCents === null ? null : Number(row.amountApprovedCents),
        statusAt: row.statusAt === null ? null : new Date(row.statusAt),
      }));
    },

    /**
     * Adds stored files to a submitted claim waiting for more information: its row is held while the
     * files added since the request are counted again, so two uploads at once cannot pass the limit.
     */
    async addAnswerDocuments(
      claimId: string,
      documents: Omit<typeof claimDocuments.$inferInsert, 'claimId'>[],
      limits: { maxFiles: number },
    ): Promise<'added' | 'notWaiting' | 'tooMany'> {
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select({ status: claims.status })
          .from(claims)
          .where(eq(claims.claimId, claimId))
          .for('update');
        if (held?.status !== 'moreInformation') return 'notWaiting';
        const [asked] = await tx
          .select({ at: sql<Date>`max(${claimEvents.createdAt})` })
          .from(claimEvents)
          .where(and(eq(claimEvents.claimId, claimId), eq(claimEvents.toStatus, 'moreInformation')));
        const since = asked?.at ? new Date(asked.at) : new Date(0);
        const [{ files } = { files: 0 }] = await tx
          .select({ files: sql<number>`count(*)::int` })
          .from(claimDocuments)
          .where(and(eq(claimDocuments.claimId, claimId), gt(claimDocuments.createdAt, since)));
        if (files + documents.length > limits.maxFiles) return 'tooMany';
        const at = Math.max(Date.now(), since.getTime() + 1);
        await tx
          .insert(claimDocuments)
          .values(
            documents.map((document, index) => ({ ...document, claimId, createdAt: new Date(at + index) })),
          );
        await tx.update(claims).set({ updatedAt: sql`now()` }).where(eq(claims.claimId, claimId));
        return 'added';
      });
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
      link: { tokenHash: string; issuedAt: Date; expiresAt: Date; contactEmail: string | null; usedAt: null },
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

    /** The resume link with this token's hash, used or not, expired or not (the page says which). */
    async draftLinkByTokenHash(tokenHash: string) {
      const [row] = await db.select().from(claimDrafts).where(eq(claimDrafts.tokenHash, tokenHash));
      return row;
    },

    /** Spends the resume link, once and in time: false when another request used it first. */
    async useDraftLink(claimId: string, tokenHash: string, at: Date): Promise<boolean> {
      const used = await db
        .update(claimDrafts)
        .set({ usedAt: at })
        .where(
          and(
            eq(claimDrafts.claimId, claimId),
            eq(claimDrafts.tokenHash, tokenHash),
            isNull(claimDrafts.usedAt),
            gt(claimDrafts.expiresAt, at),
          ),
        )
        .returning({ claimId: claimDrafts.claimId });
      return used.length === 1;
    },
  };
}

export type TClaimsRepository = ReturnType<typeof createClaimsRepository>;
