import { describe, expect, it } from 'vitest';
import { COVER_START_WINDOW_DAYS } from '../dates/cover-period.ts';
import { addDays, localDate } from '../dates/local-date.ts';
import { TRAVEL_RATE_TABLES } from '../rating/bundled-rate-tables.ts';
import { ZPolicyTravelSchema } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import {
  addInsured,
  annualEndDate,
  canAddInsured,
  canRemoveInsured,
  closeTravellerPicker,
  countInsured,
  DEFAULT_JOURNEY_CODE,
  DESTINATIONS,
  defaultReturnDate,
  destinationOf,
  insuredRows,
  policyTravellerFields,
  removeInsured,
  TRIP_LIMITS,
  type TTravellers,
  tripDays,
  tripPickerBounds,
  validateTravellers,
  validateTrip,
} from './trip-rules.ts';

const today = localDate(2026, 11, 23);

describe('trips (travel-flow sections 4, 5, 9)', () => {
  it('measures trips and annual cover', () => {
    expect(tripDays(localDate(2026, 12, 1), localDate(2026, 12, 7))).toBe(7);
    expect(annualEndDate(localDate(2026, 12, 1))).toEqual(localDate(2027, 11, 30));
    expect(defaultReturnDate(today)).toEqual(localDate(2026, 12, 1));
    expect(tripPickerBounds(today, localDate(2026, 12, 1))).toEqual({
      departure: { earliest: today, latest: localDate(2027, 2, 21) },
      returnDate: { earliest: localDate(2026, 12, 1), latest: localDate(2027, 2, 28) },
    });
  });

  // Decision 050: the pickers open exactly the days the rule accepts, both read from TRIP_LIMITS.
  it('opens the pickers on exactly the days the trip rule accepts', () => {
    expect(TRIP_LIMITS.departureWindowDays).toBe(COVER_START_WINDOW_DAYS);
    const departure = localDate(2026, 12, 1);
    const bounds = tripPickerBounds(today, departure);
    expect(bounds.returnDate.latest).toEqual(addDays(departure, TRIP_LIMITS.maxSingleTripDays - 1));
    expect(tripDays(departure, bounds.returnDate.latest)).toBe(TRIP_LIMITS.maxSingleTripDays);
    const trip = (dates: { departure: typeof today; returnDate: typeof today }) =>
      validateTrip({ ...dates, tripType: 'S', today });
    expect(trip({ departure, returnDate: bounds.returnDate.latest })).toBeNull();
    expect(trip({ departure, returnDate: addDays(bounds.returnDate.latest, 1) })?.messageKey).toBe(
      K.invalidDuration,
    );
    const latest = bounds.departure.latest;
    expect(trip({ departure: latest, returnDate: latest })).toBeNull();
    expect(trip({ departure: addDays(latest, 1), returnDate: addDays(latest, 1) })?.messageKey).toBe(
      K.invalidDeparture,
    );
  });

  it.each([
    [localDate(2026, 11, 23), localDate(2026, 11, 23), 'S', null],
    [
      localDate(2026, 11, 22),
      localDate(2026, 11, 30),
      'S',
      { field: 'deptDate', messageKey: K.invalidDeparture },
    ],
    [localDate(2027, 2, 21), localDate(2027, 2, 22), 'S', null],
    [
      localDate(2027, 2, 22),
      localDate(2027, 2, 23),
      'S',
      { field: 'deptDate', messageKey: K.invalidDeparture },
    ],
    [
      localDate(2026, 12, 5),
      localDate(2026, 12, 4),
      'S',
      { field: 'deptDate', messageKey: K.invalidDeparture },
    ],
    [localDate(2026, 12, 1), localDate(2027, 2, 28), 'S', null],
    [
      localDate(2026, 12, 1),
      localDate(2027, 3, 1),
      'S',
      { field: 'returnDate', messageKey: K.invalidDuration },
    ],
    [localDate(2026, 12, 1), localDate(2026, 11, 1), 'A', null],
  ] as const)('departure %j return %j (%s) → %j', (departure, returnDate, tripType, expected) => {
    expect(validateTrip({ departure, returnDate, tripType, today })).toEqual(expected);
  });

  it("writes a closed choice as the policy's traveller fields, a family as insured family", () => {
    expect(policyTravellerFields({ travellerType: 'ID', individuals: 0, adults: 1, children: 2 })).toEqual({
      isTravellerSelected: true,
      travellerType: 'FM',
      planType: 'FM',
      insuredPersonType: 'family',
      travellerIndividual: 0,
      travellerAdult: 1,
      travellerChild: 2,
    });
    expect(
      policyTravellerFields({ travellerType: 'CP', individuals: 0, adults: 0, children: 0 }),
    ).toMatchObject({
      travellerType: 'CP',
      insuredPersonType: 'individual',
      travellerIndividual: 2,
    });
  });

  it('closes the traveller picker the spec way', () => {
    expect(closeTravellerPicker({ travellerType: 'ID', individuals: 0, adults: 1, children: 2 })).toEqual({
      travellerType: 'FM',
      individuals: 0,
      adults: 1,
      children: 2,
    });
    expect(closeTravellerPicker({ travellerType: 'FM', individuals: 3, adults: 2, children: 0 })).toEqual({
      travellerType: 'FM',
      individuals: 0,
      adults: 2,
      children: 0,
    });
    expect(closeTravellerPicker({ travellerType: 'ID', individuals: 3, adults: 2, children: 1 })).toEqual({
      travellerType: 'ID',
      individuals: 3,
      adults: 0,
      children: 0,
    });
    expect(
      closeTravellerPicker({ travellerType: 'CP', individuals: 5, adults: 0, children: 0 }),
    ).toMatchObject({ individuals: 2 });
  });

  it.each([
    [{ travellerType: 'ID', individuals: 1, adults: 0, children: 0 }, null],
    [{ travellerType: 'ID', individuals: 20, adults: 0, children: 0 }, null],
    [{ travellerType: 'ID', individuals: 0, adults: 0, children: 0 }, K.travellerRequired],
    [{ travellerType: 'ID', individuals: 21, adults: 0, children: 0 }, K.travellerRequired],
    [{ travellerType: 'ID', individuals: 1.5, adults: 0, children: 0 }, K.travellerRequired],
    [{ travellerType: 'CP', individuals: 2, adults: 0, children: 0 }, null],
    [{ travellerType: 'CP', individuals: 3, adults: 0, children: 0 }, K.travellerRequired],
    [{ travellerType: 'FM', individuals: 0, adults: 2, children: 9 }, null],
    [{ travellerType: 'FM', individuals: 0, adults: 3, children: 0 }, K.travellerRequired],
    [{ travellerType: 'FM', individuals: 0, adults: 1, children: 10 }, K.travellerRequired],
    [{ travellerType: 'FM', individuals: 0, adults: 0, children: 2 }, K.travellerRequired],
  ] as const)('travellers %j → %s', (travellers, key) => {
    expect(validateTravellers(travellers)).toBe(key);
  });

  it('counts the insured for rating', () => {
    expect(countInsured({ travellerType: 'FM', individuals: 0, adults: 2, children: 3 })).toEqual({
      adults: 2,
      children: 3,
    });
    expect(countInsured({ travellerType: 'ID', individuals: 4, adults: 0, children: 0 })).toEqual({
      adults: 4,
      children: 0,
    });
  });

  it('adds and removes insured rows within the counts (travel-flow section 5, Counts)', () => {
    const individuals = (count: number): TTravellers => ({
      travellerType: 'ID',
      individuals: count,
      adults: 0,
      children: 0,
    });
    const family = (adults: number, children: number): TTravellers => ({
      travellerType: 'FM',
      individuals: 0,
      adults,
      children,
    });
    const couple: TTravellers = { travellerType: 'CP', individuals: 2, adults: 0, children: 0 };
    expect(insuredRows(individuals(2))).toEqual(['ADULT', 'ADULT']);
    expect(insuredRows(family(1, 2))).toEqual(['ADULT', 'CHILD', 'CHILD']);
    expect(insuredRows(couple)).toEqual(['ADULT', 'ADULT']);

    expect(addInsured(individuals(19), 'ADULT')).toEqual(individuals(20));
    expect(canAddInsured(individuals(20), 'ADULT')).toBe(false);
    expect(addInsured(individuals(20), 'ADULT')).toEqual(individuals(20));
    expect(canAddInsured(individuals(1), 'CHILD')).toBe(false);
    expect(addInsured(family(1, 0), 'ADULT')).toEqual(family(2, 0));
    expect(addInsured(family(1, 8), 'CHILD')).toEqual(family(1, 9));
    expect(canAddInsured(family(2, 0), 'ADULT')).toBe(false);
    expect(canAddInsured(family(1, 9), 'CHILD')).toBe(false);
    expect(canAddInsured(couple, 'ADULT')).toBe(false);

    expect(canRemoveInsured(individuals(2), 0)).toBe(false);
    expect(canRemoveInsured(individuals(2), 2)).toBe(false);
    expect(removeInsured(individuals(2), 0)).toEqual(individuals(2));
    expect(removeInsured(individuals(3), 2)).toEqual(individuals(2));
    expect(removeInsured(family(2, 1), 1)).toEqual(family(1, 1));
    expect(removeInsured(family(2, 1), 2)).toEqual(family(2, 0));
    expect(canRemoveInsured(couple, 1)).toBe(false);
  });

  it('offers the destinations the rate tables price, Asia Pacific first and by default', () => {
    const codes = DESTINATIONS.map((destination) => destination.journeyCode);
    expect(codes).toEqual(['6', '3']);
    for (const table of Object.values(TRAVEL_RATE_TABLES)) {
      expect(Object.keys(table.single.areas).sort()).toEqual([...codes].sort());
      expect(Object.keys(table.annual).sort()).toEqual([...codes].sort());
    }
    expect([...ZPolicyTravelSchema.shape.journeyCode.unwrap().options].sort()).toEqual([...codes].sort());
    expect(DEFAULT_JOURNEY_CODE).toBe('6');
    expect(destinationOf('3').journey).toBe('Worldwide (excl. Sanctioned)');
    expect(destinationOf(DEFAULT_JOURNEY_CODE).journey).toBe('Asia Pacific (excl. Sanctioned)');
  });
});
