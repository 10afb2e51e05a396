import { describe, expect, it } from 'vitest';
import { VALID_CAMPAIGN } from './campaign-rules.fixtures.ts';
import { campaignErrors, promoCodeProblem, promoPrefixProblem, randomPartLength } from './campaign-rules.ts';

describe('a campaign marketing saves', () => {
  it('is accepted whole', () => {
    expect(campaignErrors(VALID_CAMPAIGN)).toEqual({});
  });

  it('names each field that breaks its rule', () => {
    expect(
      campaignErrors({
        ...VALID_CAMPAIGN,
        campaignCode: 'spring 27',
        campaignName: ' ',
        endDate: '2027-02-28',
        termsConditionsCn: '',
        termsConditionsEn: '',
        promoCodeDescription: '',
      }),
    ).toEqual({
      campaignCode: expect.any(String),
      campaignName: expect.any(String),
      endDate: 'The campaign must end on or after its first day.',
      termsConditionsEn: expect.any(String),
      termsConditionsCn: expect.any(String),
      promoCodeDescription: expect.any(String),
    });
    expect(campaignErrors({ ...VALID_CAMPAIGN, startDate: '2027-02-30', endDate: '2027-13-01' })).toEqual({
      startDate: 'Enter a real date.',
      endDate: 'Enter a real date.',
    });
  });

  it('refuses a discount that can only be a typing mistake, in either kind', () => {
    expect(campaignErrors({ ...VALID_CAMPAIGN, discountValue: 5000 })).toEqual({});
    expect(campaignErrors({ ...VALID_CAMPAIGN, discountValue: 5001 }).discountValue).toBe(
      'A percentage discount is at most 50%.',
    );
    expect(campaignErrors({ ...VALID_CAMPAIGN, discountType: 'AMOUNT', discountValue: 50_000 })).toEqual({});
    expect(
      campaignErrors({ ...VALID_CAMPAIGN, discountType: 'AMOUNT', discountValue: 50_001 }).discountValue,
    ).toBe('An amount off is at most 500.00.');
    expect(campaignErrors({ ...VALID_CAMPAIGN, discountValue: 10.5 }).discountValue).toBeDefined();
    expect(campaignErrors({ ...VALID_CAMPAIGN, discountValue: -1 }).discountValue).toBeDefined();
  });

  it('takes a voucher only with an amount and a description', () => {
    expect(
      campaignErrors({ ...VALID_CAMPAIGN, voucherCents: 15_000, voucherDescription: 'Supermarket voucher' }),
    ).toEqual({});
    expect(
      campaignErrors({ ...VALID_CAMPAIGN, voucherCents: 0, voucherDescription: 'x' }).voucherCents,
    ).toBeDefined();
    expect(campaignErrors({ ...VALID_CAMPAIGN, voucherCents: 15_000 }).voucherDescription).toBeDefined();
  });
});

describe('promo codes made in bulk or typed', () => {
  it('takes a short prefix and fills the promo field with random characters', () => {
    expect(promoPrefixProblem('')).toBeNull();
    expect(promoPrefixProblem('SP27')).toBeNull();
    expect(promoPrefixProblem('SPRNG')).not.toBeNull();
    expect(promoPrefixProblem('sp')).not.toBeNull();
    expect(randomPartLength('SP')).toBe(8);
  });

  it('takes a typed code of 3 to 10 capitals or digits', () => {
    expect(promoCodeProblem('SUMMER10')).toBeNull();
    expect(promoCodeProblem('AB')).not.toBeNull();
    expect(promoCodeProblem('SUMMER2027X')).not.toBeNull();
    expect(promoCodeProblem('summer')).not.toBeNull();
  });
});
