import { and, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { agents, campaigns, funnelCounts, payments, policies } from '../../../db/schema.ts';

/** The dashboard's filter: the instants that hold the range's local days, the days, a product, a market. */
export type TDashboardFilter = {
  low: Date;
  high: Date;
  from: string;
  to: string;
  product?: string | undefined;
  market?: string | undefined;
};

/** The dashboard's reads (issue 18, decision 084): read-only; what counts where is dashboard-service.ts's. */
export function createDashboardRepository(db: TDb) {
  const policyFilters = (filter: TDashboardFilter) => {
    const filters: SQL[] = [];
    if (filter.product) filters.push(eq(policies.productType, filter.product));
    if (filter.market) filters.push(eq(policies.country, filter.market));
    return filters;
  };
  const createdIn = (filter: TDashboardFilter) =>
    and(gte(policies.createdAt, filter.low), lte(policies.createdAt, filter.high))!;

  return {
    /** Policies made or issued between the instants. */
    async listPolicies(filter: TDashboardFilter) {
      const issuedIn = and(gte(policies.issuedAt, filter.low), lte(policies.issuedAt, filter.high))!;
      return db
        .select({
          policyId: policies.policyId,
          productType: policies.productType,
          country: policies.country,
          status: policies.status,
          currency: policies.currency,
          premiumCents: policies.premiumCents,
          agentCode: policies.agentCode,
          campaignId: policies.campaignId,
          renewalOf: policies.renewalOf,
          createdAt: policies.createdAt,
          issuedAt: policies.issuedAt,
        })
        .from(policies)
        .where(and(or(createdIn(filter), issuedIn), ...policyFilters(filter)));
    },

    /** The payments of the policies made between the instants. */
    async listPayments(filter: TDashboardFilter) {
      return db
        .select({ policyId: payments.policyId, answeredAt: payments.answeredAt })
        .from(payments)
        .innerJoin(policies, eq(payments.policyId, policies.policyId))
        .where(and(createdIn(filter), ...policyFilters(filter)));
    },

    async listAgents() {
      return db
        .select({ code: agents.agentCode, name: agents.name, isDefault: agents.isDefault })
        .from(agents);
    },

    async listCampaigns() {
      return db
        .select({ id: campaigns.campaignId, code: campaigns.campaignCode, name: campaigns.campaignName })
        .from(campaigns);
    },

    /** The visit counts of the days (they are per market-local day already, decision 090). */
    async listVisits(filter: TDashboardFilter) {
      const filters: SQL[] = [gte(funnelCounts.day, filter.from), lte(funnelCounts.day, filter.to)];
      if (filter.product) filters.push(eq(funnelCounts.product, filter.product));
      if (filter.market) filters.push(eq(funnelCounts.market, filter.market));
      return db
        .select({ product: funnelCounts.product, step: funnelCounts.step, count: funnelCounts.count })
        .from(funnelCounts)
        .where(and(...filters));
    },
  };
}

export type TDashboardRepository = ReturnType<typeof createDashboardRepository>;
