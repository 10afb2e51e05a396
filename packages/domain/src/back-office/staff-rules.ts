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
 * What a call needs, role by role (decision 106: each role reads only what its screens need; the
 * README's role table says the same and a test reads both). `*.read` opens a screen; `*.write` changes
 * something; `*.reveal` shows a masked value whole and `*.documents` downloads a record's documents
 * (both audited, each for the area's own records only).
 */
export const PERMISSIONS = {
  'dashboard.read': ['operations', 'marketing', 'underwriting', 'claims', 'read_only'],
  // Every policy and its holder; claims staff see a claim's policy through the claim.
  'policies.read': ['operations', 'read_only'],
  'policies.write': ['operations'],
  // The schedule prints the holder's e-mail and mobile whole.
  'policies.documents': ['operations'],
  'policies.reveal': ['operations'],
  'payments.write': ['operations'],
  // Queues, mail outbox, failed renewals, failed jobs and client logs.
  'operations.read': ['operations', 'read_only'],
  'system.read': ['operations', 'read_only'],
  'system.write': ['operations'],
  'claims.read': ['claims', 'read_only'],
  'claims.write': ['claims'],
  // Claim documents are health data; the payout is a bank account or PayNow proxy.
  'claims.documents': ['claims'],
  'claims.reveal': ['claims'],
  'marketing.read': ['marketing', 'read_only'],
  'marketing.write': ['marketing'],
  'underwriting.read': ['underwriting', 'read_only'],
  'underwriting.write': ['underwriting'],
  'underwriting.reveal': ['underwriting'],
  'accounts.write': ['operations'],
  // The trail of a record, for a role that may read that kind of record (AUDITED_RECORDS).
  'audit.read': ['operations', 'marketing', 'underwriting', 'claims', 'read_only'],
  'desk.read': ['agent'],
} as const satisfies Record<string, readonly TAccountRole[]>;
export type TPermission = keyof typeof PERMISSIONS;

export function can(role: TAccountRole, permission: TPermission): boolean {
  return (PERMISSIONS[permission] as readonly TAccountRole[]).includes(role);
}

/**
 * Each kind of record the audit trail names, with the permission that reads such a record: a trail is
 * shown only to a role that may read the record itself (decision 106).
 */
export const AUDITED_RECORDS = {
  policy: 'policies.read',
  alert: 'operations.read',
  mail: 'operations.read',
  job: 'operations.read',
  system_flags: 'system.read',
  maintenance_notice: 'system.read',
  banner: 'system.read',
  claim: 'claims.read',
  campaign: 'marketing.read',
  agent: 'marketing.read',
  'sub-agent': 'marketing.read',
  'agent-campaign': 'marketing.read',
  'staff-codes': 'marketing.read',
  'quote-link': 'marketing.read',
  'desk-quote': 'marketing.read',
  underwriting_blacklist: 'underwriting.read',
  rate_tables: 'underwriting.read',
  referral: 'underwriting.read',
  account: 'accounts.write',
} as const satisfies Record<string, TPermission>;
export type TAuditedRecord = keyof typeof AUDITED_RECORDS;
export const AUDITED_RECORD_KINDS = Object.keys(AUDITED_RECORDS) as TAuditedRecord[];

/** Staff must confirm a code from an authenticator app (TOTP) after the password; agents may add one. */
export function needsSecondFactor(role: TAccountRole): boolean {
  return isStaffRole(role);
}

/**
 * Signing in (decision 106): five wrong passwords back a username off from that client for 15 minutes,
 * known or not; five wrong second-factor codes lock the account 15 minutes; 20 tries per client.
 */
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
