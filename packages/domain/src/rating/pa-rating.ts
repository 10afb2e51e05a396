import { z } from 'zod';
import type { TCountry } from '../market/market.ts';
import { applyBasisPoints, type TCents } from '../money/money.ts';
import {
  isDeclinedClass,
  isPlanOfferedToClass,
  PA_PLANS,
  RATED_CLASSES,
  type TOccupationClass,
  type TRatedClass,
} from '../pa/occupation-classes.ts';
import type { TDiscountInput } from './discounts.ts';
import { buildPremiumItem, type TPremiumItem } from './premium-item.ts';

/**
 * Personal accident rating (productType PAN; pa-home-payments sections 3, 5, 9; design section 9):
 * an annual premium per adult by plan A–D and occupation class (`occupation-classes.ts` says which
 * class is declined and which plans a class is offered; the table prices exactly those); a family covers up to 2 adults and up to 3 children free on the lower parent plan,
 * further children at a child rate; 10 % family discount when a spouse or child is on the policy;
 * optional covers add a percentage of the adult's premium.
 */
const ZPlanSchema = z.enum(PA_PLANS);
const ZRatesByPlanSchema = z.object({
  A: z.number().int(),
  B: z.number().int(),
  C: z.number().int(),
  D: z.number().int().optional(),
});
const ZAdultAnnualSchema = z
  .object({ '01': ZRatesByPlanSchema, '02': ZRatesByPlanSchema, '03': ZRatesByPlanSchema })
  .superRefine((rates, context) => {
    // The table prices what each class is offered, no more and no less.
    for (const occupationClass of RATED_CLASSES)
      for (const plan of PA_PLANS)
        if (isPlanOfferedToClass(plan, occupationClass) !== (rates[occupationClass][plan] !== undefined))
          context.addIssue({
            code: 'custom',
            path: [occupationClass, plan],
            message: isPlanOfferedToClass(plan, occupationClass)
              ? `Class ${occupationClass} is offered plan ${plan}: give its rate.`
              : `Class ${occupationClass} is not offered plan ${plan}: leave its rate out.`,
          });
  });
const ZMarketSchema = z.object({
  adultAnnual: ZAdultAnnualSchema,
  extraChildBasisPoints: z.number().int(),
  freeChildren: z.number().int(),
  familyDiscountBasisPoints: z.number().int(),
  optionalCovers: z.record(z.string(), z.object({ label: z.string(), basisPoints: z.number().int() })),
});

export const ZPaRateTableSchema = z.object({
  product: z.literal('PAN'),
  version: z.string(),
  effectiveDate: z.string(),
  plans: z.array(ZPlanSchema),
  markets: z.object({ SGP: ZMarketSchema, HKG: ZMarketSchema }),
});

export type TPaRateTable = z.infer<typeof ZPaRateTableSchema>;
export type TPaPlan = z.infer<typeof ZPlanSchema>;

export type { TOccupationClass };
/** `loadingBasisPoints`: an underwriter's loading on this adult's premium (an accepted referral, decision 089). */
export type TPaAdult = {
  occupationClass: TOccupationClass;
  optionalCovers: string[];
  loadingBasisPoints?: number;
};

export type TPaRatingInput = {
  country: TCountry;
  adults: TPaAdult[];
  children: number;
  discounts: TDiscountInput;
};

export type TPaRatingError = { error: 'OCCUPATION_DECLINED' | 'NO_ADULT' | 'TOO_MANY_ADULTS' };

/** Plan-code label (pa-home-payments section 3): Plan-A- … Plan-D-, with PRX as suffix when either adult has that cover. */
export function paPlanLabel(plan: TPaPlan, adults: TPaAdult[]): string {
  return `Plan-${plan}-${adults.some((adult) => adult.optionalCovers.includes('PRX')) ? 'PRX' : ''}`;
}

function adultPremium(table: TPaRateTable, country: TCountry, adult: TPaAdult, plan: TPaPlan): TCents | null {
  if (!isPlanOfferedToClass(plan, adult.occupationClass)) return null;
  const rate = table.markets[country].adultAnnual[adult.occupationClass as TRatedClass][plan];
  if (rate === undefined) return null;
  const covers = adult.optionalCovers.reduce(
    (sum, code) =>
      sum + applyBasisPoints(rate, table.markets[country].optionalCovers[code]?.basisPoints ?? 0),
    0,
  );
  return rate + covers + applyBasisPoints(rate + covers, adult.loadingBasisPoints ?? 0);
}

export function ratePersonalAccident(
  table: TPaRateTable,
  input: TPaRatingInput,
): TPremiumItem[] | TPaRatingError {
  if (input.adults.length === 0) return { error: 'NO_ADULT' };
  if (input.adults.length > 2) return { error: 'TOO_MANY_ADULTS' };
  // A declined class is not covered (pa-home-payments section 3).
  if (input.adults.some((adult) => isDeclinedClass(adult.occupationClass)))
    return { error: 'OCCUPATION_DECLINED' };
  const market = table.markets[input.country];
  const family = input.adults.length > 1 || input.children > 0;
  const items: TPremiumItem[] = [];
  for (const plan of PA_PLANS) {
    const perAdult = input.adults.map((adult) => adultPremium(table, input.country, adult, plan));
    // A plan withheld from any adult's class is simply not offered.
    if (perAdult.some((premium) => premium === null)) continue;
    const adultsTotal = (perAdult as TCents[]).reduce((sum, premium) => sum + premium, 0);
    // Children beyond the free ones pay a child rate on the lower parent plan.
    const lowerParent = Math.min(
      ...input.adults.map((adult) => market.adultAnnual[adult.occupationClass as TRatedClass][plan] ?? 0),
    );
    const paidChildren = Math.max(0, input.children - market.freeChildren);
    const gross = adultsTotal + paidChildren * applyBasisPoints(lowerParent, market.extraChildBasisPoints);
    items.push(
      buildPremiumItem({
        plan: { planName: plan, planCode: paPlanLabel(plan, input.adults), planDesc: `Plan ${plan}` },
        country: input.country,
        product: 'PAN',
        gross,
        discounts: { ...input.discounts, groupBasisPoints: family ? market.familyDiscountBasisPoints : 0 },
      }),
    );
  }
  return items;
}
