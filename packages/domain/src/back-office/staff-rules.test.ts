import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROLES,
  can,
  isStaffRole,
  isValidUsername,
  needsSecondFactor,
  normaliseUsername,
  PERMISSIONS,
  passwordProblem,
  type TPermission,
} from './staff-rules.ts';

const permissions = Object.keys(PERMISSIONS) as TPermission[];

describe('who may do what in the back office', () => {
  it('gives read-only staff no change and no unmasked personal data', () => {
    const granted = permissions.filter((permission) => can('read_only', permission));
    expect(granted.some((permission) => permission.endsWith('.write'))).toBe(false);
    expect(can('read_only', 'pii.reveal')).toBe(false);
    expect(can('read_only', 'policies.read')).toBe(true);
  });

  it('keeps agents to their desk, and staff out of it', () => {
    expect(permissions.filter((permission) => can('agent', permission))).toEqual(['desk.read']);
    for (const role of ACCOUNT_ROLES.filter((role) => role !== 'agent'))
      expect(can(role, 'desk.read')).toBe(false);
  });

  it('lets only claims staff change a claim, only operations accept a payment, only marketing change a campaign', () => {
    expect(ACCOUNT_ROLES.filter((role) => can(role, 'claims.write'))).toEqual(['claims']);
    expect(ACCOUNT_ROLES.filter((role) => can(role, 'payments.write'))).toEqual(['operations']);
    expect(ACCOUNT_ROLES.filter((role) => can(role, 'marketing.write'))).toEqual(['marketing']);
    expect(ACCOUNT_ROLES.filter((role) => can(role, 'underwriting.write'))).toEqual(['underwriting']);
  });

  it('asks staff, not agents, for the second factor', () => {
    expect(needsSecondFactor('operations')).toBe(true);
    expect(needsSecondFactor('read_only')).toBe(true);
    expect(needsSecondFactor('agent')).toBe(false);
    expect(isStaffRole('agent')).toBe(false);
    expect(isStaffRole('claims')).toBe(true);
  });
});

describe('passwords and usernames', () => {
  it('needs 12 to 128 characters, not one character repeated, not the username', () => {
    expect(passwordProblem('short-pass1')).toBe('staff.errors.passwordShort');
    expect(passwordProblem('a-good-long-password')).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('staff.errors.passwordLong');
    expect(passwordProblem('aaaaaaaaaaaaaaa')).toBe('staff.errors.passwordWeak');
    expect(passwordProblem('Ops.Manager.01', 'ops.manager.01')).toBe('staff.errors.passwordWeak');
    expect(passwordProblem('Ops.Manager.01', 'someone.else')).toBeNull();
  });

  it('takes usernames in lower case, with an e-mail allowed', () => {
    expect(normaliseUsername('  Ana.Tan ')).toBe('ana.tan');
    expect(isValidUsername('Ana.Tan')).toBe(true);
    expect(isValidUsername('ana@insurer.example')).toBe(true);
    expect(isValidUsername('an')).toBe(false);
    expect(isValidUsername('ana tan')).toBe(false);
  });
});
