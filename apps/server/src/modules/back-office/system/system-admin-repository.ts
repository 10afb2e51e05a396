import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { banners, maintenanceNotices, systemFlags } from '../../../db/schema.ts';
import { recordAudit, type TActor } from '../audit.ts';

export type TFlagsChange = Partial<
  Pick<
    typeof systemFlags.$inferInsert,
    'systemAvailable' | 'privateMode' | 'paynowAvailable' | 'seniorLoadingAvailable'
  >
>;
export type TSettingsTable = 'notice' | 'banner';
type TRecord = Record<string, unknown> & { id: number; startsAt: Date | null; endsAt: Date | null };

const TABLES = { notice: maintenanceNotices, banner: banners } as const;
/** The audit trail's entity names. */
const ENTITY = { notice: 'maintenance_notice', banner: 'banner' } as const;

/** A record as the audit trail keeps it: without its timestamps. */
const plain = (row: object | undefined) => {
  if (!row) return null;
  const { createdAt: _c, updatedAt: _u, ...rest } = row as Record<string, unknown>;
  return rest;
};

/**
 * The system settings' SQL for the back office (issue 18, decision 082): each change and its audit row
 * in one transaction. The tables' triggers announce the change to every server's cache.
 */
export function createSystemAdminRepository(db: TDb) {
  return {
    async overview() {
      const [flags, notices, bannerRows] = await Promise.all([
        db.select().from(systemFlags).orderBy(asc(systemFlags.country)),
        db
          .select()
          .from(maintenanceNotices)
          .orderBy(asc(maintenanceNotices.country), asc(maintenanceNotices.id)),
        db
          .select()
          .from(banners)
          .orderBy(asc(banners.country), asc(banners.product), asc(banners.sortOrder), asc(banners.id)),
      ]);
      return { flags, notices, banners: bannerRows };
    },

    /** The market's flags after the change; undefined when the market has no row. */
    async updateFlags(country: string, changes: TFlagsChange, actor: TActor) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(systemFlags)
          .where(eq(systemFlags.country, country))
          .for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(systemFlags)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(systemFlags.country, country))
          .returning();
        await recordAudit(tx, {
          at: new Date(),
          actor,
          action: 'update',
          entity: 'system_flags',
          entityId: country,
          before: plain(before),
          after: plain(after),
        });
        return after;
      });
    },

    async create(kind: TSettingsTable, values: Record<string, unknown>, actor: TActor) {
      const table = TABLES[kind] as typeof banners;
      return db.transaction(async (tx) => {
        // A new banner goes last in its market and product's list (the shop shows them in this order).
        const place =
          kind === 'banner'
            ? {
                sortOrder: sql`(select coalesce(max(${banners.sortOrder}), 0) + 1 from ${banners}
                  where ${banners.country} = ${values.country} and ${banners.product} = ${values.product})`,
              }
            : {};
        const [row] = await tx
          .insert(table)
          .values({ ...(values as typeof banners.$inferInsert), ...place })
          .returning();
        await recordAudit(tx, {
          at: new Date(),
          actor,
          action: 'create',
          entity: ENTITY[kind],
          entityId: String(row!.id),
          before: null,
          after: plain(row),
        });
        return row!;
      });
    },

    /**
     * Changes a record; `check` sees it before and the changes, and may throw to refuse (a schedule
     * that would end before it starts). Undefined when there is no such record.
     */
    async update(
      kind: TSettingsTable,
      id: number,
      changes: Record<string, unknown>,
      actor: TActor,
      check: (before: TRecord) => void,
    ) {
      const table = TABLES[kind] as typeof banners;
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
        if (!before) return undefined;
        check(before as unknown as TRecord);
        const [after] = await tx
          .update(table)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(table.id, id))
          .returning();
        await recordAudit(tx, {
          at: new Date(),
          actor,
          action: 'update',
          entity: ENTITY[kind],
          entityId: String(id),
          before: plain(before),
          after: plain(after),
        });
        return after;
      });
    },

    /** Whether there was such a record to delete. */
    async remove(kind: TSettingsTable, id: number, actor: TActor): Promise<boolean> {
      const table = TABLES[kind] as typeof banners;
      return db.transaction(async (tx) => {
        const [before] = await tx.delete(table).where(eq(table.id, id)).returning();
        if (!before) return false;
        await recordAudit(tx, {
          at: new Date(),
          actor,
          action: 'delete',
          entity: ENTITY[kind],
          entityId: String(id),
          before: plain(before),
          after: null,
        });
        return true;
      });
    },

    /** Numbers the banners 1..n in the order of `ids`; false when one of them does not exist. */
    async reorderBanners(ids: number[], actor: TActor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(banners).where(inArray(banners.id, ids)).for('update');
        if (rows.length !== ids.length || new Set(ids).size !== ids.length) return false;
        for (const [index, id] of ids.entries())
          await tx
            .update(banners)
            .set({ sortOrder: index + 1, updatedAt: sql`now()` })
            .where(eq(banners.id, id));
        await recordAudit(tx, {
          at: new Date(),
          actor,
          action: 'reorder',
          entity: 'banner',
          entityId: ids.join(','),
          before: { sortOrder: Object.fromEntries(rows.map((row) => [row.id, row.sortOrder])) },
          after: { sortOrder: Object.fromEntries(ids.map((id, index) => [id, index + 1])) },
        });
        return true;
      });
    },
  };
}

export type TSystemAdminRepository = ReturnType<typeof createSystemAdminRepository>;
