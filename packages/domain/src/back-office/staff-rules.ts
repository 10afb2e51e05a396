/**
 * Who may do what in the back office and the agents' desk (issue 18, decision 078): the roles, what
 * each may read and change, and every number of signing in. The server's access module enforces them;
 * the staff pages read them to show only what a role may use.
 */

/** The insurer's own staff. */
export const STAFF_ROLES = ['operations', 'marketing', 'underwriting', 'claims', 'read_only'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];
/** Every account: staff, or an agent bound to one agent code and its sub-agents. */
export const ACCOUNT_ROLES = [...STAFF_ROLES, 'agent'] as const;
export type TAccountRole = (typeof ACCOUNT_ROLES)[number];

export function isStaffRole(role: string): role is TStaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/**
 * What a call needs. `*.read` opens a screen; `*.write` changes something; `pii.reveal` shows an ID
 * number, mobile or e-mail unmasked (and is audited).
 */
export const PERMISSIONS = {
  'policies.read': ['operations', 'claims', 'underwriting', 'marketing', 'read_only'],
  'policies.write': ['operations'],
  'payments.write': ['operations'],
  'claims.read': ['claims', 'operations', 'read_only'],
  'claims.write': ['claims'],
  'system.read': ['operations', 'marketing', 'read_only'],
  'system.write': ['operations'],
  'marketing.read': ['marketing', 'operations', 'read_only'],
  'marketing.write': ['marketing'],
  'underwriting.read': ['underwriting', 'read_only'],
  'underwriting.write': ['underwriting'],
  'dashboard.read': ['operations', 'marketing', 'underwriting', 'claims', 'read_only'],
  'accounts.write': ['operations'],
  'audit.read': ['operations', 'marketing', 'underwriting', 'claims', 'read_only'],
  'pii.reveal': ['operations', 'claims', 'underwriting'],
  'desk.read': ['agent'],
} as const satisfies Record<string, readonly TAccountRole[]>;
export type TPermission = keyof typeof PERMISSIONS;

export function can(role: TAccountRole, permission: TPermission): boolean {
  return (PERMISSIONS[permission] as readonly TAccountRole[]).includes(role);
}

/** Staff must confirm a code from an authenticator app (TOTP) after the password; agents may add one. */
export function needsSecondFactor(role: TAccountRole): boolean {
  return isStaffRole(role);
}

/** Signing in: five wrong passwords (or codes) lock the account 15 minutes; limits per client too. */
export const STAFF_SIGN_IN = {
  maxFailures: 5,
  lockMinutes: 15,
  perClientPerWindow: 20,
  windowMinutes: 15,
} as const;
/** A back-office session ends after 30 minutes without a call, and 10 hours after it began. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_MAX_HOURS = 10;
/** A password-reset link works once, for an hour. */
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30 seconds, one step of drift. */
export const TOTP = { digits: 6, periodSeconds: 30, driftSteps: 1 } as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The password rule: 12 to 128 characters, not all one character, not the username. Null when it holds. */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'staff.errors.passwordShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'staff.errors.passwordLong';
  if (/^(.)\1*$/u.test(password)) return 'staff.errors.passwordWeak';
  if (username && password.trim().toLowerCase() === username.trim().toLowerCase())
    return 'staff.errors.passwordWeak';
  return null;
}

/** A username: 3 to 60 letters, digits, dots, dashes, underscores or @ (an e-mail will do), in lower case. */
export function normaliseUsername(value: string): string {
  return value.trim().toLowerCase();
}
export function isValidUsername(value: string): boolean {
  return /^[a-z0-9._@-]{3,60}$/.test(normaliseUsername(value));
}
