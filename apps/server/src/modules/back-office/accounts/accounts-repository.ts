import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { agents, staffAccounts, staffSessions } from '../../../db/schema.ts';
import { recordAudit, type TAuditEntry } from '../audit.ts';

export type TAccountRow = typeof staffAccounts.$inferSelect;

/**
 * The SQL of operations' account screen (issue 18, decision 086): each change, the end of the account's
 * sessions when asked, and the audit row in one transaction; the audit entry is the service's.
 */
export function createAccountsRepository(db: TDb) {
  return {
    async listAccounts(): Promise<TAccountRow[]> {
      return db.select().from(staffAccounts).orderBy(asc(staffAccounts.username));
    },

    async findAccount(id: string): Promise<TAccountRow | undefined> {
      const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
      return row;
    },

    async agentExists(agentCode: string): Promise<boolean> {
      const [agent] = await db.select().from(agents).where(eq(agents.agentCode, agentCode));
      return agent !== undefined;
    },

    async updateAccount(
      id: string,
      change: { set: Partial<TAccountRow>; endSessions: boolean },
      audit: (after: TAccountRow) => TAuditEntry,
    ): Promise<TAccountRow> {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(staffAccounts)
          .set(change.set)
          .where(eq(staffAccounts.id, id))
          .returning();
        if (change.endSessions) await tx.delete(staffSessions).where(eq(staffSessions.accountId, id));
        await recordAudit(tx, audit(updated!));
        return updated!;
      });
    },
  };
}

export type TAccountsRepository = ReturnType<typeof createAccountsRepository>;
