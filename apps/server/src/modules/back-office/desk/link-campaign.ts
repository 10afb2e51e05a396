import { QUOTE_LINK_PRODUCTS, type TQuoteLinkProduct } from '@lionrock/domain/back-office/quote-link-rules';
import { liveCampaignFor, type TCampaignRefusal } from '@lionrock/domain/campaign/campaign-validity';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { ApiError } from '../../../lib/api-error.ts';
import type { TDeskRepository } from './desk-repository.ts';

const REFUSED: Record<TCampaignRefusal, string> = {
  unknown: 'No campaign has this code.',
  otherProduct: 'This campaign is not for this product.',
  otherMarket: 'This campaign is not for this market.',
  inactive: 'This campaign is not active.',
  notStarted: 'This campaign has not started yet: a link may carry it from its first day.',
  ended: 'This campaign has ended.',
};

/**
 * Why a desk link (plain or pre-filled) may not carry a campaign, or null when it may: the shop must
 * price under it today for the link's product and market (decision 096), in the market's calendar.
 */
export async function linkCampaignRefusal(
  repository: Pick<TDeskRepository, 'campaignsWithCode'>,
  link: { campaignCode: string; product: TQuoteLinkProduct; market: TCountry },
  now: Date,
): Promise<TCampaignRefusal | null> {
  const rows = await repository.campaignsWithCode(link.campaignCode);
  const offer = { productCode: QUOTE_LINK_PRODUCTS[link.product], country: link.market };
  return liveCampaignFor(rows, offer, todayIn(MARKETS[link.market].timeZone, now)).refusal;
}

/** The 400 for a campaign a link may not carry: it names the field and says why. */
export function linkCampaignError(refusal: TCampaignRefusal): ApiError {
  return new ApiError(400, REFUSED[refusal], { field: 'campaignCode' });
}

/** A sub-agent a link or quote may carry: one of the agent's own, still active (400 otherwise). */
export async function checkOwnSubAgent(
  repository: Pick<TDeskRepository, 'isOwnActiveSubAgent'>,
  agentCode: string,
  subAgentCode: string,
): Promise<void> {
  if (!(await repository.isOwnActiveSubAgent(agentCode, subAgentCode)))
    throw new ApiError(400, 'This is not one of your sub-agents.', { field: 'subAgentCode' });
}
