import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { campaigns, policies, promoCodes } from '../../../db/schema.ts';
import { auditOf, recordAudit, type TAuditEntry } from '../audit.ts';

export type TCampaignRow = typeof campaigns.$inferSelect;
export type TCampaignValues = typeof campaigns.$inferInsert;
export type TCampaignImage = Pick<
  TCampaignRow,
  'imageData' | 'imageContentType' | 'imageFileName' | 'updatedBy' | 'updatedAt'
>;
export type TPromoCodeRow = typeof promoCodes.$inferSelect;

/**
 * Marketing's campaigns and promo codes in SQL (issue 18): each change and its audit row in one
 * transaction; the audit entry is the service's, made from the rows written. No rules here.
 */
export function createMarketingRepository(db: TDb) {
  return {
    async listCampaigns(filter: { country?: string | undefined; product?: string | undefined }) {
      return db
        .select()
        .from(campaigns)
        .where(
          and(
            filter.country ? eq(campaigns.country, filter.country) : undefined,
            filter.product ? eq(campaigns.productCode, filter.product) : undefined,
          ),
        )
        .orderBy(asc(campaigns.country), asc(campaigns.productCode), asc(campaigns.campaignCode));
    },

    async findCampaign(campaignId: number): Promise<TCampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.campaignId, campaignId));
      return row;
    },

    /** The number of codes per campaign and status: of one campaign, or of all. */
    async countCodes(campaignId?: number) {
      return db
        .select({
          campaignId: promoCodes.campaignId,
          status: promoCodes.status,
          count: sql<number>`count(*)::int`,
        })
        .from(promoCodes)
        .where(campaignId === undefined ? undefined : eq(promoCodes.campaignId, campaignId))
        .groupBy(promoCodes.campaignId, promoCodes.status);
    },

    /** Issued policies (those with a number) of the campaign's market and product that carry its code. */
    async countPoliciesSold(campaign: Pick<TCampaignRow, 'country' | 'productCode' | 'campaignCode'>) {
      const [sold] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(policies)
        .where(
          and(
            sql`${policies.policyNumber} is not null`,
            eq(policies.country, campaign.country),
            eq(policies.productType, campaign.productCode),
            sql`upper(${policies.document}->'campaign'->>'campaignCode') = upper(${campaign.campaignCode})`,
          ),
        );
      return sold?.count ?? 0;
    },

    async auditTrail(campaignId: number) {
      return auditOf(db, 'campaign', String(campaignId));
    },

    async recordAudit(entry: TAuditEntry) {
      await recordAudit(db, entry);
    },

    /** The new campaign, audited; undefined when its market and product already have its code. */
    async insertCampaign(
      values: TCampaignValues,
      audit: (row: TCampaignRow) => TAuditEntry,
    ): Promise<TCampaignRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(campaigns).values(values).onConflictDoNothing().returning();
        if (!row) return undefined;
        await recordAudit(tx, audit(row));
        return row;
      });
    },

    /** The campaign after the change, audited with the row as it was (locked meanwhile); undefined when none. */
    async updateCampaign(
      campaignId: number,
      values: Partial<TCampaignValues>,
      audit: (before: TCampaignRow, after: TCampaignRow) => TAuditEntry,
    ): Promise<TCampaignRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(campaigns)
          .where(eq(campaigns.campaignId, campaignId))
          .for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(campaigns)
          .set(values)
          .where(eq(campaigns.campaignId, before.campaignId))
          .returning();
        await recordAudit(tx, audit(before, after!));
        return after!;
      });
    },

    /** Stores the campaign's image, audited with the image it had; false when there is no such campaign. */
    async updateCampaignImage(
      campaignId: number,
      image: TCampaignImage,
      audit: (before: Pick<TCampaignRow, 'imageContentType' | 'imageFileName'>) => TAuditEntry,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            campaignId: campaigns.campaignId,
            imageContentType: campaigns.imageContentType,
            imageFileName: campaigns.imageFileName,
          })
          .from(campaigns)
          .where(eq(campaigns.campaignId, campaignId))
          .for('update');
        if (!before) return false;
        await tx.update(campaigns).set(image).where(eq(campaigns.campaignId, before.campaignId));
        await recordAudit(tx, audit(before));
        return true;
      });
    },

    /**
     * Adds the codes the campaign does not have yet, 500 a statement, and returns how many were added.
     * The audit row of that number is written in the same transaction; none when `audit` gives none.
     */
    async insertPromoCodes(
      campaignId: number,
      codes: string[],
      audit: (added: number) => TAuditEntry | undefined,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        let added = 0;
        for (let start = 0; start < codes.length; start += 500) {
          const inserted = await tx
            .insert(promoCodes)
            .values(codes.slice(start, start + 500).map((code) => ({ campaignId, code })))
            .onConflictDoNothing()
            .returning({ id: promoCodes.id });
          added += inserted.length;
        }
        const entry = audit(added);
        if (entry) await recordAudit(tx, entry);
        return added;
      });
    },

    async listPromoCodes(campaignId: number): Promise<TPromoCodeRow[]> {
      return db
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.campaignId, campaignId))
        .orderBy(asc(promoCodes.id));
    },
  };
}

export type TMarketingRepository = ReturnType<typeof createMarketingRepository>;
