import { homeContents } from '../../home/home-contents.ts';
import { HOME_PLANS, type THomeCover, type THomePlan, type TOccupancy } from '../../home/home-model.ts';
import type { TCountry } from '../../market/market.ts';
import type { THomeRateTable } from '../home-rating.ts';
import type { THomeRateFacts } from '../rate-facts.ts';
import type { TBenefitValue } from './benefit-schedules-schema.ts';
import homeBenefits from './home-benefits.json' with { type: 'json' };
import type { THomeBenefits } from './home-benefits-schema.ts';

/**
 * The home benefit schedule (decision 057): per market and plan, the limits of each cover, in two
 * groups. A row tied to an optional cover (`cover`) shows `withCover` when the customer adds it; a row
 * tied to occupancies (`occupancies`) is not covered for the others. The contents row is not in this
 * data: each plan's contents sum insured is `homeContents` (decision 125), what its premium buys.
 * Amounts in cents; its test checks the data against its schema (home-benefits-schema.ts), kept apart so
 * the quote page does not load zod (decision 020).
 */
export type { THomeBenefits };

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

/**
 * The comparison table of the quote page, the brochure and the schedule, for a market and the customer's
 * choices. The contents each plan includes come from a rate table, or from the facts of the table in
 * force that the server answers the quote page (decision 114).
 */
export function homeCoverTable(
  benefits: THomeBenefits,
  rates: THomeRateTable | Pick<THomeRateFacts, 'includedContentsCents'>,
  country: TCountry,
  choice: THomeCoverChoice,
): THomeCoverGroup[] {
  const included =
    'markets' in rates ? rates.markets[country].includedContentsCents : rates.includedContentsCents;
  const contents: THomeCoverRow = {
    key: 'contents',
    labelEn: benefits.contents.labelEn,
    labelZh: benefits.contents.labelZh,
    ESSENTIAL: homeContents(included, 'ESSENTIAL', choice.contentsSumInsuredCents).sumInsuredCents,
    ENHANCED: homeContents(included, 'ENHANCED', choice.contentsSumInsuredCents).sumInsuredCents,
    PRESTIGE: homeContents(included, 'PRESTIGE', choice.contentsSumInsuredCents).sumInsuredCents,
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
