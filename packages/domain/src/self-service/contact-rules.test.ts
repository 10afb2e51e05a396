import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import {
  buildHomePolicy,
  buildPaPolicy as buildPaInput,
  buildTravelPolicy as buildTravelInput,
} from '../schemas/fixtures.ts';
import { type TPolicy, ZPolicySchema } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  CORRESPONDENCE_LENGTHS,
  correspondenceChange,
  correspondenceOf,
  isRenewalCardChangeable,
  isSameCorrespondence,
  isSameEmail,
  isSameMobile,
  isTokenAccepted,
  maskEmail,
  maskMobile,
  normaliseContact,
  takesChangeForAll,
  validateContactChange,
  validateCorrespondenceAddress,
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

describe('a new mobile number is checked for its market (issue 29)', () => {
  const singapore = { mobileNoCountryCode: '65', mobileNo: '91234567' };

  it.each([
    ['a Hong Kong-looking number under +65', '65', '51234567'],
    ['seven digits under +65', '+65', '9123456'],
    ['nine digits under +65', '65', '912345678'],
    ['a Singapore fixed line', '65', '61234567'],
  ])('refuses %s on mobileNo, with the format the text names', (_, code, mobileNo) => {
    expect(validateContactChange({ mobileNoCountryCode: code, mobileNo })).toEqual([
      {
        field: 'mobileNo',
        messageKey: MESSAGE_KEYS.mobileForMarket,
        values: { code: '65', digits: 8, first: '8 / 9' },
      },
    ]);
  });

  it('takes every Singapore mobile, and numbers of other codes by the applicant page rules alone', () => {
    fc.assert(
      fc.property(fc.constantFrom('8', '9'), fc.stringMatching(/^\d{7}$/), (first, rest) => {
        expect(validateContactChange({ mobileNoCountryCode: '65', mobileNo: first + rest })).toEqual([]);
      }),
    );
    // A number of another country is held to the applicant page's rules alone.
    expect(validateContactChange({ mobileNoCountryCode: '44', mobileNo: '7700900123' })).toEqual([]);
  });

  it('takes every Hong Kong mobile: 8 digits from 4 to 9 (decision 147)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('4', '5', '6', '7', '8', '9'),
        fc.stringMatching(/^\d{7}$/),
        (first, rest) => {
          expect(validateContactChange({ mobileNoCountryCode: '+852', mobileNo: first + rest })).toEqual([]);
        },
      ),
    );
  });

  it.each([
    ['a Hong Kong fixed line', '21234567'],
    ['another fixed line', '31234567'],
    ['a Singapore-length number with a digit short', '5123456'],
    ['nine digits', '512345678'],
  ])('refuses %s under +852, naming 8 digits from 4 to 9', (_, mobileNo) => {
    expect(validateContactChange({ mobileNoCountryCode: '852', mobileNo })).toEqual([
      {
        field: 'mobileNo',
        messageKey: MESSAGE_KEYS.mobileForMarket,
        values: { code: '852', digits: 8, first: '4–9' },
      },
    ]);
  });

  it('keeps the number on the policy as it was sold: only a new one is checked', () => {
    const sold = { mobileNoCountryCode: '65', mobileNo: '61234567' };
    expect(validateContactChange({ ...sold, email: 'new@example.com' }, sold)).toEqual([]);
    expect(validateContactChange({ mobileNoCountryCode: '+65', mobileNo: ' 61234567 ' }, sold)).toEqual([]);
    expect(validateContactChange({ ...sold, mobileNo: '51234567' }, sold)[0]?.messageKey).toBe(
      MESSAGE_KEYS.mobileForMarket,
    );
    expect(isSameMobile(singapore, { mobileNoCountryCode: '+65', mobileNo: '91234567 ' })).toBe(true);
    expect(isSameMobile(singapore, { mobileNoCountryCode: '852', mobileNo: '91234567' })).toBe(false);
  });
});

describe('a change for all my policies (issue 29)', () => {
  it.each([
    ['issued, ending later', 'issued', '2027-11-24', true],
    ['issued, ending today', 'issued', '2026-11-23', true],
    ['issued, ended yesterday', 'issued', '2026-11-22', false],
    ['issued, with no end', 'issued', null, false],
    ['cancelled', 'cancelled', '2027-11-24', false],
    ['pending', 'pending', '2027-11-24', false],
  ])('%s: %s', (_, status, endDate, expected) => {
    expect(takesChangeForAll({ status, endDate }, today)).toBe(expected);
  });
});

describe('a correspondence address (issue 29) by the market’s address rule (decision 057)', () => {
  const singapore = {
    applicantBuildingStreetNo: '10',
    applicantStreetName: 'Anson Road',
    applicantUnitNo: '#12-01',
    applicantBuildingName: 'International Plaza',
    applicantPostCode: '079903',
  };
  const hongKong = {
    applicantBuildingStreetNo: '1',
    applicantStreetName: 'Queen’s Road Central',
    applicantDistrict: 'CW',
  };

  it('caps each field as the applicant schema does', () => {
    expect(CORRESPONDENCE_LENGTHS).toEqual({
      applicantBuildingStreetNo: 20,
      applicantStreetName: 100,
      applicantUnitNo: 20,
      applicantBuildingName: 100,
      applicantPostCode: 10,
      applicantDistrict: 50,
    });
  });

  it('takes an address of each market', () => {
    expect(validateCorrespondenceAddress('SGP', singapore)).toEqual([]);
    expect(validateCorrespondenceAddress('HKG', hongKong)).toEqual([]);
  });

  it.each([
    ['SGP', { ...singapore, applicantStreetName: ' ' }, 'applicantStreetName', MESSAGE_KEYS.required],
    [
      'SGP',
      { ...singapore, applicantBuildingStreetNo: '' },
      'applicantBuildingStreetNo',
      MESSAGE_KEYS.required,
    ],
    ['SGP', { ...singapore, applicantPostCode: '12345' }, 'applicantPostCode', MESSAGE_KEYS.homePostalCode],
    ['SGP', { ...singapore, applicantPostCode: '990000' }, 'applicantPostCode', MESSAGE_KEYS.homePostalCode],
    ['SGP', { ...singapore, applicantUnitNo: '9'.repeat(21) }, 'applicantUnitNo', MESSAGE_KEYS.maxLength],
    ['HKG', { ...hongKong, applicantDistrict: 'XX' }, 'applicantDistrict', MESSAGE_KEYS.selectValue],
    ['HKG', { ...hongKong, applicantDistrict: undefined }, 'applicantDistrict', MESSAGE_KEYS.selectValue],
  ] as const)('%s: %j is refused on %s', (country, address, field, messageKey) => {
    expect(validateCorrespondenceAddress(country, address)).toEqual([{ field, messageKey }]);
  });

  it('writes the applicant’s fields and the two address lines, and reads them back', () => {
    const change = correspondenceChange('SGP', {
      ...singapore,
      applicantStreetName: ' Anson Road ',
      applicantDistrict: 'CW',
    });
    expect(change).toMatchObject({
      applicantStreetName: 'Anson Road',
      applicantAddress1: '10 Anson Road',
      applicantAddress2: '#12-01 International Plaza',
      sameAsInsuredAddress: false,
    });
    expect(change.applicantDistrict).toBeUndefined();
    const policy = travel('A');
    const changed = {
      ...policy,
      policyTravel: { ...policy.policyTravel!, applicant: { ...policy.policyTravel!.applicant!, ...change } },
    } as TPolicy;
    expect(correspondenceOf(policy)).toBeNull();
    expect(correspondenceOf(changed)).toEqual(singapore);
    expect(
      isSameCorrespondence('SGP', correspondenceOf(changed), { ...singapore, applicantUnitNo: ' #12-01 ' }),
    ).toBe(true);
    expect(
      isSameCorrespondence('SGP', correspondenceOf(changed), { ...singapore, applicantUnitNo: '#12-02' }),
    ).toBe(false);
    expect(correspondenceChange('HKG', hongKong)).toMatchObject({
      applicantDistrictDesc: 'Central and Western',
    });
  });

  it('reads a home’s insured address where the policyholder’s is the same one, and nothing otherwise', () => {
    const input = buildHomePolicy(today);
    const home = (sameAsInsuredAddress: boolean) =>
      ZPolicySchema.parse({
        ...input,
        policyHome: {
          ...input.policyHome,
          applicant: { ...input.policyHome!.applicant!, sameAsInsuredAddress },
        },
      });
    expect(correspondenceOf(home(true))).toEqual({
      applicantBuildingStreetNo: '123',
      applicantStreetName: 'Tampines Street 11',
      applicantUnitNo: '#08-123',
      applicantPostCode: '521123',
    });
    expect(correspondenceOf(home(false))).toBeNull();
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
