import { z } from 'zod';
import {
  HOME_COVERS,
  HOME_PLANS,
  OCCUPANCIES,
  type THomeCover,
  type THomePlan,
  type TOccupancy,
} from '../../home/home-model.ts';
import type { TCountry } from '../../market/market.ts';
import type { THomeRateTable } from '../home-rating.ts';
import { type TBenefitValue, ZBenefitValueSchema } from './benefit-schedules-schema.ts';
import homeBenefits from './home-benefits.json' with { type: 'json' };

/**
 * The home benefit schedule (decision 057): per market and plan, the limits of each cover, in two
 * groups. A row tied to an optional cover (`cover`) shows `withCover` when the customer adds it; a row
 * tied to occupancies (`occupancies`) is not covered for the others. The contents row is not in this
 * data: the contents sum is the plan's included sum from the rate table, or the larger sum chosen.
 * Amounts in cents; its test checks the data against this schema.
 */
const ZByPlan = z.object(
  Object.fromEntries(HOME_PLANS.map((plan) => [plan, ZBenefitValueSchema])) as Record<
    THomePlan,
    typeof ZBenefitValueSchema
  >,
);
const ZByMarket = z.object({ SGP: ZByPlan, HKG: ZByPlan });

export const ZHomeBenefitsSchema = z.object({
  product: z.literal('PHM'),
  version: z.string(),
  effectiveDate: z.string(),
  contents: z.object({ labelEn: z.string().min(1), labelZh: z.string().min(1) }),
  groups: z.array(
    z.object({
      key: z.enum(['property', 'liability']),
      titleEn: z.string().min(1),
      titleZh: z.string().min(1),
      rows: z.array(
        z.object({
          key: z.string(),
          labelEn: z.string().min(1),
          labelZh: z.string().min(1),
          values: ZByMarket,
          cover: z.enum(HOME_COVERS).optional(),
          withCover: ZByMarket.optional(),
          occupancies: z.array(z.enum(OCCUPANCIES)).optional(),
        }),
      ),
    }),
  ),
});
export type THomeBenefits = z.infer<typeof ZHomeBenefitsSchema>;

export const HOME_BENEFITS = homeBenefits as unknown as THomeBenefits;

export type THomeCoverRow = {
  key: string;
  labelEn: string;
  labelZh: string;
  /** The optional cover this row's limit depends on, if any. */
  cover?: THomeCover;
  /** True when the row is covered only with its optional cover (helper, valuables). */
  optional?: boolean;
} & Record<THomePlan, TBenefitValue>;
export type THomeCoverGroup = { key: string; titleEn: string; titleZh: string; rows: THomeCoverRow[] };

export type THomeCoverChoice = {
  ownership: TOccupancy;
  optionalCovers: readonly THomeCover[];
  /** The contents sum chosen, in cents. */
  contentsSumInsuredCents: number;
};

/** The comparison table of the quote page, the brochure and the schedule, for a market and the customer's choices. */
export function homeCoverTable(
  benefits: THomeBenefits,
  rates: THomeRateTable,
  country: TCountry,
  choice: THomeCoverChoice,
): THomeCoverGroup[] {
  const included = rates.markets[country].includedContentsCents;
  const contents: THomeCoverRow = {
    key: 'contents',
    labelEn: benefits.contents.labelEn,
    labelZh: benefits.contents.labelZh,
    ESSENTIAL: Math.max(included.ESSENTIAL, choice.contentsSumInsuredCents),
    ENHANCED: Math.max(included.ENHANCED, choice.contentsSumInsuredCents),
    PRESTIGE: Math.max(included.PRESTIGE, choice.contentsSumInsuredCents),
  };
  return benefits.groups.map((group) => ({
    key: group.key,
    titleEn: group.titleEn,
    titleZh: group.titleZh,
    rows: [
      ...(group.key === 'property' ? [contents] : []),
      ...group.rows.map((row) => {
        const applies = !row.occupancies || row.occupancies.includes(choice.ownership);
        const chosen = row.cover && row.withCover && choice.optionalCovers.includes(row.cover);
        const limits = chosen ? row.withCover![country] : row.values[country];
        const value = (plan: THomePlan): TBenefitValue => (applies ? limits[plan] : 'NOT_COVERED');
        return {
          key: row.key,
          labelEn: row.labelEn,
          labelZh: row.labelZh,
          ...(row.cover ? { cover: row.cover } : {}),
          ...(row.cover && HOME_PLANS.every((plan) => row.values[country][plan] === 'NOT_COVERED')
            ? { optional: true }
            : {}),
          ESSENTIAL: value('ESSENTIAL'),
          ENHANCED: value('ENHANCED'),
          PRESTIGE: value('PRESTIGE'),
        };
      }),
    ],
  }));
}

/** What an optional cover brings, per plan, in a market: the limits of its row when chosen. */
export function homeCoverLimits(
  benefits: THomeBenefits,
  country: TCountry,
  cover: THomeCover,
): Record<THomePlan, TBenefitValue> | null {
  const row = benefits.groups.flatMap((group) => group.rows).find((candidate) => candidate.cover === cover);
  return row?.withCover?.[country] ?? null;
}
