import { promoCheckResult } from '@lionrock/domain/campaign/promo-rules';
import type { TCountry } from '@lionrock/domain/market/market';
import type { QueryClient } from '@tanstack/react-query';
import { checkoutApi } from './checkout-api';

type TPromoCampaign = { campaignCode?: string | null; campaignId?: number | null } | null | undefined;

/** The visit a landing's promo code is asked for: its product, market and the link's campaign, if any. */
export type TPromoMarket = {
  productType: 'PTR' | 'PAN' | 'PHM';
  country: TCountry;
  campaignCode?: string | undefined;
  catalogueCode?: string | undefined;
};

/**
 * The campaign's verdict on a promo code (travel-flow section 5, pa-home-payments section 5; decisions
 * 044, 130): a message key when the code is refused, null when it is taken, undefined when there is
 * nothing to ask (no code) or the check failed: the server checks the promo again when pricing, so a
 * failed check blocks nothing. With the campaign's code and id it asks validatePromoCode (the spec's
 * call); without them (a landing with no campaign yet) the visit's `market`: getCampaign finds the live
 * campaign the code belongs to (decision 038) and says whether it is valid ('' when the link's campaign
 * no longer runs: pricing says so, not the promo field). Answers are kept a minute per code.
 * `usePromoCheck` is its hook; the travel landing asks it from its rules' chunk (decision 022).
 */
export async function askPromoVerdict(
  queryClient: QueryClient,
  campaign: TPromoCampaign,
  promo: string,
  market?: TPromoMarket,
): Promise<string | null | undefined> {
  const code = promo.trim();
  const campaignCode = campaign?.campaignCode?.trim();
  const campaignId = campaign?.campaignId;
  const named = campaignCode && campaignId ? [campaignCode, campaignId] : null;
  if (!code || !(named || market)) return undefined;
  try {
    const answer = await queryClient.fetchQuery({
      queryKey: ['campaign', 'promo', code, named ?? market],
      queryFn: () =>
        campaignCode && campaignId
          ? checkoutApi.validatePromoCode(campaignCode, code, campaignId)
          : checkoutApi
              .getCampaign(market!.productType, { ...market!, promo: code })
              .then((found) => found.validPromoCode),
      staleTime: 60_000,
    });
    return answer === '' ? undefined : promoCheckResult(answer);
  } catch {
    return undefined;
  }
}
