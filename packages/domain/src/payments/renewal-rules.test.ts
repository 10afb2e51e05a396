import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../dates/local-date.ts';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy } from '../schemas/fixtures.ts';
import { type TPolicy, type TWirePremiumItem, ZPolicySchema } from '../schemas/policy-schema.ts';
import {
  formatCardExpiry,
  isCardExpiredBy,
  isChargeDue,
  isNoticeDue,
  parseCardExpiry,
  premiumItemAtPrice,
  RENEWAL_CHARGE_DAYS,
  RENEWAL_LINK_VALID_DAYS,
  RENEWAL_NOTICE_DAYS,
  renewalChargeDate,
  renewalNoticeDate,
  renewalPeriod,
  renewedPolicyDocument,
} from './renewal-rules.ts';

const today = localDate(2026, 11, 23);
const end = localDate(2027, 12, 6);

describe('renewal rules (pa-home-payments section 9, decision 011)', () => {
  it('sends the notice 30 days and charges 15 days before the last day of cover', () => {
    expect([RENEWAL_NOTICE_DAYS, RENEWAL_CHARGE_DAYS, RENEWAL_LINK_VALID_DAYS]).toEqual([30, 15, 60]);
    expect(renewalNoticeDate(end)).toEqual(localDate(2027, 11, 6));
    expect(renewalChargeDate(end)).toEqual(localDate(2027, 11, 21));
  });

  it('has the notice due from 30 days before the end until the end, late rather than never', () => {
    expect(isNoticeDue(addDays(end, -40), end)).toBe(false);
    expect(isNoticeDue(addDays(end, -31), end)).toBe(false);
    expect(isNoticeDue(addDays(end, -30), end)).toBe(true);
    expect(isNoticeDue(addDays(end, -3), end)).toBe(true);
    expect(isNoticeDue(end, end)).toBe(true);
    expect(isNoticeDue(addDays(end, 1), end)).toBe(false);
  });

  it('charges from 15 days before the end, only after a notice sent on an earlier day', () => {
    const noticed = addDays(end, -30);
    expect(isChargeDue(addDays(end, -16), end, noticed)).toBe(false);
    expect(isChargeDue(addDays(end, -15), end, noticed)).toBe(true);
    expect(isChargeDue(end, end, noticed)).toBe(true);
    expect(isChargeDue(addDays(end, 1), end, noticed)).toBe(false);
    // No notice, or a notice sent today: not yet.
    expect(isChargeDue(addDays(end, -15), end, null)).toBe(false);
    expect(isChargeDue(addDays(end, -15), end, addDays(end, -15))).toBe(false);
    expect(isChargeDue(addDays(end, -14), end, addDays(end, -15))).toBe(true);
  });

  it('renews for a year from the day after the old end, less a day', () => {
    expect(renewalPeriod(end)).toEqual({ start: localDate(2027, 12, 7), end: localDate(2028, 12, 6) });
    // Over a leap day: 29/02 + 1 year is 28/02.
    expect(renewalPeriod(localDate(2028, 2, 28))).toEqual({
      start: localDate(2028, 2, 29),
      end: localDate(2029, 2, 27),
    });
    expect(renewalPeriod(localDate(2027, 12, 31))).toEqual({
      start: localDate(2028, 1, 1),
      end: localDate(2028, 12, 31),
    });
  });

  it('reads card expiries and judges a card expired after its month', () => {
    expect(parseCardExpiry('10-2027')).toEqual({ year: 2027, month: 10 });
    expect(parseCardExpiry('13-2027')).toBeNull();
    expect(parseCardExpiry('00-2027')).toBeNull();
    expect(parseCardExpiry('1-2027')).toBeNull();
    expect(parseCardExpiry(null)).toBeNull();
    expect(parseCardExpiry(undefined)).toBeNull();
    expect(isCardExpiredBy('10-2027', localDate(2027, 10, 31))).toBe(false);
    expect(isCardExpiredBy('10-2027', localDate(2027, 11, 1))).toBe(true);
    expect(isCardExpiredBy('12-2026', localDate(2027, 1, 1))).toBe(true);
    expect(isCardExpiredBy('01-2028', localDate(2027, 12, 31))).toBe(false);
    expect(isCardExpiredBy('garbage', localDate(2099, 1, 1))).toBe(false);
    expect(formatCardExpiry('03-2029')).toBe('03/2029');
    expect(formatCardExpiry('')).toBe('');
  });

  describe('the renewed policy document', () => {
    const renewal = {
      policyId: '6f1c1b2e-1d7a-4e0f-9a43-1f2d3c4b5a69',
      period: renewalPeriod(end),
      referenceNumber: 'TSG-271121-ABCDEFGH',
    };
    const issued = (policy: TPolicy): TPolicy => ({
      ...policy,
      policyId: '0b7e3c8e-7a53-4b2b-8d0e-3c4b5a691f2d',
      status: 'issued',
      paymentSuccess: 'true',
      policyNumber: 'TSG26-0000001',
      receiptNumber: 'RSG26-0000001',
      errorMessage: 'old',
      payment: {
        paymentMethod: 'CC',
        paymentReferenceNumber: 'TSG-261123-OLD',
        receiptNumber: 'RSG26-0000001',
        auth_code: '831000',
        cardNumber: 'xxxxxxxxxxxx1111',
      },
    });

    it('moves an annual travel policy to the new period and clears the old numbers and payment', () => {
      const travel = ZPolicySchema.parse(
        buildTravelPolicy(today, { policyTravel: { paPolicyType: 'A' } as never }),
      );
      const renewed = renewedPolicyDocument(issued(travel), renewal);
      expect(renewed.policyId).toBe(renewal.policyId);
      expect(renewed.status).toBe('pending');
      expect(renewed.paymentSuccess).toBe('false');
      expect(renewed.policyNumber).toBeUndefined();
      expect(renewed.receiptNumber).toBeUndefined();
      expect(renewed.errorMessage).toBeUndefined();
      expect(renewed.payment).toEqual({
        paymentMethod: 'CC',
        paymentReferenceNumber: renewal.referenceNumber,
      });
      expect(renewed.policyTravel?.deptDate).toBe('07/12/2027');
      expect(renewed.policyTravel?.returnDate).toBe('06/12/2028');
      expect(renewed.policyTravel?.applicant).toEqual(travel.policyTravel?.applicant);
    });

    it('moves personal accident and home policies by their effective and expiry dates', () => {
      const pa = renewedPolicyDocument(issued(ZPolicySchema.parse(buildPaPolicy(today))), renewal);
      expect([pa.policyPAN?.effectiveDate, pa.policyPAN?.expiryDate]).toEqual(['07/12/2027', '06/12/2028']);
      const home = renewedPolicyDocument(issued(ZPolicySchema.parse(buildHomePolicy(today))), renewal);
      expect([home.policyHome?.effectiveDate, home.policyHome?.expiryDate]).toEqual([
        '07/12/2027',
        '06/12/2028',
      ]);
    });

    it('leaves a document without its product part as it is, apart from the status and numbers', () => {
      const bare = ZPolicySchema.parse({ productType: 'PHM', country: 'HKG' });
      const renewed = renewedPolicyDocument(issued(bare), renewal);
      expect(renewed.policyHome).toBeUndefined();
      expect(renewed.status).toBe('pending');
      expect(renewed.country).toBe('HKG');
    });
  });
});

describe('premiumItemAtPrice: a renewal after an endorsement is sold at the price in force (decision 144)', () => {
  const sold = {
    planName: 'HOME-ENHANCED',
    premium: 200,
    premiumWithoutDiscount: 220,
    gst: 18,
    levy: 0,
    totalPremium: 218,
    commission: 30,
    discount: 0,
    campaignDiscount: 20,
    groupDiscount: 0,
    insuredCommissionDiscount: 0,
    totalDiscount: 20,
  } as TWirePremiumItem;

  it('says the price exactly, and moves the amounts around it in proportion', () => {
    expect(
      premiumItemAtPrice(sold, { premiumCents: 24_000, taxCents: 2_160, totalCents: 26_160 }),
    ).toMatchObject({
      premium: 240,
      gst: 21.6,
      levy: 0,
      totalPremium: 261.6,
      campaignDiscount: 24,
      totalDiscount: 24,
      premiumWithoutDiscount: 264,
      commission: 36,
      planName: 'HOME-ENHANCED',
    });
  });

  it('puts Hong Kong’s levy where the item had it, and gives the item back at its own price', () => {
    const hongKong = { ...sold, gst: 0, levy: 0.2, totalPremium: 200.2, premium: 200 } as TWirePremiumItem;
    expect(
      premiumItemAtPrice(hongKong, { premiumCents: 10_000, taxCents: 10, totalCents: 10_010 }),
    ).toMatchObject({
      premium: 100,
      gst: 0,
      levy: 0.1,
      totalPremium: 100.1,
    });
    expect(premiumItemAtPrice(sold, { premiumCents: 20_000, taxCents: 1_800, totalCents: 21_800 })).toBe(
      sold,
    );
  });

  it('renews an endorsed home at the price in force, and leaves other products as sold', () => {
    const home = ZPolicySchema.parse(buildHomePolicy(today));
    home.policyHome!.policyPremium = sold;
    const period = renewalPeriod(end);
    const renewed = renewedPolicyDocument(
      home,
      { policyId: 'r', period, referenceNumber: 'R' },
      {
        premiumCents: 24_000,
        taxCents: 2_160,
        totalCents: 26_160,
      },
    );
    expect(renewed.policyHome?.policyPremium?.totalPremium).toBe(261.6);
    expect(
      renewedPolicyDocument(home, { policyId: 'r', period, referenceNumber: 'R' }).policyHome?.policyPremium,
    ).toBe(sold);
  });
});
