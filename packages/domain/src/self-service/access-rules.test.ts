import { describe, expect, it } from 'vitest';
import {
  ACCESS_TRIES_PER_CLIENT,
  BLOCKED_WHILE_UNDOABLE,
  backoffRemainingMs,
  backoffWaitMs,
  CODE_SENDS_PER_POLICY,
  isStepUpPurpose,
  normalisePolicyNumber,
  STEP_UP_PURPOSES,
  validateAccessCode,
  validateSignIn,
} from './access-rules.ts';
import { ZStepUpCode } from './access-schemas.ts';

const good = { policyNumber: 'TSG26-0001234', idNumber: 'S8512345I', dateOfBirth: '15/06/1985' };

describe('validateSignIn', () => {
  it('accepts the three fields as a customer types them', () => {
    expect(validateSignIn(good)).toEqual({});
    expect(validateSignIn({ ...good, policyNumber: ' tsg26-0001234 ', idNumber: 'a123456(7)' })).toEqual({});
  });

  it.each([
    ['policyNumber', '', 'myPolicy.errors.policyNumberRequired'],
    ['policyNumber', 'TSG26-123', 'myPolicy.errors.policyNumberFormat'],
    ['policyNumber', 'XUS26-0001234', 'myPolicy.errors.policyNumberFormat'],
    ['idNumber', '  ', 'myPolicy.errors.idNumberRequired'],
    ['idNumber', 'S851;--', 'myPolicy.errors.idNumberFormat'],
    ['dateOfBirth', '', 'myPolicy.errors.dateOfBirthRequired'],
    ['dateOfBirth', '1985-06-15', 'myPolicy.errors.dateOfBirthFormat'],
    ['dateOfBirth', '31/02/1985', 'myPolicy.errors.dateOfBirthFormat'],
  ] as const)('names %s when it is %j', (field, value, key) => {
    expect(validateSignIn({ ...good, [field]: value })).toEqual({ [field]: key });
  });

  it('compares policy numbers in capitals', () => {
    expect(normalisePolicyNumber(' hsg26-0000001')).toBe('HSG26-0000001');
  });
});

describe('validateAccessCode', () => {
  it.each([
    ['123456', null],
    ['123 456', null],
    ['', 'myPolicy.errors.codeRequired'],
    ['12345', 'myPolicy.errors.codeFormat'],
    ['1234567', 'myPolicy.errors.codeFormat'],
    ['12a456', 'myPolicy.errors.codeFormat'],
  ])('%j → %s', (code, key) => {
    expect(validateAccessCode(code)).toBe(key);
  });
});

describe('backoffWaitMs', () => {
  const rule = { free: 3, baseMs: 60_000, capMs: 15 * 60_000, windowMs: 3_600_000 };
  it('lets the free attempts go at once, then doubles each wait up to the cap', () => {
    expect([0, 1, 2].map((attempts) => backoffWaitMs(attempts, rule))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8].map((attempts) => backoffWaitMs(attempts, rule))).toEqual([
      60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
  });
  it('is the rule the code sends and the client tries use', () => {
    expect(backoffWaitMs(CODE_SENDS_PER_POLICY.free - 1, CODE_SENDS_PER_POLICY)).toBe(0);
    expect(backoffWaitMs(ACCESS_TRIES_PER_CLIENT.free, ACCESS_TRIES_PER_CLIENT)).toBe(
      ACCESS_TRIES_PER_CLIENT.baseMs,
    );
  });
});

describe('step-up purposes', () => {
  it('names the five sensitive changes, and only they', () => {
    expect(STEP_UP_PURPOSES.every(isStepUpPurpose)).toBe(true);
    expect(isStepUpPurpose('auto-renewal')).toBe(false);
    // What waits while a change of address can be undone is money leaving, the cover ending, or the
    // cover moving to another home (decision 138).
    expect(BLOCKED_WHILE_UNDOABLE).toEqual(['cancellation', 'claim-payout', 'insured-address']);
  });
  it('carries the code on the wire as an optional string', () => {
    expect(ZStepUpCode.parse(undefined)).toBeUndefined();
    expect(ZStepUpCode.safeParse('x'.repeat(21)).success).toBe(false);
  });
});

describe('backoffRemainingMs', () => {
  const rule = CODE_SENDS_PER_POLICY;
  const at = new Date('2026-11-28T10:00:00Z');
  it('is nothing before a first attempt or within the free ones, and the rest of the wait after them', () => {
    expect(backoffRemainingMs(0, null, at, rule)).toBe(0);
    expect(backoffRemainingMs(rule.free - 1, at, at, rule)).toBe(0);
    expect(backoffRemainingMs(rule.free, new Date(at.getTime() - 20_000), at, rule)).toBe(
      rule.baseMs - 20_000,
    );
    expect(backoffRemainingMs(rule.free, new Date(at.getTime() - rule.baseMs - 1), at, rule)).toBe(0);
  });
});
