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
/** The policyholder's session ends after 30 minutes without a call. */
export const HOLDER_SESSION_IDLE_MINUTES = 30;
/** However busy, a session ends this long after it began: a new code or link opens the next one. */
export const HOLDER_SESSION_MAX_HOURS = 12;
/** The page offers to send a new code this many seconds after the last one. */
export const ACCESS_RESEND_SECONDS = 60;
/**
 * The "Manage your policy" link of a policy e-mail opens the policy once, this many hours after the
 * mail was written (decision 101): long enough to open the mail the evening of the purchase, short
 * enough that a forwarded mail or a shared device's history does not open it the next day.
 */
export const MANAGE_LINK_VALID_HOURS = 12;
/** The e-mail a change of address announces to the old address can undo it this many days (decision 102). */
export const EMAIL_UNDO_VALID_DAYS = 14;

/**
 * Exponential back-off (decision 101): the first `free` attempts in a quiet spell go at once; each
 * later one waits twice as long as the one before, from `baseMs` up to `capMs`. `windowMs` of quiet
 * forgets the count. No fixed lock: a stranger's tries slow only what they can reach.
 */
export type TBackoffRule = { free: number; baseMs: number; capMs: number; windowMs: number };

/** How long the next attempt must wait after the last, given `attempts` already made in the window. */
export function backoffWaitMs(attempts: number, rule: TBackoffRule): number {
  if (attempts < rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** (attempts - rule.free));
}

/** How much longer the next attempt must wait (0: it may go now), given the attempts in the window and the last one's time. */
export function backoffRemainingMs(
  attempts: number,
  lastAt: Date | null,
  now: Date,
  rule: TBackoffRule,
): number {
  if (!lastAt) return 0;
  return Math.max(0, backoffWaitMs(attempts, rule) - (now.getTime() - lastAt.getTime()));
}

/**
 * Codes mailed for one policy (sign-in and step-up alike): three an hour at once, then 1, 2, 4 … 15
 * minutes apart. Only a code that is mailed counts, and only details that match mail one, so a
 * stranger with a policy number alone cannot slow its holder.
 */
export const CODE_SENDS_PER_POLICY: TBackoffRule = {
  free: 3,
  baseMs: 60_000,
  capMs: 15 * 60_000,
  windowMs: 3_600_000,
};
/** Sign-in starts, code checks and link opens from one client address, whatever the policy. */
export const ACCESS_TRIES_PER_CLIENT: TBackoffRule = {
  free: 20,
  baseMs: 30_000,
  capMs: 15 * 60_000,
  windowMs: 3_600_000,
};

/**
 * What a sensitive change needs first (issue 27, decision 102): a fresh code mailed to the address on
 * the policy before the change, typed back with the change itself.
 */
export const STEP_UP_PURPOSES = [
  'contact',
  'renewal-card',
  'cancellation',
  'claim-payout',
  'insured-address',
] as const;
export type TStepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

export function isStepUpPurpose(value: string): value is TStepUpPurpose {
  return (STEP_UP_PURPOSES as readonly string[]).includes(value);
}

/**
 * While a change of the policy's address can still be undone from the old address, these wait (as a
 * second change of address does): what a mailbox taken over for a moment would do next (decision 102).
 */
export const BLOCKED_WHILE_UNDOABLE: readonly TStepUpPurpose[] = [
  'cancellation',
  'claim-payout',
  'insured-address',
];

/** The message keys of a refused step-up or link (texts in the `myPolicy` section). */
export const IDENTITY_MESSAGE_KEYS = {
  stepUpRequired: 'myPolicy.stepUp.errors.required',
  stepUpWrong: 'myPolicy.stepUp.errors.wrong',
  stepUpExpired: 'myPolicy.stepUp.errors.expired',
  stepUpUsedUp: 'myPolicy.stepUp.errors.usedUp',
  tooManyCodes: 'myPolicy.stepUp.errors.tooMany',
  undoPending: 'myPolicy.errors.undoPending',
  linkUsed: 'myPolicy.open.used',
  linkExpired: 'myPolicy.open.expired',
  linkInvalid: 'myPolicy.open.invalid',
  undoUsed: 'myPolicy.undo.used',
  undoExpired: 'myPolicy.undo.expired',
  undoInvalid: 'myPolicy.undo.invalid',
  undoSuperseded: 'myPolicy.undo.superseded',
} as const;

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
