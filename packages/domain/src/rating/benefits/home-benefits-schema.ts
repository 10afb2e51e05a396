import { z } from 'zod';
import { HOME_COVERS, HOME_PLANS, OCCUPANCIES, type THomePlan } from '../../home/home-model.ts';
import { ZBenefitValueSchema } from './benefit-schedules-schema.ts';

/** The shape of the home benefit schedule (home-benefits.json, decision 057), checked by its test. */
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
