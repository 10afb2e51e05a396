import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { and, eq, gte, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** The quotes of one market-local day, product and market, and how far they went (the funnel's steps). */
export type TQuoteCounts = {
  country: string;
  productType: string;
  day: string;
  quotes: number;
  toPayment: number;
  paymentAnswered: number;
  issued: number;
};

/** The sales of one market-local day by everything the dashboard groups them by, counted and summed. */
export type TSalesGroup = {
  country: string;
  productType: string;
  day: string;
  currency: string;
  agentCode: string | null;
  campaignId: number | null;
  sales: number;
  premiumCents: number;
};

/**
 * The market-local date (YYYY-MM-DD) of an instant column, in its row's market's zone (Singapore's for
 * an unknown market), as `localDayOf` (market-days.ts) gives it in JavaScript.
 */
function localDay(column: AnyPgColumn): SQL<string> {
  const zones = (Object.keys(MARKETS) as TCountry[]).map(
    (country) => sql`when ${country} then ${MARKETS[country].timeZone}`,
  );
  const zone = sql`case ${policies.country} ${sql.join(zones, sql` `)} else ${MARKETS.SGP.timeZone} end`;
  return sql<string>`to_char((${column} at time zone ${zone})::date, 'YYYY-MM-DD')`;
}

/**
 * The dashboard's reads (issue 18, decision 084; issue 30, decision 143): counted and summed in
 * PostgreSQL by market-local day, so a range of a million policies answers a few hundred rows, never the
 * policies themselves. What counts where is dashboard-service.ts's.
 */
export function createDashboardRepository(db: TDb) {
  const policyFilters = (filter: TDashboardFilter) => {
    const filters: SQL[] = [];
    if (filter.product) filters.push(eq(policies.productType, filter.product));
    if (filter.market) filters.push(eq(policies.country, filter.market));
    return filters;
  };
  const count = (condition?: SQL) =>
    condition ? sql<string>`count(*) filter (where ${condition})` : sql<string>`count(*)`;
  /**
   * A report's statement without PostgreSQL's JIT: its cost estimate at a million policies makes the
   * planner compile it, which took 1.4 s of a 1.5 s statement (decision 143). `set local` ends with the
   * transaction, so a pooled connection (PgBouncer) keeps its settings.
   */
  const withoutJit = <T>(read: (tx: TDb) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(tx as unknown as TDb);
    });
  const paymentExists = (answered: boolean) =>
    sql`exists (select 1 from ${payments} where ${payments.policyId} = ${policies.policyId}${
      answered ? sql` and ${payments.answeredAt} is not null` : sql``
    })`;

  return {
    /**
     * The quotes made between the instants (rated policies, renewals and declined ones aside) by local
     * day, product and market, with how many went to payment, had an answer, and were issued.
     */
    async quoteCounts(filter: TDashboardFilter): Promise<TQuoteCounts[]> {
      const day = localDay(policies.createdAt);
      const rows = await withoutJit((tx) =>
        tx
          .select({
            country: policies.country,
            productType: policies.productType,
            day,
            quotes: count(),
            toPayment: count(paymentExists(false)),
            paymentAnswered: count(paymentExists(true)),
            issued: count(isNotNull(policies.issuedAt)),
          })
          .from(policies)
          .where(
            and(
              gte(policies.createdAt, filter.low),
              lte(policies.createdAt, filter.high),
              ne(policies.status, 'declined'),
              isNull(policies.renewalOf),
              ...policyFilters(filter),
            ),
          )
          // By position: the day's expression carries its zones as parameters, which would not match again.
          .groupBy(sql`1, 2, 3`),
      );
      return rows.map((row) => ({
        ...row,
        quotes: Number(row.quotes),
        toPayment: Number(row.toPayment),
        paymentAnswered: Number(row.paymentAnswered),
        issued: Number(row.issued),
      }));
    },

    /** The policies issued between the instants, grouped by local day and what the dashboard splits by. */
    async salesGroups(filter: TDashboardFilter): Promise<TSalesGroup[]> {
      const day = localDay(policies.issuedAt);
      const rows = await withoutJit((tx) =>
        tx
          .select({
            country: policies.country,
            productType: policies.productType,
            day,
            currency: policies.currency,
            agentCode: policies.agentCode,
            campaignId: policies.campaignId,
            sales: sql<string>`count(*)`,
            premiumCents: sql<string>`coalesce(sum(${policies.premiumCents}), 0)`,
          })
          .from(policies)
          .where(
            and(
              gte(policies.issuedAt, filter.low),
              lte(policies.issuedAt, filter.high),
              ...policyFilters(filter),
            ),
          )
          .groupBy(sql`1, 2, 3, 4, 5, 6`),
      );
      return rows.map((row) => ({
        ...row,
        sales: Number(row.sales),
        premiumCents: Number(row.premiumCents),
      }));
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
