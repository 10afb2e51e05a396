import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TCountry } from '../market/market.ts';
import { buildPremiumItem } from '../rating/premium-item.ts';
import type { TProductType } from '../tax/tax.ts';
import { priceBreakdown } from './price-breakdown.ts';

const rated = (
  country: TCountry,
  product: TProductType,
  gross: number,
  discounts: Parameters<typeof buildPremiumItem>[0]['discounts'],
) =>
  buildPremiumItem({
    plan: { planName: 'A', planCode: 'Plan-A-', planDesc: 'Plan A' },
    country,
    product,
    gross,
    discounts,
  });

const lines = (breakdown: ReturnType<typeof priceBreakdown>) =>
  breakdown.lines.map((line) => [line.key, line.cents]);

describe('the price breakdown every page shows (decision 126)', () => {
  it('lists an agent link’s discount on its own, even when it is the only discount (issue 29)', () => {
    // AG1001's PA campaign: the agent keeps 25 % of a 30 % commission, so 5 % comes off.
    const item = rated('SGP', 'PAN', 27_600, { agent: { maxRateBasisPoints: 3000, rateBasisPoints: 2500 } });
    expect(lines(priceBreakdown(item, 'SGP'))).toEqual([
      ['premium', 27_600],
      ['agentDiscount', 1_380],
      ['netPremium', 26_220],
      ['gst', 2_360],
    ]);
    expect(priceBreakdown(item, 'SGP').totalCents).toBe(28_580);
  });

  it('lists a promotion, the family discount and the agent’s part, then the IA levy in Hong Kong', () => {
    const item = rated('HKG', 'PHM', 98_000, {
      promo: { type: 'AMOUNT', cents: 10_000 },
      groupBasisPoints: 1000,
      agent: { maxRateBasisPoints: 3000, rateBasisPoints: 2000 },
    });
    const breakdown = priceBreakdown(item, 'HKG');
    expect(lines(breakdown)).toEqual([
      ['premium', 98_000],
      ['campaignDiscount', 10_000],
      ['groupDiscount', 9_800],
      ['agentDiscount', 9_800],
      ['netPremium', 68_400],
      ['levy', 68],
    ]);
    expect(breakdown.lines.filter((line) => line.discount).map((line) => line.key)).toEqual([
      'campaignDiscount',
      'groupDiscount',
      'agentDiscount',
    ]);
    expect(breakdown.totalCents).toBe(68_468);
  });

  it('shows premium and tax only when nothing is taken off, GST S$0.00 on outbound travel included', () => {
    expect(lines(priceBreakdown(rated('SGP', 'PTR', 3_600, {}), 'SGP'))).toEqual([
      ['premium', 3_600],
      ['gst', 0],
    ]);
  });

  it('reads an item stored before its discount parts were: the campaign is the discount less the group’s', () => {
    const stored = { totalPremium: 21_800, gst: 1_800, discount: 3_000, groupDiscount: 1_000 };
    expect(lines(priceBreakdown(stored, 'SGP'))).toEqual([
      ['premium', 23_000],
      ['campaignDiscount', 2_000],
      ['groupDiscount', 1_000],
      ['netPremium', 20_000],
      ['gst', 1_800],
    ]);
  });

  it('always adds up: premium less each discount is the premium after discounts, and with its tax the total', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TCountry>('SGP', 'HKG'),
        fc.constantFrom<TProductType>('PTR', 'PAN', 'PHM'),
        fc.integer({ min: 100, max: 2_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 1500 }),
        (country, product, gross, promo, group, agentGives) => {
          const item = rated(country, product, gross, {
            promo: promo ? { type: 'PERCENT', basisPoints: promo } : null,
            groupBasisPoints: group,
            agent: { maxRateBasisPoints: 3000, rateBasisPoints: 3000 - agentGives },
          });
          const { lines: shown, totalCents } = priceBreakdown(item, country);
          const cents = (key: string) => shown.find((line) => line.key === key)?.cents ?? 0;
          const discounts = shown.filter((line) => line.discount).reduce((sum, line) => sum + line.cents, 0);
          expect(discounts).toBe(item.totalDiscount);
          expect(shown.every((line) => !line.discount || line.cents > 0)).toBe(true);
          const net = discounts > 0 ? cents('netPremium') : cents('premium');
          expect(cents('premium') - discounts).toBe(net);
          expect(net + cents('gst') + cents('levy')).toBe(totalCents);
          expect(totalCents).toBe(item.totalPremium);
          // One tax line, the market's own.
          expect(
            shown.filter((line) => line.key === 'gst' || line.key === 'levy').map((line) => line.key),
          ).toEqual([country === 'SGP' ? 'gst' : 'levy']);
        },
      ),
    );
  });
});
