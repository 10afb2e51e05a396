import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../dates/local-date.ts';
import { TRAVEL_RATE_TABLES } from './bundled-rate-tables.ts';
import { HONG_KONG_MINIMUM_PREMIUM_CENTS } from './discounts.ts';
import type { TPremiumItem } from './premium-item.ts';
import {
  rateTravel,
  rateTravelTopUps,
  type TTravelRatingInput,
  ZTravelRateTableSchema,
} from './travel-rating.ts';

const departure = localDate(2026, 12, 1);
const base: TTravelRatingInput = {
  tripType: 'S',
  journeyCode: '6',
  departure,
  returnDate: addDays(departure, 6),
  travellerType: 'ID',
  adults: 1,
  children: 0,
  seniors: 0,
  seniorLoadingOn: true,
  topUpSelected: false,
  discounts: {},
};

function items(input: Partial<TTravelRatingInput>, country: 'SGP' | 'HKG' = 'SGP'): TPremiumItem[] {
  const result = rateTravel(TRAVEL_RATE_TABLES[country], { ...base, ...input });
  if ('error' in result) throw new Error(result.error);
  return result;
}
const total = (input: Partial<TTravelRatingInput>, plan = 0, country: 'SGP' | 'HKG' = 'SGP') =>
  items(input, country)[plan]!.totalPremium;

describe('travel rating anchors (design section 9)', () => {
  it('prices a 7-day Asia Pacific single trip for one adult within market levels', () => {
    const [standard, superPlan] = items({});
    expect(standard!.planName).toBe('STANDARD');
    expect(standard!.totalPremium).toBeGreaterThanOrEqual(3000);
    expect(standard!.totalPremium).toBeLessThanOrEqual(6000);
    expect(superPlan!.totalPremium).toBeGreaterThanOrEqual(5000);
    expect(superPlan!.totalPremium).toBeLessThanOrEqual(11600);
  });

  it('charges Worldwide at least 1.3 times Asia Pacific', () => {
    for (const plan of [0, 1])
      expect(total({ journeyCode: '3' }, plan)).toBeGreaterThanOrEqual(total({}, plan) * 1.3);
  });

  it('keeps a family at most 2.5 times one adult', () => {
    expect(total({ travellerType: 'FM', adults: 2, children: 5 })).toBeLessThanOrEqual(total({}) * 2.5);
    expect(total({ travellerType: 'FM', adults: 1, children: 2 })).toBeLessThan(
      total({ travellerType: 'FM', adults: 2, children: 2 }),
    );
    expect(total({ travellerType: 'CP', adults: 2 })).toBeLessThan(total({ adults: 2 }));
  });

  it('prices annual STANDARD per adult between S$200 and S$500', () => {
    for (const journeyCode of ['6', '3'] as const) {
      const annual = total({ tripType: 'A', journeyCode });
      expect(annual).toBeGreaterThanOrEqual(20000);
      expect(annual).toBeLessThanOrEqual(50000);
    }
  });

  it('prices a Hong Kong 7-day Asia single trip between HK$100 and HK$300, with the IA levy', () => {
    const [standard] = items({}, 'HKG');
    expect(standard!.totalPremium).toBeGreaterThanOrEqual(10000);
    expect(standard!.totalPremium).toBeLessThanOrEqual(30000);
    expect(standard!.levy).toBe(15);
    expect(standard!.gst).toBe(0);
  });

  it('shows Singapore travel GST as zero (zero-rated outbound travel)', () => {
    const [standard] = items({});
    expect(standard!.gst).toBe(0);
    expect(standard!.totalPremium).toBe(standard!.premium);
  });
});

describe('travel rating rules', () => {
  it('makes every longer duration band strictly dearer', () => {
    const table = TRAVEL_RATE_TABLES.SGP;
    let previous = 0;
    for (const maxDays of table.single.bands) {
      const price = total({ returnDate: addDays(departure, maxDays - 1) });
      expect(price).toBeGreaterThan(previous);
      previous = price;
    }
  });

  it('refuses a single trip over 90 days and a policy with nobody on it', () => {
    expect(rateTravel(TRAVEL_RATE_TABLES.SGP, { ...base, returnDate: addDays(departure, 90) })).toEqual({
      error: 'DURATION_TOO_LONG',
    });
    expect(rateTravel(TRAVEL_RATE_TABLES.SGP, { ...base, adults: 0 })).toEqual({ error: 'NO_TRAVELLERS' });
  });

  it('loads seniors only when the flag is on', () => {
    expect(total({ seniors: 1 })).toBe(Math.round(total({}) * 1.5));
    expect(total({ seniors: 1, seniorLoadingOn: false })).toBe(total({}));
  });

  it('rates the Plus top-ups, and adds the chosen one', () => {
    const topUps = rateTravelTopUps(TRAVEL_RATE_TABLES.SGP, base) as TPremiumItem[];
    expect(topUps.map((item) => item.planName)).toEqual(['STANDARD PLUS', 'SUPER PLUS']);
    expect(topUps[0]!.planCode).toBe('TSG-STD-PLUS');
    expect(topUps[0]!.premiumTopUp).toBe(900);
    expect(total({ topUpSelected: true })).toBe(total({}) + 900);
  });

  it('applies campaign, promo and agent discounts in the spec fields', () => {
    const [standard] = items({
      discounts: {
        campaign: { type: 'PERCENT', basisPoints: 1500 },
        promo: { type: 'AMOUNT', cents: 200 },
        agent: { maxRateBasisPoints: 2500, rateBasisPoints: 1500 },
      },
    });
    expect(standard).toMatchObject({
      premiumWithoutDiscount: 3600,
      campaignDiscount: 740,
      discount: 740,
      insuredCommissionDiscount: 360,
      totalDiscount: 1100,
      premium: 2500,
      commission: 375,
      commissionRate: 1500,
    });
  });

  it('never lets a Hong Kong discount take the premium below HK$380, or below its own undiscounted price', () => {
    const annual = items(
      {
        tripType: 'A',
        discounts: {
          campaign: { type: 'PERCENT', basisPoints: 9000 },
          agent: { maxRateBasisPoints: 3000, rateBasisPoints: 0 },
        },
      },
      'HKG',
    )[0]!;
    expect(annual.premium).toBe(HONG_KONG_MINIMUM_PREMIUM_CENTS);
    expect(annual.floorApplied).toBe(true);
    expect(annual.insuredCommissionDiscount).toBe(0);
    const short = items(
      { returnDate: departure, discounts: { campaign: { type: 'PERCENT', basisPoints: 5000 } } },
      'HKG',
    )[0]!;
    expect(short.premium).toBe(short.premiumWithoutDiscount);
    expect(short.discount).toBe(0);
  });

  it('keeps every total equal to the sum of its lines, and no floor broken (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          country: fc.constantFrom('SGP' as const, 'HKG' as const),
          tripType: fc.constantFrom('S' as const, 'A' as const),
          journeyCode: fc.constantFrom('6' as const, '3' as const),
          days: fc.integer({ min: 1, max: 90 }),
          travellerType: fc.constantFrom('ID' as const, 'CP' as const, 'FM' as const),
          adults: fc.integer({ min: 1, max: 20 }),
          children: fc.integer({ min: 0, max: 9 }),
          seniors: fc.integer({ min: 0, max: 2 }),
          campaignBp: fc.integer({ min: 0, max: 10_000 }),
          promoCents: fc.integer({ min: 0, max: 200_000 }),
          giveUpBp: fc.integer({ min: 0, max: 3000 }),
        }),
        (draw) => {
          const adults =
            draw.travellerType === 'CP'
              ? 2
              : draw.travellerType === 'FM'
                ? Math.min(draw.adults, 2)
                : draw.adults;
          const result = items(
            {
              tripType: draw.tripType,
              journeyCode: draw.journeyCode,
              returnDate: addDays(departure, draw.days - 1),
              travellerType: draw.travellerType,
              adults,
              children: draw.children,
              seniors: Math.min(draw.seniors, adults),
              discounts: {
                campaign: { type: 'PERCENT', basisPoints: draw.campaignBp },
                promo: { type: 'AMOUNT', cents: draw.promoCents },
                agent: { maxRateBasisPoints: draw.giveUpBp, rateBasisPoints: 0 },
              },
            },
            draw.country,
          );
          return result.every(
            (item) =>
              item.totalPremium === item.premium + item.gst + item.levy &&
              item.premium === item.premiumWithoutDiscount - item.discount - item.insuredCommissionDiscount &&
              item.totalDiscount === item.discount + item.insuredCommissionDiscount &&
              item.premium >= 0 &&
              (draw.country === 'SGP' ||
                item.premium >= Math.min(HONG_KONG_MINIMUM_PREMIUM_CENTS, item.premiumWithoutDiscount)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prices more travellers and the higher plan dearer (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 19 }), fc.integer({ min: 1, max: 90 }), (adults, days) => {
        const input = { adults, returnDate: addDays(departure, days - 1) };
        const [standard, superPlan] = items(input);
        return (
          total({ ...input, adults: adults + 1 }) > standard!.totalPremium &&
          superPlan!.totalPremium > standard!.totalPremium
        );
      }),
    );
  });

  it('validates rate tables it is given', () => {
    expect(() => ZTravelRateTableSchema.parse({ ...TRAVEL_RATE_TABLES.SGP, plans: [] })).toThrow();
  });
});
