import { randomBytes } from 'node:crypto';
import { commissionBasisPoints, commissionCents } from '@lionrock/domain/back-office/commission-rules';
import type { TDashboardMarket } from '@lionrock/domain/back-office/dashboard-rules';
import {
  checkQuoteLinkPrefill,
  QUOTE_LINK_CODE_PATTERN,
  QUOTE_LINK_PRODUCTS,
  QUOTE_LINKS_PER_HOUR,
  type TPrefillProblem,
  type TQuoteLinkPrefill,
  type TQuoteLinkProduct,
} from '@lionrock/domain/back-office/quote-link-rules';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../db/database.ts';
import { policies, quoteLinks } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import { apiErrors } from '../../lib/openapi.ts';
import { recordAudit } from '../back-office/audit.ts';
import { createDeskRepository } from '../back-office/desk/desk-repository.ts';
import { linkCampaignError, linkCampaignRefusal } from '../back-office/desk/link-campaign.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../back-office/staff-access.ts';
import type { TFunnelCounter } from '../funnel/funnel-counter.ts';
import { chosenPremium } from '../issuance/policy-schedule.ts';

export const QUOTE_LINK_OPEN_PATH = '/b2c-server/rest/quote-link/open';
const DESK_LINKS = `${STAFF_API_PREFIX}/desk/quote-links`;
const COUNT = z.number().int().min(0).max(20);

/** The quote forms' own choices, each optional: what the agent leaves out the customer chooses. */
export const ZQuoteLinkPrefill = z.object({
  travel: z
    .object({
      tripType: z.enum(['S', 'A']).optional(),
      destination: z.enum(['6', '3']).optional(),
      travellers: z
        .object({
          travellerType: z.enum(['ID', 'CP', 'FM']),
          individuals: COUNT.default(0),
          adults: COUNT.default(0),
          children: COUNT.default(0),
        })
        .optional(),
      plan: z.string().trim().max(20).optional(),
    })
    .strict()
    .optional(),
  pa: z
    .object({
      occupation: z.string().trim().max(10).optional(),
      insuredPersonType: z.enum(['individual', 'family']).optional(),
      adults: z.number().int().min(1).max(2).optional(),
      children: COUNT.optional(),
      plan: z.string().trim().max(20).optional(),
    })
    .strict()
    .optional(),
  home: z
    .object({
      dwellingType: z.enum(DWELLING_TYPES).optional(),
      hdbFlatType: z.enum(HDB_FLAT_TYPES).optional(),
      floorArea: z.enum(FLOOR_AREA_BANDS).optional(),
      buildingAge: z.enum(BUILDING_AGE_BANDS).optional(),
      ownership: z.enum(OCCUPANCIES).optional(),
      contentsSumInsured: z.number().int().min(0).max(10_000_000).optional(),
      plan: z.string().trim().max(20).optional(),
    })
    .strict()
    .optional(),
});

const ZOpenAnswer = z.object({
  code: z.string(),
  product: z.enum(['travel', 'pa', 'home']),
  market: z.enum(['SGP', 'HKG']),
  language: z.enum(['en', 'zh']),
  agentCode: z.string().nullable(),
  subAgentCode: z.string().nullable(),
  campaignCode: z.string().nullable(),
  prefill: ZQuoteLinkPrefill,
  /** The choices that no longer hold, dropped (the page says so). */
  dropped: z.array(z.string()),
});

/** The commission rate the rating priced the chosen plan with, in basis points (decision 083). */
function pricedRate(document: TPolicy): number | null {
  try {
    const rate = chosenPremium(document).commissionRate;
    return typeof rate === 'number' && rate > 0 ? Math.round(rate * 100) : null;
  } catch {
    return null;
  }
}

/**
 * Pre-filled quote links (issue 18, decision 090). The desk stores the link (the agent's own code, a
 * sub-agent of its own, a current campaign, the quote form's choices checked by the domain's rules)
 * and answers `/{product}/link/{code}`. The customer's page posts the code to `quote-link/open`, which
 * checks everything again: what no longer holds opens without it and is named. Opens are counted on
 * the row; quotes and sales are the policies whose journey carries the code.
 */
export async function quoteLinkRoutes(
  app: FastifyInstance,
  options: {
    access: TStaffAccess;
    db: TDb;
    now: () => Date;
    limits: TLimitStore;
    /** The dashboard's visit counts: an opened link is the customer's landing (decision 090). */
    funnel?: Pick<TFunnelCounter, 'count'>;
  },
): Promise<void> {
  const { access, db, now } = options;
  const repository = createDeskRepository(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  function agentCodeOf(request: FastifyRequest): string {
    const code = request.account?.agentCode?.trim();
    if (!code) throw new ApiError(403, 'This account is not bound to an agent code.', { field: 'agentCode' });
    return code;
  }

  /** A campaign the shop prices under today for the link's product and market (decision 096). */
  const campaignRefusal = (campaignCode: string, product: TQuoteLinkProduct, market: string) =>
    linkCampaignRefusal(repository, { campaignCode, product, market: market as TCountry }, now());

  routes.post(
    DESK_LINKS,
    {
      preHandler: access.requireAccount('desk.read'),
      schema: {
        tags: ['back-office'],
        body: z.object({
          product: z.enum(['travel', 'pa', 'home']),
          market: z.enum(['SGP', 'HKG']),
          lang: z.enum(['en', 'zh']).default('en'),
          subAgentCode: z.string().trim().max(50).optional(),
          campaignCode: z.string().trim().max(50).optional(),
          prefill: ZQuoteLinkPrefill.default({}),
        }),
      },
    },
    async (request) => {
      const account = request.account!;
      const agentCode = agentCodeOf(request);
      const { product, market, lang } = request.body;
      const subAgentCode = request.body.subAgentCode || null;
      const campaignCode = request.body.campaignCode || null;
      if (subAgentCode && !(await repository.isOwnActiveSubAgent(agentCode, subAgentCode)))
        throw new ApiError(400, 'This is not one of your sub-agents.', { field: 'subAgentCode' });
      const refusal = campaignCode ? await campaignRefusal(campaignCode, product, market) : null;
      if (refusal) throw linkCampaignError(refusal);
      const other = (['travel', 'pa', 'home'] as const).find(
        (key) => key !== product && request.body.prefill[key] !== undefined,
      );
      if (other)
        throw new ApiError(400, `A ${product} link takes no ${other} choices.`, {
          field: `prefill.${other}`,
        });
      const checked = checkQuoteLinkPrefill(product, market, request.body.prefill as TQuoteLinkPrefill);
      const problem = checked.problems[0];
      if (problem)
        throw new ApiError(400, 'This choice is not one the quote form takes.', {
          field: `prefill.${problem.field}`,
          messageKey: problem.messageKey,
        });
      const counted = await options.limits.add(`quote-link:agent:${agentCode}`, 1, 3_600_000);
      if (counted.count > QUOTE_LINKS_PER_HOUR)
        throw new ApiError(429, 'Too many links made this hour. Please wait a little.', {
          field: 'agentCode',
          retryAfterMs: counted.retryAfterMs,
        });
      const code = randomBytes(12).toString('base64url');
      const row = {
        code,
        agentCode,
        subAgentCode,
        campaignCode,
        product,
        market,
        language: lang,
        prefill: checked.prefill,
        createdBy: account.id,
        createdAt: now(),
      };
      const path = `/${product}/link/${code}`;
      await db.transaction(async (tx) => {
        await tx.insert(quoteLinks).values(row);
        await recordAudit(tx, {
          at: now(),
          actor: { id: account.id, label: account.username },
          action: 'create',
          entity: 'quote-link',
          entityId: code,
          before: null,
          after: { agentCode, subAgentCode, campaignCode, product, market, lang, prefill: checked.prefill },
        });
      });
      return { code, path, product, market, lang, subAgentCode, campaignCode, prefill: checked.prefill };
    },
  );

  routes.get(
    DESK_LINKS,
    { preHandler: access.requireAccount('desk.read'), schema: { tags: ['back-office'] } },
    async (request) => {
      const agentCode = agentCodeOf(request);
      const links = await db
        .select()
        .from(quoteLinks)
        .where(eq(quoteLinks.agentCode, agentCode))
        .orderBy(desc(quoteLinks.createdAt))
        .limit(200);
      const codes = links.map((link) => link.code);
      // The agent's own policies only: a code copied into another agent's journey counts nowhere.
      const rows =
        codes.length === 0
          ? []
          : await db
              .select({
                code: sql<string>`${policies.document}->>'quoteLink'`,
                productType: policies.productType,
                status: policies.status,
                issuedAt: policies.issuedAt,
                premiumCents: policies.premiumCents,
                document: policies.document,
              })
              .from(policies)
              .where(
                and(
                  eq(policies.agentCode, agentCode),
                  ne(policies.status, 'declined'),
                  inArray(sql`${policies.document}->>'quoteLink'`, codes),
                ),
              );
      const figures = new Map<
        string,
        { quotes: number; sales: number; premiumCents: number; commissionCents: number }
      >();
      for (const row of rows) {
        const entry = figures.get(row.code) ?? { quotes: 0, sales: 0, premiumCents: 0, commissionCents: 0 };
        entry.quotes += 1;
        if (row.issuedAt) {
          const premium = row.premiumCents ?? 0;
          entry.sales += 1;
          entry.premiumCents += premium;
          entry.commissionCents += commissionCents(
            premium,
            commissionBasisPoints(row.productType, pricedRate(row.document as TPolicy)),
          );
        }
        figures.set(row.code, entry);
      }
      return {
        items: links.map((link) => ({
          code: link.code,
          path: `/${link.product}/link/${link.code}`,
          product: link.product,
          market: link.market,
          currency: MARKETS[link.market as TCountry]?.currency ?? '',
          language: link.language,
          subAgentCode: link.subAgentCode,
          campaignCode: link.campaignCode,
          prefill: link.prefill,
          createdAt: link.createdAt.toISOString(),
          opens: link.opens,
          ...(figures.get(link.code) ?? { quotes: 0, sales: 0, premiumCents: 0, commissionCents: 0 }),
        })),
      };
    },
  );

  routes.post(
    QUOTE_LINK_OPEN_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['quote-link'],
        summary: 'Opens an agent’s pre-filled quote link: its agent, campaign and the quote form’s choices',
        description:
          'Every choice is checked again: a deactivated campaign, sub-agent or a choice the rules no longer ' +
          'take is left out and named in `dropped`. Each open is counted.',
        body: z.object({ code: z.string().regex(QUOTE_LINK_CODE_PATTERN, 'must be a quote link code') }),
        response: { 200: ZOpenAnswer, ...apiErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const [link] = await db
        .update(quoteLinks)
        .set({ opens: sql`${quoteLinks.opens} + 1`, lastOpenedAt: now() })
        .where(eq(quoteLinks.code, request.body.code))
        .returning();
      if (!link)
        throw new ApiError(404, 'This link is not valid.', {
          field: 'code',
          messageKey: 'quoteLink.notValid',
        });
      const product = link.product as TQuoteLinkProduct;
      // The link's page fills the landing form in the browser, so no landing document is served for it:
      // its open is the landing visit, in the link's own market (the path names none).
      options.funnel?.count('landing', QUOTE_LINK_PRODUCTS[product], link.market as TDashboardMarket);
      const dropped: string[] = [];
      // An agent no longer active opens as a direct quote: the shop would refuse its partner link.
      const agentLive = await repository.isActiveAgent(link.agentCode);
      if (!agentLive) dropped.push('agentCode');
      const subAgentCode =
        agentLive &&
        link.subAgentCode &&
        (await repository.isOwnActiveSubAgent(link.agentCode, link.subAgentCode))
          ? link.subAgentCode
          : null;
      if (link.subAgentCode && !subAgentCode) dropped.push('subAgentCode');
      const campaignCode =
        link.campaignCode && (await campaignRefusal(link.campaignCode, product, link.market)) === null
          ? link.campaignCode
          : null;
      if (link.campaignCode && !campaignCode) dropped.push('campaignCode');
      const checked = checkQuoteLinkPrefill(
        product,
        link.market as TCountry,
        link.prefill as TQuoteLinkPrefill,
      );
      dropped.push(...checked.problems.map((problem: TPrefillProblem) => problem.field));
      return {
        code: link.code,
        product,
        market: link.market as 'SGP' | 'HKG',
        language: link.language as 'en' | 'zh',
        agentCode: agentLive ? link.agentCode : null,
        subAgentCode,
        campaignCode,
        prefill: checked.prefill as z.infer<typeof ZQuoteLinkPrefill>,
        dropped,
      };
    },
  );
}
