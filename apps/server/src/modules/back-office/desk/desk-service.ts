import { agentSellsIn, notLicensedMessage } from '@lionrock/domain/back-office/agent-licensing';
import { periodKey } from '@lionrock/domain/back-office/commission-rules';
import { DESK_RANGE_ORDER_MESSAGE } from '@lionrock/domain/back-office/desk-requests';
import type { TQuoteLinkProduct } from '@lionrock/domain/back-office/quote-link-rules';
import { addDays, addMonths, formatIso, parseIso as parseLocalIso } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { maskIdNumber, policyholderName } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { ApiError } from '../../../lib/api-error.ts';
import type { TPolicyRow } from '../../policy/policy-repository.ts';
import type { TActor, TAuditTrail } from '../audit.ts';
import { instantsAround, localDayOf } from '../market-days.ts';
import type { TDeskRepository } from './desk-repository.ts';
import { checkOwnSubAgent, linkCampaignError, linkCampaignRefusal } from './link-campaign.ts';
import { commissionAt, ratePercentToBasisPoints, saleCommission } from './sale-commission.ts';

export const DESK_PAGE_SIZE = 25;

export type TDeskRange = { from?: string | undefined; to?: string | undefined };
export type TDeskGroup = {
  key: string;
  currency: string;
  sales: number;
  premiumCents: number;
  commissionCents: number;
};
type TSale = ReturnType<typeof saleOf>;

function parseIso(value: string) {
  const date = parseLocalIso(value);
  if (!date) throw new ApiError(400, 'This is not a date.', { field: 'from' });
  return date;
}

/**
 * The date range asked for: `from`..`to` inclusive; by default this month and the two before it, to today
 * in the agent's market. The desk opens on this default, so "today" is never the browser's (a browser's
 * UTC day lags Singapore's and Hong Kong's by one from midnight to 08:00 there).
 */
function rangeOf(query: TDeskRange, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? formatIso(addMonths({ ...parseIso(to), day: 1 }, -2));
  if (from > to) throw new ApiError(400, DESK_RANGE_ORDER_MESSAGE, { field: 'from' });
  return { from, to };
}

function saleOf(row: TPolicyRow, names: Map<string, string>) {
  const document = row.document as TPolicy;
  const applicant = policyApplicant(document);
  const idNumber = applicant ? (applicant.clientType === 'C' ? applicant.uen : applicant.hkId) : '';
  const campaignCode = document.campaign?.campaignCode || null;
  const subAgentCode = document.subAgentId?.trim() || null;
  const premiumCents = row.premiumCents ?? 0;
  const commission = saleCommission(row.productType, premiumCents, document);
  return {
    policyId: row.policyId,
    policyNumber: row.policyNumber ?? '',
    product: row.productType,
    country: row.country,
    currency: row.currency,
    customerName: policyholderName(document),
    maskedIdNumber: maskIdNumber(idNumber ?? ''),
    maskedEmail: maskEmail(applicant?.email ?? ''),
    premiumCents,
    totalCents: row.totalCents ?? 0,
    commissionBasisPoints: commission.basisPoints,
    commissionCents: commission.cents,
    subAgentCode,
    subAgentName: subAgentCode ? (names.get(subAgentCode) ?? null) : null,
    campaignCode,
    issuedDate: row.issuedAt ? localDayOf(row.country, row.issuedAt) : '',
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
  };
}

/** Money is summed per currency, never across (issue 28): a group is a key in one currency. */
function groupSales<TFigures extends Pick<TSale, 'currency' | 'premiumCents' | 'commissionCents'>>(
  sales: TFigures[],
  keyOf: (sale: TFigures) => string,
): TDeskGroup[] {
  const groups = new Map<string, TDeskGroup>();
  for (const sale of sales) {
    const key = keyOf(sale);
    const id = `${key}\u0000${sale.currency}`;
    const entry = groups.get(id) ?? {
      key,
      currency: sale.currency,
      sales: 0,
      premiumCents: 0,
      commissionCents: 0,
    };
    entry.sales += 1;
    entry.premiumCents += sale.premiumCents;
    entry.commissionCents += sale.commissionCents;
    groups.set(id, entry);
  }
  return [...groups.values()].sort(
    (a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency),
  );
}

/** How many of the records (when and where each was made) fall on a local day of the range. */
const countInRange = (rows: { country: string; at: Date }[], range: { from: string; to: string }) =>
  rows.filter((row) => {
    const day = localDayOf(row.country, row.at);
    return day >= range.from && day <= range.to;
  }).length;

/**
 * The agents' desk (issue 18, decision 083): an agent's own quotes, sales, commission, renewals and
 * claims, and quote links that carry its code. Each record is counted on its market's local day, by
 * the app's clock; the queries only narrow the search to the instants that can hold those days.
 */
export function createDeskService(deps: {
  repository: TDeskRepository;
  audit: TAuditTrail;
  now: () => Date;
}) {
  const { repository, audit, now } = deps;

  async function subAgentNames(agentCode: string): Promise<Map<string, string>> {
    const rows = await repository.listSubAgents(agentCode);
    return new Map(rows.map((row) => [row.code, row.name]));
  }

  /** The agent and the range asked for, "today" being the agent's market's. */
  async function agentAndRange(agentCode: string, query: TDeskRange) {
    const agent = await repository.findAgent(agentCode);
    const range = rangeOf(query, localDayOf(agent?.country ?? 'SGP', now()));
    return { agent, range };
  }

  const inRange =
    (range: { from: string; to: string }) => (row: { country: string; issuedAt: Date | null }) => {
      const day = localDayOf(row.country, row.issuedAt!);
      return day >= range.from && day <= range.to;
    };

  async function summary(agentCode: string, query: TDeskRange & { period: 'day' | 'month' }) {
    const { agent, range } = await agentAndRange(agentCode, query);
    const between = instantsAround(range);
    const [issued, quoted, saved] = await Promise.all([
      repository.listSaleFigures(agentCode, between),
      repository.listQuoteTimes(agentCode, between),
      repository.listSavedQuoteTimes(agentCode, between),
    ]);
    // Only the figures are added up: the documents are not read whole (issue 30).
    const sales = issued.filter(inRange(range)).map((row) => {
      const premiumCents = row.premiumCents ?? 0;
      return {
        currency: row.currency,
        premiumCents,
        commissionCents: commissionAt(
          row.productType,
          premiumCents,
          ratePercentToBasisPoints(row.commissionRate),
        ).cents,
        issuedDate: localDayOf(row.country, row.issuedAt!),
        subAgentCode: row.subAgentCode,
        campaignCode: row.campaignCode || null,
      };
    });
    const currency = agent ? (MARKETS[agent.country as TCountry]?.currency ?? '') : '';
    // The headline figures are the agent's own market's; a sale in another currency (one made
    // before licensing was enforced) is counted in `totals`, never added to them.
    const inCurrency = sales.filter((sale) => sale.currency === currency);
    return {
      agentCode,
      agentName: agent?.name ?? '',
      registrationNo: agent?.registrationNo ?? '',
      currency,
      from: range.from,
      to: range.to,
      quotes: countInRange(quoted, range),
      savedQuotes: countInRange(saved, range),
      sales: inCurrency.length,
      premiumCents: inCurrency.reduce((sum, sale) => sum + sale.premiumCents, 0),
      commissionCents: inCurrency.reduce((sum, sale) => sum + sale.commissionCents, 0),
      totals: groupSales(sales, (sale) => sale.currency).map(({ key: _key, ...total }) => total),
      byPeriod: groupSales(sales, (sale) => periodKey(sale.issuedDate, query.period)),
      bySubAgent: groupSales(sales, (sale) => sale.subAgentCode ?? ''),
      byCampaign: groupSales(sales, (sale) => sale.campaignCode ?? ''),
    };
  }

  /** A page of the agent's sales issued in the range, newest first: only the page's policies are read whole. */
  async function sales(agentCode: string, query: TDeskRange & { page: number }) {
    const { range } = await agentAndRange(agentCode, query);
    const [names, times] = await Promise.all([
      subAgentNames(agentCode),
      repository.listSaleTimes(agentCode, instantsAround(range)),
    ]);
    const sold = times.filter(inRange(range));
    const page = query.page;
    const ids = sold.slice((page - 1) * DESK_PAGE_SIZE, page * DESK_PAGE_SIZE).map((row) => row.policyId);
    const rows = new Map((await repository.listSalesById(agentCode, ids)).map((row) => [row.policyId, row]));
    const items = ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [saleOf(row, names)] : [];
    });
    return { from: range.from, to: range.to, page, pageSize: DESK_PAGE_SIZE, total: sold.length, items };
  }

  async function sale(agentCode: string, policyId: string) {
    const notFound = new ApiError(404, 'No such sale.', { field: 'policyId' });
    if (!/^[0-9a-f-]{36}$/i.test(policyId)) throw notFound;
    const row = await repository.findSale(agentCode, policyId);
    if (!row) throw notFound;
    return { ...saleOf(row, await subAgentNames(agentCode)), autoRenewal: row.autoRenewal };
  }

  /** The agent's annual policies ending within `within` days of today in its market. */
  async function renewals(agentCode: string, within: number) {
    const agent = await repository.findAgent(agentCode);
    const today = localDayOf(agent?.country ?? 'SGP', now());
    const until = formatIso(addDays(parseIso(today), within));
    const rows = await repository.listAnnualPoliciesEnding(agentCode, today, until);
    return {
      within,
      items: rows.map((row) => ({
        policyId: row.policyId,
        policyNumber: row.policyNumber ?? '',
        product: row.productType,
        customerName: policyholderName(row.document as TPolicy),
        endDate: row.endDate ?? '',
        autoRenewal: row.autoRenewal,
      })),
    };
  }

  /** Status and dates only: nothing of what happened, how much, or to whom (issue 18). */
  async function claims(agentCode: string) {
    const rows = await repository.listClaims(agentCode, 200);
    return {
      items: rows.map((row) => ({
        claimNumber: row.claimNumber ?? '',
        status: row.status,
        product: row.product,
        policyNumber: row.policyNumber ?? '',
        submittedAt: row.submittedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  /** A plain link to the shop's landing that carries the agent's code (and a sub-agent's, a campaign's). */
  async function createLink(
    actor: TActor,
    agentCode: string,
    input: {
      product: TQuoteLinkProduct;
      market: TCountry;
      lang: 'en' | 'zh';
      subAgentCode?: string | undefined;
      campaignCode?: string | undefined;
    },
  ) {
    const { product, market, lang } = input;
    // An agent links to its own market's shop only: the customer could not buy through it elsewhere.
    const licence = await repository.findAgentLicence(agentCode);
    if (!agentSellsIn(licence, market))
      throw new ApiError(400, notLicensedMessage(licence?.country ?? ''), { field: 'market' });
    const subAgentCode = input.subAgentCode || undefined;
    const campaignCode = input.campaignCode || undefined;
    if (subAgentCode) await checkOwnSubAgent(repository, agentCode, subAgentCode);
    if (campaignCode) {
      const refusal = await linkCampaignRefusal(repository, { campaignCode, product, market }, now());
      if (refusal) throw linkCampaignError(refusal);
    }
    // The landing reads these path segments already (landing-path.ts); the link adds nothing it cannot read.
    const segments = [product, 'partner', encodeURIComponent(agentCode)];
    if (subAgentCode) segments.push('sub', encodeURIComponent(subAgentCode));
    if (campaignCode) segments.push('campaign', encodeURIComponent(campaignCode));
    if (lang !== 'en') segments.push('lang', lang);
    const path = `/${segments.join('/')}${market === 'HKG' ? '?country=HKG' : ''}`;
    const link = {
      product,
      market,
      lang,
      subAgentCode: subAgentCode ?? null,
      campaignCode: campaignCode ?? null,
    };
    await audit.record({
      at: now(),
      actor,
      action: 'create',
      entity: 'quote-link',
      entityId: agentCode,
      before: null,
      after: { ...link, path },
    });
    return { ...link, path };
  }

  return { summary, sales, sale, renewals, claims, createLink };
}

export type TDeskService = ReturnType<typeof createDeskService>;
