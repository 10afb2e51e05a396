import { z } from 'zod';
import { homeContents } from '../home/home-contents.ts';
import {
  dwellingRatingKey,
  FLOOR_AREA_BANDS,
  HOME_PLANS,
  SGP_DWELLING_KEYS,
  type TBuildingAgeBand,
  type TDwellingType,
  type TFloorAreaBand,
  type THdbFlatType,
  type THomeCover,
  type TOccupancy,
  type TSgpDwellingKey,
} from '../home/home-model.ts';
import type { TCountry } from '../market/market.ts';
import { applyBasisPoints, divideHalfUp, type TCents } from '../money/money.ts';
import type { TDiscountInput } from './discounts.ts';
import { buildPremiumItem, type TPremiumItem } from './premium-item.ts';

/**
 * Home rating (productType PHM; rating/README.md, decision 057): an annual premium by plan and
 * dwelling — in Singapore the HDB flat type, a condominium or a landed house; in Hong Kong the flat's
 * gross floor area band, loaded for the building's age — that includes a contents sum; contents above
 * it cost a rate per $100; owners and landlords add building and fixtures cover (landlords also loss
 * of rent and landlord's liability); each optional cover is a flat annual amount.
 */
const ZByPlan = z.object({
  ESSENTIAL: z.number().int(),
  ENHANCED: z.number().int(),
  PRESTIGE: z.number().int(),
});
const ZMarketShape = {
  buildingAgeBasisPoints: z.object({
    UNDER_20: z.number().int(),
    '20_TO_39': z.number().int(),
    '40_PLUS': z.number().int(),
  }),
  includedContentsCents: ZByPlan,
  extraContentsPer10000Cents: z.number().int(),
  occupancyBasisPoints: z.object({
    OWNER: z.number().int(),
    TENANT: z.number().int(),
    LANDLORD: z.number().int(),
  }),
  optionalCovers: z.object({
    RENOVATION: z.number().int(),
    HELPER_LIABILITY: z.number().int(),
    PORTABLE_VALUABLES: z.number().int(),
    LIABILITY_TOP_UP: z.number().int(),
  }),
};
const ZSgpMarketSchema = z.object({
  base: z.object(
    Object.fromEntries(SGP_DWELLING_KEYS.map((key) => [key, ZByPlan])) as Record<
      TSgpDwellingKey,
      typeof ZByPlan
    >,
  ),
  ...ZMarketShape,
});
const ZHkgMarketSchema = z.object({
  base: z.object(
    Object.fromEntries(FLOOR_AREA_BANDS.map((key) => [key, ZByPlan])) as Record<
      TFloorAreaBand,
      typeof ZByPlan
    >,
  ),
  ...ZMarketShape,
});

export const ZHomeRateTableSchema = z.object({
  product: z.literal('PHM'),
  version: z.string(),
  effectiveDate: z.string(),
  plans: z.array(
    z.object({
      planName: z.enum(HOME_PLANS),
      planCode: z.string(),
      planDesc: z.string(),
    }),
  ),
  markets: z.object({ SGP: ZSgpMarketSchema, HKG: ZHkgMarketSchema }),
});

export type THomeRateTable = z.infer<typeof ZHomeRateTableSchema>;

export type { TDwellingType, THomeCover };

export type THomeRatingInput = {
  country: TCountry;
  dwellingType: TDwellingType;
  /** Singapore HDB flats: the flat type (4-room when absent). */
  hdbFlatType?: THdbFlatType | undefined;
  /** Hong Kong: the gross floor area band (under 500 sq ft when absent) and building age band. */
  floorArea?: TFloorAreaBand | undefined;
  buildingAge?: TBuildingAgeBand | undefined;
  ownership: TOccupancy;
  contentsSumInsuredCents: TCents;
  optionalCovers: THomeCover[];
  discounts: TDiscountInput;
};

/** One plan's gross premium before discounts and tax, each step rounded half up once. */
export function homeGrossPremium(
  table: THomeRateTable,
  input: THomeRatingInput,
  planName: (typeof HOME_PLANS)[number],
): TCents {
  const market = table.markets[input.country];
  const key = dwellingRatingKey(input.country, input);
  const bases = market.base as Record<string, Record<(typeof HOME_PLANS)[number], number>>;
  const dwellingBase = bases[key]![planName];
  const base =
    dwellingBase +
    applyBasisPoints(dwellingBase, market.buildingAgeBasisPoints[input.buildingAge ?? 'UNDER_20']);
  // The premium buys the sum the documents print (decision 125): the included sum, and any more chosen.
  const { extraCents } = homeContents(market.includedContentsCents, planName, input.contentsSumInsuredCents);
  const contentsLoading = divideHalfUp(extraCents * market.extraContentsPer10000Cents, 10_000);
  const occupancy = applyBasisPoints(base, market.occupancyBasisPoints[input.ownership]);
  const covers = input.optionalCovers.reduce((sum, cover) => sum + market.optionalCovers[cover], 0);
  return base + contentsLoading + occupancy + covers;
}

export function rateHome(table: THomeRateTable, input: THomeRatingInput): TPremiumItem[] {
  return table.plans.map((plan) =>
    buildPremiumItem({
      plan,
      country: input.country,
      product: 'PHM',
      gross: homeGrossPremium(table, input, plan.planName),
      discounts: input.discounts,
    }),
  );
}
