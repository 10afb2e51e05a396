import { compareDates, parseIso, type TLocalDate } from '../dates/local-date.ts';
import { isAutoRenewalEligible } from '../display/price-display.ts';
import {
  validateCountryCode,
  validateEmail,
  validateMobile,
  validateMobileForMarket,
} from '../eligibility/people.ts';
import { hkDistrictName, listAddressErrors, type TAddressParts } from '../home/home-model.ts';
import type { TCountry } from '../market/market.ts';
import { CARD_PAYMENT_WINDOW_MS, policyApplicant } from '../payments/payment-rules.ts';
import { type TApplicant, type TPolicy, ZApplicantSchema } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * What a policyholder may change after the sale (design section 12; issue "After the sale"): the
 * mobile number and the e-mail address, by the applicant page's own rules, and the card that pays the
 * renewals. The server's contact and renewal-card calls and the my-policy panels read these.
 */

/** The message keys of the contact and renewal-card panels (texts in the `myPolicy` section). */
export const MANAGE_MESSAGE_KEYS = {
  codeWrong: 'myPolicy.contact.errors.codeWrong',
  codeExpired: 'myPolicy.contact.errors.codeExpired',
  codeUsedUp: 'myPolicy.contact.errors.codeUsedUp',
  noPendingChange: 'myPolicy.contact.errors.noPendingChange',
  tooManyCodes: 'myPolicy.contact.errors.tooManyCodes',
  sameEmail: 'myPolicy.contact.errors.sameEmail',
  cardNotEligible: 'myPolicy.card.errors.notEligible',
  cardDeclined: 'myPolicy.card.errors.declined',
  cardNotVerified: 'myPolicy.card.errors.notVerified',
} as const;

/** `email` left out keeps the address (the panel shows it masked only, so it cannot send it back). */
export type TContactChange = { mobileNoCountryCode: string; mobileNo: string; email?: string | undefined };
export type TContactError = {
  field: keyof TContactChange;
  messageKey: string;
  /** The values the message key's text names (the market's mobile format). */
  values?: Record<string, string | number>;
};

/** The two numbers are the same one, as the applicant page stores them. */
export function isSameMobile(
  a: Pick<TContactChange, 'mobileNoCountryCode' | 'mobileNo'>,
  b: Pick<TContactChange, 'mobileNoCountryCode' | 'mobileNo'>,
): boolean {
  const code = (value: string) => value.trim().replace(/^\+/, '');
  return (
    code(a.mobileNoCountryCode) === code(b.mobileNoCountryCode) && a.mobileNo.trim() === b.mobileNo.trim()
  );
}

/**
 * The contact fields by the applicant page's rules (travel-flow section 5, Contact): mobile country
 * code and number required and numeric within their lengths, the e-mail (when given) required, at
 * most 50 characters and an address. A new mobile number is also checked for its market (issue 29,
 * `validateMobileForMarket`); the number on the policy (`current`) is kept as it was sold. Every
 * failing field, in the form's order.
 */
export function validateContactChange(
  change: TContactChange,
  current?: Pick<TContactChange, 'mobileNoCountryCode' | 'mobileNo'>,
): TContactError[] {
  const errors: TContactError[] = [];
  const countryCode = validateCountryCode(change.mobileNoCountryCode);
  if (countryCode) errors.push({ field: 'mobileNoCountryCode', messageKey: countryCode });
  const mobile = validateMobile(change.mobileNo);
  if (mobile) errors.push({ field: 'mobileNo', messageKey: mobile });
  const market =
    countryCode || mobile || (current && isSameMobile(change, current))
      ? null
      : validateMobileForMarket(change.mobileNoCountryCode, change.mobileNo);
  if (market) errors.push({ field: 'mobileNo', ...market });
  const email = change.email === undefined ? null : validateEmail(change.email);
  if (email) errors.push({ field: 'email', messageKey: email });
  return errors;
}

/** As the applicant page submits them: trimmed; the e-mail kept as typed (decision 131), compared without case. */
export function normaliseContact(change: TContactChange): TContactChange {
  return {
    mobileNoCountryCode: change.mobileNoCountryCode.trim().replace(/^\+/, ''),
    mobileNo: change.mobileNo.trim(),
    ...(change.email === undefined ? {} : { email: change.email.trim() }),
  };
}

/**
 * "Apply this change to all my policies" (issue 29) reaches the holder's policies in force or yet to
 * start: issued, and their cover not ended by `today` (the market's day). Cancelled, lapsed and
 * expired policies keep the details they ended with.
 */
export function takesChangeForAll(
  policy: { status: string; endDate: string | null },
  today: TLocalDate,
): boolean {
  const end = policy.endDate ? parseIso(policy.endDate) : null;
  return policy.status === 'issued' && end !== null && compareDates(end, today) >= 0;
}

/**
 * The policyholder's correspondence address (issue 29), in the applicant's own fields (travel-flow
 * section 4, Applicant: applicantBuildingStreetNo, applicantStreetName, …), by the market's address
 * rule (`listAddressErrors`, decision 057): a postal code in Singapore, a district in Hong Kong.
 */
export const CORRESPONDENCE_FIELDS = [
  'applicantBuildingStreetNo',
  'applicantStreetName',
  'applicantUnitNo',
  'applicantBuildingName',
  'applicantPostCode',
  'applicantDistrict',
] as const;
export type TCorrespondenceField = (typeof CORRESPONDENCE_FIELDS)[number];
export type TCorrespondenceAddress = Partial<Record<TCorrespondenceField, string>>;

/** Each field's length as the applicant schema caps it (travel-flow section 3), for the form's inputs. */
export const CORRESPONDENCE_LENGTHS = Object.fromEntries(
  CORRESPONDENCE_FIELDS.map((field) => [field, ZApplicantSchema.shape[field].unwrap().maxLength ?? 0]),
) as Record<TCorrespondenceField, number>;

/** The address rule's parts, named by the applicant's fields. */
const PART_FIELDS: Record<keyof TAddressParts, TCorrespondenceField> = {
  blockOrHouseNo: 'applicantBuildingStreetNo',
  streetName: 'applicantStreetName',
  postalCode: 'applicantPostCode',
  district: 'applicantDistrict',
};

/** The fields the market's address has: a postal code in Singapore, a district in Hong Kong. */
export function correspondenceFieldsOf(country: TCountry): TCorrespondenceField[] {
  return CORRESPONDENCE_FIELDS.filter((field) =>
    country === 'HKG' ? field !== 'applicantPostCode' : field !== 'applicantDistrict',
  );
}

/** Trimmed, as typed (decision 131), and only the market's fields. */
export function normaliseCorrespondence(
  country: TCountry,
  address: TCorrespondenceAddress,
): TCorrespondenceAddress {
  return Object.fromEntries(
    correspondenceFieldsOf(country).flatMap((field) => {
      const value = address[field]?.trim() ?? '';
      return value ? [[field, value]] : [];
    }),
  );
}

/**
 * Every failing field of a correspondence address, in the form's order: the applicant schema's lengths
 * first, then the market's address rule (decision 057).
 */
export function validateCorrespondenceAddress(
  country: TCountry,
  address: TCorrespondenceAddress,
): { field: TCorrespondenceField; messageKey: string }[] {
  const errors: { field: TCorrespondenceField; messageKey: string }[] = [];
  for (const field of correspondenceFieldsOf(country))
    if (!ZApplicantSchema.shape[field].safeParse(address[field]?.trim() ?? '').success)
      errors.push({ field, messageKey: MESSAGE_KEYS.maxLength });
  for (const { part, messageKey } of listAddressErrors(country, {
    blockOrHouseNo: address.applicantBuildingStreetNo,
    streetName: address.applicantStreetName,
    postalCode: address.applicantPostCode,
    district: address.applicantDistrict,
  }))
    if (!errors.some((error) => error.field === PART_FIELDS[part]))
      errors.push({ field: PART_FIELDS[part], messageKey });
  const order = (field: TCorrespondenceField) => CORRESPONDENCE_FIELDS.indexOf(field);
  return errors.sort((a, b) => order(a.field) - order(b.field));
}

/**
 * The correspondence address of a policy as it stands: the applicant's own, or, for a home whose
 * policyholder's address is the insured one (`sameAsInsuredAddress`), the insured address. Null when
 * the policy has none (the shop does not ask for it at the sale).
 */
export function correspondenceOf(policy: TPolicy): TCorrespondenceAddress | null {
  const applicant = policyApplicant(policy);
  if (!applicant) return null;
  const home = policy.productType === 'PHM' ? policy.policyHome : undefined;
  if (!applicant.applicantStreetName?.trim() && home && applicant.sameAsInsuredAddress)
    return normaliseCorrespondence(policy.country, {
      applicantBuildingStreetNo: home.blockOrHouseNo,
      applicantStreetName: home.streetName,
      applicantUnitNo: home.unitNo,
      applicantBuildingName: home.buildingName,
      applicantPostCode: home.postalCode,
      applicantDistrict: home.district,
    });
  if (!applicant.applicantStreetName?.trim()) return null;
  return normaliseCorrespondence(policy.country, applicant);
}

/**
 * The applicant's fields a new correspondence address writes: its own fields, and the spec's two
 * address lines (which the card gateway's billing address reads) made from them, so that every reader
 * sees one address. It is no longer the insured address of a home.
 */
export function correspondenceChange(
  country: TCountry,
  address: TCorrespondenceAddress,
): Partial<TApplicant> {
  const clean = normaliseCorrespondence(country, address);
  const line = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ').slice(0, 100);
  return {
    ...Object.fromEntries(CORRESPONDENCE_FIELDS.map((field) => [field, clean[field]])),
    applicantAddress1: line(clean.applicantBuildingStreetNo, clean.applicantStreetName),
    applicantAddress2: line(clean.applicantUnitNo, clean.applicantBuildingName) || undefined,
    applicantDistrictDesc: clean.applicantDistrict
      ? hkDistrictName(clean.applicantDistrict, 'en')
      : undefined,
    sameAsInsuredAddress: false,
  };
}

/** Two correspondence addresses are the same one, as they are stored. */
export function isSameCorrespondence(
  country: TCountry,
  a: TCorrespondenceAddress | null,
  b: TCorrespondenceAddress | null,
): boolean {
  const left = normaliseCorrespondence(country, a ?? {});
  const right = normaliseCorrespondence(country, b ?? {});
  return CORRESPONDENCE_FIELDS.every((field) => (left[field] ?? '') === (right[field] ?? ''));
}

/** Two addresses are the same one whatever their case. */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** `W***@E***.COM`: the first letter of the name and of the domain, and the domain's ending. */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed === '' ? '' : '***';
  const name = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const ending = dot > 0 ? domain.slice(dot) : '';
  return `${name[0]}***@${host[0] ?? ''}***${ending}`;
}

/** `+65 ****4567`: the country code and the last four digits. */
export function maskMobile(countryCode: string, mobile: string): string {
  const digits = mobile.trim();
  const tail = digits.slice(-4);
  const code = countryCode.trim().replace(/^\+/, '');
  return `${code ? `+${code} ` : ''}${'*'.repeat(Math.max(digits.length - 4, 0))}${tail}`;
}

/**
 * The card that pays the renewals can be changed only where auto-renewal can exist (travel-flow
 * section 6; pa-home-payments section 9): annual, non-corporate policies paid by card.
 */
export function isRenewalCardChangeable(policy: TPolicy, paidByCard: boolean): boolean {
  const applicant = policyApplicant(policy);
  if (!applicant || !paidByCard) return false;
  const tripType = policy.productType === 'PTR' ? (policy.policyTravel?.paPolicyType ?? 'S') : 'A';
  return isAutoRenewalEligible(tripType, applicant.clientType);
}

/** A signed card-change request lives as long as a card payment attempt (pa-home-payments section 9: 15 minutes). */
export const RENEWAL_CARD_REQUEST_MS = CARD_PAYMENT_WINDOW_MS;

/** The gateway's token-only transaction (Secure Acceptance `create_payment_token`): no money moves. */
export const TOKEN_ONLY_TRANSACTION = 'create_payment_token';

/**
 * A token-only answer stores the card only when the gateway accepted it (ACCEPT, reason 100), made a
 * token and authorised no money (pa-home-payments section 8: 100 is the one success code).
 */
export function isTokenAccepted(answer: {
  decision: string;
  reasonCode: number | null;
  paymentToken: string | undefined;
  authorisedCents: number | null;
}): boolean {
  return (
    answer.decision.toUpperCase() === 'ACCEPT' &&
    answer.reasonCode === 100 &&
    /^[A-Za-z0-9_-]{8,64}$/.test(answer.paymentToken ?? '') &&
    (answer.authorisedCents ?? 0) === 0
  );
}
