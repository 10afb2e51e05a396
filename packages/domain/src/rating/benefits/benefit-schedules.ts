import type { TCountry } from '../../market/market.ts';
import { applyBasisPoints } from '../../money/money.ts';
import type { TBenefitValue, TPaBenefits, TTravelBenefits } from './benefit-schedules-schema.ts';
import paBenefits from './pa-benefits.json' with { type: 'json' };
import travelBenefits from './travel-benefits.json' with { type: 'json' };

export type {
  TBenefitValue,
  TPaBenefitKey,
  TPaBenefits,
  TTravelBenefits,
} from './benefit-schedules-schema.ts';

/**
 * Benefit schedules as data (issue 3): the travel cover table in its four groups with Standard and
 * Super limits per market, some rows differing for families (pa-home-payments section 9), and the
 * personal accident sums insured per plan A–D. Amounts in cents; text values are keys for the page.
 * Their shape is benefit-schedules-schema.ts, which their test checks them against: JSON's literals
 * widen ('UNLIMITED' reads as any string), hence the casts.
 */
export const TRAVEL_BENEFITS = travelBenefits as TTravelBenefits;

export type TCoverRow = {
  key: string;
  labelEn: string;
  labelZh: string;
  STANDARD: TBenefitValue;
  SUPER: TBenefitValue;
  /** Each plan's limit with Plus: the same as without where Plus leaves this cover alone. */
  plus: { STANDARD: TBenefitValue; SUPER: TBenefitValue };
};
export type TCoverGroup = { key: string; titleEn: string; titleZh: string; rows: TCoverRow[] };

/** The comparison table the quote page shows: single and couple per person, family with its own limits. */
export function travelCoverTable(
  benefits: TTravelBenefits,
  country: TCountry,
  travellerType: 'ID' | 'CP' | 'FM',
): TCoverGroup[] {
  const variant = travellerType === 'FM' ? 'family' : travellerType === 'CP' ? 'couple' : null;
  return benefits.groups.map((group) => ({
    key: group.key,
    titleEn: group.titleEn,
    titleZh: group.titleZh,
    rows: group.rows.map((row) => {
      const limits = (variant ? row.variants?.[variant]?.[country] : undefined) ?? row.values[country];
      const plus = row.plus?.[country] ?? limits;
      return { key: row.key, labelEn: row.labelEn, labelZh: row.labelZh, ...limits, plus };
    }),
  }));
}

export type TTravelPlan = 'STANDARD' | 'SUPER';

/** What the Plus top-up adds to a plan: every cover whose limit Plus raises or brings in, before and after. */
export function travelPlusAdditions(
  benefits: TTravelBenefits,
  country: TCountry,
  travellerType: 'ID' | 'CP' | 'FM',
  plan: TTravelPlan,
): { key: string; labelEn: string; labelZh: string; without: TBenefitValue; with: TBenefitValue }[] {
  return travelCoverTable(benefits, country, travellerType)
    .flatMap((group) => group.rows)
    .filter((row) => row.plus[plan] !== row[plan])
    .map((row) => ({
      key: row.key,
      labelEn: row.labelEn,
      labelZh: row.labelZh,
      without: row[plan],
      with: row.plus[plan],
    }));
}

/** The covers a customer compares first (medical, cancellation, baggage, personal liability), beside each price. */
export const KEY_TRAVEL_BENEFITS = ['medical', 'cancellation', 'baggage', 'liability'] as const;
export type TKeyTravelBenefit = (typeof KEY_TRAVEL_BENEFITS)[number];

/** A plan's key covers for the market and cover type, with Plus when chosen, in the order above. */
export function travelKeyBenefits(
  benefits: TTravelBenefits,
  country: TCountry,
  travellerType: 'ID' | 'CP' | 'FM',
  plan: TTravelPlan,
  withPlus: boolean,
): { key: TKeyTravelBenefit; value: TBenefitValue }[] {
  const rows = new Map(
    travelCoverTable(benefits, country, travellerType)
      .flatMap((group) => group.rows)
      .map((row) => [row.key, row]),
  );
  return KEY_TRAVEL_BENEFITS.map((key) => {
    const row = rows.get(key)!;
    return { key, value: withPlus ? row.plus[plan] : row[plan] };
  });
}

/** The highest limit of one cover in a market, across plans with and without Plus (the landing's "up to"). */
export function travelTopLimit(benefits: TTravelBenefits, country: TCountry, key: string): number {
  const values = travelCoverTable(benefits, country, 'ID')
    .flatMap((group) => group.rows)
    .filter((row) => row.key === key)
    .flatMap((row) => [row.STANDARD, row.SUPER, row.plus.STANDARD, row.plus.SUPER]);
  return Math.max(0, ...values.filter((value): value is number => typeof value === 'number'));
}

export const PA_BENEFITS = paBenefits as unknown as TPaBenefits;

/**
 * Sums insured for a plan; `reduced`: as for an adult aged 65–70 (the rules' senior share of the
 * benefits they name). One person's rows, with every rule, are `paBenefitRows` (pa/pa-benefits.ts).
 */
export function paPlanBenefits(
  benefits: TPaBenefits,
  country: TCountry,
  plan: 'A' | 'B' | 'C' | 'D',
  reduced = false,
) {
  const sums = benefits.markets[country][plan];
  if (!reduced) return sums;
  const { seniorBasisPoints, seniorReducedBenefits } = benefits.rules;
  const copy = { ...sums };
  for (const key of seniorReducedBenefits) copy[key] = applyBasisPoints(sums[key], seniorBasisPoints);
  return copy;
}
