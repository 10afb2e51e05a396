import { formatDmy, formatIso, parseDmy, parseIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import {
  annualEndDate,
  closeTravellerPicker,
  DEFAULT_JOURNEY_CODE,
  defaultReturnDate,
  destinationOf,
  type TJourneyCode,
  type TTravellers,
  type TTripType,
} from '@lionrock/domain/travel/trip-rules';
import type { TTravelPolicy } from '../../state/travel-flow-store';

/** The landing quote form's values; dates as the native date input holds them (YYYY-MM-DD). */
export type TQuoteFormValues = {
  tripType: TTripType;
  journeyCode: TJourneyCode;
  departure: string;
  returnDate: string;
  /** null until the customer has chosen who is travelling. */
  travellers: TTravellers | null;
  promo: string;
};

export type TQuoteFormField = keyof TQuoteFormValues;
export type TQuoteFormErrors = Partial<Record<TQuoteFormField | 'root', string>>;

const isoOf = (dmy: string | undefined) => {
  const date = dmy ? parseDmy(dmy) : null;
  return date ? formatIso(date) : '';
};

/** The form as the stored journey left it; an empty trip starts today and returns 8 days later (travel-flow section 4). */
export function valuesFromPolicy(policy: TTravelPolicy, today: TLocalDate): TQuoteFormValues {
  const travel = policy.policyTravel;
  const tripType = travel.paPolicyType ?? 'S';
  const departure = isoOf(travel.deptDate) || formatIso(today);
  // An annual plan's stored end date is not a return date the customer picked.
  const storedReturn = tripType === 'S' ? isoOf(travel.returnDate) : '';
  return {
    tripType,
    journeyCode: travel.journeyCode ?? DEFAULT_JOURNEY_CODE,
    departure,
    returnDate: storedReturn || formatIso(defaultReturnDate(today)),
    travellers: travel.isTravellerSelected
      ? {
          travellerType: travel.travellerType ?? 'ID',
          individuals: travel.travellerIndividual ?? 0,
          adults: travel.travellerAdult ?? 0,
          children: travel.travellerChild ?? 0,
        }
      : null,
    promo: policy.promo ?? '',
  };
}

export const dateOf = (iso: string): TLocalDate | null => parseIso(iso);

/** The form's values as the policy the rules and the server read (travel-flow section 3). */
export function policyFromValues(values: TQuoteFormValues, base: TTravelPolicy): TTravelPolicy {
  const departure = dateOf(values.departure);
  const returnDate =
    values.tripType === 'A' && departure ? annualEndDate(departure) : dateOf(values.returnDate);
  const travellers = values.travellers ? closeTravellerPicker(values.travellers) : null;
  const destination = destinationOf(values.journeyCode);
  const dmy = (date: TLocalDate | null) => (date ? formatDmy(date) : '');
  return {
    ...base,
    promo: values.promo.trim(),
    policyTravel: {
      ...base.policyTravel,
      paPolicyType: values.tripType,
      journeyCode: destination.journeyCode,
      journey: destination.journey,
      journeyCh: destination.journeyCh,
      deptDate: dmy(departure),
      returnDate: dmy(returnDate),
      isTravellerSelected: travellers !== null,
      travellerType: travellers?.travellerType ?? 'ID',
      travellerIndividual: travellers?.individuals ?? 0,
      travellerAdult: travellers?.adults ?? 0,
      travellerChild: travellers?.children ?? 0,
    },
  };
}

/** Where a rule's field path in the policy shows on this form. */
const FIELD_OF_PATH: Record<string, TQuoteFormField> = {
  promo: 'promo',
  'policyTravel.deptDate': 'departure',
  'policyTravel.returnDate': 'returnDate',
  'policyTravel.paPolicyType': 'tripType',
  'policyTravel.journeyCode': 'journeyCode',
  'policyTravel.travellerType': 'travellers',
  'policyTravel.travellerIndividual': 'travellers',
  'policyTravel.travellerAdult': 'travellers',
  'policyTravel.travellerChild': 'travellers',
};

export function formFieldOf(path: string | undefined): TQuoteFormField | 'root' {
  return (path && FIELD_OF_PATH[path]) || 'root';
}
