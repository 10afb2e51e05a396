import { describe, expect, it } from 'vitest';
import { HOME_BENEFITS, homeCoverTable } from './benefits/home-benefits.ts';
import { HOME_RATE_TABLE, PA_RATE_TABLE } from './bundled-rate-tables.ts';
import { paRateFactsInForce } from './from-price.ts';
import { rateHome } from './home-rating.ts';
import { ratePersonalAccident } from './pa-rating.ts';
import type { TPremiumItem } from './premium-item.ts';
import { childrenCoveredFree, homeRateFacts, paRateFacts } from './rate-facts.ts';
import { ZHomeRateFactsSchema, ZPaRateFactsSchema } from './rate-facts-schema.ts';

const planA = (children: number, optionalCovers: string[] = [], country: 'SGP' | 'HKG' = 'SGP') =>
  (
    ratePersonalAccident(PA_RATE_TABLE, {
      country,
      adults: [{ occupationClass: '01', optionalCovers }],
      children,
      discounts: {},
    }) as TPremiumItem[]
  )[0]!;

describe('rate facts: the figures the pages state, as rating uses them (decision 114)', () => {
  it('says how many children a PA family covers free: one more is charged', () => {
    for (const country of ['SGP', 'HKG'] as const) {
      const facts = paRateFactsInForce(PA_RATE_TABLE, country, {});
      expect(ZPaRateFactsSchema.parse(facts)).toEqual(facts);
      expect(facts.freeChildren).toBeGreaterThan(0);
      // Every family brings the family discount: the free children add nothing to it.
      const withFree = planA(facts.freeChildren, [], country);
      expect(withFree.totalPremium).toBe(planA(1, [], country).totalPremium);
      const oneMore = planA(facts.freeChildren + 1, [], country);
      expect(oneMore.totalPremium).toBeGreaterThan(withFree.totalPremium);
      expect(childrenCoveredFree(facts, facts.freeChildren + 2)).toBe(facts.freeChildren);
      expect(childrenCoveredFree(facts, 1)).toBe(1);
      expect(childrenCoveredFree(facts, 0)).toBe(0);
    }
  });

  it("says what an optional cover adds to the adult's premium, in per cent", () => {
    const facts = paRateFacts(PA_RATE_TABLE, 'SGP');
    expect(Object.keys(facts.optionalCoverPercent).sort()).toEqual(['PRX', 'TTD']);
    const plain = planA(0).premiumWithoutDiscount;
    for (const [code, percent] of Object.entries(facts.optionalCoverPercent))
      expect(planA(0, [code]).premiumWithoutDiscount, code).toBe(Math.round(plain * (1 + percent / 100)));
  });

  it('says the contents sum each home plan includes: a larger sum costs more, that one nothing', () => {
    for (const country of ['SGP', 'HKG'] as const) {
      const facts = homeRateFacts(HOME_RATE_TABLE, country);
      expect(ZHomeRateFactsSchema.parse(facts)).toEqual(facts);
      expect(facts.includedContentsCents).toEqual(HOME_RATE_TABLE.markets[country].includedContentsCents);
      const rate = (contentsSumInsuredCents: number) =>
        (
          rateHome(HOME_RATE_TABLE, {
            country,
            dwellingType: 'CONDO',
            ownership: 'TENANT',
            contentsSumInsuredCents,
            optionalCovers: [],
            discounts: {},
          }) as TPremiumItem[]
        ).find((item) => item.planName === 'ESSENTIAL')!.premiumWithoutDiscount;
      expect(rate(facts.includedContentsCents.ESSENTIAL)).toBe(rate(0));
      expect(rate(facts.includedContentsCents.ESSENTIAL + 1_000_000)).toBeGreaterThan(rate(0));
      // The comparison drawn from the facts is the one drawn from the table.
      const choice = { ownership: 'OWNER' as const, optionalCovers: [], contentsSumInsuredCents: 0 };
      expect(homeCoverTable(HOME_BENEFITS, facts, country, choice)).toEqual(
        homeCoverTable(HOME_BENEFITS, HOME_RATE_TABLE, country, choice),
      );
    }
  });
});
