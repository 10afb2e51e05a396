import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  agentCampaigns,
  campaigns,
  policies,
  policyEvents,
  promoCodes,
  rateTables,
  underwritingBlacklist,
} from '../../db/schema.ts';
import { hasSettlingPayment, voidOpenAttempts } from './open-attempts-repository.ts';

export type TPolicyRow = typeof policies.$inferSelect;
export type TPolicyStatus = 'quoted' | 'pending' | 'issued' | 'declined' | 'expired';
export type TCampaignRow = typeof campaigns.$inferSelect;
export type TAgentCampaignRow = typeof agentCampaigns.$inferSelect;

/** The indexed columns kept beside the policy document. */
export type TPolicyColumns = Omit<
  typeof policies.$inferInsert,
  'policyId' | 'sessionName' | 'status' | 'document' | 'createdAt' | 'updatedAt'
>;

/** Reads of what rating needs (cached by the service) and writes of quoted policies with their events. */
export function createPolicyRepository(db: TDb) {
  const byId = db
    .select()
    .from(policies)
    .where(eq(policies.policyId, sql.placeholder('id')))
    .prepare('policy_by_id');
  const promo = db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.campaignId, sql.placeholder('campaignId')),
        sql`upper(${promoCodes.code}) = upper(${sql.placeholder('code')})`,
      ),
    )
    .prepare('pricing_promo_code');
  const promoOwners = db
    .select({ campaignId: promoCodes.campaignId })
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = upper(${sql.placeholder('code')})`)
    .prepare('pricing_promo_owners');

  return {
    listRateTables: async () =>
      db
        .select()
        .from(rateTables)
        .where(and(eq(rateTables.kind, 'rates'), eq(rateTables.status, 'active')))
        .orderBy(desc(rateTables.effectiveDate), desc(rateTables.id)),

    listBlacklistedIds: async (): Promise<string[]> =>
      (await db.select({ idNumber: underwritingBlacklist.idNumber }).from(underwritingBlacklist)).map(
        (row) => row.idNumber,
      ),

    listCampaigns: async (): Promise<TCampaignRow[]> =>
      db.select().from(campaigns).orderBy(asc(campaigns.campaignId)),

    listAgentCampaigns: async (): Promise<TAgentCampaignRow[]> =>
      db.select().from(agentCampaigns).where(eq(agentCampaigns.active, true)).orderBy(asc(agentCampaigns.id)),

    async findPromoCode(campaignId: number, code: string) {
      const [row] = await promo.execute({ campaignId, code });
      return row;
    },

    /** The campaigns that hold a promo code (decision 038: the code finds its campaign). */
    async findPromoCampaignIds(code: string): Promise<number[]> {
      return (await promoOwners.execute({ code })).map((row) => row.campaignId);
    },

    async findPolicy(policyId: string): Promise<TPolicyRow | undefined> {
      const [row] = await byId.execute({ id: policyId });
      return row;
    },

    /**
     * Stores a new policy, or the new state of an existing one, and records the change of state, in
     * one transaction. An update only applies while the policy is still in `expectedStatus` (a
     * concurrent payment cannot be overwritten by a late re-quote); it answers false otherwise.
     * `reopen` changes a pending or expired policy again: refused ('settling') once money was taken
     * or is under the bank's review, otherwise its unanswered payments are voided in the same step.
     */
    async savePolicy(entry: {
      policyId: string;
      isNew: boolean;
      expectedStatus?: TPolicyStatus;
      sessionName: string;
      status: TPolicyStatus;
      columns: TPolicyColumns;
      document: unknown;
      event: { fromStatus: TPolicyStatus | null; detail: Record<string, unknown> };
      reopen?: boolean;
    }): Promise<boolean | 'settling'> {
      return db.transaction(async (tx) => {
        let detail = entry.event.detail;
        if (entry.reopen) {
          await tx
            .select({ policyId: policies.policyId })
            .from(policies)
            .where(eq(policies.policyId, entry.policyId))
            .for('update');
          if (await hasSettlingPayment(tx, entry.policyId)) return 'settling';
          const voided = await voidOpenAttempts(tx, entry.policyId);
          detail = { ...detail, voided: voided.length };
        }
        if (entry.isNew) {
          await tx.insert(policies).values({
            policyId: entry.policyId,
            sessionName: entry.sessionName,
            status: entry.status,
            document: entry.document,
            ...entry.columns,
          });
        } else {
          const updated = await tx
            .update(policies)
            .set({ status: entry.status, document: entry.document, ...entry.columns, updatedAt: sql`now()` })
            .where(
              and(
                eq(policies.policyId, entry.policyId),
                eq(policies.status, entry.expectedStatus ?? entry.status),
              ),
            )
            .returning({ policyId: policies.policyId });
          if (updated.length === 0) return false;
        }
        await tx.insert(policyEvents).values({
          policyId: entry.policyId,
          fromStatus: entry.event.fromStatus,
          toStatus: entry.status,
          detail,
        });
        return true;
      });
    },

    listEvents: async (policyId: string) =>
      db.select().from(policyEvents).where(eq(policyEvents.policyId, policyId)).orderBy(asc(policyEvents.id)),
  };
}

export type TPolicyRepository = ReturnType<typeof createPolicyRepository>;
