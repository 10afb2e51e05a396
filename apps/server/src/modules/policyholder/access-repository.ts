import { and, count, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox, policies, policyholderAccessCodes } from '../../db/schema.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';

export type TCodeMail = {
  messageId: string;
  recipient: string;
  language: string;
  sealed: string;
};

/** The SQL of policyholder access: numbered policies by number, and the codes of the sign-ins started. */
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

    /** The numbered policy with this id, if any. */
    findNumberedPolicyById: async (policyId: string): Promise<TPolicyRow | undefined> =>
      (
        await db
          .select()
          .from(policies)
          .where(and(eq(policies.policyId, policyId), isNotNull(policies.policyNumber)))
          .limit(1)
      )[0],

    /** How many codes were mailed for the policy since `since`, and when the newest was (the send back-off). */
    async codesSince(policyId: string, since: Date): Promise<{ count: number; lastAt: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: sql<Date | null>`max(${policyholderAccessCodes.createdAt})` })
        .from(policyholderAccessCodes)
        .where(
          and(eq(policyholderAccessCodes.policyId, policyId), gt(policyholderAccessCodes.createdAt, since)),
        );
      return { count: row?.n ?? 0, lastAt: row?.last ? new Date(row.last) : null };
    },

    /** A sign-in's code and its e-mail, in one transaction. */
    async insertCode(
      code: {
        challengeHash: string;
        policyId: string;
        contactEmail: string;
        codeHash: string;
        at: Date;
        expiresAt: Date;
      },
      mail: TCodeMail,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(policyholderAccessCodes).values({
          challengeHash: code.challengeHash,
          policyId: code.policyId,
          contactEmail: code.contactEmail,
          codeHash: code.codeHash,
          expiresAt: code.expiresAt,
          tries: 0,
          createdAt: code.at,
        });
        await tx.insert(mailOutbox).values({
          messageId: mail.messageId,
          policyId: code.policyId,
          kind: 'access-code',
          recipientRole: 'applicant',
          recipient: mail.recipient,
          language: mail.language,
          sealed: mail.sealed,
        });
      });
    },

    /** The code row of a challenge, if any. */
    findCode: async (challengeHash: string) =>
      (
        await db
          .select()
          .from(policyholderAccessCodes)
          .where(eq(policyholderAccessCodes.challengeHash, challengeHash))
      )[0],

    /**
     * Uses the code: one statement deletes the row when the hash matches, it is unexpired and under the
     * tries, so of two requests with the same right code only one succeeds (a code works once).
     */
    async consumeCode(challengeHash: string, codeHash: string, now: Date, maxTries: number) {
      const [used] = await db
        .delete(policyholderAccessCodes)
        .where(
          and(
            eq(policyholderAccessCodes.challengeHash, challengeHash),
            eq(policyholderAccessCodes.codeHash, codeHash),
            gt(policyholderAccessCodes.expiresAt, now),
            lt(policyholderAccessCodes.tries, maxTries),
          ),
        )
        .returning({
          policyId: policyholderAccessCodes.policyId,
          contactEmail: policyholderAccessCodes.contactEmail,
        });
      return used;
    },

    /** Counts a wrong try against the challenge's code while it still counts them. */
    async countWrongTry(challengeHash: string, maxTries: number): Promise<void> {
      await db
        .update(policyholderAccessCodes)
        .set({ tries: sql`${policyholderAccessCodes.tries} + 1` })
        .where(
          and(
            eq(policyholderAccessCodes.challengeHash, challengeHash),
            lt(policyholderAccessCodes.tries, maxTries),
          ),
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
