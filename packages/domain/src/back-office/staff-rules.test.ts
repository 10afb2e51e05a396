import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROLES,
  AUDITED_RECORD_KINDS,
  AUDITED_RECORDS,
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
  it('gives read-only staff no change, no unmasked personal data and no document', () => {
    const granted = permissions.filter((permission) => can('read_only', permission));
    expect(granted.filter((permission) => /\.(write|reveal|documents)$/.test(permission))).toEqual([]);
    expect(can('read_only', 'policies.read')).toBe(true);
  });

  it("reveals, downloads and changes an area's records only for a role that reads them", () => {
    for (const permission of permissions) {
      const read = `${permission.split('.')[0]}.read` as TPermission;
      if (read === permission || !(read in PERMISSIONS)) continue;
      for (const role of ACCOUNT_ROLES)
        if (can(role, permission)) expect(can(role, read), `${role} ${permission}`).toBe(true);
    }
  });

  it('keeps marketing and underwriting from browsing policyholders, and claims, marketing and underwriting from the operations screens', () => {
    for (const role of ['marketing', 'underwriting', 'claims'] as const) {
      expect(can(role, 'policies.read')).toBe(false);
      expect(can(role, 'operations.read')).toBe(false);
      expect(can(role, 'system.read')).toBe(false);
    }
    expect(ACCOUNT_ROLES.filter((role) => can(role, 'claims.documents'))).toEqual(['claims']);
  });

  it('names a reading permission for every kind of record the audit trail shows', () => {
    for (const [kind, permission] of Object.entries(AUDITED_RECORDS))
      expect(permission in PERMISSIONS, kind).toBe(true);
    expect(AUDITED_RECORD_KINDS).toContain('claim');
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
