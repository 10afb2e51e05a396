import { parseDmy, type TLocalDate } from '../dates/local-date.ts';
import { hasReducedPaBenefits } from '../eligibility/ages.ts';
import type { TCountry } from '../market/market.ts';
import { applyBasisPoints } from '../money/money.ts';
import type { TPaBenefitKey, TPaBenefits } from '../rating/benefits/benefit-schedules.ts';

/**
 * The personal accident benefit schedule of one insured person (pa-home-payments sections 5 and 9,
 * decision 054): the plan's sums from `pa-benefits.json`, with
 * - a child's share of death and disablement (and no education fund or weekly disablement benefit),
 * - half the accidental death, disablement and medical expenses cover for an adult aged 65 to 70,
 * - the weekly temporary total disablement benefit only with the TTD cover, hospital cash doubled
 *   with PRX (Double Indemnity for hospital allowance).
 * The quote page, the policy schedule PDF and the wording all print these rows, so they never differ.
 */
export type TPaPlanLetter = 'A' | 'B' | 'C' | 'D';
export type TPaOptionalCover = 'PRX' | 'TTD';

export type TPaInsured = {
  role: 'adult' | 'child';
  /** DD/MM/YYYY; without it (the quote page before the apply step) no age reduction is applied. */
  dateOfBirth?: string;
  optionalCovers?: readonly string[];
};

export type TPaBenefitRow = {
  key: TPaBenefitKey;
  labelEn: string;
  /** Simplified Chinese; Hong Kong pages convert it as they do the rest of the catalogue. */
  labelZh: string;
  /** What this person is covered for, in cents, or NOT_COVERED. */
  amount: number | 'NOT_COVERED';
  /** The plan's sum for an adult, before any share or reduction. */
  planAmount: number;
  /** True when the amount is below the plan's (a child's share or the 65–70 reduction). */
  reduced: boolean;
  /** The optional cover this benefit depends on, if any. */
  optionalCover: TPaOptionalCover | null;
};

export function paBenefitRows(
  benefits: TPaBenefits,
  country: TCountry,
  plan: TPaPlanLetter,
  insured: TPaInsured,
  /** The effective date: ages count on it. */
  on: TLocalDate | null,
): TPaBenefitRow[] {
  const sums = benefits.markets[country][plan];
  const { rules } = benefits;
  const child = insured.role === 'child';
  const senior =
    !child &&
    insured.dateOfBirth !== undefined &&
    on !== null &&
    parseDmy(insured.dateOfBirth) !== null &&
    hasReducedPaBenefits(country, insured.dateOfBirth, on);
  const chosen = insured.optionalCovers ?? [];
  return (Object.keys(sums) as TPaBenefitKey[]).map((key) => {
    const planAmount = sums[key];
    const optionalCover = rules.optionalCovers[key] ?? null;
    const labels = benefits.labels[key] ?? [key, key];
    let amount: number | 'NOT_COVERED' = planAmount;
    if (child && rules.childNotCovered.includes(key)) amount = 'NOT_COVERED';
    else if (optionalCover === 'TTD' && !chosen.includes('TTD')) amount = 'NOT_COVERED';
    else {
      if (optionalCover === 'PRX' && chosen.includes('PRX')) amount = planAmount * 2;
      if (child && rules.childReducedBenefits.includes(key))
        amount = applyBasisPoints(amount, rules.childBasisPoints);
      if (senior && rules.seniorReducedBenefits.includes(key))
        amount = applyBasisPoints(amount, rules.seniorBasisPoints);
    }
    const reduced =
      (child && rules.childReducedBenefits.includes(key)) ||
      (senior && rules.seniorReducedBenefits.includes(key));
    return { key, labelEn: labels[0], labelZh: labels[1], amount, planAmount, reduced, optionalCover };
  });
}
