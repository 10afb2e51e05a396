import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  banners,
  campaigns,
  clientLogs,
  maintenanceNotices,
  promoCodes,
  systemFlags,
} from '../../db/schema.ts';

export type TSystemFlags = typeof systemFlags.$inferSelect;
export type TBannerRow = typeof banners.$inferSelect;
/** A banner with the campaign it names, if the shop has it, and the state of its code there (decision 130). */
export type TBannerWithCampaign = TBannerRow & {
  campaign: {
    status: string;
    productCode: string;
    country: string;
    startDate: string;
    endDate: string;
    promoCodeRequired: boolean;
    promoCodeReusability: string;
  } | null;
  promo: { status: string; reservedUntil: Date | null } | null;
};
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

    listActiveBanners: async (): Promise<TBannerWithCampaign[]> => {
      const rows = await db
        .select({
          banner: banners,
          campaign: {
            status: campaigns.status,
            productCode: campaigns.productCode,
            country: campaigns.country,
            startDate: campaigns.startDate,
            endDate: campaigns.endDate,
            promoCodeRequired: campaigns.promoCodeRequired,
            promoCodeReusability: campaigns.promoCodeReusability,
          },
          promo: { status: promoCodes.status, reservedUntil: promoCodes.reservedUntil },
        })
        .from(banners)
        // A campaign is one per code, product and market; codes are matched as pricing does, in any case.
        .leftJoin(
          campaigns,
          and(
            sql`upper(${campaigns.campaignCode}) = upper(${banners.campaignCode})`,
            eq(campaigns.productCode, banners.product),
            eq(campaigns.country, banners.country),
          ),
        )
        .leftJoin(
          promoCodes,
          and(
            eq(promoCodes.campaignId, campaigns.campaignId),
            sql`upper(${promoCodes.code}) = upper(${banners.promoCode})`,
          ),
        )
        .where(eq(banners.active, true))
        .orderBy(asc(banners.sortOrder), asc(banners.id));
      return rows.map((row) => ({ ...row.banner, campaign: row.campaign, promo: row.promo }));
    },

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
