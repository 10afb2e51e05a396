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
