import { describe, expect, it } from 'vitest';
import {
  basePlanName,
  defaultPlanIndex,
  discountRow,
  hasAutoRenewal,
  insuredSummary,
  isAutoRenewalEligible,
  originalPrice,
  priceBeforeTax,
  showsFamilyDiscountLabel,
  showsPaymentMethodSelector,
} from './price-display.ts';

const item = { totalPremium: 21800, gst: 1800, levy: 0, discount: 2000, insuredCommissionDiscount: 500 };

describe('price display (travel-flow section 9)', () => {
  it('shows price before tax and the struck-through original', () => {
    expect(priceBeforeTax(item)).toBe(20000);
    expect(originalPrice(item)).toBe(24300);
    expect(originalPrice({ ...item, discount: 0, insuredCommissionDiscount: 0 })).toBeNull();
  });

  it('shows the discount row for B2CC00 or a non-zero discount', () => {
    expect(discountRow('YEAREND', item)).toBe(2500);
    expect(discountRow('B2CC00', { ...item, discount: 0, insuredCommissionDiscount: 0 })).toBe(0);
    expect(discountRow('YEAREND', { ...item, discount: 0 })).toBeNull();
    expect(discountRow(undefined, { ...item, discount: 0 })).toBeNull();
  });

  it('labels family discounts outside Singapore only', () => {
    expect(showsFamilyDiscountLabel('HKG', 'FM', 2, 0)).toBe(true);
    expect(showsFamilyDiscountLabel('HKG', 'FM', 1, 1)).toBe(true);
    expect(showsFamilyDiscountLabel('HKG', 'FM', 1, 0)).toBe(false);
    expect(showsFamilyDiscountLabel('SGP', 'FM', 2, 2)).toBe(false);
    expect(showsFamilyDiscountLabel('HKG', 'ID', 3, 0)).toBe(false);
  });

  it('selects the second plan by default, offers auto-renewal for annual personal policies, and the method selector', () => {
    expect(defaultPlanIndex(2)).toBe(1);
    expect(defaultPlanIndex(1)).toBe(0);
    expect(basePlanName('SUPER PLUS')).toBe('SUPER');
    expect(basePlanName('STANDARD')).toBe('STANDARD');
    expect(basePlanName('PLUS ONE')).toBe('PLUS ONE');
    expect(isAutoRenewalEligible('A', 'P')).toBe(true);
    expect(isAutoRenewalEligible('A', 'C')).toBe(false);
    expect(isAutoRenewalEligible('S', 'P')).toBe(false);
    expect(hasAutoRenewal('A', 'P', true)).toBe(true);
    expect(hasAutoRenewal('A', 'P', false)).toBe(false);
    expect(hasAutoRenewal('S', 'P', true)).toBe(false);
    expect(showsPaymentMethodSelector(true, false)).toBe(true);
    expect(showsPaymentMethodSelector(true, true)).toBe(false);
    expect(showsPaymentMethodSelector(false, false)).toBe(false);
  });

  it('summarises the insured', () => {
    expect(insuredSummary('ID', 3, 0, 0)).toEqual({ kind: 'individual', count: 3 });
    expect(insuredSummary('CP', 2, 0, 0)).toEqual({ kind: 'couple' });
    expect(insuredSummary('FM', 0, 2, 0)).toEqual({ kind: 'family', adults: 2, children: null });
    expect(insuredSummary('FM', 0, 1, 2)).toEqual({ kind: 'family', adults: 1, children: 2 });
  });
});
