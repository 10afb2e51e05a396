import { z } from 'zod';
import type { TCountry } from '../../market/market.ts';
import paBenefits from './pa-benefits.json' with { type: 'json' };
import travelBenefits from './travel-benefits.json' with { type: 'json' };

/**
 * Benefit schedules as data (issue 3): the travel cover table in its four groups with Standard and
 * Super limits per market, some rows differing for families (pa-home-payments section 9), and the
 * personal accident sums insured per plan A–D. Amounts in cents; text values are keys for the page.
 */
const ZBenefitValueSchema = z.union([
  z.number().int().nonnegative(),
  z.enum(['UNLIMITED', 'NOT_COVERED', 'INCLUDED']),
]);
const ZByPlanSchema = z.object({ STANDARD: ZBenefitValueSchema, SUPER: ZBenefitValueSchema });
const ZByMarketSchema = z.object({ SGP: ZByPlanSchema, HKG: ZByPlanSchema });

export const ZTravelBenefitsSchema = z.object({
  product: z.literal('PTR'),
  version: z.string(),
  effectiveDate: z.string(),
  groups: z.array(
    z.object({
      key: z.enum(['personal', 'inconvenience', 'bonus', 'covid']),
      titleEn: z.string(),
      titleZh: z.string(),
      rows: z.array(
        z.object({
          key: z.string(),
          labelEn: z.string(),
          labelZh: z.string(),
          values: ZByMarketSchema,
          variants: z
            .object({
              family: ZByMarketSchema.partial().optional(),
              couple: ZByMarketSchema.partial().optional(),
            })
            .optional(),
        }),
      ),
    }),
  ),
});

export type TBenefitValue = z.infer<typeof ZBenefitValueSchema>;
export type TTravelBenefits = z.infer<typeof ZTravelBenefitsSchema>;
export const TRAVEL_BENEFITS: TTravelBenefits = ZTravelBenefitsSchema.parse(travelBenefits);

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

const ZPaPlanBenefitsSchema = z.object({
  accidentalDeath: z.number().int(),
  burns: z.number().int(),
  medicalExpenses: z.number().int(),
  hospitalCashPerDay: z.number().int(),
  brokenBones: z.number().int(),
  coma: z.number().int(),
  educationFund: z.number().int(),
  doubleIndemnity: z.number().int(),
  ttdWeekly: z.number().int(),
});
const ZPaPlansSchema = z.object({
  A: ZPaPlanBenefitsSchema,
  B: ZPaPlanBenefitsSchema,
  C: ZPaPlanBenefitsSchema,
  D: ZPaPlanBenefitsSchema,
});

export const ZPaBenefitsSchema = z.object({
  product: z.literal('PAN'),
  version: z.string(),
  effectiveDate: z.string(),
  markets: z.object({ SGP: ZPaPlansSchema, HKG: ZPaPlansSchema }),
  labels: z.record(z.string(), z.tuple([z.string(), z.string()])),
});

export type TPaBenefits = z.infer<typeof ZPaBenefitsSchema>;
export type TPaBenefitKey = keyof z.infer<typeof ZPaPlanBenefitsSchema>;
export const PA_BENEFITS: TPaBenefits = ZPaBenefitsSchema.parse(paBenefits);

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
