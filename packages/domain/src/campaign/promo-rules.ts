import { FIELD_LENGTHS } from '../validation/field-lengths.ts';
import type { TRule } from '../validation/field-rules.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/** travel-flow sections 5 and 9: a promo code is at most this many characters (letters and digits on the wire). */
export const PROMO_CODE_MAX_LENGTH = FIELD_LENGTHS.promoCode;

/**
 * The promo field's rules, in order (travel-flow section 5, Quote): required only when the campaign's
 * promoCodeRequired is Y; every failure reads landingPromotionCode.invalidPromoCode.
 */
export function promoCodeRules(promoCodeRequired: boolean): TRule[] {
  const messageKey = MESSAGE_KEYS.invalidPromoCode;
  return [
    ...(promoCodeRequired ? [{ kind: 'required', messageKey } as const] : []),
    { kind: 'maxLength', value: PROMO_CODE_MAX_LENGTH, messageKey },
    { kind: 'alphanumeric', messageKey },
  ];
}

/** The server is asked only when there is a campaign (code and id) and a promo (travel-flow section 5). */
export function needsPromoCheck(
  campaign: { campaignCode?: string | null; campaignId?: number | null } | null | undefined,
  promo: string | null | undefined,
): boolean {
  return Boolean(campaign?.campaignCode?.trim()) && Boolean(campaign?.campaignId) && Boolean(promo?.trim());
}

/** validatePromoCode answers Y for a valid code; anything else is invalid (travel-flow section 5). */
export function promoCheckResult(answer: string): string | null {
  return answer.trim() === 'Y' ? null : MESSAGE_KEYS.invalidPromoCode;
}

/**
 * A visitor who arrives without a campaign code buys under the market's direct online campaign
 * (B2CC00, the code the spec's discount-row rule names), when one is active for the product.
 */
export const DIRECT_CAMPAIGN_CODE = 'B2CC00';

/**
 * Whether a promo code of a campaign can be used at `at` (the app's clock, never the database's): a
 * reusable code always; a single-use one when it is available, or when the payment window that held it
 * has passed. One rule for the quote page's check, the rating and the payment (issue 28).
 */
export function isPromoUsable(
  campaign: { promoCodeReusability: string },
  promo: { status: string; reservedUntil: Date | null } | undefined,
  at: Date,
): boolean {
  if (!promo) return false;
  if (campaign.promoCodeReusability === 'REUSABLE') return true;
  if (promo.status === 'AVAILABLE') return true;
  // A single-use code held for another payment window is free again once the window has passed.
  return promo.status === 'RESERVED' && promo.reservedUntil !== null && promo.reservedUntil < at;
}
