import { describe, expect, it } from 'vitest';
import { PA_RATE_TABLE } from './bundled-rate-tables.ts';
import { paFromPremiumCents, paRateFactsInForce } from './from-price.ts';
import { ratePersonalAccident } from './pa-rating.ts';
import type { TPremiumItem } from './premium-item.ts';
import { ZPaRateFactsSchema } from './rate-facts-schema.ts';

/** Every plan the shop prices for one adult of each occupation class it covers, no child, no optional cover. */
const everyPlan = (table = PA_RATE_TABLE, country: 'SGP' | 'HKG' = 'SGP', discounts = {}) =>
  (['01', '02', '03', '04'] as const).flatMap((occupationClass) => {
    const items = ratePersonalAccident(table, {
      country,
      adults: [{ occupationClass, optionalCovers: [] }],
      children: 0,
      discounts,
    });
    return 'error' in items ? [] : (items as TPremiumItem[]);
  });

describe('the PA landing’s "from" price: the cheapest plan the shop prices (issue 29)', () => {
  it('is the lowest total, tax included, of every plan priced for one adult', () => {
    for (const country of ['SGP', 'HKG'] as const) {
      const totals = everyPlan(PA_RATE_TABLE, country).map((item) => item.totalPremium);
      expect(paFromPremiumCents(PA_RATE_TABLE, country, {})).toBe(Math.min(...totals));
      // A plan priced exactly so exists: the page states a price the customer can buy.
      expect(totals).toContain(paFromPremiumCents(PA_RATE_TABLE, country, {}));
    }
    // Singapore's bundled table: Plan A for an office worker, S$168.00 and 9 % GST (not "S$9 a month").
    expect(paFromPremiumCents(PA_RATE_TABLE, 'SGP', {})).toBe(18_312);
  });

  it('follows the rate table in force: another cheapest plan, another price', () => {
    const changed: typeof PA_RATE_TABLE = JSON.parse(JSON.stringify(PA_RATE_TABLE));
    // Class 2's Plan A becomes the cheapest of all.
    changed.markets.SGP.adultAnnual['02'].A = 15_000;
    const from = paFromPremiumCents(changed, 'SGP', {});
    expect(from).not.toBe(paFromPremiumCents(PA_RATE_TABLE, 'SGP', {}));
    expect(from).toBe(Math.min(...everyPlan(changed).map((item) => item.totalPremium)));
    expect(from).toBe(16_350);
  });

  it('includes the discount every visitor of the landing gets (a direct campaign)', () => {
    const direct = { campaign: { type: 'PERCENT', basisPoints: 1000 } } as const;
    expect(paFromPremiumCents(PA_RATE_TABLE, 'SGP', direct)).toBe(
      Math.min(...everyPlan(PA_RATE_TABLE, 'SGP', direct).map((item) => item.totalPremium)),
    );
    expect(paFromPremiumCents(PA_RATE_TABLE, 'SGP', direct)).toBeLessThan(
      paFromPremiumCents(PA_RATE_TABLE, 'SGP', {}),
    );
  });

  it('is answered with the rate facts, in their published shape', () => {
    const facts = paRateFactsInForce(PA_RATE_TABLE, 'HKG', {});
    expect(ZPaRateFactsSchema.parse(facts)).toEqual(facts);
    expect(facts.fromPremiumCents).toBe(paFromPremiumCents(PA_RATE_TABLE, 'HKG', {}));
  });
});
