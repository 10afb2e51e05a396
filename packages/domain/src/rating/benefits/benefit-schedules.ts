import type { TCountry } from '../../market/market.ts';
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
      return { key: row.key, labelEn: row.labelEn, labelZh: row.labelZh, ...limits };
    }),
  }));
}

export const PA_BENEFITS = paBenefits as unknown as TPaBenefits;

/** Sums insured for a plan; adults 65–70 in Singapore get half the accidental death and disablement cover. */
export function paPlanBenefits(
  benefits: TPaBenefits,
  country: TCountry,
  plan: 'A' | 'B' | 'C' | 'D',
  reduced = false,
) {
  const sums = benefits.markets[country][plan];
  return reduced ? { ...sums, accidentalDeath: Math.round(sums.accidentalDeath / 2) } : sums;
}
