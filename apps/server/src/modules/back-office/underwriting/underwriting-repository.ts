import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { rateTables, underwritingBlacklist } from '../../../db/schema.ts';
import { recordAudit, type TAuditEntry } from '../audit.ts';

export type TRateRow = typeof rateTables.$inferSelect;
export type TBlacklistRow = typeof underwritingBlacklist.$inferSelect;
export type TRateTableSlot = { product: string; country: string; kind: string };

/**
 * Underwriting's SQL (issue 18, decision 085): the blacklist and the rate-table versions, each change
 * and its audit row in one transaction; the audit entry is the service's. No rules here.
 */
export function createUnderwritingRepository(db: TDb) {
  return {
    /** The blacklist, newest first. */
    async listBlacklist(): Promise<TBlacklistRow[]> {
      return db.select().from(underwritingBlacklist).orderBy(desc(underwritingBlacklist.createdAt));
    },

    /** Adds the ID number, audited; false when it is on the list already. */
    async addToBlacklist(values: { idNumber: string; reason: string }, audit: TAuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(underwritingBlacklist)
          .values(values)
          .onConflictDoNothing()
          .returning();
        if (inserted.length === 0) return false;
        await recordAudit(tx, audit);
        return true;
      });
    },

    async removeFromBlacklist(idNumber: string, audit: TAuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(underwritingBlacklist).where(eq(underwritingBlacklist.idNumber, idNumber));
        await recordAudit(tx, audit);
      });
    },

    async recordAudit(entry: TAuditEntry): Promise<void> {
      await recordAudit(db, entry);
    },

    /** Every version, by product, market and kind, the latest effective first. */
    async listRateTables(): Promise<TRateRow[]> {
      return db
        .select()
        .from(rateTables)
        .orderBy(
          asc(rateTables.product),
          asc(rateTables.country),
          asc(rateTables.kind),
          desc(rateTables.effectiveDate),
          desc(rateTables.id),
        );
    },

    async findRateTable(id: number): Promise<TRateRow | undefined> {
      const [row] = await db.select().from(rateTables).where(eq(rateTables.id, id));
      return row;
    },

    /** Whether the table already has a version with this label. */
    async hasRateTableVersion(slot: TRateTableSlot, version: string): Promise<boolean> {
      const [same] = await db
        .select({ id: rateTables.id })
        .from(rateTables)
        .where(
          and(
            eq(rateTables.product, slot.product),
            eq(rateTables.country, slot.country),
            eq(rateTables.kind, slot.kind),
            eq(rateTables.version, version),
          ),
        );
      return same !== undefined;
    },

    /** The stored draft, audited; undefined when its label was taken meanwhile. */
    async insertRateTable(
      values: typeof rateTables.$inferInsert,
      audit: (row: TRateRow) => TAuditEntry,
    ): Promise<TRateRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(rateTables).values(values).onConflictDoNothing().returning();
        if (!row) return undefined;
        await recordAudit(tx, audit(row));
        return row;
      });
    },

    /** The active versions of a kind (every product and market), the latest effective first. */
    async listActiveRateTables(kind: string): Promise<TRateRow[]> {
      return db
        .select()
        .from(rateTables)
        .where(and(eq(rateTables.kind, kind), eq(rateTables.status, 'active')))
        .orderBy(desc(rateTables.effectiveDate), desc(rateTables.id));
    },

    async activateRateTable(id: number, audit: TAuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        // The database's clock, as a policy's issued_at: the two are compared (decision 098).
        await tx
          .update(rateTables)
          .set({ status: 'active', activatedAt: sql`now()` })
          .where(eq(rateTables.id, id));
        await recordAudit(tx, audit);
      });
    },
  };
}

export type TUnderwritingRepository = ReturnType<typeof createUnderwritingRepository>;
