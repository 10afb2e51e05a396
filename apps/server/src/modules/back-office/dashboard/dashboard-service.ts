import {
  channelOf,
  DASHBOARD_DEFAULT_RANGE_DAYS,
  DASHBOARD_MARKETS,
  DASHBOARD_MAX_RANGE_DAYS,
  DASHBOARD_PRODUCTS,
  FUNNEL_STEPS,
  type TDashboardMarket,
  type TDashboardProduct,
  type TFunnelStep,
  VISIT_STEPS,
} from '@lionrock/domain/back-office/dashboard-rules';
import { addDays, daysBetween, formatIso, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { ApiError } from '../../../lib/api-error.ts';
import { instantsAround } from '../market-days.ts';
import type { TDashboardRepository } from './dashboard-repository.ts';

export type TDashboardQuery = {
  from?: string | undefined;
  to?: string | undefined;
  product?: TDashboardProduct | undefined;
  market?: TDashboardMarket | undefined;
};

/** Amounts in cents per currency: SGD and HKD are never added together. */
export type TMoney = Record<string, number>;
export type TGroup = { key: string; label: string; sales: number; premiumCents: TMoney };
export type TDay = { date: string; quotes: number; sales: number; premiumCents: TMoney };
export type TFunnel = { product: string; label: string; steps: { step: TFunnelStep; count: number }[] };

export type TDashboard = {
  from: string;
  to: string;
  product: string | null;
  market: string | null;
  currencies: string[];
  totals: { quotes: number; sales: number; premiumCents: TMoney };
  days: TDay[];
  funnel: TFunnel[];
  byProduct: TGroup[];
  byMarket: TGroup[];
  byChannel: TGroup[];
  byAgent: TGroup[];
  byCampaign: TGroup[];
};

function dateOf(value: string, field: 'from' | 'to') {
  const date = parseIso(value);
  if (!date) throw new ApiError(400, 'This is not a date.', { field });
  return date;
}

/** The range asked for, `from`..`to` inclusive; by default the 30 days to today in the market asked for. */
export function dashboardRange(query: TDashboardQuery, now: Date): { from: string; to: string } {
  const zone = MARKETS[(query.market ?? 'SGP') as TCountry].timeZone;
  const to = query.to ?? formatIso(todayIn(zone, now));
  const from = query.from ?? formatIso(addDays(dateOf(to, 'to'), -(DASHBOARD_DEFAULT_RANGE_DAYS - 1)));
  const days = daysBetween(dateOf(from, 'from'), dateOf(to, 'to')) + 1;
  if (days < 1) throw new ApiError(400, 'The range starts after it ends.', { field: 'from' });
  if (days > DASHBOARD_MAX_RANGE_DAYS)
    throw new ApiError(400, `A range covers at most ${DASHBOARD_MAX_RANGE_DAYS} days.`, { field: 'from' });
  return { from, to };
}

function addMoney(money: TMoney, currency: string, cents: number): void {
  money[currency] = (money[currency] ?? 0) + cents;
}

/**
 * The dashboard's figures (issue 18, decision 084): quotes (stored rated policies, renewals and
 * declined ones aside) and sales (issued policies, by issue date) per market-local day, the funnel of
 * the range's quotes per product, and sales by product, market, channel, agent and campaign.
 */
async function dashboardFigures(
  repository: TDashboardRepository,
  query: TDashboardQuery,
  now: Date,
): Promise<TDashboard> {
  const { from, to } = dashboardRange(query, now);
  // A day on either side in UTC covers every market's local day; rows are then kept by local date.
  const filter = { ...instantsAround({ from, to }), from, to, product: query.product, market: query.market };
  const [quoted, sold, agentRows, campaignRows, visits] = await Promise.all([
    repository.quoteCounts(filter),
    repository.salesGroups(filter),
    repository.listAgents(),
    repository.listCampaigns(),
    repository.listVisits(filter),
  ]);

  const inRange = (day: string) => day >= from && day <= to;
  const defaultAgents = new Set(agentRows.filter((agent) => agent.isDefault).map((agent) => agent.code));
  const agentNames = new Map(agentRows.map((agent) => [agent.code, agent.name]));
  const campaignNames = new Map(campaignRows.map((campaign) => [campaign.id, campaign]));

  const count = daysBetween(dateOf(from, 'from'), dateOf(to, 'to')) + 1;
  const days: TDay[] = Array.from({ length: count }, (_, index) => ({
    date: formatIso(addDays(dateOf(from, 'from'), index)),
    quotes: 0,
    sales: 0,
    premiumCents: {},
  }));
  const dayIndex = new Map(days.map((day, index) => [day.date, index]));
  const totals = { quotes: 0, sales: 0, premiumCents: {} as TMoney };
  const currencies = new Set<string>();
  const funnels = new Map<string, Record<TFunnelStep, number>>();
  const funnelOf = (product: string) => {
    const found = funnels.get(product);
    if (found) return found;
    const steps = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<TFunnelStep, number>;
    funnels.set(product, steps);
    return steps;
  };
  for (const visit of visits)
    if ((VISIT_STEPS as readonly string[]).includes(visit.step))
      funnelOf(visit.product)[visit.step as TFunnelStep] += Number(visit.count);
  const groups = {
    byProduct: new Map<string, TGroup>(),
    byMarket: new Map<string, TGroup>(),
    byChannel: new Map<string, TGroup>(),
    byAgent: new Map<string, TGroup>(),
    byCampaign: new Map<string, TGroup>(),
  };
  const addTo = (
    map: Map<string, TGroup>,
    key: string,
    label: string,
    currency: string,
    sales: number,
    cents: number,
  ) => {
    const group = map.get(key) ?? { key, label, sales: 0, premiumCents: {} };
    group.sales += sales;
    addMoney(group.premiumCents, currency, cents);
    map.set(key, group);
  };

  // The quotes of the range's days, per local day as the database counted them.
  for (const row of quoted) {
    if (!inRange(row.day)) continue;
    totals.quotes += row.quotes;
    days[dayIndex.get(row.day)!]!.quotes += row.quotes;
    const funnel = funnelOf(row.productType);
    funnel.quoted += row.quotes;
    funnel.toPayment += row.toPayment;
    funnel.paymentAnswered += row.paymentAnswered;
    funnel.issued += row.issued;
  }

  // The sales of the range's days (by issue date), each group of the database's counted and summed once.
  for (const row of sold) {
    if (!inRange(row.day)) continue;
    const { sales, premiumCents: cents, currency } = row;
    currencies.add(currency);
    totals.sales += sales;
    addMoney(totals.premiumCents, currency, cents);
    const day = days[dayIndex.get(row.day)!]!;
    day.sales += sales;
    addMoney(day.premiumCents, currency, cents);
    const product = row.productType;
    addTo(
      groups.byProduct,
      product,
      DASHBOARD_PRODUCTS[product as TDashboardProduct] ?? product,
      currency,
      sales,
      cents,
    );
    addTo(
      groups.byMarket,
      row.country,
      DASHBOARD_MARKETS[row.country as TDashboardMarket] ?? row.country,
      currency,
      sales,
      cents,
    );
    const channel = channelOf(row.agentCode, defaultAgents);
    addTo(groups.byChannel, channel, channel === 'agent' ? 'Agent' : 'Direct', currency, sales, cents);
    if (channel === 'agent') {
      const code = row.agentCode!.trim();
      addTo(groups.byAgent, code, `${code} ${agentNames.get(code) ?? ''}`.trim(), currency, sales, cents);
    }
    const campaign = row.campaignId === null ? undefined : campaignNames.get(row.campaignId);
    if (campaign)
      addTo(groups.byCampaign, campaign.code, `${campaign.code} ${campaign.name}`, currency, sales, cents);
    else addTo(groups.byCampaign, '', 'No campaign', currency, sales, cents);
  }

  const sorted = (map: Map<string, TGroup>) =>
    [...map.values()].sort((a, b) => b.sales - a.sales || a.key.localeCompare(b.key));
  const funnel: TFunnel[] = [...funnels.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([product, steps]) => ({
      product,
      label: DASHBOARD_PRODUCTS[product as TDashboardProduct] ?? product,
      steps: FUNNEL_STEPS.map((step) => ({ step, count: steps[step] })),
    }));
  return {
    from,
    to,
    product: query.product ?? null,
    market: query.market ?? null,
    currencies: [...currencies].sort(),
    totals,
    days,
    funnel,
    byProduct: sorted(groups.byProduct),
    byMarket: sorted(groups.byMarket),
    byChannel: sorted(groups.byChannel),
    byAgent: sorted(groups.byAgent),
    byCampaign: sorted(groups.byCampaign),
  };
}

/** The managers' dashboard: figures of a range, by the app's clock. */
export function createDashboardService(deps: { repository: TDashboardRepository; now: () => Date }) {
  return {
    figures: (query: TDashboardQuery) => dashboardFigures(deps.repository, query, deps.now()),
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
