import { describe, expect, it } from 'vitest';
import { normalisePolicyNumber, validateAccessCode, validateSignIn } from './access-rules.ts';

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
