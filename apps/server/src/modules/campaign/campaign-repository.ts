import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { campaigns, promoCodes } from '../../db/schema.ts';

export type TCampaignRow = typeof campaigns.$inferSelect;

/** What decides whether a promo code can be used now (isPromoUsable). */
export type TPromoState = { status: string; reservedUntil: Date | null };

/**
 * Campaign and promo-code reads. Codes are matched case-insensitively. The statements are prepared
 * once: getCampaign is on every landing, and building SQL per request cost more than running it.
 */
export function createCampaignRepository(db: TDb) {
  const byId = db
    .select()
    .from(campaigns)
    .where(eq(campaigns.campaignId, sql.placeholder('id')))
    .prepare('campaign_by_id');
  // The owners come with the code's own row, so getCampaign answers in one round trip (decision 092).
  const owners = db
    .select({
      campaign: campaigns,
      promo: { status: promoCodes.status, reservedUntil: promoCodes.reservedUntil },
    })
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
    /** Every campaign, for the cache getCampaign reads (dropped when the table changes, decision 092). */
    async listCampaigns(): Promise<TCampaignRow[]> {
      return db.select().from(campaigns).orderBy(asc(campaigns.campaignId));
    },

    async findById(campaignId: number): Promise<TCampaignRow | undefined> {
      const [row] = await byId.execute({ id: campaignId });
      return row;
    },

    /**
     * The campaigns of a market and product that hold a promo code (decision 038), each with the
     * state of its code, read now. getCampaign keeps the answer only when every owner's codes are
     * reusable, whose state decides nothing (decision 097): payments use and hold single-use codes.
     */
    async findCampaignsOfPromo(
      code: string,
      productCode: string,
      country: string,
    ): Promise<{ campaign: TCampaignRow; promo: TPromoState }[]> {
      return owners.execute({ code, product: productCode, country });
    },
  };
}

export type TCampaignRepository = ReturnType<typeof createCampaignRepository>;
