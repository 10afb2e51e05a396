import { and, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  policies,
  policyholderAccessCodes,
  policyholderSessionAddresses,
  policyholderSessions,
  stepUpCodes,
  usedLinks,
} from '../../db/schema.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';

/**
 * The SQL of the policyholder's session (decision 101): sessions, the addresses each has proved, the
 * policies those addresses reach, and the links already opened.
 */
export function createHolderRepository(db: TDb) {
  /** The addresses a session has proved, as a sub-select. */
  const provedBy = (tokenHash: string) =>
    db
      .select({ contactEmail: policyholderSessionAddresses.contactEmail })
      .from(policyholderSessionAddresses)
      .where(eq(policyholderSessionAddresses.tokenHash, tokenHash));

  /** Numbered policies of the market whose address, as stored now, the session has proved. */
  const reachable = (tokenHash: string, country: string) =>
    and(
      eq(policies.country, country),
      isNotNull(policies.policyNumber),
      inArray(policies.contactEmail, provedBy(tokenHash)),
    );

  return {
    async insertSession(row: { tokenHash: string; country: string; at: Date; expiresAt: Date }) {
      await db.insert(policyholderSessions).values({
        tokenHash: row.tokenHash,
        country: row.country,
        createdAt: row.at,
        lastSeenAt: row.at,
        expiresAt: row.expiresAt,
      });
    },

    /** The live session with this token, kept alive by the call; undefined when idle too long or past its end. */
    async touchSession(tokenHash: string, at: Date, idleSince: Date) {
      const [row] = await db
        .update(policyholderSessions)
        .set({ lastSeenAt: at })
        .where(
          and(
            eq(policyholderSessions.tokenHash, tokenHash),
            gt(policyholderSessions.lastSeenAt, idleSince),
            gt(policyholderSessions.expiresAt, at),
          ),
        )
        .returning({ tokenHash: policyholderSessions.tokenHash, country: policyholderSessions.country });
      return row;
    },

    /** Ends a session: its row and, by cascade, the addresses it proved. */
    async deleteSession(tokenHash: string) {
      await db.delete(policyholderSessions).where(eq(policyholderSessions.tokenHash, tokenHash));
    },

    /** The session has proved this address (a code or link mailed there came back in it). */
    async addAddress(tokenHash: string, contactEmail: string, at: Date) {
      await db
        .insert(policyholderSessionAddresses)
        .values({ tokenHash, contactEmail, verifiedAt: at })
        .onConflictDoUpdate({
          target: [policyholderSessionAddresses.tokenHash, policyholderSessionAddresses.contactEmail],
          set: { verifiedAt: at },
        });
    },

    /** Every policy the session reaches now, newest first. */
    reachablePolicies: (tokenHash: string, country: string): Promise<TPolicyRow[]> =>
      db
        .select()
        .from(policies)
        .where(reachable(tokenHash, country))
        .orderBy(sql`${policies.issuedAt} desc nulls last`, desc(policies.policyNumber)),

    /** The policy if the session reaches it now. */
    async reachablePolicy(tokenHash: string, country: string, policyId: string) {
      const [row] = await db
        .select()
        .from(policies)
        .where(and(eq(policies.policyId, policyId), reachable(tokenHash, country)));
      return row;
    },

    /** Marks a link's nonce used; false when it was used already (a link opens once). */
    async useLink(nonceHash: string, expiresAt: Date): Promise<boolean> {
      const used = await db
        .insert(usedLinks)
        .values({ nonceHash, expiresAt })
        .onConflictDoNothing()
        .returning({ nonceHash: usedLinks.nonceHash });
      return used.length === 1;
    },

    /**
     * Sessions idle for a day or past their end, used links past their expiry, and sign-in and step-up
     * codes a day past their minutes (the send back-off reads the last hour only) go.
     */
    async prune(at: Date, idleBefore: Date): Promise<number> {
      const idle = await db
        .delete(policyholderSessions)
        .where(lt(policyholderSessions.lastSeenAt, idleBefore))
        .returning({ tokenHash: policyholderSessions.tokenHash });
      const ended = await db
        .delete(policyholderSessions)
        .where(lt(policyholderSessions.expiresAt, at))
        .returning({ tokenHash: policyholderSessions.tokenHash });
      await db.delete(usedLinks).where(lt(usedLinks.expiresAt, at));
      await db.delete(policyholderAccessCodes).where(lt(policyholderAccessCodes.expiresAt, idleBefore));
      await db.delete(stepUpCodes).where(lt(stepUpCodes.expiresAt, idleBefore));
      return idle.length + ended.length;
    },
  };
}

export type THolderRepository = ReturnType<typeof createHolderRepository>;
