import { z } from 'zod';
import type { TLocalDate } from '../dates/local-date.ts';
import { applyBasisPoints, type TCents } from '../money/money.ts';
import { type TTripType, tripDays } from '../travel/trip-rules.ts';
import type { TDiscountInput } from './discounts.ts';
import { buildPremiumItem, type TPremiumItem } from './premium-item.ts';

/**
 * Travel rating (productType PTR; travel-flow sections 3, 4, 9; design section 9). A single trip is
 * priced per person by area (journey code 6 Asia Pacific, 3 Worldwide), duration band and plan; an
 * annual plan by area and plan. Couples and families pay a multiple of one person; a senior (over 80)
 * adds a loading when the senior-loading flag is on. The Plus variants are top-ups (`rateTopup`).
 */
const ZPlanNameSchema = z.enum(['STANDARD', 'SUPER']);
const ZCentsSchema = z.number().int().nonnegative();
const ZByPlanSchema = <T extends z.ZodType>(value: T) => z.object({ STANDARD: value, SUPER: value });

export const ZTravelRateTableSchema = z.object({
  product: z.literal('PTR'),
  country: z.enum(['SGP', 'HKG']),
  version: z.string().min(1),
  effectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  plans: z
    .array(z.object({ planName: ZPlanNameSchema, planCode: z.string(), planDesc: z.string() }))
    .length(2),
  single: z.object({
    /** Upper day of each duration band, ascending; the last is the single-trip maximum. */
    bands: z.array(z.number().int().positive()).min(1),
    areas: z.object({ '6': ZByPlanSchema(z.array(ZCentsSchema)), '3': ZByPlanSchema(z.array(ZCentsSchema)) }),
  }),
  annual: z.object({ '6': ZByPlanSchema(ZCentsSchema), '3': ZByPlanSchema(ZCentsSchema) }),
  travellerBasisPoints: z.object({
    couple: z.number().int(),
    familyOneAdult: z.number().int(),
    familyTwoAdults: z.number().int(),
  }),
  seniorLoadingBasisPoints: z.number().int().nonnegative(),
  topUpBasisPoints: ZByPlanSchema(z.number().int().nonnegative()),
});

export type TTravelRateTable = z.infer<typeof ZTravelRateTableSchema>;
export type TTravelPlanName = z.infer<typeof ZPlanNameSchema>;

export type TTravelRatingInput = {
  tripType: TTripType;
  journeyCode: '6' | '3';
  departure: TLocalDate;
  returnDate: TLocalDate;
  travellerType: 'ID' | 'CP' | 'FM';
  /** Individuals (ID), 2 (CP), or the family's adults (FM). */
  adults: number;
  children: number;
  /** Travellers over 80; loaded only when `seniorLoadingOn`. */
  seniors: number;
  seniorLoadingOn: boolean;
  topUpSelected: boolean;
  discounts: TDiscountInput;
};

export type TTravelRatingError = { error: 'DURATION_TOO_LONG' | 'NO_TRAVELLERS' };

/** One person's price before traveller multiples, loadings and discounts. */
function baseTravelPremium(
  table: TTravelRateTable,
  input: TTravelRatingInput,
  plan: TTravelPlanName,
): TCents | null {
  if (input.tripType === 'A') return table.annual[input.journeyCode][plan];
  const days = tripDays(input.departure, input.returnDate);
  const band = table.single.bands.findIndex((maxDays) => days <= maxDays);
  if (days < 1 || band < 0) return null;
  return table.single.areas[input.journeyCode][plan][band]!;
}

function travellerMultipleBasisPoints(table: TTravelRateTable, input: TTravelRatingInput): number {
  if (input.travellerType === 'CP') return table.travellerBasisPoints.couple;
  if (input.travellerType === 'FM') {
    return input.adults >= 2
      ? table.travellerBasisPoints.familyTwoAdults
      : table.travellerBasisPoints.familyOneAdult;
  }
  return input.adults * 10_000;
}

function grossFor(
  table: TTravelRateTable,
  input: TTravelRatingInput,
  plan: TTravelPlanName,
  withTopUp: boolean,
) {
  const base = baseTravelPremium(table, input, plan);
  if (base === null) return null;
  const travellers = applyBasisPoints(base, travellerMultipleBasisPoints(table, input));
  const loading = input.seniorLoadingOn
    ? applyBasisPoints(base, table.seniorLoadingBasisPoints) * input.seniors
    : 0;
  const core = travellers + loading;
  const topUp = applyBasisPoints(core, table.topUpBasisPoints[plan]);
  return { gross: core + (withTopUp ? topUp : 0), topUp };
}

function rate(
  table: TTravelRateTable,
  input: TTravelRatingInput,
  withTopUp: boolean,
): TPremiumItem[] | TTravelRatingError {
  if (input.adults < 1) return { error: 'NO_TRAVELLERS' };
  const items: TPremiumItem[] = [];
  for (const plan of table.plans) {
    const priced = grossFor(table, input, plan.planName, withTopUp);
    if (!priced) return { error: 'DURATION_TOO_LONG' };
    items.push(
      buildPremiumItem({
        plan: withTopUp
          ? {
              ...plan,
              planName: `${plan.planName} PLUS`,
              planCode: `${plan.planCode}-PLUS`,
              planDesc: `${plan.planDesc} Plus`,
            }
          : plan,
        country: table.country,
        product: 'PTR',
        gross: priced.gross,
        premiumTopUp: priced.topUp,
        discounts: input.discounts,
      }),
    );
  }
  return items;
}

/** multirate: every plan, STANDARD then SUPER (the Plus top-up included when chosen). */
export function rateTravel(
  table: TTravelRateTable,
  input: TTravelRatingInput,
): TPremiumItem[] | TTravelRatingError {
  return rate(table, input, input.topUpSelected);
}

/** rateTopup: each plan's Plus variant, for the quote page's top-up choice. */
export function rateTravelTopUps(
  table: TTravelRateTable,
  input: TTravelRatingInput,
): TPremiumItem[] | TTravelRatingError {
  return rate(table, input, true);
}
