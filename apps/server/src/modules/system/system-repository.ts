import { asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { banners, clientLogs, maintenanceNotices, systemFlags } from '../../db/schema.ts';

export type TSystemFlags = typeof systemFlags.$inferSelect;
export type TBannerRow = typeof banners.$inferSelect;
export type TNoticeRow = typeof maintenanceNotices.$inferSelect;

/** Reads of system flags, banners and notices, and writes of client logs. No business rules here. */
export function createSystemRepository(db: TDb) {
  return {
    // Drizzle's builders are lazy thenables that run again on every await: return real promises.
    listFlags: async (): Promise<TSystemFlags[]> => db.select().from(systemFlags),

    async updateFlags(country: string, changes: Partial<Omit<TSystemFlags, 'country' | 'updatedAt'>>) {
      await db
        .update(systemFlags)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(systemFlags.country, country));
    },

    listActiveBanners: async (): Promise<TBannerRow[]> =>
      db
        .select()
        .from(banners)
        .where(eq(banners.active, true))
        .orderBy(asc(banners.sortOrder), asc(banners.id)),

    listActiveNotices: async (): Promise<TNoticeRow[]> =>
      db
        .select()
        .from(maintenanceNotices)
        .where(eq(maintenanceNotices.active, true))
        .orderBy(asc(maintenanceNotices.id)),

    async setNoticeActive(code: string, active: boolean) {
      await db
        .update(maintenanceNotices)
        .set({ active, updatedAt: sql`now()` })
        .where(eq(maintenanceNotices.code, code));
    },

    async insertClientLog(entry: { sessionName: string | undefined; level: string; data: string }) {
      await db
        .insert(clientLogs)
        .values({ sessionName: entry.sessionName ?? null, level: entry.level, data: entry.data });
    },
  };
}

export type TSystemRepository = ReturnType<typeof createSystemRepository>;
