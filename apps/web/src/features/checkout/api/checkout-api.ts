import type { TCountry } from '@lionrock/domain/market/market';
import { isBlacklistMessage } from '@lionrock/domain/policy/refusals';
import type { TCampaign } from '@lionrock/domain/schemas/campaign-agent-schema';
import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { ApiCallError, apiCall, postJson } from '../../../lib/api-client';
import { useErrorStore } from '../../../state/error-store';

/** A rating answer: the policy with the server's prices, or with errorMessage/messageKey when refused. */
export type TRatingAnswer = TPolicy;
export type TRatingCall = 'multirate' | 'rate' | 'rateTopup';

/** `rate` answered 409: the shown price is no longer the price; `policy` holds the current one (decision 008). */
export class PriceChangedError extends Error {
  override name = 'PriceChangedError';
  readonly policy: TRatingAnswer;
  constructor(policy: TRatingAnswer) {
    super('the price has changed');
    this.policy = policy;
  }
}

async function callRating(call: TRatingCall, policy: TPolicyInput): Promise<TRatingAnswer> {
  try {
    return await postJson<TRatingAnswer>(`/b2c-server/rest/policy/${call}`, policy);
  } catch (error) {
    const body =
      error instanceof ApiCallError ? (error.body as { policy?: TRatingAnswer } | undefined) : undefined;
    if (error instanceof ApiCallError && error.status === 409 && body?.policy)
      throw new PriceChangedError(body.policy);
    throw error;
  }
}

/**
 * The rating and campaign calls every product makes (travel-flow section 7; paths: design section 5;
 * decision 044): the policy carries its productType and part, so the calls are the same for each.
 */
export const checkoutApi = {
  /** Every plan priced; stores nothing. */
  multirate: (policy: TPolicyInput) => callRating('multirate', policy),
  /** The chosen plan (the part's `policyPremium`, with the total shown) priced and stored as quoted. */
  rate: (policy: TPolicyInput) => callRating('rate', policy),
  /** Each plan's Plus variant (travel: `policyTravel.premiumTopUps`). */
  rateTopup: (policy: TPolicyInput) => callRating('rateTopup', policy),
  /**
   * The live campaign of a product's visit: the link's campaign code, or the direct campaign without
   * one; with a promo, the campaign the code belongs to and `validPromoCode` (decision 038).
   */
  getCampaign: (
    productType: 'PTR' | 'PAN' | 'PHM',
    query: {
      country: TCountry;
      campaignCode?: string | undefined;
      catalogueCode?: string | undefined;
      promo?: string | undefined;
    },
  ) => {
    const campaign = {
      ...(query.campaignCode ? { campaignCode: query.campaignCode } : {}),
      ...(query.catalogueCode ? { catalogueCode: query.catalogueCode } : {}),
    };
    return postJson<TCampaign>('/b2c-server/rest/campaign/getCampaign', {
      country: query.country,
      productType,
      ...(Object.keys(campaign).length > 0 ? { campaign } : {}),
      ...(query.promo ? { promo: query.promo } : {}),
    });
  },
  /** `Y` when the promo can be used with the campaign, `N` otherwise. */
  validatePromoCode: async (campaignCode: string, promo: string, campaignId: number): Promise<string> => {
    const path = [campaignCode, promo, String(campaignId)].map(encodeURIComponent).join('/');
    return (await (await apiCall(`/b2c-server/rest/campaign/validatePromoCode/${path}`)).text()).trim();
  },
};

/**
 * Which message a refused rating shows (travel-flow sections 4 and 8): the blacklist message when the
 * refusal mentions it, the server's key when there is one; null for any other error message, which
 * shows the generic "Oops!" error with an empty list (showRatingError).
 */
export function ratingErrorKey(failure: {
  errorMessage?: string | undefined;
  messageKey?: string | undefined;
}): string | null {
  if (isBlacklistMessage(failure.errorMessage)) return MESSAGE_KEYS.blacklisted;
  return failure.messageKey ?? null;
}

/** Shows a refused rating: its message through `show` (in the page), else the generic "Oops!" error. */
export function showRatingError(
  failure: { errorMessage?: string | undefined; messageKey?: string | undefined },
  show: (key: string) => void,
): void {
  const key = ratingErrorKey(failure);
  if (key) show(key);
  else useErrorStore.getState().showError([], failure.errorMessage);
}

/** A call that failed on the way or with a 5xx shows the quote error; a 4xx shows its own key. */
export function callErrorKey(error: unknown): string {
  if (error instanceof ApiCallError && error.status >= 400 && error.status < 500 && error.messageKey)
    return error.messageKey;
  return MESSAGE_KEYS.getQuoteError;
}
