import { z } from 'zod';
import type { TCountry } from '../market/market.ts';
import { applyBasisPoints, divideHalfUp, type TCents } from '../money/money.ts';
import type { TDiscountInput } from './discounts.ts';
import { buildPremiumItem, type TPremiumItem } from './premium-item.ts';
import homeTable from './tables/home.json' with { type: 'json' };

/**
 * Home rating (productType PHM; our sibling product, rating/README.md): an annual premium by plan
 * and dwelling type (public housing flat, condominium or apartment, landed house) that includes a
 * contents sum; contents above it cost a rate per $100; owners add building and fixtures cover; each
 * optional cover is a flat annual amount.
 */
const ZByPlan = z.object({
  ESSENTIAL: z.number().int(),
  ENHANCED: z.number().int(),
  PRESTIGE: z.number().int(),
});
const ZHomeMarketSchema = z.object({
  base: z.object({ HDB: ZByPlan, CONDO: ZByPlan, LANDED: ZByPlan }),
  includedContentsCents: ZByPlan,
  extraContentsPer10000Cents: z.number().int(),
  ownerBuildingBasisPoints: z.number().int(),
  optionalCovers: z.object({
    RENOVATION: z.number().int(),
    HELPER_LIABILITY: z.number().int(),
    PORTABLE_VALUABLES: z.number().int(),
  }),
});

export const ZHomeRateTableSchema = z.object({
  product: z.literal('PHM'),
  version: z.string(),
  effectiveDate: z.string(),
  plans: z.array(
    z.object({
      planName: z.enum(['ESSENTIAL', 'ENHANCED', 'PRESTIGE']),
      planCode: z.string(),
      planDesc: z.string(),
    }),
  ),
  markets: z.object({ SGP: ZHomeMarketSchema, HKG: ZHomeMarketSchema }),
});

export type THomeRateTable = z.infer<typeof ZHomeRateTableSchema>;
export const HOME_RATE_TABLE: THomeRateTable = ZHomeRateTableSchema.parse(homeTable);

export type TDwellingType = 'HDB' | 'CONDO' | 'LANDED';
export type THomeCover = keyof THomeRateTable['markets']['SGP']['optionalCovers'];

export type THomeRatingInput = {
  country: TCountry;
  dwellingType: TDwellingType;
  ownership: 'OWNER' | 'TENANT';
  contentsSumInsuredCents: TCents;
  optionalCovers: THomeCover[];
  discounts: TDiscountInput;
};

export function rateHome(table: THomeRateTable, input: THomeRatingInput): TPremiumItem[] {
  const market = table.markets[input.country];
  return table.plans.map((plan) => {
    const base = market.base[input.dwellingType][plan.planName];
    const extraContents = Math.max(
      0,
      input.contentsSumInsuredCents - market.includedContentsCents[plan.planName],
    );
    const contentsLoading = divideHalfUp(extraContents * market.extraContentsPer10000Cents, 10_000);
    const building =
      input.ownership === 'OWNER' ? applyBasisPoints(base, market.ownerBuildingBasisPoints) : 0;
    const covers = input.optionalCovers.reduce((sum, cover) => sum + market.optionalCovers[cover], 0);
    return buildPremiumItem({
      plan,
      country: input.country,
      product: 'PHM',
      gross: base + contentsLoading + building + covers,
      discounts: input.discounts,
    });
  });
}
