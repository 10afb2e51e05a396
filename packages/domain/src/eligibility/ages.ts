import {
  addDays,
  addMonths,
  addYears,
  ageInMonths,
  ageInYears,
  localDate,
  parseDmy,
  type TLocalDate,
} from '../dates/local-date.ts';
import type { TCountry } from '../market/market.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * Who may be covered, by product, market and role; ages on the policy start date. Each row cites
 * its spec line. `maxAge` is the highest completed age allowed; a child over `childMaxAge` is
 * covered only as a full-time student up to `studentMaxAge`.
 */
export type TProduct = 'PTR' | 'PAN';
export type TRole = 'applicant' | 'adult' | 'child';

/**
 * The spec's ages (travel-flow sections 5 and 9, pa-home-payments section 5): each number once; the
 * bands below, the date pickers, the copy (`travelAgeFacts`) and the messages read them (decision 050).
 */
export const AGE_LIMITS = {
  /** Policyholders and adults are 18 or over. */
  adultMinYears: 18,
  /** Policyholders (and personal accident adults) are 70 or younger. */
  adultMaxYears: 70,
  /** A child is covered from 1 month (travel, Singapore personal accident)… */
  childMinMonths: 1,
  /** …and from 6 months in Hong Kong personal accident, as are its adults. */
  hongKongPaMinMonths: 6,
  /** A child is a child to 17; from 18 only as a full-time student… */
  childMaxYears: 17,
  /** …up to 25. */
  studentMaxYears: 25,
  /** The travel child date picker stops 3 months ago (the personal accident one at `childMinMonths`). */
  travelChildPickerMinMonths: 3,
  /** Over 80 is a senior (travel-flow section 4). */
  seniorOverYears: 80,
  /** Singapore personal accident adults from 65 get reduced benefits (to `adultMaxYears`). */
  reducedPaBenefitsFromYears: 65,
} as const;

type TBand = { minMonths: number; minKey: string; maxAge?: number; maxKey?: string };
type TChildBand = TBand & { childMaxAge: number; studentMaxAge: number };

const ADULT_18 = { minMonths: AGE_LIMITS.adultMinYears * 12, minKey: MESSAGE_KEYS.birthDateBelow18 };
/** The same band in personal accident's words ("each insured adult", not "adult travellers"). */
const PA_ADULT_18 = { minMonths: AGE_LIMITS.adultMinYears * 12, minKey: MESSAGE_KEYS.paBirthDateBelow18 };
const TO_70 = { maxAge: AGE_LIMITS.adultMaxYears, maxKey: MESSAGE_KEYS.birthDateOver70 };
const CHILD_TO_STUDENT = {
  childMaxAge: AGE_LIMITS.childMaxYears,
  studentMaxAge: AGE_LIMITS.studentMaxYears,
  maxKey: MESSAGE_KEYS.birthDateOver26,
};
const CHILD_FROM_1_MONTH = {
  minMonths: AGE_LIMITS.childMinMonths,
  minKey: MESSAGE_KEYS.birthDateBelow1Month,
};

export const ELIGIBILITY: Record<
  TProduct,
  Record<TCountry, { applicant: TBand; adult: TBand; child: TChildBand }>
> = {
  PTR: {
    // travel-flow section 5: applicant 18–70; adults 18 and over; child 1 month–26 with the student tick from 18.
    SGP: {
      applicant: { ...ADULT_18, ...TO_70 },
      adult: ADULT_18,
      child: { ...CHILD_FROM_1_MONTH, ...CHILD_TO_STUDENT },
    },
    HKG: {
      applicant: { ...ADULT_18, ...TO_70 },
      adult: ADULT_18,
      child: { ...CHILD_FROM_1_MONTH, ...CHILD_TO_STUDENT },
    },
  },
  PAN: {
    // pa-home-payments section 5: Singapore adults 18–70; children 1 month–18, to 25 if studying full time.
    SGP: {
      applicant: { ...PA_ADULT_18, ...TO_70 },
      adult: { ...PA_ADULT_18, ...TO_70 },
      child: { ...CHILD_FROM_1_MONTH, ...CHILD_TO_STUDENT },
    },
    // pa-home-payments section 5: Hong Kong insured 6 months–70 (renewable to 75); children 6 months–17, to 25 for unmarried full-time students.
    HKG: {
      applicant: { ...PA_ADULT_18, ...TO_70 },
      adult: {
        minMonths: AGE_LIMITS.hongKongPaMinMonths,
        minKey: MESSAGE_KEYS.birthDateBelow6Months,
        ...TO_70,
      },
      child: {
        minMonths: AGE_LIMITS.hongKongPaMinMonths,
        minKey: MESSAGE_KEYS.birthDateBelow6Months,
        ...CHILD_TO_STUDENT,
      },
    },
  },
};

export type TDateOfBirthCheck = {
  product: TProduct;
  country: TCountry;
  role: TRole;
  dateOfBirth: string;
  /** Ages count on the policy start date (departure or effective date). */
  on: TLocalDate;
  fullTimeStudent?: boolean;
};

export function validateDateOfBirth(check: TDateOfBirthCheck): string | null {
  if (check.dateOfBirth.trim() === '') return MESSAGE_KEYS.birthDateRequired;
  const birth = parseDmy(check.dateOfBirth.trim());
  if (!birth || birth.year < 1900 || ageInMonths(birth, check.on) < 0) return MESSAGE_KEYS.birthDateInvalid;
  const band = ELIGIBILITY[check.product][check.country][check.role];
  if (ageInMonths(birth, check.on) < band.minMonths) return band.minKey;
  const age = ageInYears(birth, check.on);
  if ('childMaxAge' in band) {
    if (age > band.studentMaxAge) return band.maxKey!;
    // A child 18 or over must be ticked as a full-time student (travel-flow section 5, Child).
    if (age > band.childMaxAge && !check.fullTimeStudent) return MESSAGE_KEYS.fullTimeStudentUnchecked;
    return null;
  }
  if (band.maxAge !== undefined && age > band.maxAge) return band.maxKey!;
  return null;
}

/** The student tick is set for a child of 18 or over still within the age limit (travel-flow section 4). */
export function shouldAutoTickStudent(
  product: TProduct,
  country: TCountry,
  dateOfBirth: string,
  on: TLocalDate,
): boolean {
  const birth = parseDmy(dateOfBirth);
  if (!birth) return false;
  const band = ELIGIBILITY[product][country].child;
  const age = ageInYears(birth, on);
  return age > band.childMaxAge && age <= band.studentMaxAge;
}

/** A traveller older than this is a senior: the popup, and the loading when its flag is on (travel-flow section 4). */
export const SENIOR_AGE = AGE_LIMITS.seniorOverYears;

/** Senior popup (and senior loading when its flag is on) for any traveller over 80 (travel-flow section 4). */
export function isSenior(dateOfBirth: string, on: TLocalDate): boolean {
  const birth = parseDmy(dateOfBirth);
  return birth !== null && ageInYears(birth, on) > SENIOR_AGE;
}

/**
 * The ages the travel copy names, read from the rules above so that no page says other than they do:
 * the policyholder's range, the adults' minimum (no maximum for travellers), the senior age, and the
 * child's limits (a child to `childMaxAge`, a full-time student to `studentMaxAge`).
 */
export function travelAgeFacts(country: TCountry) {
  const rules = ELIGIBILITY.PTR[country];
  return {
    applicantMin: rules.applicant.minMonths / 12,
    applicantMax: rules.applicant.maxAge!,
    adultMin: rules.adult.minMonths / 12,
    seniorAge: SENIOR_AGE,
    childMaxAge: rules.child.childMaxAge,
    studentMaxAge: rules.child.studentMaxAge,
    childUnder: rules.child.studentMaxAge + 1,
    studentFrom: rules.child.childMaxAge + 1,
  };
}

/** Before Continue, the senior popup (Cancel or Continue) shows when any traveller is over 80 and the senior flag is on (travel-flow section 4). */
export function showsSeniorNotice(
  datesOfBirth: readonly string[],
  on: TLocalDate,
  seniorLoadingOn: boolean,
): boolean {
  return seniorLoadingOn && datesOfBirth.some((dateOfBirth) => isSenior(dateOfBirth, on));
}
/** The age to which personal accident cover is renewed: Hong Kong renews to 75 (pa-home-payments section 5). */
export const PA_RENEWABLE_TO_AGE: Record<TCountry, number> = { SGP: 70, HKG: 75 };

/** Personal accident adults aged 65 to 70 at application get reduced benefits (pa-home-payments section 5). */
export const PA_REDUCED_BENEFIT_AGES = {
  from: AGE_LIMITS.reducedPaBenefitsFromYears,
  to: AGE_LIMITS.adultMaxYears,
} as const;

/**
 * The ages the personal accident copy names, read from the rules above (pa-home-payments section 5), so
 * that no page or document says other than they do: months where a limit is not whole years.
 */
export function paAgeFacts(country: TCountry) {
  const rules = ELIGIBILITY.PAN[country];
  return {
    applicantMin: rules.applicant.minMonths / 12,
    applicantMax: rules.applicant.maxAge!,
    adultMinMonths: rules.adult.minMonths,
    adultMax: rules.adult.maxAge!,
    renewableTo: PA_RENEWABLE_TO_AGE[country],
    childMinMonths: rules.child.minMonths,
    childMaxAge: rules.child.childMaxAge,
    studentMaxAge: rules.child.studentMaxAge,
    reducedFrom: PA_REDUCED_BENEFIT_AGES.from,
    reducedTo: PA_REDUCED_BENEFIT_AGES.to,
  };
}

/**
 * Whether a personal accident adult gets the reduced benefits of ages 65–70 (pa-home-payments section 5):
 * the spec's rule names no market, so it holds in both (decision 054). `country` stays for the callers.
 */
export function hasReducedPaBenefits(_country: TCountry, dateOfBirth: string, on: TLocalDate): boolean {
  const birth = parseDmy(dateOfBirth);
  if (!birth) return false;
  const age = ageInYears(birth, on);
  return age >= AGE_LIMITS.reducedPaBenefitsFromYears && age <= AGE_LIMITS.adultMaxYears;
}

export type TPickerBounds = { earliest: TLocalDate; latest: TLocalDate; defaultFocus: TLocalDate };

/** Date-picker windows (travel-flow section 5): adults up to 18 years ago; travel children 3 months–25 years; PA children 1 month–25 years. */
export function dateOfBirthPickerBounds(product: TProduct, role: TRole, today: TLocalDate): TPickerBounds {
  if (role === 'child') {
    return {
      earliest: addDays(addYears(today, -AGE_LIMITS.studentMaxYears), 1),
      latest: addMonths(
        today,
        -(product === 'PTR' ? AGE_LIMITS.travelChildPickerMinMonths : AGE_LIMITS.childMinMonths),
      ),
      defaultFocus: addYears(today, -5),
    };
  }
  return {
    earliest: localDate(1900, 1, 1),
    latest: addYears(today, -AGE_LIMITS.adultMinYears),
    defaultFocus: localDate(1980, 1, 1),
  };
}
