import { z } from 'zod';
import { addDays, compareDates, daysBetween, type TLocalDate } from '../dates/local-date.ts';
import type { TCountry } from '../market/market.ts';
import { divideHalfUp } from '../money/money.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  HK_DISTRICT_CODES,
  listAddressErrors,
} from './home-model.ts';

/**
 * A home policy's insured address changed after the sale: an endorsement (issue 29, decision 138).
 * The home moves, and with it the facts its premium is rated on: in Singapore the dwelling type and an
 * HDB flat's type, in Hong Kong the floor area and building age bands. The server re-rates the policy on
 * the tables it was sold on and states the difference for the days left; the my-policy panel and the
 * server's endorsement calls read this file.
 */

const text = (max: number) => z.string().trim().max(max);

/** The new insured address and the rating facts of the home there; field lengths as the policy's. */
export const ZInsuredAddressChange = z.object({
  blockOrHouseNo: text(40),
  streetName: text(100),
  unitNo: text(20).optional(),
  buildingName: text(100).optional(),
  postalCode: text(10).optional(),
  district: z.enum(HK_DISTRICT_CODES).optional(),
  dwellingType: z.enum(DWELLING_TYPES).optional(),
  hdbFlatType: z.enum(HDB_FLAT_TYPES).optional(),
  floorArea: z.enum(FLOOR_AREA_BANDS).optional(),
  buildingAge: z.enum(BUILDING_AGE_BANDS).optional(),
});
export type TInsuredAddressChange = z.infer<typeof ZInsuredAddressChange>;

/** The message keys the panel shows (texts in the `myPolicy.insuredAddress` section). */
export const INSURED_ADDRESS_MESSAGE_KEYS = {
  notChangeable: 'myPolicy.insuredAddress.errors.notChangeable',
  unchanged: 'myPolicy.insuredAddress.errors.unchanged',
  premiumChanges: 'myPolicy.insuredAddress.errors.premiumChanges',
  quoteChanged: 'myPolicy.insuredAddress.errors.quoteChanged',
  /** A rise's card payment (decision 144): refused by the bank, not verified, or taken too late to use. */
  paymentDeclined: 'myPolicy.insuredAddress.errors.paymentDeclined',
  paymentNotVerified: 'myPolicy.insuredAddress.errors.paymentNotVerified',
  paymentUnapplied: 'myPolicy.insuredAddress.errors.paymentUnapplied',
} as const;

export type TInsuredAddressError = { field: keyof TInsuredAddressChange; messageKey: string };

/**
 * Every failing field of a change, in the form's order: the address by the market's rule (decision 057,
 * `listAddressErrors`), then the facts the market rates on: Singapore a dwelling type, and a flat type
 * for an HDB flat; Hong Kong a floor area and a building age.
 */
export function listInsuredAddressErrors(
  country: TCountry,
  change: Partial<TInsuredAddressChange>,
): TInsuredAddressError[] {
  const errors: TInsuredAddressError[] = listAddressErrors(country, change).map((error) => ({
    field: error.part,
    messageKey: error.messageKey,
  }));
  const select = (field: keyof TInsuredAddressChange) =>
    errors.push({ field, messageKey: MESSAGE_KEYS.selectValue });
  if (country === 'SGP') {
    if (!change.dwellingType) select('dwellingType');
    if (change.dwellingType === 'HDB' && !change.hdbFlatType) select('hdbFlatType');
  } else {
    if (!change.floorArea) select('floorArea');
    if (!change.buildingAge) select('buildingAge');
  }
  return errors;
}

/** The change as the policy stores it: a market's own fields only, an HDB flat type only for an HDB flat. */
export function insuredAddressFields(
  country: TCountry,
  change: TInsuredAddressChange,
): TInsuredAddressChange {
  const common = {
    blockOrHouseNo: change.blockOrHouseNo.trim(),
    streetName: change.streetName.trim(),
    unitNo: change.unitNo?.trim() || undefined,
    buildingName: change.buildingName?.trim() || undefined,
  };
  return country === 'SGP'
    ? {
        ...common,
        postalCode: change.postalCode?.trim(),
        dwellingType: change.dwellingType,
        hdbFlatType: change.dwellingType === 'HDB' ? change.hdbFlatType : undefined,
      }
    : { ...common, district: change.district, floorArea: change.floorArea, buildingAge: change.buildingAge };
}

/** Whether a change names the same home, fact for fact, as the policy (nothing to endorse). */
export function isSameInsuredAddress(
  country: TCountry,
  current: Partial<TInsuredAddressChange>,
  change: TInsuredAddressChange,
): boolean {
  const next = insuredAddressFields(country, change);
  const now = insuredAddressFields(country, {
    ...current,
    blockOrHouseNo: current.blockOrHouseNo ?? '',
    streetName: current.streetName ?? '',
  });
  const norm = (value: string | undefined) => (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  return (Object.keys(next) as (keyof TInsuredAddressChange)[]).every(
    (key) => norm(next[key]) === norm(now[key]),
  );
}

/** What an endorsement asks of the customer's money: nothing, an additional premium, or a return. */
export type TEndorsementOutcome = 'none' | 'collect' | 'refund';

export type TEndorsementQuote = {
  outcome: TEndorsementOutcome;
  /** The premium for the days left, new less old, in cents: positive to collect, negative to return. */
  differenceCents: number;
  /** The year's premium the policy would have had at the new address, on the terms it was sold on. */
  annualCents: number;
  /** The day the new address is insured from: today, or the start of cover if it has not started. */
  from: TLocalDate;
  /** The days of cover from `from` to the end, both included, and of the whole period. */
  daysLeft: number;
  termDays: number;
};

/**
 * The premium difference of an endorsement (issue 29, decision 138). The policy's period was paid
 * `paidCents` (after its discounts, with its tax); both addresses are rated alike (`oldRatedCents`,
 * `newRatedCents`: the same tables, no discounts), so the discount the customer had carries to the new
 * premium in proportion: annual = paid × new ÷ old. The difference is that premium's change for the days
 * left of the period (pro rata by day, as insurers endorse), to the cent, half up.
 * E.g. paid S$200.00, rated 180.00 → 216.00, 73 of 365 days left: annual S$240.00, +S$8.00.
 */
export function endorsementQuote(input: {
  paidCents: number;
  oldRatedCents: number;
  newRatedCents: number;
  start: TLocalDate;
  end: TLocalDate;
  today: TLocalDate;
}): TEndorsementQuote {
  const { paidCents, oldRatedCents, newRatedCents, start, end, today } = input;
  if (oldRatedCents <= 0) throw new Error('the policy rates at nothing: no proportion to carry');
  const from = compareDates(today, start) < 0 ? start : today;
  const termDays = daysBetween(start, addDays(end, 1));
  const daysLeft = Math.max(0, daysBetween(from, addDays(end, 1)));
  const annualCents = divideHalfUp(paidCents * newRatedCents, oldRatedCents);
  const differenceCents = divideHalfUp((annualCents - paidCents) * daysLeft, termDays);
  return {
    outcome: differenceCents > 0 ? 'collect' : differenceCents < 0 ? 'refund' : 'none',
    differenceCents,
    annualCents,
    from,
    daysLeft,
    termDays,
  };
}

/**
 * What the gateway's answer to a rise's card payment did (decision 144), as the receipt page hands it to
 * the panel's window: money taken or not, the policy endorsed with it or the money going back, or the
 * bank still asking the cardholder (`pending`: the panel waits for the final answer).
 */
export type TCollectionResult = {
  paid: boolean;
  endorsed: boolean;
  pending: boolean;
  amountCents: number;
  cardLast4: string;
  /** The payment's reference, as the mail and the policy page give it. */
  reference: string;
  /** DD/MM/YYYY */
  endorsedFrom: string;
  messageKey: string | null;
};

/** A policy's price in force: the premium, its tax (GST or levy) and their total, in cents. */
export type TPriceInForce = { premiumCents: number; taxCents: number; totalCents: number };

/**
 * The policy's price in force after an endorsement (decision 142): the year's total becomes the
 * endorsement's `annualCents`, and the tax keeps its share of the total, to the cent, rounding half
 * away from zero; the premium is the rest, so premium + tax = total always.
 * E.g. S$327.00 with S$27.00 GST endorsed to S$218.00 is S$200.00 + S$18.00.
 */
export function endorsedPrice(before: TPriceInForce, annualCents: number): TPriceInForce {
  const taxCents = before.totalCents > 0 ? divideHalfUp(before.taxCents * annualCents, before.totalCents) : 0;
  return { premiumCents: annualCents - taxCents, taxCents, totalCents: annualCents };
}
