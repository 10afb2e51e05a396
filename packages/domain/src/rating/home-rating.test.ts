import { describe, expect, it } from 'vitest';
import { HOME_RATE_TABLE, rateHome, type THomeRatingInput, ZHomeRateTableSchema } from './home-rating.ts';

const base: THomeRatingInput = {
  country: 'SGP',
  dwellingType: 'HDB',
  ownership: 'TENANT',
  contentsSumInsuredCents: 3_000_000,
  optionalCovers: [],
  discounts: {},
};
const rate = (input: Partial<THomeRatingInput>) => rateHome(HOME_RATE_TABLE, { ...base, ...input });

describe('home rating (design section 9: 4-room HDB about S$53–270 a year)', () => {
  it('prices an HDB flat within the market range, GST on top', () => {
    const items = rate({});
    expect(items.map((item) => item.planName)).toEqual(['ESSENTIAL', 'ENHANCED', 'PRESTIGE']);
    expect(items[0]!.premium).toBeGreaterThanOrEqual(5300);
    expect(items[2]!.totalPremium).toBeLessThanOrEqual(27000 * 1.09);
    expect(items[0]!.gst).toBe(477);
  });

  it('charges more for bigger dwellings, more contents, owners and optional covers', () => {
    const hdb = rate({})[1]!.premium;
    expect(rate({ dwellingType: 'CONDO' })[1]!.premium).toBeGreaterThan(hdb);
    expect(rate({ dwellingType: 'LANDED' })[1]!.premium).toBeGreaterThan(
      rate({ dwellingType: 'CONDO' })[1]!.premium,
    );
    // S$100,000 of contents on Essential: S$70,000 over the included S$30,000 at S$0.80 per S$100.
    expect(rate({ contentsSumInsuredCents: 10_000_000 })[0]!.premium).toBe(5300 + 56000);
    expect(rate({ ownership: 'OWNER' })[0]!.premium).toBe(5300 + 1325);
    expect(rate({ optionalCovers: ['RENOVATION', 'HELPER_LIABILITY'] })[0]!.premium).toBe(5300 + 3500 + 2800);
  });

  it('prices Hong Kong homes in HK$ with the IA levy, and validates its table', () => {
    const [essential] = rate({ country: 'HKG' });
    expect(essential!.levy).toBe(42);
    expect(() => ZHomeRateTableSchema.parse({ ...HOME_RATE_TABLE, plans: [{ planName: 'GOLD' }] })).toThrow();
  });
});
