/**
 * Why a plan's price does not carry the whole advertised discount (decision 038): the customer is told
 * which rule stopped it. One key per rule, texts in the web app's catalogues.
 */
export const OFFER_NOTICES = {
  /** Hong Kong's HK$380 minimum premium per policy (decision 003) reduced the discount… */
  minimumPremium: 'offerNotice.minimumPremium',
  /** …or removed it: a premium under the minimum is not discounted. */
  underMinimumPremium: 'offerNotice.underMinimumPremium',
  /** The campaign needs its promo code; until it is given the plain online price applies. */
  codeNeeded: 'offerNotice.codeNeeded',
} as const;

export type TOfferNotice = (typeof OFFER_NOTICES)[keyof typeof OFFER_NOTICES];

/**
 * The notice for one rated plan: the floor is named first (it is what changed this plan's number),
 * else the campaign's own condition, else none.
 */
export function offerNoticeOf(
  item: { floorApplied: boolean; discount: number },
  campaignNotice?: TOfferNotice | null,
) {
  if (item.floorApplied)
    return item.discount === 0 ? OFFER_NOTICES.underMinimumPremium : OFFER_NOTICES.minimumPremium;
  return campaignNotice ?? null;
}
