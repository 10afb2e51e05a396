import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, policies, policyholderAccessCodes } from '../../db/schema.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';

export type TCodeMail = {
  messageId: string;
  recipient: string;
  language: string;
  sealed: string;
};

/** The SQL of policyholder access: numbered policies by number, the one live code per policy. */
export function createAccessRepository(db: TDb) {
  return {
    /** The numbered policy with this number, if any. */
    findNumberedPolicy: async (policyNumber: string): Promise<TPolicyRow | undefined> =>
      (
        await db
          .select()
          .from(policies)
          .where(and(eq(policies.policyNumber, policyNumber), isNotNull(policies.policyNumber)))
          .limit(1)
      )[0],

    /** The policy's live or dead code row, if any (a dead one keeps the policy waiting). */
    findCode: async (policyId: string) =>
      (
        await db.select().from(policyholderAccessCodes).where(eq(policyholderAccessCodes.policyId, policyId))
      )[0],

    /** A new code replaces the old one, and its e-mail is queued, in one transaction. */
    async replaceCode(
      policyId: string,
      codeHash: string,
      at: Date,
      expiresAt: Date,
      mail: TCodeMail,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(policyholderAccessCodes)
          .values({ policyId, codeHash, expiresAt, tries: 0, createdAt: at })
          .onConflictDoUpdate({
            target: policyholderAccessCodes.policyId,
            set: { codeHash, expiresAt, tries: 0, createdAt: at },
          });
        await tx.insert(mailOutbox).values({
          messageId: mail.messageId,
          policyId,
          kind: 'access-code',
          recipientRole: 'applicant',
          recipient: mail.recipient,
          language: mail.language,
          sealed: mail.sealed,
        });
      });
    },

    /**
     * Uses the code: one statement deletes the row when the hash matches, it is unexpired and under
     * the tries, so of two requests with the same right code only one succeeds (a code works once).
     */
    async consumeCode(policyId: string, codeHash: string, now: Date, maxTries: number): Promise<boolean> {
      const used = await db
        .delete(policyholderAccessCodes)
        .where(
          and(
            eq(policyholderAccessCodes.policyId, policyId),
            eq(policyholderAccessCodes.codeHash, codeHash),
            gt(policyholderAccessCodes.expiresAt, now),
            lt(policyholderAccessCodes.tries, maxTries),
          ),
        )
        .returning({ policyId: policyholderAccessCodes.policyId });
      return used.length === 1;
    },

    /** Counts a wrong try against a code that still counts them. */
    async countWrongTry(policyId: string, maxTries: number): Promise<void> {
      await db
        .update(policyholderAccessCodes)
        .set({ tries: sql`${policyholderAccessCodes.tries} + 1` })
        .where(
          and(eq(policyholderAccessCodes.policyId, policyId), lt(policyholderAccessCodes.tries, maxTries)),
        );
    },

    /** How many policy e-mails were sent again for the policy since `since`. */
    async countResends(policyId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.policyId, policyId),
            eq(mailOutbox.kind, 'policy-issued'),
            sql`${mailOutbox.messageId} like '%.resend.%'`,
            gt(mailOutbox.createdAt, since),
          ),
        );
      return row?.count ?? 0;
    },

    /** Queues the policy e-mail again, to the applicant. */
    async queueResend(policyId: string, messageId: string, recipient: string, language: string, at: Date) {
      await db.insert(mailOutbox).values({
        createdAt: at,
        messageId,
        policyId,
        kind: 'policy-issued',
        recipientRole: 'applicant',
        recipient,
        language,
      });
    },
  };
}

export type TAccessRepository = ReturnType<typeof createAccessRepository>;
