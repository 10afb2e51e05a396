import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { validateField } from '../validation/field-rules.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import {
  isPromoUsable,
  needsPromoCheck,
  PROMO_CODE_MAX_LENGTH,
  promoCheckResult,
  promoCodeRules,
} from './promo-rules.ts';

const context = { today: localDate(2026, 11, 23) };
const check = (promo: string, required: boolean) => {
  const result = validateField(promo, promoCodeRules(required), context);
  return result.valid ? null : result.messageKey;
};

describe('promo codes (travel-flow sections 5 and 9)', () => {
  it.each([
    ['', false, null],
    ['', true, K.invalidPromoCode],
    ['YEAREND25', true, null],
    ['ABCDEFGHIJ', false, null],
    ['ABCDEFGHIJK', false, K.invalidPromoCode],
    ['YEAR END', false, K.invalidPromoCode],
    ['25%OFF', false, K.invalidPromoCode],
  ] as const)('%j (required %s) → %s', (promo, required, expected) => {
    expect(check(promo, required)).toBe(expected);
  });

  it('allows ten characters', () => {
    expect(PROMO_CODE_MAX_LENGTH).toBe(10);
  });

  it('asks the server only with a campaign code, a campaign id and a promo', () => {
    const campaign = { campaignCode: 'YEAREND', campaignId: 2 };
    expect(needsPromoCheck(campaign, 'YEAREND25')).toBe(true);
    expect(needsPromoCheck(campaign, '  ')).toBe(false);
    expect(needsPromoCheck({ campaignCode: '', campaignId: 2 }, 'YEAREND25')).toBe(false);
    expect(needsPromoCheck({ campaignCode: 'YEAREND', campaignId: null }, 'YEAREND25')).toBe(false);
    expect(needsPromoCheck(null, 'YEAREND25')).toBe(false);
  });

  it('reads Y as valid and anything else as invalid', () => {
    expect(promoCheckResult('Y')).toBeNull();
    expect(promoCheckResult('Y\n')).toBeNull();
    expect(promoCheckResult('N')).toBe(K.invalidPromoCode);
    expect(promoCheckResult('')).toBe(K.invalidPromoCode);
  });
});

describe('isPromoUsable (one rule for the check, the rating and the payment)', () => {
  const at = new Date('2026-11-25T02:00:00Z');
  const single = { promoCodeReusability: 'SINGLE_USE' };
  const reusable = { promoCodeReusability: 'REUSABLE' };

  it('takes no code the campaign does not have', () => {
    expect(isPromoUsable(reusable, undefined, at)).toBe(false);
  });

  it('takes a reusable code whatever its state', () => {
    expect(isPromoUsable(reusable, { status: 'USED', reservedUntil: null }, at)).toBe(true);
  });

  it('takes a single-use code while it is available, never once used', () => {
    expect(isPromoUsable(single, { status: 'AVAILABLE', reservedUntil: null }, at)).toBe(true);
    expect(isPromoUsable(single, { status: 'USED', reservedUntil: null }, at)).toBe(false);
  });

  it("takes a held single-use code only once its payment window has passed, on the app's clock", () => {
    const held = (minutes: number) => ({
      status: 'RESERVED',
      reservedUntil: new Date(at.getTime() + minutes * 60_000),
    });
    expect(isPromoUsable(single, held(5), at)).toBe(false);
    expect(isPromoUsable(single, held(0), at)).toBe(false);
    expect(isPromoUsable(single, held(-1), at)).toBe(true);
    expect(isPromoUsable(single, { status: 'RESERVED', reservedUntil: null }, at)).toBe(false);
  });
});
