import { describe, expect, it } from 'vitest';
import {
  BUILDING_AGE_BANDS,
  CONTENTS_CHOICES,
  CONTENTS_RANGE,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '../home/home-model.ts';
import { HOME_RATE_TABLE } from './bundled-rate-tables.ts';
import { rateHome, type THomeRatingInput, ZHomeRateTableSchema } from './home-rating.ts';

const base: THomeRatingInput = {
  country: 'SGP',
  dwellingType: 'HDB',
  hdbFlatType: '4_ROOM',
  ownership: 'TENANT',
  contentsSumInsuredCents: 3_000_000,
  optionalCovers: [],
  discounts: {},
};
const rate = (input: Partial<THomeRatingInput>) => rateHome(HOME_RATE_TABLE, { ...base, ...input });
const premiums = (input: Partial<THomeRatingInput>) => rate(input).map((item) => item.premium);

describe('home rating (design section 9: 4-room HDB contents about S$53–270 a year)', () => {
  it('prices a 4-room HDB flat for a tenant at S$53 / 119 / 195, GST 9 % on top', () => {
    const items = rate({});
    expect(items.map((item) => item.planName)).toEqual(['ESSENTIAL', 'ENHANCED', 'PRESTIGE']);
    expect(items.map((item) => item.premium)).toEqual([5300, 11900, 19500]);
    // 9 % of S$53.00 is S$4.77; of S$195.00, S$17.55.
    expect(items[0]!.gst).toBe(477);
    expect(items[0]!.totalPremium).toBe(5777);
    expect(items[2]!.totalPremium).toBe(21255);
  });

  it('rates each HDB flat type, a condominium and a landed house from its own row', () => {
    expect(premiums({ hdbFlatType: '2_ROOM' })).toEqual([4500, 10100, 16600]);
    expect(premiums({ hdbFlatType: '3_ROOM' })).toEqual([4900, 11000, 18000]);
    expect(premiums({ hdbFlatType: '5_ROOM' })).toEqual([5800, 13100, 21500]);
    expect(premiums({ hdbFlatType: 'EXECUTIVE' })).toEqual([6400, 14300, 23400]);
    expect(premiums({ dwellingType: 'CONDO', hdbFlatType: undefined })).toEqual([8400, 16800, 27000]);
    expect(premiums({ dwellingType: 'LANDED' })).toEqual([14500, 26500, 42000]);
    // A flat type without effect outside HDB, and an HDB flat without one is a 4-room flat.
    expect(premiums({ dwellingType: 'CONDO', hdbFlatType: '2_ROOM' })).toEqual([8400, 16800, 27000]);
    expect(premiums({ hdbFlatType: undefined })).toEqual([5300, 11900, 19500]);
  });

  it('adds building cover for owners (25 %) and landlords (35 %), contents over the included sum and covers', () => {
    // 3-room owner, Enhanced: S$110 + 25 % = S$137.50.
    expect(premiums({ hdbFlatType: '3_ROOM', ownership: 'OWNER' })[1]).toBe(13750);
    // Landlord of a condominium, Prestige, S$150,000 of contents: S$270 + S$50,000 over the included
    // S$100,000 at S$0.15 per S$100 (S$75) + 35 % of S$270 (S$94.50) = S$439.50.
    expect(
      premiums({ dwellingType: 'CONDO', ownership: 'LANDLORD', contentsSumInsuredCents: 15_000_000 })[2],
    ).toBe(43950);
    // S$80,000 of contents: Essential pays for S$50,000 over its S$30,000 (S$75), Enhanced for
    // S$20,000 over its S$60,000 (S$30), Prestige's S$100,000 already covers it.
    expect(premiums({ contentsSumInsuredCents: 8_000_000 })).toEqual([5300 + 7500, 11900 + 3000, 19500]);
    expect(
      premiums({
        optionalCovers: ['RENOVATION', 'HELPER_LIABILITY', 'PORTABLE_VALUABLES', 'LIABILITY_TOP_UP'],
      })[0],
    ).toBe(5300 + 3500 + 2800 + 4500 + 1800);
  });

  it('rates Hong Kong by gross floor area, loads older buildings and adds the IA levy', () => {
    const hk = { country: 'HKG' as const, hdbFlatType: undefined, contentsSumInsuredCents: 20_000_000 };
    expect(premiums({ ...hk, floorArea: 'UNDER_500' })).toEqual([42000, 68000, 98000]);
    expect(premiums({ ...hk, floorArea: '500_799' })).toEqual([62000, 92000, 132000]);
    expect(premiums({ ...hk, floorArea: '1200_PLUS', buildingAge: '20_TO_39' })[0]).toBe(125000 + 12500);
    // 800–1,199 sq ft, 40 years or more, owner, Enhanced, HK$600,000 of contents, helper cover:
    // HK$1,280 + 25 % age (HK$320) = HK$1,600; HK$200,000 over the included HK$400,000 at HK$0.10 per
    // HK$100 (HK$200); owner 25 % of HK$1,600 (HK$400); helper HK$180: HK$2,380, levy 0.1 % HK$2.38.
    const [, enhanced] = rate({
      ...hk,
      floorArea: '800_1199',
      buildingAge: '40_PLUS',
      ownership: 'OWNER',
      contentsSumInsuredCents: 60_000_000,
      optionalCovers: ['HELPER_LIABILITY'],
    });
    expect(enhanced!.premium).toBe(238000);
    expect(enhanced!.levy).toBe(238);
    expect(enhanced!.gst).toBe(0);
    expect(enhanced!.totalPremium).toBe(238238);
  });

  it('never prices a plan below the one beneath it, whatever the home, occupancy, contents and covers', () => {
    const homes: Partial<THomeRatingInput>[] = [
      ...HDB_FLAT_TYPES.map((hdbFlatType) => ({ hdbFlatType })),
      { dwellingType: 'CONDO' },
      { dwellingType: 'LANDED' },
      ...FLOOR_AREA_BANDS.flatMap((floorArea) =>
        BUILDING_AGE_BANDS.map((buildingAge) => ({ country: 'HKG' as const, floorArea, buildingAge })),
      ),
    ];
    for (const home of homes)
      for (const ownership of OCCUPANCIES)
        for (const contents of [
          ...CONTENTS_CHOICES[home.country ?? 'SGP'],
          CONTENTS_RANGE[home.country ?? 'SGP'].max,
        ]) {
          const prices = premiums({ ...home, ownership, contentsSumInsuredCents: contents * 100 });
          expect(
            [...prices].sort((a, b) => a - b),
            JSON.stringify({ home, ownership, contents }),
          ).toEqual(prices);
        }
  });

  it('validates its table', () => {
    expect(() => ZHomeRateTableSchema.parse({ ...HOME_RATE_TABLE, plans: [{ planName: 'GOLD' }] })).toThrow();
    const { HDB_2_ROOM: _dropped, ...base } = HOME_RATE_TABLE.markets.SGP.base;
    expect(() =>
      ZHomeRateTableSchema.parse({
        ...HOME_RATE_TABLE,
        markets: { ...HOME_RATE_TABLE.markets, SGP: { ...HOME_RATE_TABLE.markets.SGP, base } },
      }),
    ).toThrow();
  });
});
