import { z } from 'zod';
import {
  ACCOUNT_ROLES,
  isValidUsername,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  TOTP,
} from './staff-rules.ts';

/**
 * The requests of the accounts screen, signing in and the password reset (decision 078, decision 123):
 * what their forms check before sending and their routes check again. The rules are staff-rules.ts's.
 */

/** What `isValidUsername` admits, for the texts that say it and a sign-in's bound (a test holds them equal). */
export const USERNAME_LENGTH = { min: 3, max: 60 } as const;
/** A typed password is checked against its hash, never judged: this only stops a huge body. */
export const SIGN_IN_PASSWORD_MAX = 200;
/** A reset link's token as the server makes it (base64url of 32 bytes), with room to spare. */
export const RESET_TOKEN_LENGTH = { min: 20, max: 100 } as const;
export const ACCOUNT_NAME_MAX = 200;
export const ACCOUNT_EMAIL_MAX = 200;
export const AGENT_CODE_MAX = 40;

/**
 * A new password: 12 to 128 characters, not all one character (the username check needs the
 * username: see ZAccountCreate). The messages are the desk's keys, which the server's 400 carries.
 */
export const ZStaffPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'staff.errors.passwordShort')
  .max(PASSWORD_MAX_LENGTH, 'staff.errors.passwordLong')
  .refine(
    (password) => passwordProblem(password) !== 'staff.errors.passwordWeak',
    'staff.errors.passwordWeak',
  );

/** A username as an account has it: trimmed, in lower case, of the letters `isValidUsername` allows. */
export const ZUsername = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    isValidUsername,
    `A username has ${USERNAME_LENGTH.min} to ${USERNAME_LENGTH.max} letters, digits, dots, dashes, underscores or @.`,
  );

/** A username as typed to sign in or ask for a reset: any, the server answers alike for one nobody has. */
const ZTypedUsername = z.string().trim().min(1).max(USERNAME_LENGTH.max);

/** Two fields' values once each is a string (a cross-field rule runs beside the fields' own problems). */
const both =
  <TKey extends string>(...keys: TKey[]) =>
  (payload: { value: unknown }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    keys.every((key) => typeof (payload.value as Record<string, unknown>)[key] === 'string');

/** Operations makes an account (decision 086); an agent's is bound to its agent code. */
export const ZAccountCreate = z
  .object({
    username: ZUsername,
    displayName: z.string().trim().min(1).max(ACCOUNT_NAME_MAX),
    email: z.string().trim().max(ACCOUNT_EMAIL_MAX).pipe(z.email()),
    role: z.enum(ACCOUNT_ROLES),
    agentCode: z.string().trim().toUpperCase().max(AGENT_CODE_MAX).nullable().default(null),
    password: ZStaffPassword,
  })
  // Not the username: said only of a password that is otherwise fine (its own problem is said first).
  .refine(
    (account) =>
      passwordProblem(account.password) !== null ||
      passwordProblem(account.password, account.username) === null,
    { path: ['password'], message: 'staff.errors.passwordWeak', when: both('password', 'username') },
  )
  .refine((account) => account.role !== 'agent' || Boolean(account.agentCode), {
    path: ['agentCode'],
    message: 'An agent account is bound to an agent code.',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type TAccountCreate = z.infer<typeof ZAccountCreate>;

export const ZStaffSignIn = z.object({
  username: ZTypedUsername,
  password: z.string().min(1).max(SIGN_IN_PASSWORD_MAX),
});
export type TStaffSignIn = z.infer<typeof ZStaffSignIn>;

/** The authenticator app's code after the password: its digits, nothing else. */
export const ZStaffCode = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TOTP.digits}}$`)),
});
export type TStaffCode = z.infer<typeof ZStaffCode>;

/** Asking for a reset link by username. */
export const ZPasswordResetStart = z.object({ username: ZTypedUsername });
export type TPasswordResetStart = z.infer<typeof ZPasswordResetStart>;

/** The reset link's token and the new password. */
export const ZPasswordResetFinish = z.object({
  token: z.string().min(RESET_TOKEN_LENGTH.min).max(RESET_TOKEN_LENGTH.max),
  password: ZStaffPassword,
});
export type TPasswordResetFinish = z.infer<typeof ZPasswordResetFinish>;

/** A new password typed twice (the reset page): the second must be the first. */
export const ZNewPasswordTwice = z
  .object({ password: ZStaffPassword, repeat: z.string() })
  .refine((value) => value.password === value.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same.',
    when: both('password', 'repeat'),
  });
export type TNewPasswordTwice = z.infer<typeof ZNewPasswordTwice>;
