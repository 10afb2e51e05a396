import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { agents, mailOutbox, staffAccounts, staffPasswordResets, staffSessions } from '../../db/schema.ts';
import { recordAudit, type TAuditEntry } from './audit.ts';

export type TStaffAccountRow = typeof staffAccounts.$inferSelect;
export type TStaffSessionRow = typeof staffSessions.$inferSelect;

/**
 * The SQL of staff accounts, sessions and reset links (issue 18, decision 078). Tokens arrive hashed;
 * the rules (locks, idle and maximum session times, who may sign in) are staff-access.ts's.
 */
export function createStaffRepository(db: TDb) {
  return {
    /**
     * A new account with its audit row, in one transaction (no account without its trail); undefined
     * when the username is taken.
     */
    async insertAccount(
      values: typeof staffAccounts.$inferInsert,
      audit: (row: TStaffAccountRow) => TAuditEntry,
    ): Promise<TStaffAccountRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(staffAccounts).values(values).onConflictDoNothing().returning();
        if (row) await recordAudit(tx, audit(row));
        return row;
      });
    },

    async findAccount(accountId: string): Promise<TStaffAccountRow | undefined> {
      const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, accountId));
      return row;
    },

    /** The account, unless it is disabled. */
    async findEnabledAccount(accountId: string): Promise<TStaffAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(staffAccounts)
        .where(and(eq(staffAccounts.id, accountId), isNull(staffAccounts.disabledAt)));
      return row;
    },

    async findAccountByUsername(username: string): Promise<TStaffAccountRow | undefined> {
      const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.username, username));
      return row;
    },

    /** Whether any staff account exists at all. */
    async hasAnyAccount(): Promise<boolean> {
      const [row] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
      return Boolean(row);
    },

    /** A new password hash, the lock cleared, and every session of the account ended, at once. */
    /** A new password: the lock cleared, every session ended, and the audit row, in one transaction. */
    async replacePassword(
      accountId: string,
      passwordHash: string,
      by: string,
      at: Date,
      audit: TAuditEntry,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(staffAccounts)
          .set({ passwordHash, failedSignIns: 0, lockedUntil: null, updatedBy: by, updatedAt: at })
          .where(eq(staffAccounts.id, accountId));
        await tx.delete(staffSessions).where(eq(staffSessions.accountId, accountId));
        await recordAudit(tx, audit);
      });
    },

    /** One more failed sign-in, counted in SQL (two tries at once both count); locked when given. */
    async countFailedSignIn(accountId: string, lockedUntil: Date | null): Promise<void> {
      await db
        .update(staffAccounts)
        .set({
          failedSignIns: sql`${staffAccounts.failedSignIns} + 1`,
          ...(lockedUntil ? { lockedUntil } : {}),
        })
        .where(eq(staffAccounts.id, accountId));
    },

    async clearFailedSignIns(accountId: string): Promise<void> {
      await db
        .update(staffAccounts)
        .set({ failedSignIns: 0, lockedUntil: null })
        .where(eq(staffAccounts.id, accountId));
    },

    /** A sealed TOTP secret waiting for its first code. */
    async setUnconfirmedTotpSecret(accountId: string, sealedSecret: string): Promise<void> {
      await db
        .update(staffAccounts)
        .set({ totpSecret: sealedSecret, totpConfirmedAt: null })
        .where(eq(staffAccounts.id, accountId));
    },

    /**
     * A matched TOTP step, taken only when it is later than the last one used (null: none yet), so a
     * code is never accepted twice; undefined when another sign-in took it first.
     */
    async acceptTotpStep(
      accountId: string,
      lastStep: number | null,
      step: number,
      confirmedAt: Date,
    ): Promise<TStaffAccountRow | undefined> {
      const [row] = await db
        .update(staffAccounts)
        .set({ totpLastStep: step, totpConfirmedAt: confirmedAt, failedSignIns: 0, lockedUntil: null })
        .where(
          and(
            eq(staffAccounts.id, accountId),
            lastStep === null ? isNull(staffAccounts.totpLastStep) : lt(staffAccounts.totpLastStep, step),
          ),
        )
        .returning();
      return row;
    },

    async insertSession(values: typeof staffSessions.$inferInsert): Promise<void> {
      await db.insert(staffSessions).values(values);
    },

    /** The session of a token hash, seen now, when it was seen after `idleSince` and ends after `at`. */
    async touchSession(tokenHash: string, at: Date, idleSince: Date): Promise<TStaffSessionRow | undefined> {
      const [row] = await db
        .update(staffSessions)
        .set({ lastSeenAt: at })
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            gt(staffSessions.lastSeenAt, idleSince),
            gt(staffSessions.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    async markSessionReady(tokenHash: string): Promise<void> {
      await db.update(staffSessions).set({ stage: 'ready' }).where(eq(staffSessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    },

    /** Sessions that ended before `expiredBefore` or were last seen before `idleBefore`. */
    async deleteSessions(expiredBefore: Date, idleBefore: Date): Promise<void> {
      await db.delete(staffSessions).where(lt(staffSessions.expiresAt, expiredBefore));
      await db.delete(staffSessions).where(lt(staffSessions.lastSeenAt, idleBefore));
    },

    /** A reset link and its mail, in one transaction: no link without its mail, no mail without its link. */
    async insertPasswordReset(
      reset: typeof staffPasswordResets.$inferInsert,
      mail: typeof mailOutbox.$inferInsert,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(staffPasswordResets).values(reset);
        await tx.insert(mailOutbox).values(mail);
      });
    },

    /** Marks the reset of a token hash used, when it is unused and ends after `at`; undefined otherwise. */
    async useReset(tokenHash: string, at: Date) {
      const [row] = await db
        .update(staffPasswordResets)
        .set({ usedAt: at })
        .where(
          and(
            eq(staffPasswordResets.tokenHash, tokenHash),
            isNull(staffPasswordResets.usedAt),
            gt(staffPasswordResets.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** The agents of the seed that are not the shop's default: each gets a desk login on a local shop. */
    async listNonDefaultAgents() {
      return db.select().from(agents).where(eq(agents.isDefault, false));
    },
  };
}

export type TStaffRepository = ReturnType<typeof createStaffRepository>;
