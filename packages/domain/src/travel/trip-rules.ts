import { COVER_START_WINDOW_DAYS } from '../dates/cover-period.ts';
import { addDays, compareDates, daysBetween, type TLocalDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/** travel-flow section 9: a single trip lasts at most this many days, departure and return days included. */
const MAX_SINGLE_TRIP_DAYS = 90;

/**
 * travel-flow section 9: departure from today up to the cover-start window; a single trip at most
 * `maxSingleTripDays`, so the return is at most `maxSingleTripDays - 1` days after departure (decision 050).
 */
export const TRIP_LIMITS = {
  departureWindowDays: COVER_START_WINDOW_DAYS,
  maxSingleTripDays: MAX_SINGLE_TRIP_DAYS,
  returnWindowDays: MAX_SINGLE_TRIP_DAYS - 1,
  defaultReturnOffsetDays: 8,
} as const;

export type TTripType = 'S' | 'A';

/**
 * travel-flow sections 4 and 9: Asia Pacific (journey code 6, the default) and Worldwide (code 3), both
 * excluding sanctioned countries; the codes are the rate tables' areas. `journey`/`journeyCh` go on the wire.
 */
export const DESTINATIONS = [
  { journeyCode: '6', journey: 'Asia Pacific (excl. Sanctioned)', journeyCh: '亚太地区（受制裁国家除外）' },
  { journeyCode: '3', journey: 'Worldwide (excl. Sanctioned)', journeyCh: '全球（受制裁国家除外）' },
] as const;
export type TJourneyCode = (typeof DESTINATIONS)[number]['journeyCode'];
export const DEFAULT_JOURNEY_CODE: TJourneyCode = '6';

export function destinationOf(journeyCode: TJourneyCode) {
  return DESTINATIONS.find((destination) => destination.journeyCode === journeyCode)!;
}

/** Days covered by a single trip: return minus departure plus one (travel-flow section 2, summary block). */
export function tripDays(departure: TLocalDate, returnDate: TLocalDate): number {
  return daysBetween(departure, returnDate) + 1;
}

/** Annual cover ends one year after departure minus one day (travel-flow section 4): one rule for every product. */
export { annualEndDate } from '../dates/cover-period.ts';

export function defaultReturnDate(today: TLocalDate): TLocalDate {
  return addDays(today, TRIP_LIMITS.defaultReturnOffsetDays);
}

export type TTripCheck = {
  departure: TLocalDate;
  returnDate: TLocalDate;
  tripType: TTripType;
  today: TLocalDate;
};

/** Landing rules (travel-flow section 5): departure within the window, not after return; a single trip within its limit. */
export function validateTrip(
  check: TTripCheck,
): { field: 'deptDate' | 'returnDate'; messageKey: string } | null {
  const { departure, returnDate, today } = check;
  if (compareDates(departure, today) < 0 || daysBetween(today, departure) > TRIP_LIMITS.departureWindowDays) {
    return { field: 'deptDate', messageKey: MESSAGE_KEYS.invalidDeparture };
  }
  if (check.tripType === 'A') return null;
  if (compareDates(departure, returnDate) > 0)
    return { field: 'deptDate', messageKey: MESSAGE_KEYS.invalidDeparture };
  if (tripDays(departure, returnDate) > TRIP_LIMITS.maxSingleTripDays) {
    return { field: 'returnDate', messageKey: MESSAGE_KEYS.invalidDuration };
  }
  return null;
}

/** The pickers' windows, from TRIP_LIMITS: departure today..+window; return departure..departure+(limit - 1). */
export function tripPickerBounds(today: TLocalDate, departure: TLocalDate) {
  return {
    departure: { earliest: today, latest: addDays(today, TRIP_LIMITS.departureWindowDays) },
    returnDate: { earliest: departure, latest: addDays(departure, TRIP_LIMITS.returnWindowDays) },
  };
}

export type TTravellerType = 'ID' | 'FM' | 'CP';
export type TTravellers = {
  travellerType: TTravellerType;
  individuals: number;
  adults: number;
  children: number;
};

/** travel-flow section 9: individuals up to 20; family adults 1–2 and children 0–9; couple fixed at 2. */
export const TRAVELLER_LIMITS = {
  minIndividuals: 1,
  maxIndividuals: 20,
  minAdults: 1,
  maxAdults: 2,
  maxChildren: 9,
  couple: 2,
} as const;

/**
 * Closing the traveller picker (travel-flow section 4): one adult with at least one child becomes
 * family; family keeps adult and child counts and no individuals; the others keep the individual
 * count and no adults or children.
 */
export function closeTravellerPicker(selection: TTravellers): TTravellers {
  if (selection.travellerType === 'CP')
    return { travellerType: 'CP', individuals: TRAVELLER_LIMITS.couple, adults: 0, children: 0 };
  if (selection.travellerType === 'FM' || (selection.adults === 1 && selection.children > 0)) {
    return { travellerType: 'FM', individuals: 0, adults: selection.adults, children: selection.children };
  }
  return { travellerType: 'ID', individuals: selection.individuals, adults: 0, children: 0 };
}

/**
 * The policy's traveller fields for a picker's choice, closed as the picker closes it: who travels
 * (individuals, a couple or a family) and how many of each. The shop's journey and the agents' desk
 * write a quote's travellers with it.
 */
export function policyTravellerFields(selection: TTravellers) {
  const closed = closeTravellerPicker(selection);
  return {
    isTravellerSelected: true,
    travellerType: closed.travellerType,
    planType: closed.travellerType,
    insuredPersonType: closed.travellerType === 'FM' ? ('family' as const) : ('individual' as const),
    travellerIndividual: closed.individuals,
    travellerAdult: closed.adults,
    travellerChild: closed.children,
  };
}

export function validateTravellers(travellers: TTravellers): string | null {
  const { travellerType, individuals, adults, children } = travellers;
  const whole = [individuals, adults, children].every((count) => Number.isInteger(count) && count >= 0);
  if (!whole) return MESSAGE_KEYS.travellerRequired;
  if (travellerType === 'ID')
    return individuals >= TRAVELLER_LIMITS.minIndividuals && individuals <= TRAVELLER_LIMITS.maxIndividuals
      ? null
      : MESSAGE_KEYS.travellerRequired;
  if (travellerType === 'CP')
    return individuals === TRAVELLER_LIMITS.couple ? null : MESSAGE_KEYS.travellerRequired;
  const adultsOk = adults >= TRAVELLER_LIMITS.minAdults && adults <= TRAVELLER_LIMITS.maxAdults;
  return adultsOk && children <= TRAVELLER_LIMITS.maxChildren ? null : MESSAGE_KEYS.travellerRequired;
}

/** The insured people a selection covers, for rating: adults and children. */
export function countInsured(travellers: TTravellers): { adults: number; children: number } {
  if (travellers.travellerType === 'FM') return { adults: travellers.adults, children: travellers.children };
  return { adults: travellers.individuals, children: 0 };
}

export type TInsuredType = 'ADULT' | 'CHILD';

/** The applicant page's insured rows for a selection: its adults first, then its children. */
export function insuredRows(travellers: TTravellers): TInsuredType[] {
  const { adults, children } = countInsured(travellers);
  return [...Array<TInsuredType>(adults).fill('ADULT'), ...Array<TInsuredType>(children).fill('CHILD')];
}

/**
 * Adding an insured on the applicant page (travel-flow section 5, Counts): individuals up to 20,
 * family adults up to 2 and children up to 9; a couple stays two. The add button disables at the limit.
 */
export function canAddInsured(travellers: TTravellers, type: TInsuredType): boolean {
  if (travellers.travellerType === 'ID')
    return type === 'ADULT' && travellers.individuals < TRAVELLER_LIMITS.maxIndividuals;
  if (travellers.travellerType === 'FM')
    return type === 'ADULT'
      ? travellers.adults < TRAVELLER_LIMITS.maxAdults
      : travellers.children < TRAVELLER_LIMITS.maxChildren;
  return false;
}

export function addInsured(travellers: TTravellers, type: TInsuredType): TTravellers {
  if (!canAddInsured(travellers, type)) return travellers;
  if (travellers.travellerType === 'ID') return { ...travellers, individuals: travellers.individuals + 1 };
  return type === 'ADULT'
    ? { ...travellers, adults: travellers.adults + 1 }
    : { ...travellers, children: travellers.children + 1 };
}

/** Any insured beyond the first can be removed, except from a couple (travel-flow sections 2 and 5). */
export function canRemoveInsured(travellers: TTravellers, index: number): boolean {
  return travellers.travellerType !== 'CP' && index > 0 && index < insuredRows(travellers).length;
}

/** Removing the insured at `index` lowers the individual, adult or child count (travel-flow section 4). */
export function removeInsured(travellers: TTravellers, index: number): TTravellers {
  if (!canRemoveInsured(travellers, index)) return travellers;
  if (travellers.travellerType === 'ID') return { ...travellers, individuals: travellers.individuals - 1 };
  return insuredRows(travellers)[index] === 'ADULT'
    ? { ...travellers, adults: travellers.adults - 1 }
    : { ...travellers, children: travellers.children - 1 };
}
