/**
 * Why a plan's price does not carry the whole advertised discount (decision 038): the customer is told
 * which rule stopped it. One key per rule, texts in the web app's catalogues.
 */
export const OFFER_NOTICES = {
  /** Hong Kong's HK$380 minimum premium per policy (decision 003) limited or removed the discount. */
  minimumPremium: 'offerNotice.minimumPremium',
  /** The campaign needs its promo code; until it is given the plain online price applies. */
  codeNeeded: 'offerNotice.codeNeeded',
} as const;

export type TOfferNotice = (typeof OFFER_NOTICES)[keyof typeof OFFER_NOTICES];

/**
 * The notice for one rated plan: the floor is named first (it is what changed this plan's number),
 * else the campaign's own condition, else none.
 */
export function offerNoticeOf(item: { floorApplied: boolean }, campaignNotice?: TOfferNotice | null) {
  if (item.floorApplied) return OFFER_NOTICES.minimumPremium;
  return campaignNotice ?? null;
}
