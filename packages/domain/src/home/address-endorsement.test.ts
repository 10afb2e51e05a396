import { describe, expect, it } from 'vitest';
import { parseDmy, type TLocalDate } from '../dates/local-date.ts';
import {
  endorsedPrice,
  endorsementQuote,
  insuredAddressFields,
  isSameInsuredAddress,
  listInsuredAddressErrors,
  type TInsuredAddressChange,
} from './address-endorsement.ts';

const day = (dmy: string): TLocalDate => parseDmy(dmy)!;
const year = { start: day('01/01/2027'), end: day('31/12/2027') };

describe('endorsementQuote: the premium for the days left, new less old, on the terms sold', () => {
  it("carries the customer's discount in proportion and charges the rise for the days left", () => {
    // Paid 200.00 where the tables rate 180.00; the new home rates 216.00 → 240.00 a year.
    // From 20/10/2027, 73 of 365 days are left: (240 - 200) × 73 / 365 = 8.00.
    expect(
      endorsementQuote({
        paidCents: 20_000,
        oldRatedCents: 18_000,
        newRatedCents: 21_600,
        ...year,
        today: day('20/10/2027'),
      }),
    ).toEqual({
      outcome: 'collect',
      differenceCents: 800,
      annualCents: 24_000,
      from: day('20/10/2027'),
      daysLeft: 73,
      termDays: 365,
    });
  });

  it('returns a fall, negative, and counts the last day of cover as a day left', () => {
    const quote = endorsementQuote({
      paidCents: 36_500,
      oldRatedCents: 36_500,
      newRatedCents: 29_200,
      ...year,
      today: day('31/12/2027'),
    });
    expect(quote).toMatchObject({
      outcome: 'refund',
      differenceCents: -20,
      daysLeft: 1,
      annualCents: 29_200,
    });
  });

  it('is nothing when the new home rates the same', () => {
    expect(
      endorsementQuote({
        paidCents: 31_999,
        oldRatedCents: 30_000,
        newRatedCents: 30_000,
        ...year,
        today: day('15/03/2027'),
      }),
    ).toMatchObject({ outcome: 'none', differenceCents: 0, annualCents: 31_999 });
  });

  it('takes the whole period before cover starts, from its first day', () => {
    const quote = endorsementQuote({
      paidCents: 10_000,
      oldRatedCents: 10_000,
      newRatedCents: 11_000,
      ...year,
      today: day('15/11/2026'),
    });
    expect(quote).toMatchObject({ from: day('01/01/2027'), daysLeft: 365, differenceCents: 1_000 });
  });

  it('rounds half away from zero, a charge and a return alike', () => {
    // 1 cent a year over 365 days, half the year left: 0.5 cent each way.
    const half = { ...year, start: day('01/01/2027'), end: day('31/12/2027') };
    const up = endorsementQuote({
      paidCents: 100,
      oldRatedCents: 100,
      newRatedCents: 101,
      ...half,
      today: day('02/07/2027'),
    });
    const down = endorsementQuote({
      paidCents: 101,
      oldRatedCents: 101,
      newRatedCents: 100,
      ...half,
      today: day('02/07/2027'),
    });
    expect(up.daysLeft).toBe(183);
    expect([up.differenceCents, down.differenceCents]).toEqual([1, -1]);
  });

  it('refuses a policy its tables rate at nothing: there is no proportion to carry', () => {
    expect(() =>
      endorsementQuote({
        paidCents: 100,
        oldRatedCents: 0,
        newRatedCents: 200,
        ...year,
        today: day('01/06/2027'),
      }),
    ).toThrow(/no proportion/);
  });

  it('has nothing left after the cover ends', () => {
    expect(
      endorsementQuote({
        paidCents: 100,
        oldRatedCents: 100,
        newRatedCents: 200,
        ...year,
        today: day('01/01/2028'),
      }),
    ).toMatchObject({ daysLeft: 0, differenceCents: 0, outcome: 'none' });
  });
});

describe('listInsuredAddressErrors: every failing field of the market, in the form order', () => {
  it('Singapore: address, dwelling type, and a flat type for an HDB flat', () => {
    expect(listInsuredAddressErrors('SGP', { dwellingType: 'HDB' }).map((error) => error.field)).toEqual([
      'blockOrHouseNo',
      'streetName',
      'postalCode',
      'hdbFlatType',
    ]);
    expect(listInsuredAddressErrors('SGP', {}).map((error) => error.field)).toContain('dwellingType');
    expect(
      listInsuredAddressErrors('SGP', {
        blockOrHouseNo: '10',
        streetName: 'Tampines St 11',
        postalCode: '521010',
        dwellingType: 'CONDO',
      }),
    ).toEqual([]);
  });

  it('Hong Kong: address with its district, floor area and building age', () => {
    expect(listInsuredAddressErrors('HKG', {}).map((error) => error.field)).toEqual([
      'blockOrHouseNo',
      'streetName',
      'district',
      'floorArea',
      'buildingAge',
    ]);
  });
});

describe('the change as stored and compared', () => {
  const sg: TInsuredAddressChange = {
    blockOrHouseNo: ' 10 ',
    streetName: 'Tampines  St 11',
    postalCode: '521010',
    dwellingType: 'CONDO',
    hdbFlatType: '4_ROOM',
    district: 'WC',
    floorArea: 'UNDER_500',
  };

  it("keeps a market's own fields, and a flat type only for an HDB flat", () => {
    expect(insuredAddressFields('SGP', sg)).toEqual({
      blockOrHouseNo: '10',
      streetName: 'Tampines  St 11',
      unitNo: undefined,
      buildingName: undefined,
      postalCode: '521010',
      dwellingType: 'CONDO',
      hdbFlatType: undefined,
    });
  });

  it('finds the same home whatever its spacing and case, and a new fact a change', () => {
    const current = {
      blockOrHouseNo: '10',
      streetName: 'TAMPINES ST 11',
      postalCode: '521010',
      dwellingType: 'CONDO' as const,
    };
    expect(isSameInsuredAddress('SGP', current, sg)).toBe(true);
    expect(isSameInsuredAddress('SGP', current, { ...sg, dwellingType: 'LANDED' })).toBe(false);
    expect(isSameInsuredAddress('SGP', current, { ...sg, unitNo: '#05-01' })).toBe(false);
  });
});

describe('endorsedPrice: the price in force after an endorsement', () => {
  it('keeps the tax its share of the total, and premium + tax = total', () => {
    expect(endorsedPrice({ premiumCents: 30_000, taxCents: 2_700, totalCents: 32_700 }, 21_800)).toEqual({
      premiumCents: 20_000,
      taxCents: 1_800,
      totalCents: 21_800,
    });
    // 1 234 × 2 700 / 32 700 = 101.89…: 102 cents of tax, the rest premium.
    expect(endorsedPrice({ premiumCents: 30_000, taxCents: 2_700, totalCents: 32_700 }, 1_234)).toEqual({
      premiumCents: 1_132,
      taxCents: 102,
      totalCents: 1_234,
    });
  });

  it('a price with no tax (Hong Kong home, no levy) stays untaxed', () => {
    expect(endorsedPrice({ premiumCents: 50_000, taxCents: 0, totalCents: 50_000 }, 45_000)).toEqual({
      premiumCents: 45_000,
      taxCents: 0,
      totalCents: 45_000,
    });
    expect(endorsedPrice({ premiumCents: 0, taxCents: 0, totalCents: 0 }, 100)).toEqual({
      premiumCents: 100,
      taxCents: 0,
      totalCents: 100,
    });
  });
});
