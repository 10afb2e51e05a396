import { describe, expect, it } from 'vitest';
import { PROMO_CODE_MAX_LENGTH, promoCodeRules } from '../campaign/promo-rules.ts';
import { localDate } from '../dates/local-date.ts';
import {
  validateCountryCode,
  validateEmail,
  validateFullName,
  validateMobile,
} from '../eligibility/people.ts';
import { ZApplicantSchema, ZPolicyTravelSchema, ZTravellerSchema } from '../schemas/policy-schema.ts';
import { FIELD_LENGTHS } from './field-lengths.ts';
import { validateField } from './field-rules.ts';
import { MESSAGE_KEYS } from './message-keys.ts';

/** Decision 050: the wire schema and the validators read one length per field; one past it fails both. */
const letters = (length: number) => 'A'.repeat(length);
const digits = (length: number) => '9'.repeat(length);
const email = (length: number) => `${'a'.repeat(length - '@x.sg'.length)}@x.sg`;

describe('field lengths (travel-flow section 9)', () => {
  it.each([
    ['fullName', FIELD_LENGTHS.name, letters],
    ['hkId', FIELD_LENGTHS.id, letters],
    ['email', FIELD_LENGTHS.email, email],
    ['mobileNo', FIELD_LENGTHS.mobile, digits],
    ['mobileNoCountryCode', FIELD_LENGTHS.mobileCountryCode, digits],
    ['uen', FIELD_LENGTHS.uen, letters],
  ] as const)('the applicant schema takes %s up to its length', (field, length, make) => {
    expect(ZApplicantSchema.safeParse({ [field]: make(length) }).success).toBe(true);
    expect(ZApplicantSchema.safeParse({ [field]: make(length + 1) }).success).toBe(false);
  });

  it('the traveller schema and the promo code field read the same lengths', () => {
    expect(
      ZTravellerSchema.safeParse({ type: 'ADULT', fullName: letters(FIELD_LENGTHS.name + 1) }).success,
    ).toBe(false);
    expect(PROMO_CODE_MAX_LENGTH).toBe(FIELD_LENGTHS.promoCode);
    expect(ZPolicyTravelSchema.safeParse({ promotionCode: letters(FIELD_LENGTHS.promoCode) }).success).toBe(
      true,
    );
    expect(
      ZPolicyTravelSchema.safeParse({ promotionCode: letters(FIELD_LENGTHS.promoCode + 1) }).success,
    ).toBe(false);
    const context = { today: localDate(2026, 11, 23) };
    const rules = promoCodeRules(false);
    expect(validateField(letters(FIELD_LENGTHS.promoCode), rules, context).valid).toBe(true);
    expect(validateField(letters(FIELD_LENGTHS.promoCode + 1), rules, context).valid).toBe(false);
  });

  it('the validators refuse one character past the length, and say so', () => {
    expect(validateFullName(letters(FIELD_LENGTHS.name + 1))).toBe(MESSAGE_KEYS.maxLength);
    expect(validateEmail(email(FIELD_LENGTHS.email))).toBeNull();
    expect(validateEmail(email(FIELD_LENGTHS.email + 1))).toBe(MESSAGE_KEYS.maxLength);
    expect(validateMobile(digits(FIELD_LENGTHS.mobile))).toBeNull();
    expect(validateMobile(digits(FIELD_LENGTHS.mobile + 1))).toBe(MESSAGE_KEYS.maxLength);
    expect(validateCountryCode(`+${digits(FIELD_LENGTHS.mobileCountryCode)}`)).toBeNull();
    expect(validateCountryCode(digits(FIELD_LENGTHS.mobileCountryCode + 1))).toBe(MESSAGE_KEYS.number);
  });
});
