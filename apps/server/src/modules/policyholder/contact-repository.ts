import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { and, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  contactChanges,
  mailOutbox,
  policies,
  policyEvents,
  policyholderSessionAddresses,
  policyholderSessions,
} from '../../db/schema.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';

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

  /** The document changed with its event, and the notice the document before the change asks for, queued. */
  async function changeWithNotice(
    tx: Parameters<Parameters<TDb['transaction']>[0]>[0],
    policyId: string,
    apply: (document: TPolicy) => TPolicy,
    detail: Record<string, unknown>,
    notice: (document: TPolicy) => TQueuedMail | null,
  ): Promise<TPolicy> {
    let mail: TQueuedMail | null = null;
    const document = await changeDocument(
      tx,
      policyId,
      (before) => {
        mail = notice(before);
        return apply(before);
      },
      detail,
    );
    if (mail) await tx.insert(mailOutbox).values(mail).onConflictDoNothing();
    return document;
  }

  return {
    /** Codes asked for this policy since `since`, and when the newest was (the send back-off). */
    async codesSince(policyId: string, since: Date): Promise<{ count: number; lastAt: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: sql<Date | null>`max(${contactChanges.createdAt})` })
        .from(contactChanges)
        .where(and(eq(contactChanges.policyId, policyId), gte(contactChanges.createdAt, since)));
      return { count: row?.n ?? 0, lastAt: row?.last ? new Date(row.last) : null };
    },

    /**
     * Contact details that change at once (a mobile number, a correspondence address; issue 29), on one
     * policy or on several of one holder, in one transaction: each policy's document under its row lock,
     * with its own event and the notice its document before the change asks for (keyed by the event).
     * Answers the documents in the order given.
     */
    async changeAtOnce(
      changes: {
        policyId: string;
        /** The document after the change, and its event's detail, from the document as locked. */
        apply: (before: TPolicy) => { document: TPolicy; detail: Record<string, unknown> };
        notice: (before: TPolicy, eventId: number) => TQueuedMail | null;
      }[],
    ): Promise<TPolicy[]> {
      return db.transaction(async (tx) => {
        const documents: TPolicy[] = [];
        for (const change of changes) {
          const [row] = await tx
            .select()
            .from(policies)
            .where(eq(policies.policyId, change.policyId))
            .for('update');
          if (!row) throw new Error(`policy ${change.policyId} is gone`);
          const before = row.document as TPolicy;
          const { document, detail } = change.apply(before);
          await tx
            .update(policies)
            .set({ document, updatedAt: sql`now()` })
            .where(eq(policies.policyId, change.policyId));
          const [event] = await tx
            .insert(policyEvents)
            .values({
              policyId: change.policyId,
              fromStatus: row.status,
              toStatus: row.status,
              detail,
            })
            .returning({ id: policyEvents.id });
          const mail = change.notice(before, event!.id);
          if (mail) await tx.insert(mailOutbox).values(mail).onConflictDoNothing();
          documents.push(document);
        }
        return documents;
      });
    },

    /** A policy event (the one a change-at-once notice is about), with its policy's id. */
    findEvent: async (id: number) => (await db.select().from(policyEvents).where(eq(policyEvents.id, id)))[0],

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
     * into the policy's document with its event, the undo kept for the old address and its notice
     * queued, in one transaction. Answers the document and its address as the database compares it,
     * or null when the change was not open any more.
     */
    async confirm(
      change: TContactChangeRow,
      at: Date,
      apply: (document: TPolicy) => TPolicy,
      detail: Record<string, unknown>,
      undo: { tokenHash: string; expiresAt: Date; oldEmail: string | null },
      notice: (document: TPolicy) => TQueuedMail | null,
    ): Promise<{ document: TPolicy; contactEmail: string | null } | null> {
      return db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(contactChanges)
          .set({
            status: 'confirmed',
            confirmedAt: at,
            oldEmail: undo.oldEmail,
            undoTokenHash: undo.tokenHash,
            undoExpiresAt: undo.expiresAt,
          })
          .where(and(eq(contactChanges.changeId, change.changeId), eq(contactChanges.status, 'open')))
          .returning({ changeId: contactChanges.changeId });
        if (!confirmed) return null;
        const document = await changeWithNotice(tx, change.policyId, apply, detail, notice);
        const [row] = await tx
          .select({ contactEmail: policies.contactEmail })
          .from(policies)
          .where(eq(policies.policyId, change.policyId));
        return { document, contactEmail: row?.contactEmail ?? null };
      });
    },

    /** Whether a confirmed change of the policy's address can still be undone (decision 102). */
    async undoPending(policyId: string, at: Date): Promise<TContactChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(contactChanges)
        .where(
          and(
            eq(contactChanges.policyId, policyId),
            eq(contactChanges.status, 'confirmed'),
            isNull(contactChanges.undoneAt),
            gt(contactChanges.undoExpiresAt, at),
          ),
        )
        .orderBy(desc(contactChanges.confirmedAt))
        .limit(1);
      return row;
    },

    /** The policy a change belongs to, as stored now. */
    findPolicy: async (policyId: string): Promise<TPolicyRow | undefined> =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    findByUndoToken: async (tokenHash: string): Promise<TContactChangeRow | undefined> =>
      (await db.select().from(contactChanges).where(eq(contactChanges.undoTokenHash, tokenHash)))[0],

    /**
     * The old address undoes the change, once and in time: the address it replaced is put back (if
     * the policy still has the one the change wrote), codes waiting for another address end, the event
     * and the notice are written, in one transaction. Null when it was undone already or is past its days;
     * 'superseded' when the policy's address is no longer the one the change wrote.
     */
    async undo(
      change: TContactChangeRow,
      at: Date,
      stillChanged: (document: TPolicy) => boolean,
      restore: (document: TPolicy) => TPolicy,
      detail: Record<string, unknown>,
      notice: (document: TPolicy) => TQueuedMail | null,
    ): Promise<TPolicy | 'superseded' | null> {
      return db.transaction(async (tx) => {
        const [undone] = await tx
          .update(contactChanges)
          .set({ undoneAt: at })
          .where(
            and(
              eq(contactChanges.changeId, change.changeId),
              isNull(contactChanges.undoneAt),
              gt(contactChanges.undoExpiresAt, at),
            ),
          )
          .returning({ changeId: contactChanges.changeId });
        if (!undone) return null;
        const [row] = await tx
          .select()
          .from(policies)
          .where(eq(policies.policyId, change.policyId))
          .for('update');
        if (!row || !stillChanged(row.document as TPolicy)) return 'superseded';
        await tx
          .update(contactChanges)
          .set({ status: 'superseded' })
          .where(and(eq(contactChanges.policyId, change.policyId), eq(contactChanges.status, 'open')));
        // Every session that proved the address taken away ends, whole: the one that made the change
        // confirmed that address in it, and proved the old one too (its fresh code), so leaving it the old
        // address would leave whoever made the change inside the policy the owner just took back.
        await tx
          .delete(policyholderSessions)
          .where(
            inArray(
              policyholderSessions.tokenHash,
              tx
                .select({ tokenHash: policyholderSessionAddresses.tokenHash })
                .from(policyholderSessionAddresses)
                .where(eq(policyholderSessionAddresses.contactEmail, change.newEmail.trim().toLowerCase())),
            ),
          );
        return changeWithNotice(tx, change.policyId, restore, detail, notice);
      });
    },
  };
}

export type TContactRepository = ReturnType<typeof createContactRepository>;
