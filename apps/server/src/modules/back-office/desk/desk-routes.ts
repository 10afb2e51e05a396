import { agentSellsIn, notLicensedMessage } from '@lionrock/domain/back-office/agent-licensing';
import {
  commissionBasisPoints,
  commissionCents,
  periodKey,
} from '@lionrock/domain/back-office/commission-rules';
import {
  addDays,
  addMonths,
  formatIso,
  parseIso as parseLocalIso,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { agents, claims, policies, savedQuotes, subAgents } from '../../../db/schema.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { chosenPremium, maskIdNumber, policyholderName } from '../../issuance/policy-schedule.ts';
import { recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { createDeskRepository } from './desk-repository.ts';
import { linkCampaignError, linkCampaignRefusal } from './link-campaign.ts';

const DESK = `${STAFF_API_PREFIX}/desk`;
const PAGE_SIZE = 25;
const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

type TPolicyRow = typeof policies.$inferSelect;

/** The agent code of the signed-in agent; an agent account without one sees nothing (404 on records). */
function agentCodeOf(request: FastifyRequest): string {
  const code = request.account?.agentCode?.trim();
  if (!code) throw new ApiError(403, 'This account is not bound to an agent code.', { field: 'agentCode' });
  return code;
}

/** The commission rate the rating priced the chosen plan with (an agent campaign's), in basis points. */
function pricedRate(document: TPolicy): number | null {
  try {
    const rate = chosenPremium(document).commissionRate;
    return typeof rate === 'number' && rate > 0 ? Math.round(rate * 100) : null;
  } catch {
    return null;
  }
}

function marketToday(country: string, now: Date): string {
  const market = MARKETS[country as TCountry] ?? MARKETS.SGP;
  return formatIso(todayIn(market.timeZone, now));
}

/** The market-local date of an instant. */
function localDate(country: string, at: Date): string {
  return marketToday(country, at);
}

/**
 * The date range asked for: `from`..`to` inclusive; by default this month and the two before it, to today
 * in the agent's market. The desk opens on this default, so "today" is never the browser's (a browser's
 * UTC day lags Singapore's and Hong Kong's by one from midnight to 08:00 there).
 */
function rangeOf(query: { from?: string | undefined; to?: string | undefined }, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? formatIso(addMonths({ ...parseIso(to), day: 1 }, -2));
  if (from > to) throw new ApiError(400, 'The range starts after it ends.', { field: 'from' });
  return { from, to };
}

function parseIso(value: string) {
  const date = parseLocalIso(value);
  if (!date) throw new ApiError(400, 'This is not a date.', { field: 'from' });
  return date;
}

/**
 * The agents' desk (issue 18, decision 083): an agent's own quotes, sales, commission, renewals and
 * claims, and quote links that carry its code. Every read is scoped by the account's agent code in
 * the query itself: another agent's record answers 404, as one that does not exist.
 */
export async function backOfficeDeskRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb; now: () => Date },
): Promise<void> {
  const { access, db, now } = options;
  const repository = createDeskRepository(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const desk = { preHandler: access.requireAccount('desk.read') };

  async function agentOf(agentCode: string) {
    const [agent] = await db.select().from(agents).where(eq(agents.agentCode, agentCode));
    return agent;
  }

  async function subAgentNames(agentCode: string): Promise<Map<string, string>> {
    const rows = await db
      .select({ code: subAgents.subAgentCode, name: subAgents.name })
      .from(subAgents)
      .where(eq(subAgents.agentCode, agentCode));
    return new Map(rows.map((row) => [row.code, row.name]));
  }

  function saleOf(row: TPolicyRow, names: Map<string, string>) {
    const document = row.document as TPolicy;
    const applicant = policyApplicant(document);
    const idNumber = applicant ? (applicant.clientType === 'C' ? applicant.uen : applicant.hkId) : '';
    const campaignCode = document.campaign?.campaignCode || null;
    const subAgentCode = document.subAgentId?.trim() || null;
    // The wire's commissionRate is a percentage (policy-schema.ts): back to basis points.
    const priced = pricedRate(document);
    const basisPoints = commissionBasisPoints(row.productType, priced);
    const premiumCents = row.premiumCents ?? 0;
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
      commissionBasisPoints: basisPoints,
      commissionCents: commissionCents(premiumCents, basisPoints),
      subAgentCode,
      subAgentName: subAgentCode ? (names.get(subAgentCode) ?? null) : null,
      campaignCode,
      issuedDate: row.issuedAt ? localDate(row.country, row.issuedAt) : '',
      startDate: row.startDate,
      endDate: row.endDate,
      status: row.status,
    };
  }

  /** The agent's issued (and later cancelled or renewed) sales whose issue date falls in the range. */
  async function salesIn(agentCode: string, range: { from: string; to: string }) {
    const rows = await db
      .select()
      .from(policies)
      .where(and(eq(policies.agentCode, agentCode), sql`${policies.issuedAt} is not null`))
      .orderBy(desc(policies.issuedAt));
    return rows.filter((row) => {
      const day = localDate(row.country, row.issuedAt!);
      return day >= range.from && day <= range.to;
    });
  }

  const ZRange = z.object({ from: ISO_DATE.optional(), to: ISO_DATE.optional() });
  const ZGroup = z.object({
    key: z.string(),
    currency: z.string(),
    sales: z.number(),
    premiumCents: z.number(),
    commissionCents: z.number(),
  });

  routes.get(
    `${DESK}/summary`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        querystring: ZRange.extend({ period: z.enum(['day', 'month']).default('month') }),
      },
    },
    async (request) => {
      const agentCode = agentCodeOf(request);
      const agent = await agentOf(agentCode);
      const range = rangeOf(request.query, marketToday(agent?.country ?? 'SGP', now()));
      const [names, sold] = await Promise.all([subAgentNames(agentCode), salesIn(agentCode, range)]);
      const sales = sold.map((row) => saleOf(row, names));
      const rated = await db
        .select({ country: policies.country, createdAt: policies.createdAt })
        .from(policies)
        .where(and(eq(policies.agentCode, agentCode), ne(policies.status, 'declined')));
      const quotes = rated.filter((row) => {
        const day = localDate(row.country, row.createdAt);
        return day >= range.from && day <= range.to;
      }).length;
      const saved = await db
        .select({ country: savedQuotes.country, leftAt: savedQuotes.leftAt })
        .from(savedQuotes)
        .where(sql`${savedQuotes.document}->>'agentCode' = ${agentCode}`);
      const savedCount = saved.filter((row) => {
        const day = localDate(row.country, row.leftAt);
        return day >= range.from && day <= range.to;
      }).length;
      // Money is summed per currency, never across (issue 28): a group is a key in one currency.
      const group = (keyOf: (sale: (typeof sales)[number]) => string) => {
        const groups = new Map<string, z.infer<typeof ZGroup>>();
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
      };
      const currency = agent ? (MARKETS[agent.country as TCountry]?.currency ?? '') : '';
      // The headline figures are the agent's own market's; a sale in another currency (one made
      // before licensing was enforced) is counted in \`totals\`, never added to them.
      const inCurrency = sales.filter((sale) => sale.currency === currency);
      return {
        agentCode,
        agentName: agent?.name ?? '',
        registrationNo: agent?.registrationNo ?? '',
        currency,
        from: range.from,
        to: range.to,
        quotes,
        savedQuotes: savedCount,
        sales: inCurrency.length,
        premiumCents: inCurrency.reduce((sum, sale) => sum + sale.premiumCents, 0),
        commissionCents: inCurrency.reduce((sum, sale) => sum + sale.commissionCents, 0),
        totals: group((sale) => sale.currency).map(({ key: _key, ...total }) => total),
        byPeriod: group((sale) => periodKey(sale.issuedDate, request.query.period)),
        bySubAgent: group((sale) => sale.subAgentCode ?? ''),
        byCampaign: group((sale) => sale.campaignCode ?? ''),
      };
    },
  );

  routes.get(
    `${DESK}/sales`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        querystring: ZRange.extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
      },
    },
    async (request) => {
      const agentCode = agentCodeOf(request);
      const agent = await agentOf(agentCode);
      const range = rangeOf(request.query, marketToday(agent?.country ?? 'SGP', now()));
      const [names, sold] = await Promise.all([subAgentNames(agentCode), salesIn(agentCode, range)]);
      const page = request.query.page;
      const items = sold.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => saleOf(row, names));
      return { from: range.from, to: range.to, page, pageSize: PAGE_SIZE, total: sold.length, items };
    },
  );

  routes.get(
    `${DESK}/sales/:policyId`,
    { ...desk, schema: { tags: ['back-office'], params: z.object({ policyId: z.string().max(60) }) } },
    async (request) => {
      const agentCode = agentCodeOf(request);
      const { policyId } = request.params;
      const notFound = new ApiError(404, 'No such sale.', { field: 'policyId' });
      if (!/^[0-9a-f-]{36}$/i.test(policyId)) throw notFound;
      const [row] = await db
        .select()
        .from(policies)
        .where(
          and(
            eq(policies.policyId, policyId),
            eq(policies.agentCode, agentCode),
            sql`${policies.issuedAt} is not null`,
          ),
        );
      if (!row) throw notFound;
      const sale = saleOf(row, await subAgentNames(agentCode));
      return { ...sale, autoRenewal: row.autoRenewal };
    },
  );

  routes.get(
    `${DESK}/renewals`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        querystring: z.object({ within: z.coerce.number().int().min(1).max(366).default(60) }),
      },
    },
    async (request) => {
      const agentCode = agentCodeOf(request);
      const agent = await agentOf(agentCode);
      const today = marketToday(agent?.country ?? 'SGP', now());
      const until = formatIso(addDays(parseIso(today), request.query.within));
      // Annual policies only: PA and home always, travel when annual (policyTravel.paPolicyType 'A').
      const rows = await db
        .select()
        .from(policies)
        .where(
          and(
            eq(policies.agentCode, agentCode),
            eq(policies.status, 'issued'),
            sql`${policies.endDate} >= ${today} and ${policies.endDate} <= ${until}`,
            sql`(${policies.productType} <> 'PTR' or ${policies.document}->'policyTravel'->>'paPolicyType' = 'A')`,
          ),
        )
        .orderBy(policies.endDate);
      return {
        within: request.query.within,
        items: rows.map((row) => ({
          policyId: row.policyId,
          policyNumber: row.policyNumber ?? '',
          product: row.productType,
          customerName: policyholderName(row.document as TPolicy),
          endDate: row.endDate ?? '',
          autoRenewal: row.autoRenewal,
        })),
      };
    },
  );

  routes.get(`${DESK}/claims`, { ...desk, schema: { tags: ['back-office'] } }, async (request) => {
    const agentCode = agentCodeOf(request);
    // Status and dates only: nothing of what happened, how much, or to whom (issue 18).
    const rows = await db
      .select({
        claimNumber: claims.claimNumber,
        status: claims.status,
        product: claims.productType,
        submittedAt: claims.submittedAt,
        updatedAt: claims.updatedAt,
        policyNumber: policies.policyNumber,
      })
      .from(claims)
      .innerJoin(policies, eq(policies.policyId, claims.policyId))
      .where(and(eq(claims.agentCode, agentCode), ne(claims.status, 'draft')))
      .orderBy(desc(claims.submittedAt))
      .limit(200);
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
  });

  routes.post(
    `${DESK}/links`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        body: z.object({
          product: z.enum(['travel', 'pa', 'home']),
          market: z.enum(['SGP', 'HKG']),
          lang: z.enum(['en', 'zh']).default('en'),
          subAgentCode: z.string().trim().max(50).optional(),
          campaignCode: z.string().trim().max(50).optional(),
        }),
      },
    },
    async (request) => {
      const agentCode = agentCodeOf(request);
      const { product, market, lang } = request.body;
      // An agent links to its own market's shop only: the customer could not buy through it elsewhere.
      const licence = await repository.findAgentLicence(agentCode);
      if (!agentSellsIn(licence, market))
        throw new ApiError(400, notLicensedMessage(licence?.country ?? ''), { field: 'market' });
      const subAgentCode = request.body.subAgentCode || undefined;
      const campaignCode = request.body.campaignCode || undefined;
      if (subAgentCode) {
        if (!(await repository.isOwnActiveSubAgent(agentCode, subAgentCode)))
          throw new ApiError(400, 'This is not one of your sub-agents.', { field: 'subAgentCode' });
      }
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
      await recordAudit(db, {
        at: now(),
        actor: { id: request.account!.id, label: request.account!.username },
        action: 'create',
        entity: 'quote-link',
        entityId: agentCode,
        before: null,
        after: { ...link, path },
      });
      return { ...link, path };
    },
  );
}
