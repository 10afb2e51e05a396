import { describe, expect, it } from 'vitest';
import { buildPremiumItem } from '../rating/premium-item.ts';
import { OFFER_NOTICES, offerNoticeOf } from './offer-notices.ts';

const plan = { planName: 'STANDARD', planCode: 'S', planDesc: '' };
const twentyOff = { type: 'PERCENT', basisPoints: 2000 } as const;

describe('why an advertised discount is not all there (decision 038)', () => {
  it('names the floor first, then the campaign condition, else nothing', () => {
    const floored = { floorApplied: true, discount: 500 };
    expect(offerNoticeOf(floored, OFFER_NOTICES.codeNeeded)).toBe(OFFER_NOTICES.minimumPremium);
    expect(offerNoticeOf({ ...floored, discount: 0 })).toBe(OFFER_NOTICES.underMinimumPremium);
    const free = { floorApplied: false, discount: 0 };
    expect(offerNoticeOf(free, OFFER_NOTICES.codeNeeded)).toBe(OFFER_NOTICES.codeNeeded);
    expect(offerNoticeOf(free)).toBeNull();
  });

  it('tells a Hong Kong plan under HK$380 why its 20% is gone, and a plan well above it nothing', () => {
    const small = { plan, country: 'HKG', product: 'PTR', discounts: { campaign: twentyOff } } as const;
    const under = buildPremiumItem({ ...small, gross: 9_800 });
    expect(under.discount).toBe(0);
    expect(under.discountNotice).toBe(OFFER_NOTICES.underMinimumPremium);
    const partly = buildPremiumItem({ ...small, gross: 45_000 });
    expect(partly.premium).toBe(38_000);
    expect(partly.discountNotice).toBe(OFFER_NOTICES.minimumPremium);
    const above = buildPremiumItem({ ...small, gross: 100_000 });
    expect(above.discount).toBe(20_000);
    expect(above.discountNotice).toBeNull();
  });

  it('carries the campaign condition to every plan of a Singapore quote', () => {
    const item = buildPremiumItem({
      plan,
      country: 'SGP',
      product: 'PTR',
      gross: 2_400,
      discounts: { campaign: null, notice: OFFER_NOTICES.codeNeeded },
    });
    expect(item.discountNotice).toBe(OFFER_NOTICES.codeNeeded);
  });
});
