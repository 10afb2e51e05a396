import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { campaigns, promoCodes } from '../../db/schema.ts';

export type TCampaignRow = typeof campaigns.$inferSelect;

/**
 * Campaign and promo-code reads. Codes are matched case-insensitively. The statements are prepared
 * once: getCampaign is on every landing, and building SQL per request cost more than running it.
 */
export function createCampaignRepository(db: TDb) {
  const byCode = db
    .select()
    .from(campaigns)
    .where(
      and(
        sql`upper(${campaigns.campaignCode}) = upper(${sql.placeholder('code')})`,
        eq(campaigns.productCode, sql.placeholder('product')),
        eq(campaigns.country, sql.placeholder('country')),
      ),
    )
    .prepare('campaign_by_code');
  const byId = db
    .select()
    .from(campaigns)
    .where(eq(campaigns.campaignId, sql.placeholder('id')))
    .prepare('campaign_by_id');
  const promo = db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.campaignId, sql.placeholder('campaignId')),
        sql`upper(${promoCodes.code}) = upper(${sql.placeholder('code')})`,
      ),
    )
    .prepare('promo_code_by_code');
  const owners = db
    .select({ campaign: campaigns })
    .from(promoCodes)
    .innerJoin(campaigns, eq(campaigns.campaignId, promoCodes.campaignId))
    .where(
      and(
        sql`upper(${promoCodes.code}) = upper(${sql.placeholder('code')})`,
        eq(campaigns.productCode, sql.placeholder('product')),
        eq(campaigns.country, sql.placeholder('country')),
      ),
    )
    .orderBy(campaigns.campaignId)
    .prepare('campaigns_of_promo_code');

  return {
    async findByCode(
      campaignCode: string,
      productCode: string,
      country: string,
    ): Promise<TCampaignRow | undefined> {
      const [row] = await byCode.execute({ code: campaignCode, product: productCode, country });
      return row;
    },

    async findById(campaignId: number): Promise<TCampaignRow | undefined> {
      const [row] = await byId.execute({ id: campaignId });
      return row;
    },

    /** The campaigns of a market and product that hold a promo code (decision 038). */
    async findCampaignsOfPromo(code: string, productCode: string, country: string): Promise<TCampaignRow[]> {
      return (await owners.execute({ code, product: productCode, country })).map((row) => row.campaign);
    },

    async findPromoCode(campaignId: number, code: string) {
      const [row] = await promo.execute({ campaignId, code });
      return row;
    },
  };
}

export type TCampaignRepository = ReturnType<typeof createCampaignRepository>;
