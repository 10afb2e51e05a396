import type { TLocalDate } from '../dates/local-date.ts';
import { normaliseIdForMatching } from '../identity/id-number.ts';
import { isValidUen } from '../identity/uen.ts';
import { COUNTRIES, MARKETS, type TCountry } from '../market/market.ts';
import { FIELD_LENGTHS } from '../validation/field-lengths.ts';
import { EMAIL_PATTERN } from '../validation/field-rules.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/** Field lengths (travel-flow section 9) live in validation/field-lengths.ts; the applicant forms import them from here too. */
export { FIELD_LENGTHS };

/** Full names may also hold @, hyphen and slash. */
export function validateFullName(value: string): string | null {
  const name = value.trim();
  if (name === '') return MESSAGE_KEYS.required;
  if (name.length > FIELD_LENGTHS.name) return MESSAGE_KEYS.maxLength;
  return /^[A-Za-z' @/-]+$/.test(name) ? null : MESSAGE_KEYS.noSpecialCharacters;
}

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return MESSAGE_KEYS.required;
  if (email.length > FIELD_LENGTHS.email) return MESSAGE_KEYS.maxLength;
  return EMAIL_PATTERN.test(email) ? null : MESSAGE_KEYS.email;
}

/** The "my e-mail address is correct" box must be ticked before Continue (travel-flow sections 4 and 5). */
export function validateEmailConfirmed(confirmed: boolean | undefined): string | null {
  return confirmed === true ? null : MESSAGE_KEYS.confirmEmail;
}

/** Mobile number and country code: required and numeric (travel-flow section 5, Contact). */
export function validateMobile(value: string): string | null {
  const mobile = value.trim();
  if (mobile === '') return MESSAGE_KEYS.required;
  if (!/^\d+$/.test(mobile)) return MESSAGE_KEYS.number;
  return mobile.length <= FIELD_LENGTHS.mobile ? null : MESSAGE_KEYS.maxLength;
}

/**
 * The mobile numbers of each market: Singapore's are 8 digits from 8 or 9 (the MAS PayNow mobile proxy
 * takes the same); Hong Kong's are 8 digits from 4 to 9, the blocks OFCA's numbering plan gives mobile
 * services, while 2 and 3 are fixed lines (decision 147).
 */
export const MOBILE_FORMATS: Record<TCountry, { digits: number; firstDigits: string }> = {
  SGP: { digits: 8, firstDigits: '89' },
  HKG: { digits: 8, firstDigits: '456789' },
};

/** Whether `mobile` is a number of `country`'s mobile format. */
export function isMarketMobile(country: TCountry, mobile: string): boolean {
  const format = MOBILE_FORMATS[country];
  return new RegExp(`^[${format.firstDigits}]\\d{${format.digits - 1}}$`).test(mobile.trim());
}

/**
 * A mobile number checked for its market (issue 29): the market its country code names (65, 852), by
 * that market's format. A number under another country code is held to `validateMobile` only. Answers
 * the message key and the values its text names, or null.
 */
export function validateMobileForMarket(
  countryCode: string,
  mobile: string,
): { messageKey: string; values: { code: string; digits: number; first: string } } | null {
  const code = countryCode.trim().replace(/^\+/, '');
  const country = COUNTRIES.find((market) => MARKETS[market].phonePrefix === code);
  if (!country || isMarketMobile(country, mobile)) return null;
  const format = MOBILE_FORMATS[country];
  return {
    messageKey: MESSAGE_KEYS.mobileForMarket,
    values: { code, digits: format.digits, first: firstDigitsText(format.firstDigits) },
  };
}

/** The first digits as the message names them: `8 / 9`, or a run of three or more as `4–9`. */
function firstDigitsText(digits: string): string {
  const run = [...digits].every(
    (digit, index) => index === 0 || Number(digit) === Number(digits[index - 1]) + 1,
  );
  return run && digits.length > 2 ? `${digits[0]}–${digits.at(-1)}` : [...digits].join(' / ');
}

export function validateCountryCode(value: string): string | null {
  const code = value.trim().replace(/^\+/, '');
  if (code === '') return MESSAGE_KEYS.required;
  return code.length <= FIELD_LENGTHS.mobileCountryCode && /^\d+$/.test(code) ? null : MESSAGE_KEYS.number;
}

/**
 * Corporate applicants: company name (max 50) and UEN (max 24) required, the UEN checked (travel-flow
 * section 5); `today` refuses a UEN from a year still to come.
 */
export function validateCompany(
  companyName: string,
  uen: string,
  today: TLocalDate,
): { companyName?: string; uen?: string } {
  const errors: { companyName?: string; uen?: string } = {};
  const name = companyName.trim();
  if (name === '') errors.companyName = MESSAGE_KEYS.required;
  else if (name.length > FIELD_LENGTHS.name) errors.companyName = MESSAGE_KEYS.maxLength;
  else if (!/^[A-Za-z0-9 '&.,()@/-]+$/.test(name)) errors.companyName = MESSAGE_KEYS.noSpecialCharacters;
  const number = uen.trim();
  if (number === '') errors.uen = MESSAGE_KEYS.uenRequired;
  else if (number.length > FIELD_LENGTHS.uen) errors.uen = MESSAGE_KEYS.maxLength;
  else if (!isValidUen(number, today)) errors.uen = MESSAGE_KEYS.uenInvalid;
  return errors;
}

/** Personal or corporate must be chosen (travel-flow section 5: "Please select value"). */
export function validateClientType(value: string | null | undefined): string | null {
  return value === 'P' || value === 'C' ? null : MESSAGE_KEYS.selectValue;
}

export type TPersonIdentity = { fullName: string; idNumber: string };

/**
 * Duplicate ID numbers and full names across applicant and insureds (travel-flow section 5): the
 * later occurrence is flagged; names compare trimmed and case-insensitively.
 */
export function findDuplicates(people: TPersonIdentity[]): { idNumber?: string; fullName?: string }[] {
  const seenIds = new Set<string>();
  const seenNames = new Set<string>();
  return people.map((person) => {
    const flags: { idNumber?: string; fullName?: string } = {};
    const id = normaliseIdForMatching(person.idNumber);
    const name = person.fullName.trim().replace(/\s+/g, ' ').toUpperCase();
    if (id !== '') {
      if (seenIds.has(id)) flags.idNumber = MESSAGE_KEYS.idDuplicated;
      seenIds.add(id);
    }
    if (name !== '') {
      if (seenNames.has(name)) flags.fullName = MESSAGE_KEYS.fullNameDuplicated;
      seenNames.add(name);
    }
    return flags;
  });
}

/** Names, ID numbers and e-mail are upper-cased on submit (travel-flow section 5, Names). */
export function normaliseForSubmit<T extends Record<string, unknown>>(
  record: T,
  fields: readonly (keyof T)[],
): T {
  const copy = { ...record };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = value.trim().toUpperCase() as T[keyof T];
  }
  return copy;
}
