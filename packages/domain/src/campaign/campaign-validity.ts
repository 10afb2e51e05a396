import { compareDates, parseIso, type TLocalDate } from '../dates/local-date.ts';

/** A campaign's fields that decide whether the shop prices under it (a `campaigns` row; ISO dates). */
export type TCampaignTerms = {
  status: string;
  productCode: string;
  country: string;
  startDate: string;
  endDate: string;
};

/** What a campaign is asked to serve: a product (PTR, PAN, PHM) in a market (SGP, HKG). */
export type TCampaignOffer = { productCode: string; country: string };

/** Why the shop would not price under a campaign today for a product and market. */
export type TCampaignRefusal =
  | 'unknown'
  | 'otherProduct'
  | 'otherMarket'
  | 'inactive'
  | 'notStarted'
  | 'ended';

/**
 * travel-flow section 9 (Campaign: status, productCode, startDate, endDate): the shop prices under a
 * campaign that is ACTIVE, of the product and market, and whose dates — both inclusive, in the market's
 * own calendar — hold `today`. Pricing, getCampaign, the promo check and the agents' desk links (decision
 * 096) all ask this; null when the campaign serves.
 */
export function campaignRefusal(
  campaign: TCampaignTerms,
  offer: TCampaignOffer,
  today: TLocalDate,
): Exclude<TCampaignRefusal, 'unknown'> | null {
  if (campaign.productCode !== offer.productCode) return 'otherProduct';
  if (campaign.country !== offer.country) return 'otherMarket';
  if (campaign.status !== 'ACTIVE') return 'inactive';
  const start = parseIso(campaign.startDate);
  const end = parseIso(campaign.endDate);
  // A date that is not one never holds.
  if (!start || !end) return 'inactive';
  if (compareDates(today, start) < 0) return 'notStarted';
  if (compareDates(end, today) < 0) return 'ended';
  return null;
}

/** A campaign already found for its own product and market (the shop's lookups): active and in its dates. */
export function isCampaignLive(campaign: TCampaignTerms, today: TLocalDate): boolean {
  return campaignRefusal(campaign, campaign, today) === null;
}

/** The more a refusal says about the campaign that was meant, the earlier it is named. */
const REFUSALS_CLOSEST_FIRST: readonly TCampaignRefusal[] = [
  'ended',
  'notStarted',
  'inactive',
  'otherMarket',
  'otherProduct',
  'unknown',
];

/**
 * Of the campaigns that carry one code (one per product and market), the one the shop prices under
 * today for the offer; else why not, said of the closest (its own product and market's reason first).
 */
export function liveCampaignFor<T extends TCampaignTerms>(
  campaigns: readonly T[],
  offer: TCampaignOffer,
  today: TLocalDate,
): { campaign: T; refusal: null } | { campaign: null; refusal: TCampaignRefusal } {
  let closest: TCampaignRefusal = 'unknown';
  for (const campaign of campaigns) {
    const refusal = campaignRefusal(campaign, offer, today);
    if (refusal === null) return { campaign, refusal: null };
    if (REFUSALS_CLOSEST_FIRST.indexOf(refusal) < REFUSALS_CLOSEST_FIRST.indexOf(closest)) closest = refusal;
  }
  return { campaign: null, refusal: closest };
}
