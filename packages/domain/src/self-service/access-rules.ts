/**
 * Policyholder access without an account (design section 12): policy number, ID number and date of
 * birth, then a one-time code e-mailed to the policy's address, or the signed link of a policy e-mail.
 * Every number of that rule lives here; the server's access module and the page read them.
 */

/** The e-mailed one-time code has six digits. */
export const ACCESS_CODE_DIGITS = 6;
/** A code is valid ten minutes from when it was sent. */
export const ACCESS_CODE_VALID_MINUTES = 10;
/** Five wrong tries end a code; a sixth answer is refused even when right. */
export const ACCESS_CODE_MAX_TRIES = 5;
/** After five wrong tries (or too many codes asked for) a policy or address waits this long. */
export const ACCESS_LOCK_MINUTES = 15;
/** The policyholder's session ends after 30 minutes without a call. */
export const HOLDER_SESSION_IDLE_MINUTES = 30;
/** However busy, a session ends this long after it began: a new code or link opens the next one. */
export const HOLDER_SESSION_MAX_HOURS = 12;
/** A policy number may start the sign-in this many times in a window before it waits ACCESS_LOCK_MINUTES. */
export const ACCESS_STARTS_PER_POLICY = 5;
/** One client address may start the sign-in this many times (any policies) in the same window. */
export const ACCESS_STARTS_PER_CLIENT = 20;
/** The page offers to send a new code this many seconds after the last one. */
export const ACCESS_RESEND_SECONDS = 60;
/** The "Manage your policy" link of every policy e-mail and the finish page opens the policy this long. */
export const MANAGE_LINK_VALID_DAYS = 30;
/** The policy e-mail may be sent again this many times an hour per policy. */
export const POLICY_MAIL_RESENDS_PER_HOUR = 3;

/** A policy number as the shop prints it: TSG26-0001234 (product letter, market, year, sequence). */
const POLICY_NUMBER = /^[A-Z](SG|HK)\d{2}-\d{7}$/;
/** An ID number as typed: letters, digits, brackets and spaces (NRIC, FIN, HKID, passport, UEN). */
const ID_NUMBER = /^[A-Za-z0-9() ]{4,20}$/;
const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A policy number as compared: trimmed and in capitals, whatever the customer typed. */
export function normalisePolicyNumber(value: string): string {
  return value.trim().toUpperCase();
}

export type TSignInFields = { policyNumber: string; idNumber: string; dateOfBirth: string };
export type TSignInField = keyof TSignInFields;
export type TSignInErrors = Partial<Record<TSignInField, string>>;

function isRealDate(text: string): boolean {
  const match = DMY.exec(text);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * The sign-in form's own rules (design section 12): the three fields are present and well formed.
 * Whether they match a policy is never told per field. Each error is a message key of `myPolicy.errors`.
 */
export function validateSignIn(fields: TSignInFields): TSignInErrors {
  const errors: TSignInErrors = {};
  const number = normalisePolicyNumber(fields.policyNumber);
  if (number === '') errors.policyNumber = 'myPolicy.errors.policyNumberRequired';
  else if (!POLICY_NUMBER.test(number)) errors.policyNumber = 'myPolicy.errors.policyNumberFormat';
  const id = fields.idNumber.trim();
  if (id === '') errors.idNumber = 'myPolicy.errors.idNumberRequired';
  else if (!ID_NUMBER.test(id)) errors.idNumber = 'myPolicy.errors.idNumberFormat';
  const dob = fields.dateOfBirth.trim();
  if (dob === '') errors.dateOfBirth = 'myPolicy.errors.dateOfBirthRequired';
  else if (!isRealDate(dob)) errors.dateOfBirth = 'myPolicy.errors.dateOfBirthFormat';
  return errors;
}

const CODE = new RegExp(`^\\d{${ACCESS_CODE_DIGITS}}$`);

/** The one-time code as typed (spaces dropped): a message key of `myPolicy.errors`, or null when well formed. */
export function validateAccessCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  if (digits === '') return 'myPolicy.errors.codeRequired';
  return CODE.test(digits) ? null : 'myPolicy.errors.codeFormat';
}
