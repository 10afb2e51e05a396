import { randomBytes } from 'node:crypto';
import { agentSellsIn, notLicensedMessage } from '@lionrock/domain/back-office/agent-licensing';
import type { TDashboardMarket } from '@lionrock/domain/back-office/dashboard-rules';
import {
  checkQuoteLinkPrefill,
  QUOTE_LINK_PRODUCTS,
  QUOTE_LINKS_PER_HOUR,
  type TQuoteLinkPrefill,
  type TQuoteLinkProduct,
} from '@lionrock/domain/back-office/quote-link-rules';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { ApiError } from '../../lib/api-error.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';
import type { TDeskRepository } from '../back-office/desk/desk-repository.ts';
import {
  checkOwnSubAgent,
  linkCampaignError,
  linkCampaignRefusal,
} from '../back-office/desk/link-campaign.ts';
import { saleCommission } from '../back-office/desk/sale-commission.ts';
import type { TAccount } from '../back-office/staff-access.ts';
import type { TFunnelCounter } from '../funnel/funnel-counter.ts';
import type { TQuoteLinkRepository } from './quote-link-repository.ts';

const PRODUCTS = ['travel', 'pa', 'home'] as const;
type TFigures = { quotes: number; sales: number; premiumCents: number; commissionCents: number };
const noFigures = (): TFigures => ({ quotes: 0, sales: 0, premiumCents: 0, commissionCents: 0 });

export type TNewQuoteLink = {
  product: TQuoteLinkProduct;
  market: TCountry;
  lang: 'en' | 'zh';
  subAgentCode?: string | undefined;
  campaignCode?: string | undefined;
  /** The quote forms' choices as asked for, each product's under its key. */
  prefill: { [product in TQuoteLinkProduct]?: object | undefined };
};

/**
 * Pre-filled quote links (issue 18, decision 090). The desk stores the link (the agent's own code, a
 * sub-agent of its own, a current campaign, the quote form's choices checked by the domain's rules)
 * and answers `/{product}/link/{code}`. Opening a link checks everything again: what no longer holds
 * opens without it and is named. Opens are counted on the row; quotes and sales are the policies whose
 * journey carries the code.
 */
export function createQuoteLinkService(deps: {
  repository: TQuoteLinkRepository;
  desk: Pick<
    TDeskRepository,
    'isActiveAgent' | 'isOwnActiveSubAgent' | 'campaignsWithCode' | 'findAgentLicence'
  >;
  limits: TLimitStore;
  now: () => Date;
  /** The dashboard's visit counts: an opened link is the customer's landing (decision 090). */
  funnel?: Pick<TFunnelCounter, 'count'> | undefined;
}) {
  const { repository, desk, now } = deps;

  /** A campaign the shop prices under today for the link's product and market (decision 096). */
  const campaignRefusal = (campaignCode: string, product: TQuoteLinkProduct, market: string) =>
    linkCampaignRefusal(desk, { campaignCode, product, market: market as TCountry }, now());

  async function createLink(
    account: Pick<TAccount, 'id' | 'username'>,
    agentCode: string,
    input: TNewQuoteLink,
  ) {
    const { product, market, lang } = input;
    const subAgentCode = input.subAgentCode || null;
    const campaignCode = input.campaignCode || null;
    // An agent links its own market's policies only (one rule: agentSellsIn), as desk links and quotes do.
    const licence = await desk.findAgentLicence(agentCode);
    if (!agentSellsIn(licence, market))
      throw new ApiError(400, notLicensedMessage(licence?.country ?? ''), { field: 'market' });
    if (subAgentCode) await checkOwnSubAgent(desk, agentCode, subAgentCode);
    const refusal = campaignCode ? await campaignRefusal(campaignCode, product, market) : null;
    if (refusal) throw linkCampaignError(refusal);
    const other = PRODUCTS.find((key) => key !== product && input.prefill[key] !== undefined);
    if (other)
      throw new ApiError(400, `A ${product} link takes no ${other} choices.`, { field: `prefill.${other}` });
    const checked = checkQuoteLinkPrefill(product, market, input.prefill as TQuoteLinkPrefill);
    const problem = checked.problems[0];
    if (problem)
      throw new ApiError(400, 'This choice is not one the quote form takes.', {
        field: `prefill.${problem.field}`,
        messageKey: problem.messageKey,
      });
    const counted = await deps.limits.add(`quote-link:agent:${agentCode}`, 1, 3_600_000);
    if (counted.count > QUOTE_LINKS_PER_HOUR)
      throw new ApiError(429, 'Too many links made this hour. Please wait a little.', {
        field: 'agentCode',
        retryAfterMs: counted.retryAfterMs,
      });
    const code = randomBytes(12).toString('base64url');
    const path = `/${product}/link/${code}`;
    await repository.insertLink(
      {
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
      },
      {
        at: now(),
        actor: { id: account.id, label: account.username },
        action: 'create',
        entity: 'quote-link',
        entityId: code,
        before: null,
        after: { agentCode, subAgentCode, campaignCode, product, market, lang, prefill: checked.prefill },
      },
    );
    return { code, path, product, market, lang, subAgentCode, campaignCode, prefill: checked.prefill };
  }

  /** The agent's last 200 links, each with its opens and the quotes and sales made through it. */
  async function listLinks(agentCode: string) {
    const links = await repository.listLinks(agentCode, 200);
    const rows = await repository.listPoliciesOfLinks(
      agentCode,
      links.map((link) => link.code),
    );
    const figures = new Map<string, TFigures>();
    for (const row of rows) {
      const entry = figures.get(row.code) ?? noFigures();
      entry.quotes += 1;
      if (row.issuedAt) {
        const premium = row.premiumCents ?? 0;
        entry.sales += 1;
        entry.premiumCents += premium;
        entry.commissionCents += saleCommission(row.productType, premium, row.document as TPolicy).cents;
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
        ...(figures.get(link.code) ?? noFigures()),
      })),
    };
  }

  /** A customer opens a link: counted, and whatever no longer holds is left out and named in `dropped`. */
  async function open(code: string) {
    const link = await repository.countOpen(code, now());
    if (!link)
      throw new ApiError(404, 'This link is not valid.', { field: 'code', messageKey: 'quoteLink.notValid' });
    const product = link.product as TQuoteLinkProduct;
    // The link's page fills the landing form in the browser, so no landing document is served for it:
    // its open is the landing visit, in the link's own market (the path names none).
    deps.funnel?.count('landing', QUOTE_LINK_PRODUCTS[product], link.market as TDashboardMarket);
    const dropped: string[] = [];
    // An agent no longer active opens as a direct quote: the shop would refuse its partner link.
    const agentLive = await desk.isActiveAgent(link.agentCode);
    if (!agentLive) dropped.push('agentCode');
    const subAgentCode =
      agentLive && link.subAgentCode && (await desk.isOwnActiveSubAgent(link.agentCode, link.subAgentCode))
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
    dropped.push(...checked.problems.map((problem) => problem.field));
    return {
      code: link.code,
      product,
      market: link.market as 'SGP' | 'HKG',
      language: link.language as 'en' | 'zh',
      agentCode: agentLive ? link.agentCode : null,
      subAgentCode,
      campaignCode,
      prefill: checked.prefill,
      dropped,
    };
  }

  return { createLink, listLinks, open };
}

export type TQuoteLinkService = ReturnType<typeof createQuoteLinkService>;
