import { addDays, addMonths, compareDates, type TLocalDate } from '../dates/local-date.ts';
import { FREE_LOOK_DAYS } from '../market/insurer-contacts.ts';
import type { TCountry } from '../market/market.ts';
import { divideHalfUp, type TCents } from '../money/money.ts';
import type { TProductType } from '../tax/tax.ts';

/**
 * Cancelling a policy from /my-policy (decision 071), per product and market. Sources: the issue's
 * "Free-look cancellation" (14 days from the start of cover in Singapore, 21 in Hong Kong, full refund
 * when no claim), and the wordings' "Cancellation" clauses (document/cancellation-clauses.ts: travel's,
 * and the annual one personal accident and home print): after the free look an annual policy refunds the unexpired
 * months less a 25% administration charge, a single trip cannot be cancelled once it has begun, a
 * renewal has no free look, and nothing is refunded after a claim.
 */

/** The free-look days per market live with the insurer's published terms (decision 042); re-exported here. */
export { FREE_LOOK_DAYS };

/** The wordings' short-period administration charge: 25% of the unexpired months' premium. */
export const SHORT_PERIOD_ADMIN_CHARGE_PERCENT = 25;

/** The customer's own words about why they cancel: at most this many characters (kept with the policy's event). */
export const CANCELLATION_REASON_MAX_LENGTH = 400;

export type TCancellationBasis = 'free-look' | 'short-period' | 'none';

/** Why a cancellation is offered or not: message keys of the `myPolicy.cancel.reason` catalogue section. */
export const CANCELLATION_REASON_KEYS = {
  freeLook: 'myPolicy.cancel.reason.freeLook',
  notStarted: 'myPolicy.cancel.reason.notStarted',
  shortPeriod: 'myPolicy.cancel.reason.shortPeriod',
  claimMade: 'myPolicy.cancel.reason.claimMade',
  tripStarted: 'myPolicy.cancel.reason.tripStarted',
  coverEnded: 'myPolicy.cancel.reason.coverEnded',
  noUnexpiredMonth: 'myPolicy.cancel.reason.noUnexpiredMonth',
  notIssued: 'myPolicy.cancel.reason.notIssued',
  alreadyCancelled: 'myPolicy.cancel.reason.alreadyCancelled',
} as const;
export type TCancellationReasonKey = (typeof CANCELLATION_REASON_KEYS)[keyof typeof CANCELLATION_REASON_KEYS];

export type TCancellationInput = {
  product: TProductType;
  country: TCountry;
  /** Travel's single trip or annual; personal accident and home are annual ('annual' or null). */
  tripType: 'single' | 'annual' | null;
  /** The first and last days of cover (the last day is covered). */
  startDate: TLocalDate;
  endDate: TLocalDate;
  /** The market's calendar day of the request. */
  today: TLocalDate;
  /** What the customer paid for the policy, tax or levy included. */
  premiumCents: TCents;
  /** A claim made under the policy (the claims module tells). */
  hasClaim: boolean;
  /** A policy renewed from an earlier one: no free look (the wordings). */
  isRenewal?: boolean;
};

export type TCancellationQuote = {
  allowed: boolean;
  basis: TCancellationBasis;
  refundCents: TCents;
  reasonKey: TCancellationReasonKey;
  /** The last day of the free look (the start of cover plus the market's days), for the page to show. */
  freeLookEnds: TLocalDate;
};

/** The last day of the free look: the day of the start of cover plus 14 (SGP) or 21 (HKG) days. */
export function freeLookEnds(country: TCountry, startDate: TLocalDate): TLocalDate {
  return addDays(startDate, FREE_LOOK_DAYS[country]);
}

/** Whole calendar months from `from` until `until` (exclusive): 0 when less than a month is left. */
export function wholeMonthsBetween(from: TLocalDate, until: TLocalDate): number {
  let months = 0;
  while (compareDates(addMonths(from, months + 1), until) <= 0) months += 1;
  return months;
}

/**
 * The short-period refund: the premium for the unexpired whole months of the period, less the
 * administration charge, rounded once, half up, to the cent.
 */
export function shortPeriodRefund(input: {
  startDate: TLocalDate;
  endDate: TLocalDate;
  today: TLocalDate;
  premiumCents: TCents;
}): TCents {
  const dayAfterEnd = addDays(input.endDate, 1);
  const total = Math.max(1, wholeMonthsBetween(input.startDate, dayAfterEnd));
  const unexpired = Math.min(total, wholeMonthsBetween(input.today, dayAfterEnd));
  return divideHalfUp(
    input.premiumCents * unexpired * (100 - SHORT_PERIOD_ADMIN_CHARGE_PERCENT),
    total * 100,
  );
}

/** What cancelling today would give: allowed or not, on which basis, and the refund. */
export function cancellationQuote(input: TCancellationInput): TCancellationQuote {
  const freeLookEnd = freeLookEnds(input.country, input.startDate);
  const quote = (
    allowed: boolean,
    basis: TCancellationBasis,
    refundCents: TCents,
    reasonKey: TCancellationReasonKey,
  ): TCancellationQuote => ({ allowed, basis, refundCents, reasonKey, freeLookEnds: freeLookEnd });
  const none = (reasonKey: TCancellationReasonKey) => quote(false, 'none', 0, reasonKey);

  if (input.hasClaim) return none(CANCELLATION_REASON_KEYS.claimMade);
  if (compareDates(input.today, input.endDate) > 0) return none(CANCELLATION_REASON_KEYS.coverEnded);
  // Nothing has been at risk before cover starts: the premium comes back whole, renewal or not.
  if (compareDates(input.today, input.startDate) < 0)
    return quote(true, 'free-look', input.premiumCents, CANCELLATION_REASON_KEYS.notStarted);
  // A single trip that has begun is not cancelled, even within the free look (travel wording).
  if (input.product === 'PTR' && input.tripType === 'single')
    return none(CANCELLATION_REASON_KEYS.tripStarted);
  const withinFreeLook = compareDates(input.today, freeLookEnd) <= 0;
  if (withinFreeLook && !input.isRenewal)
    return quote(true, 'free-look', input.premiumCents, CANCELLATION_REASON_KEYS.freeLook);
  const refund = shortPeriodRefund(input);
  if (refund <= 0) return none(CANCELLATION_REASON_KEYS.noUnexpiredMonth);
  return quote(true, 'short-period', refund, CANCELLATION_REASON_KEYS.shortPeriod);
}
