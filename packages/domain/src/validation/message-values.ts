import { COVER_START_WINDOW_DAYS } from '../dates/cover-period.ts';
import { AGE_LIMITS } from '../eligibility/ages.ts';
import { HONG_KONG_CLAIMS_LIMIT_CENTS, PA_CHILDREN_MAX } from '../pa/pa-limits.ts';
import { RENEWAL_CHARGE_DAYS, RENEWAL_NOTICE_DAYS } from '../payments/renewal-rules.ts';
import { PA_TERMS } from '../rating/benefits/pa-terms.ts';
import { HONG_KONG_MINIMUM_PREMIUM_CENTS } from '../rating/discounts.ts';
import { TRIP_LIMITS } from '../travel/trip-rules.ts';
import { FIELD_LENGTHS } from './field-lengths.ts';

/**
 * The values the shop's texts name, each read from the rule's own constant (decision 050): a message
 * says `{{maxTripDays}}`, never "90", so a changed limit changes every message that states it. The
 * interface fills these into every text it shows; a value a caller passes wins.
 */
export const MESSAGE_VALUES = {
  departureWindowDays: TRIP_LIMITS.departureWindowDays,
  maxTripDays: TRIP_LIMITS.maxSingleTripDays,
  adultMinAge: AGE_LIMITS.adultMinYears,
  adultMaxAge: AGE_LIMITS.adultMaxYears,
  studentFromAge: AGE_LIMITS.childMaxYears + 1,
  studentMaxAge: AGE_LIMITS.studentMaxYears,
  promoMaxLength: FIELD_LENGTHS.promoCode,
  renewalNoticeDays: RENEWAL_NOTICE_DAYS,
  renewalChargeDays: RENEWAL_CHARGE_DAYS,
  /** Whole Hong Kong dollars: the copy writes "HK$380" and "380港元". */
  paHospitalMinHours: PA_TERMS.hospitalMinHours,
  hongKongMinimumPremiumDollars: HONG_KONG_MINIMUM_PREMIUM_CENTS / 100,
  coverStartWindowDays: COVER_START_WINDOW_DAYS,
  paMaxChildren: PA_CHILDREN_MAX,
  /** Whole Hong Kong dollars, with the thousands comma the copy writes. */
  hongKongClaimsLimitDollars: (HONG_KONG_CLAIMS_LIMIT_CENTS / 100).toLocaleString('en'),
} as const;

export type TMessageValueName = keyof typeof MESSAGE_VALUES;
