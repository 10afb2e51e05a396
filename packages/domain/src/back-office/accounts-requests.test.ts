import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EMAIL_MAX,
  ACCOUNT_NAME_MAX,
  AGENT_CODE_MAX,
  RESET_TOKEN_LENGTH,
  SIGN_IN_PASSWORD_MAX,
  USERNAME_LENGTH,
  ZAccountCreate,
  ZNewPasswordTwice,
  ZPasswordResetFinish,
  ZPasswordResetStart,
  ZStaffCode,
  ZStaffSignIn,
} from './accounts-requests.ts';
import { isValidUsername, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './staff-rules.ts';

const ACCOUNT = {
  username: ' New.Claims ',
  displayName: ' New claims handler ',
  email: ' new.claims@insurer.example ',
  role: 'claims',
  password: 'Tangerine-Harbour-Lantern-42',
} as const;

/** The paths the schema refuses a request at (each once). */
const refused = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set(result.error?.issues.map((issue) => issue.path.join('.')) ?? [])].sort();

describe('the accounts requests (decision 123)', () => {
  it('keeps the bounds the routes had', () => {
    expect({
      USERNAME_LENGTH,
      SIGN_IN_PASSWORD_MAX,
      RESET_TOKEN_LENGTH,
      ACCOUNT_NAME_MAX,
      ACCOUNT_EMAIL_MAX,
      AGENT_CODE_MAX,
    }).toEqual({
      USERNAME_LENGTH: { min: 3, max: 60 },
      SIGN_IN_PASSWORD_MAX: 200,
      RESET_TOKEN_LENGTH: { min: 20, max: 100 },
      ACCOUNT_NAME_MAX: 200,
      ACCOUNT_EMAIL_MAX: 200,
      AGENT_CODE_MAX: 40,
    });
  });

  it('says the username bounds isValidUsername holds', () => {
    expect(isValidUsername('a'.repeat(USERNAME_LENGTH.min))).toBe(true);
    expect(isValidUsername('a'.repeat(USERNAME_LENGTH.min - 1))).toBe(false);
    expect(isValidUsername('a'.repeat(USERNAME_LENGTH.max))).toBe(true);
    expect(isValidUsername('a'.repeat(USERNAME_LENGTH.max + 1))).toBe(false);
  });

  it('takes a new account as the CLI makes it: username in lower case, texts trimmed, no agent code', () => {
    expect(ZAccountCreate.parse(ACCOUNT)).toEqual({
      username: 'new.claims',
      displayName: 'New claims handler',
      email: 'new.claims@insurer.example',
      role: 'claims',
      agentCode: null,
      password: ACCOUNT.password,
    });
    expect(ZAccountCreate.parse({ ...ACCOUNT, role: 'agent', agentCode: ' ag1001 ' }).agentCode).toBe(
      'AG1001',
    );
  });

  it('refuses every wrong field of a new account at once', () => {
    expect(
      refused(
        ZAccountCreate.safeParse({
          username: 'ab',
          displayName: ' ',
          email: 'not-an-address',
          role: 'agent',
          agentCode: '',
          password: 'short',
        }),
      ),
    ).toEqual(['agentCode', 'displayName', 'email', 'password', 'username']);
  });

  it('holds each bound of a new account', () => {
    const at = (change: Record<string, unknown>) =>
      refused(ZAccountCreate.safeParse({ ...ACCOUNT, ...change }));
    expect(at({ username: 'a'.repeat(USERNAME_LENGTH.max) })).toEqual([]);
    expect(at({ username: 'a'.repeat(USERNAME_LENGTH.max + 1) })).toEqual(['username']);
    expect(at({ username: 'a b c' })).toEqual(['username']);
    expect(at({ displayName: 'a'.repeat(ACCOUNT_NAME_MAX) })).toEqual([]);
    expect(at({ displayName: 'a'.repeat(ACCOUNT_NAME_MAX + 1) })).toEqual(['displayName']);
    const domain = '@insurer.example';
    expect(at({ email: `${'a'.repeat(ACCOUNT_EMAIL_MAX - domain.length)}${domain}` })).toEqual([]);
    expect(at({ email: `${'a'.repeat(ACCOUNT_EMAIL_MAX - domain.length + 1)}${domain}` })).toEqual(['email']);
    expect(at({ role: 'agent', agentCode: 'A'.repeat(AGENT_CODE_MAX) })).toEqual([]);
    expect(at({ role: 'agent', agentCode: 'A'.repeat(AGENT_CODE_MAX + 1) })).toEqual(['agentCode']);
    expect(at({ role: 'agent', agentCode: null })).toEqual(['agentCode']);
    expect(at({ role: 'root' })).toEqual(['role']);
    expect(at({ password: `${'p'.repeat(PASSWORD_MIN_LENGTH - 1)}q` })).toEqual([]);
    expect(at({ password: `${'p'.repeat(PASSWORD_MIN_LENGTH - 2)}q` })).toEqual(['password']);
    expect(at({ password: `${'p'.repeat(PASSWORD_MAX_LENGTH - 1)}q` })).toEqual([]);
    expect(at({ password: `${'p'.repeat(PASSWORD_MAX_LENGTH)}q` })).toEqual(['password']);
    expect(at({ password: 'x'.repeat(PASSWORD_MIN_LENGTH) })).toEqual(['password']);
    expect(at({ username: 'tangerine.harbour', password: ' Tangerine.Harbour ' })).toEqual(['password']);
  });

  it('checks a new password with the desk’s words for each problem, and its repeat', () => {
    const messages = (password: string) =>
      ZPasswordResetFinish.safeParse({ token: 't'.repeat(40), password }).error?.issues.map(
        (issue) => issue.message,
      );
    expect(messages('short')).toEqual(['staff.errors.passwordShort']);
    expect(messages('p'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual(['staff.errors.passwordLong']);
    expect(messages('p'.repeat(PASSWORD_MIN_LENGTH))).toEqual(['staff.errors.passwordWeak']);
    expect(messages('a-good-long-password')).toBeUndefined();
    expect(refused(ZNewPasswordTwice.safeParse({ password: 'short', repeat: '' }))).toEqual([
      'password',
      'repeat',
    ]);
    expect(
      refused(
        ZNewPasswordTwice.safeParse({ password: 'a-good-long-password', repeat: 'a-good-long-password' }),
      ),
    ).toEqual([]);
  });

  it('holds a reset link’s token to its length', () => {
    const at = (token: string) =>
      refused(ZPasswordResetFinish.safeParse({ token, password: 'a-good-long-password' }));
    expect(at('t'.repeat(RESET_TOKEN_LENGTH.min))).toEqual([]);
    expect(at('t'.repeat(RESET_TOKEN_LENGTH.min - 1))).toEqual(['token']);
    expect(at('t'.repeat(RESET_TOKEN_LENGTH.max))).toEqual([]);
    expect(at('t'.repeat(RESET_TOKEN_LENGTH.max + 1))).toEqual(['token']);
  });

  it('takes any typed username and password to sign in or ask for a reset, within their bounds', () => {
    expect(ZStaffSignIn.parse({ username: ' Ops ', password: 'x' })).toEqual({
      username: 'Ops',
      password: 'x',
    });
    expect(refused(ZStaffSignIn.safeParse({ username: ' ', password: '' }))).toEqual([
      'password',
      'username',
    ]);
    expect(
      refused(
        ZStaffSignIn.safeParse({
          username: 'u'.repeat(USERNAME_LENGTH.max + 1),
          password: 'p'.repeat(SIGN_IN_PASSWORD_MAX + 1),
        }),
      ),
    ).toEqual(['password', 'username']);
    expect(
      refused(
        ZStaffSignIn.safeParse({
          username: 'u'.repeat(USERNAME_LENGTH.max),
          password: 'p'.repeat(SIGN_IN_PASSWORD_MAX),
        }),
      ),
    ).toEqual([]);
    expect(refused(ZPasswordResetStart.safeParse({ username: '' }))).toEqual(['username']);
  });

  it('takes an authenticator code of six digits only', () => {
    expect(ZStaffCode.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', '123 456'])
      expect(refused(ZStaffCode.safeParse({ code })), code).toEqual(['code']);
  });
});
