import { z } from 'zod';

/**
 * The shape of the benefit schedules' data (benefit-schedules.ts), checked by their tests: the data is
 * part of the build, so nothing checks it again when a page or the server loads it (zod stays out of
 * the quote page's scripts).
 */
export const ZBenefitValueSchema = z.union([
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
          /** The limit with the Plus top-up (rateTopup), where Plus raises or adds this cover. */
          plus: ZByMarketSchema.partial().optional(),
        }),
      ),
    }),
  ),
});

export type TBenefitValue = z.infer<typeof ZBenefitValueSchema>;
export type TTravelBenefits = z.infer<typeof ZTravelBenefitsSchema>;

export const ZPaPlanBenefitsSchema = z.object({
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

const ZPaBenefitKeySchema = ZPaPlanBenefitsSchema.keyof();

export const ZPaBenefitsSchema = z.object({
  product: z.literal('PAN'),
  version: z.string(),
  effectiveDate: z.string(),
  markets: z.object({ SGP: ZPaPlansSchema, HKG: ZPaPlansSchema }),
  /** Who gets which share of the plan's sums (pa-home-payments sections 5 and 9, decision 054). */
  rules: z.object({
    /** A child's share of the benefits in `childReducedBenefits`; `childNotCovered` do not apply to children. */
    childBasisPoints: z.number().int().min(0).max(10_000),
    childReducedBenefits: z.array(ZPaBenefitKeySchema),
    childNotCovered: z.array(ZPaBenefitKeySchema),
    /** An adult aged 65–70 at application gets this share of `seniorReducedBenefits`. */
    seniorBasisPoints: z.number().int().min(0).max(10_000),
    seniorReducedBenefits: z.array(ZPaBenefitKeySchema),
    /** Benefits that apply only with an optional cover: TTD brings its weekly benefit, PRX doubles hospital cash. */
    optionalCovers: z.partialRecord(ZPaBenefitKeySchema, z.enum(['PRX', 'TTD'])),
  }),
  labels: z.record(z.string(), z.tuple([z.string(), z.string()])),
});

export type TPaBenefits = z.infer<typeof ZPaBenefitsSchema>;
export type TPaBenefitKey = keyof z.infer<typeof ZPaPlanBenefitsSchema>;
