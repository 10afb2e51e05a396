import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import {
  findDuplicates,
  normaliseForSubmit,
  validateClientType,
  validateCompany,
  validateCountryCode,
  validateEmail,
  validateEmailConfirmed,
  validateFullName,
  validateMobile,
} from './people.ts';

const today = localDate(2026, 11, 23);

describe('people (travel-flow section 5)', () => {
  it('checks names', () => {
    expect(validateFullName('Tan Ah Kow @ Tan-Kow / Jr')).toBeNull();
    expect(validateFullName('Tan; drop table')).toBe(K.noSpecialCharacters);
    expect(validateFullName('A'.repeat(50))).toBeNull();
    expect(validateFullName('A'.repeat(51))).toBe(K.maxLength);
    expect(validateFullName(' ')).toBe(K.required);
  });

  it('checks contact details', () => {
    expect(validateEmail('jane.tan@example.com')).toBeNull();
    expect(validateEmail('')).toBe(K.required);
    expect(validateEmail('jane@')).toBe(K.email);
    expect(validateEmail(`${'a'.repeat(44)}@x.com`)).toBeNull();
    expect(validateEmail(`${'a'.repeat(45)}@x.com`)).toBe(K.maxLength);
    expect(validateMobile('91234567')).toBeNull();
    expect(validateMobile('')).toBe(K.required);
    expect(validateMobile('9123-4567')).toBe(K.number);
    expect(validateMobile('123456789012')).toBeNull();
    expect(validateMobile('1234567890123')).toBe(K.maxLength);
    expect(validateCountryCode('+65')).toBeNull();
    expect(validateCountryCode('')).toBe(K.required);
    expect(validateCountryCode('SG')).toBe(K.number);
  });

  it('wants the e-mail confirmed as correct', () => {
    expect(validateEmailConfirmed(true)).toBeNull();
    expect(validateEmailConfirmed(false)).toBe(K.confirmEmail);
    expect(validateEmailConfirmed(undefined)).toBe(K.confirmEmail);
  });

  it('checks corporate applicants and the personal/corporate choice', () => {
    expect(validateCompany('Harbour Trading Pte. Ltd.', '197401143C', today)).toEqual({});
    expect(validateCompany('', '', today)).toEqual({ companyName: K.required, uen: K.uenRequired });
    // Well-formed with the right check letter, but registered in a year still to come.
    expect(validateCompany('Harbour Trading Pte. Ltd.', 'T27LL0001L', today)).toEqual({ uen: K.uenInvalid });
    expect(validateCompany('Harbour Trading Pte. Ltd.', 'T26LL0001F', today)).toEqual({});
    expect(validateCompany('Bad <Co>', '197401143D', today)).toEqual({
      companyName: K.noSpecialCharacters,
      uen: K.uenInvalid,
    });
    expect(validateCompany('A'.repeat(51), `197401143C${'0'.repeat(15)}`, today)).toEqual({
      companyName: K.maxLength,
      uen: K.maxLength,
    });
    expect(validateClientType('C')).toBeNull();
    expect(validateClientType(undefined)).toBe(K.selectValue);
  });

  it('flags the later duplicate ID number and full name', () => {
    expect(
      findDuplicates([
        { fullName: 'Tan Ah Kow', idNumber: 'S1234567D' },
        { fullName: ' tan  ah kow ', idNumber: 's1234567d' },
        { fullName: 'Lim Mei', idNumber: '' },
        { fullName: '', idNumber: 'T1234567J' },
      ]),
    ).toEqual([{}, { idNumber: K.idDuplicated, fullName: K.fullNameDuplicated }, {}, {}]);
  });

  it('upper-cases names, ID and e-mail on submit', () => {
    expect(
      normaliseForSubmit({ fullName: ' tan ', hkId: 's1234567d', email: 'a@b.sg', age: 3 }, [
        'fullName',
        'hkId',
        'email',
        'age',
      ]),
    ).toEqual({
      fullName: 'TAN',
      hkId: 'S1234567D',
      email: 'A@B.SG',
      age: 3,
    });
  });
});
