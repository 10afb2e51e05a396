import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { buildPaPolicy as buildPaInput, buildTravelPolicy as buildTravelInput } from '../schemas/fixtures.ts';
import { type TPolicy, ZPolicySchema } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  isRenewalCardChangeable,
  isSameEmail,
  isTokenAccepted,
  maskEmail,
  maskMobile,
  normaliseContact,
  validateContactChange,
} from './contact-rules.ts';

const today = localDate(2026, 11, 23);
const travel = (paPolicyType: 'S' | 'A', clientType: 'P' | 'C' = 'P'): TPolicy => {
  const input = buildTravelInput(today);
  return ZPolicySchema.parse({
    ...input,
    policyTravel: {
      ...input.policyTravel,
      paPolicyType,
      applicant: { ...input.policyTravel!.applicant!, clientType },
    },
  });
};

describe('a contact change (travel-flow section 5, Contact)', () => {
  const good = { mobileNoCountryCode: '65', mobileNo: '91234567', email: 'new@example.com' };

  it('takes what the applicant page takes', () => {
    expect(validateContactChange(good)).toEqual([]);
    expect(validateContactChange({ ...good, mobileNoCountryCode: '+852' })).toEqual([]);
    expect(validateContactChange({ mobileNoCountryCode: '65', mobileNo: '91234567' })).toEqual([]);
  });

  it.each([
    [{ mobileNo: '' }, 'mobileNo', MESSAGE_KEYS.required],
    [{ mobileNo: '9123 4567' }, 'mobileNo', MESSAGE_KEYS.number],
    [{ mobileNo: '9'.repeat(13) }, 'mobileNo', MESSAGE_KEYS.maxLength],
    [{ mobileNoCountryCode: '' }, 'mobileNoCountryCode', MESSAGE_KEYS.required],
    [{ mobileNoCountryCode: '65a' }, 'mobileNoCountryCode', MESSAGE_KEYS.number],
    [{ email: '' }, 'email', MESSAGE_KEYS.required],
    [{ email: 'not-an-address' }, 'email', MESSAGE_KEYS.email],
    [{ email: `${'a'.repeat(45)}@x.com` }, 'email', MESSAGE_KEYS.maxLength],
  ])('%j is refused on %s', (change, field, messageKey) => {
    expect(validateContactChange({ ...good, ...change })).toEqual([{ field, messageKey }]);
  });

  it('names every failing field in the form order', () => {
    const errors = validateContactChange({ mobileNoCountryCode: 'x', mobileNo: 'y', email: 'z' });
    expect(errors.map((error) => error.field)).toEqual(['mobileNoCountryCode', 'mobileNo', 'email']);
  });

  it('is submitted as the applicant page submits it', () => {
    expect(normaliseContact({ mobileNoCountryCode: ' +65 ', mobileNo: ' 8123 ', email: ' a@b.co ' })).toEqual(
      { mobileNoCountryCode: '65', mobileNo: '8123', email: 'a@b.co' },
    );
    expect(normaliseContact({ mobileNoCountryCode: '65', mobileNo: '8123' })).toEqual({
      mobileNoCountryCode: '65',
      mobileNo: '8123',
    });
    expect(isSameEmail('A@B.CO', ' a@b.co')).toBe(true);
    expect(isSameEmail('A@B.CO', 'a@c.co')).toBe(false);
  });
});

describe('masks', () => {
  it('shows an e-mail address by its first letters and ending only', () => {
    expect(maskEmail('WEIMING.TAN@EXAMPLE.COM')).toBe('W***@E***.COM');
    expect(maskEmail('a@localhost')).toBe('a***@l***');
    expect(maskEmail('nobody')).toBe('***');
    expect(maskEmail('')).toBe('');
  });

  it('never shows more of an address than two letters and its ending', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const masked = maskEmail(email);
        const ending = email.slice(email.lastIndexOf('.'));
        expect(masked.replaceAll('*', '').length).toBeLessThanOrEqual(3 + ending.length);
      }),
    );
  });

  it('shows a mobile number by its country code and last four digits', () => {
    expect(maskMobile('65', '91234567')).toBe('+65 ****4567');
    expect(maskMobile('+852', '123')).toBe('+852 123');
    expect(maskMobile('', '91234567')).toBe('****4567');
  });
});

describe('the renewal card (travel-flow section 6; pa-home-payments section 9)', () => {
  it('can change for annual, personal, card-paid policies only', () => {
    expect(isRenewalCardChangeable(travel('A'), true)).toBe(true);
    expect(isRenewalCardChangeable(travel('A'), false)).toBe(false);
    expect(isRenewalCardChangeable(travel('S'), true)).toBe(false);
    expect(isRenewalCardChangeable(travel('A', 'C'), true)).toBe(false);
    expect(isRenewalCardChangeable(ZPolicySchema.parse(buildPaInput(today)), true)).toBe(true);
    const noApplicant = travel('A');
    noApplicant.policyTravel = { ...noApplicant.policyTravel!, applicant: undefined } as never;
    expect(isRenewalCardChangeable(noApplicant, true)).toBe(false);
    const noType = travel('A');
    noType.policyTravel = { ...noType.policyTravel!, paPolicyType: undefined } as never;
    expect(isRenewalCardChangeable(noType, true)).toBe(false);
  });

  it('is stored only from an accepted token answer that moved no money', () => {
    const accepted = {
      decision: 'accept',
      reasonCode: 100,
      paymentToken: 'A1B2C3D4E5F6',
      authorisedCents: 0,
    };
    expect(isTokenAccepted(accepted)).toBe(true);
    expect(isTokenAccepted({ ...accepted, authorisedCents: null })).toBe(true);
    expect(isTokenAccepted({ ...accepted, decision: 'DECLINE' })).toBe(false);
    expect(isTokenAccepted({ ...accepted, reasonCode: 110 })).toBe(false);
    expect(isTokenAccepted({ ...accepted, paymentToken: undefined })).toBe(false);
    expect(isTokenAccepted({ ...accepted, paymentToken: 'a,b=c' })).toBe(false);
    expect(isTokenAccepted({ ...accepted, authorisedCents: 100 })).toBe(false);
  });
});
