import { isAutoRenewalEligible } from '../display/price-display.ts';
import { validateCountryCode, validateEmail, validateMobile } from '../eligibility/people.ts';
import { CARD_PAYMENT_WINDOW_MS, policyApplicant } from '../payments/payment-rules.ts';
import type { TPolicy } from '../schemas/policy-schema.ts';

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
export type TContactError = { field: keyof TContactChange; messageKey: string };

/**
 * The contact fields by the applicant page's rules (travel-flow section 5, Contact): mobile country
 * code and number required and numeric within their lengths, the e-mail (when given) required, at
 * most 50 characters and an address. Every failing field, in the form's order.
 */
export function validateContactChange(change: TContactChange): TContactError[] {
  const errors: TContactError[] = [];
  const countryCode = validateCountryCode(change.mobileNoCountryCode);
  if (countryCode) errors.push({ field: 'mobileNoCountryCode', messageKey: countryCode });
  const mobile = validateMobile(change.mobileNo);
  if (mobile) errors.push({ field: 'mobileNo', messageKey: mobile });
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
