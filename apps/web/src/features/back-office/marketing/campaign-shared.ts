import type { TCampaignInput } from '@lionrock/domain/back-office/campaign-rules';
import { campaignRefusal } from '@lionrock/domain/campaign/campaign-validity';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { isCountry, MARKETS as MARKET_RULES } from '@lionrock/domain/market/market';

/** What the campaign screens share: a listed campaign, the names they show, a number as typed. */

/** A campaign as the server lists it: its fields, its codes' counts, who changed it last. */
export type TCampaign = TCampaignInput & {
  campaignId: number;
  codes: { available: number; reserved: number; used: number };
  updatedBy: string;
};

export const PRODUCTS: Record<string, string> = { PTR: 'Travel', PAN: 'Personal accident', PHM: 'Home' };
export const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };

/** A whole number as typed; nothing typed is no number (the schema says so, not 0). */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A campaign's discount as staff read it: a percentage, or an amount off. */
export function discountText(campaign: TCampaignInput): string {
  return campaign.discountType === 'PERCENT'
    ? `${campaign.discountValue / 100}%`
    : `${(campaign.discountValue / 100).toFixed(2)} off`;
}

/**
 * Whether the shop prices under a campaign today, in its market's calendar, by the shop's own rule
 * (`campaignRefusal`): the list's Status column (issue 31: "the list shows status").
 */
export function campaignState(campaign: TCampaignInput, now: Date): 'Live' | 'Scheduled' | 'Ended' | 'Off' {
  const zone = isCountry(campaign.country)
    ? MARKET_RULES[campaign.country].timeZone
    : MARKET_RULES.SGP.timeZone;
  const refusal = campaignRefusal(campaign, campaign, todayIn(zone, now));
  if (refusal === null) return 'Live';
  if (refusal === 'notStarted') return 'Scheduled';
  if (refusal === 'ended') return 'Ended';
  return 'Off';
}
