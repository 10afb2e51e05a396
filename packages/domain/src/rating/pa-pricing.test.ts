import { describe, expect, it } from 'vitest';
import { PA_RATE_TABLE } from './bundled-rate-tables.ts';
import { ratePersonalAccident, type TPaAdult, type TPaRatingInput } from './pa-rating.ts';
import type { TPremiumItem } from './premium-item.ts';

/**
 * Personal accident prices worked out by hand from the published table (tables/pa.json, rating/README.md)
 * rather than from the engine's constants: S$168 / 276 / 420 / 612 for class 01, S$227 / 373 / 567 / 826
 * for class 02; HK$620 for Hong Kong class I plan A; children 4–9 at 40 % of the lower parent's plan;
 * PRX +12 %, TTD +18 % of the adult's premium; 10 % family discount; GST 9 %; IA levy 0.1 %; HK$380 floor.
 */
const adult = (occupationClass: TPaAdult['occupationClass'], optionalCovers: string[] = []): TPaAdult => ({
  occupationClass,
  optionalCovers,
});
function plan(input: Partial<TPaRatingInput>, name: string): TPremiumItem {
  const items = ratePersonalAccident(PA_RATE_TABLE, {
    country: 'SGP',
    adults: [adult('01')],
    children: 0,
    discounts: {},
    ...input,
  }) as TPremiumItem[];
  const item = items.find((candidate) => candidate.planName === name);
  if (!item) throw new Error(`plan ${name} not offered`);
  return item;
}

describe('personal accident pricing, by hand (pa-home-payments section 9, decision 003)', () => {
  it('one Singapore class 01 adult, plan A: S$168.00 + 9 % GST S$15.12 = S$183.12', () => {
    expect(plan({}, 'A')).toMatchObject({
      premiumWithoutDiscount: 16800,
      groupDiscount: 0,
      premium: 16800,
      gst: 1512,
      levy: 0,
      totalPremium: 18312,
    });
  });

  it('a couple on plan B: S$552.00 less 10 % family discount S$55.20 = S$496.80, GST S$44.71', () => {
    expect(plan({ adults: [adult('01'), adult('01')] }, 'B')).toMatchObject({
      premiumWithoutDiscount: 55200,
      groupDiscount: 5520,
      premium: 49680,
      gst: 4471,
      totalPremium: 54151,
    });
  });

  it('one class 02 parent with 3 children: the children are free and bring the family discount', () => {
    expect(plan({ adults: [adult('02')], children: 3 }, 'A')).toMatchObject({
      premiumWithoutDiscount: 22700,
      groupDiscount: 2270,
      premium: 20430,
      gst: 1839,
      totalPremium: 22269,
    });
  });

  it('two parents (class 02 and 01) with 5 children on plan C: the 4th and 5th pay 40 % of the lower parent plan', () => {
    // S$567 + S$420 + 2 × 40 % × S$420 = S$1,323; less 10 % = S$1,190.70; GST S$107.16.
    expect(plan({ adults: [adult('02'), adult('01')], children: 5 }, 'C')).toMatchObject({
      premiumWithoutDiscount: 132300,
      groupDiscount: 13230,
      premium: 119070,
      gst: 10716,
      totalPremium: 129786,
    });
  });

  it('prices optional covers per adult: PRX and TTD on adult 1 only', () => {
    // Adult 1: S$168 + 12 % S$20.16 + 18 % S$30.24 = S$218.40; adult 2: S$168; family discount S$38.64.
    const item = plan({ adults: [adult('01', ['PRX', 'TTD']), adult('01')] }, 'A');
    expect(item).toMatchObject({
      premiumWithoutDiscount: 38640,
      groupDiscount: 3864,
      premium: 34776,
      gst: 3130,
    });
    expect(item.planCode).toBe('Plan-A-PRX');
  });

  it('offers no plan D when either adult is class 03, and declines class 04', () => {
    const names = (adults: TPaAdult[]) =>
      (
        ratePersonalAccident(PA_RATE_TABLE, {
          country: 'SGP',
          adults,
          children: 0,
          discounts: {},
        }) as TPremiumItem[]
      ).map((item) => item.planName);
    expect(names([adult('03')])).toEqual(['A', 'B', 'C']);
    expect(names([adult('01'), adult('03')])).toEqual(['A', 'B', 'C']);
    expect(names([adult('02'), adult('02')])).toEqual(['A', 'B', 'C', 'D']);
    expect(plan({ adults: [adult('03')] }, 'A').premiumWithoutDiscount).toBe(33600);
    expect(
      ratePersonalAccident(PA_RATE_TABLE, {
        country: 'HKG',
        adults: [adult('01'), adult('04')],
        children: 0,
        discounts: {},
      }),
    ).toEqual({
      error: 'OCCUPATION_DECLINED',
    });
  });

  it('adds the Hong Kong IA levy, 0.1 %, as its own line with no GST', () => {
    expect(plan({ country: 'HKG' }, 'A')).toMatchObject({
      premium: 62000,
      gst: 0,
      levy: 62,
      totalPremium: 62062,
    });
  });

  it('holds a Hong Kong premium discounted below HK$380 at HK$380', () => {
    // HK$620 less 50 % would be HK$310: the campaign gives back HK$70, levy HK$0.38.
    const floored = plan(
      { country: 'HKG', discounts: { campaign: { type: 'PERCENT', basisPoints: 5000 } } },
      'A',
    );
    expect(floored).toMatchObject({
      campaignDiscount: 24000,
      premium: 38000,
      levy: 38,
      totalPremium: 38038,
      floorApplied: true,
    });
    // 20 % off HK$620 is HK$496, above the floor.
    const twenty = plan(
      { country: 'HKG', discounts: { campaign: { type: 'PERCENT', basisPoints: 2000 } } },
      'A',
    );
    expect(twenty).toMatchObject({ campaignDiscount: 12400, premium: 49600, levy: 50, floorApplied: false });
    // A couple at 50 % off with the family discount: HK$1,240 − 620 − 124 = HK$496, no floor.
    const couple = plan(
      {
        country: 'HKG',
        adults: [adult('01'), adult('01')],
        discounts: { campaign: { type: 'PERCENT', basisPoints: 5000 } },
      },
      'A',
    );
    expect(couple).toMatchObject({
      campaignDiscount: 62000,
      groupDiscount: 12400,
      premium: 49600,
      floorApplied: false,
    });
  });

  it('never lets Singapore fall to a floor: 50 % off S$168 is S$84 + GST S$7.56', () => {
    const item = plan({ discounts: { campaign: { type: 'PERCENT', basisPoints: 5000 } } }, 'A');
    expect(item).toMatchObject({ premium: 8400, gst: 756, totalPremium: 9156, floorApplied: false });
  });
});
