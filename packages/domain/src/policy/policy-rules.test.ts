import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { localCompanyUenCheckLetter } from '../identity/uen.ts';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy, parsePolicy } from '../schemas/fixtures.ts';
import type { TPolicyInput } from '../schemas/policy-schema.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import { listTravelErrors, validatePolicy } from './policy-rules.ts';

const today = localDate(2026, 11, 23);
const travel = (policyTravel: Record<string, unknown>, rest: Partial<TPolicyInput> = {}) =>
  parsePolicy(buildTravelPolicy(today, { ...rest, policyTravel } as Partial<TPolicyInput>));
const pa = (policyPAN: Record<string, unknown>, rest: Partial<TPolicyInput> = {}) =>
  parsePolicy(buildPaPolicy(today, { ...rest, policyPAN } as Partial<TPolicyInput>));
const home = (policyHome: Record<string, unknown>) =>
  parsePolicy(buildHomePolicy(today, { policyHome } as Partial<TPolicyInput>));
const hongKongHome = (policyHome: Record<string, unknown>) =>
  parsePolicy(
    buildHomePolicy(today, {
      country: 'HKG',
      policyHome: {
        hdbFlatType: undefined,
        floorArea: '500_799',
        buildingAge: '20_TO_39',
        blockOrHouseNo: 'Flat 12A, 8/F, Block 3',
        streetName: '18 Harbour Road',
        postalCode: undefined,
        district: 'WC',
        contentsSumInsured: 400_000,
        ...policyHome,
      },
    } as Partial<TPolicyInput>),
  );

const adult = (fullName: string, hkId: string, dateOfBirth = '01/01/1980') => ({
  type: 'ADULT',
  fullName,
  idType: 'NRIC',
  hkId,
  dateOfBirth,
});
const applicant = buildTravelPolicy(today).policyTravel!.applicant!;
const paAdult1 = buildPaPolicy(today).policyPAN!.insured!.adult1!;

describe('validatePolicy: travel (travel-flow section 5)', () => {
  it('accepts the fixture at both stages and reads its start date', () => {
    expect(validatePolicy(travel({}), 'quote', today)).toBeNull();
    expect(validatePolicy(travel({}), 'apply', today)).toBeNull();
  });

  it.each([
    ['no travel part', { policyTravel: undefined }, 'policyTravel', MESSAGE_KEYS.required],
    ['departure missing', { deptDate: '' }, 'policyTravel.deptDate', MESSAGE_KEYS.invalidDeparture],
    [
      'single trip without return',
      { returnDate: '' },
      'policyTravel.returnDate',
      MESSAGE_KEYS.invalidDuration,
    ],
    [
      'departure in the past',
      { deptDate: '22/11/2026' },
      'policyTravel.deptDate',
      MESSAGE_KEYS.invalidDeparture,
    ],
    [
      'a trip of 91 days',
      { deptDate: '24/11/2026', returnDate: '22/02/2027' },
      'policyTravel.returnDate',
      MESSAGE_KEYS.invalidDuration,
    ],
    [
      'no travellers',
      { travellerIndividual: 0 },
      'policyTravel.travellerType',
      MESSAGE_KEYS.travellerRequired,
    ],
    [
      '21 individuals',
      { travellerIndividual: 21 },
      'policyTravel.travellerType',
      MESSAGE_KEYS.travellerRequired,
    ],
  ])('refuses %s at the quote stage', (_name, change, field, messageKey) => {
    const policy =
      'policyTravel' in change
        ? parsePolicy({ ...buildTravelPolicy(today), policyTravel: undefined })
        : travel(change);
    expect(validatePolicy(policy, 'quote', today)).toEqual({ field, messageKey });
  });

  it('accepts an annual plan without a return date', () => {
    expect(validatePolicy(travel({ paPolicyType: 'A', returnDate: '' }), 'quote', today)).toBeNull();
  });

  it.each([
    ['no applicant', { applicant: undefined }, 'policyTravel.applicant', MESSAGE_KEYS.required],
    [
      'a personal/corporate choice missing',
      { applicant: { ...applicant, clientType: undefined } },
      null,
      null,
    ],
    [
      'an applicant name with digits',
      { applicant: { ...applicant, fullName: 'TAN 2' } },
      'policyTravel.applicant.fullName',
      MESSAGE_KEYS.noSpecialCharacters,
    ],
    [
      'an ID number missing',
      { applicant: { ...applicant, hkId: ' ' } },
      'policyTravel.applicant.hkId',
      MESSAGE_KEYS.required,
    ],
    [
      'a bad NRIC',
      { applicant: { ...applicant, hkId: 'S1234567A' } },
      'policyTravel.applicant.hkId',
      MESSAGE_KEYS.invalidNric,
    ],
    [
      'an applicant over 70',
      { applicant: { ...applicant, dateOfBirth: '01/01/1950' } },
      'policyTravel.applicant.dateOfBirth',
      MESSAGE_KEYS.birthDateOver70,
    ],
    [
      'a mobile number with letters',
      { applicant: { ...applicant, mobileNo: '9123abc' } },
      'policyTravel.applicant.mobileNo',
      MESSAGE_KEYS.number,
    ],
    [
      'no country code',
      { applicant: { ...applicant, mobileNoCountryCode: '' } },
      'policyTravel.applicant.mobileNoCountryCode',
      MESSAGE_KEYS.required,
    ],
    [
      'a bad e-mail',
      { applicant: { ...applicant, email: 'not-an-email' } },
      'policyTravel.applicant.email',
      MESSAGE_KEYS.email,
    ],
    [
      'a company without a name',
      { applicant: { ...applicant, clientType: 'C', fullName: '', uen: '201912345R' } },
      'policyTravel.applicant.fullName',
      MESSAGE_KEYS.required,
    ],
    [
      'a company without a UEN',
      { applicant: { ...applicant, clientType: 'C', fullName: 'ACME PTE LTD', uen: '' } },
      'policyTravel.applicant.uen',
      MESSAGE_KEYS.uenRequired,
    ],
    [
      'fewer insured rows than travellers',
      { travellerIndividual: 2 },
      'policyTravel.travellersList',
      MESSAGE_KEYS.travellerRequired,
    ],
    [
      'a traveller without a date of birth',
      { travellersList: [adult('TAN WEI MING', 'S8512345I', '')] },
      'policyTravel.travellersList.0.dateOfBirth',
      MESSAGE_KEYS.birthDateRequired,
    ],
    [
      'the same ID twice',
      {
        travellerIndividual: 2,
        travellersList: [adult('TAN WEI MING', 'S8512345I'), adult('LEE AH KOW', 'S8512345I')],
      },
      'policyTravel.travellersList.1.hkId',
      MESSAGE_KEYS.idDuplicated,
    ],
    [
      'the same name twice',
      {
        travellerIndividual: 2,
        travellersList: [adult('TAN WEI MING', 'S8512345I'), adult(' tan wei ming', 'S7812345A')],
      },
      'policyTravel.travellersList.1.fullName',
      MESSAGE_KEYS.fullNameDuplicated,
    ],
    [
      'an applicant who does not travel but shares an ID with a traveller',
      { isTraveller: false, travellersList: [adult('LEE AH KOW', 'S8512345I')] },
      'policyTravel.travellersList.0.hkId',
      MESSAGE_KEYS.idDuplicated,
    ],
    [
      'a child of 19 not ticked as a student',
      {
        travellerType: 'FM',
        travellerIndividual: 0,
        travellerAdult: 1,
        travellerChild: 1,
        travellersList: [
          adult('TAN WEI MING', 'S8512345I'),
          { ...adult('TAN XIAO MING', 'T0712345G', '01/01/2007'), type: 'CHILD' },
        ],
      },
      'policyTravel.travellersList.1.dateOfBirth',
      MESSAGE_KEYS.fullTimeStudentUnchecked,
    ],
  ])('refuses %s at the apply stage', (_name, change, field, messageKey) => {
    const policy = travel(change);
    const expected = field === null ? null : { field, messageKey };
    // The schema defaults a missing client type to P, so that case is accepted.
    expect(validatePolicy(policy, 'apply', today)).toEqual(expected);
    expect(validatePolicy(policy, 'quote', today)).toBeNull();
  });

  it('accepts a corporate applicant with a valid UEN', () => {
    const policy = travel({
      applicant: { ...applicant, clientType: 'C', fullName: 'ACME PTE. LTD.', uen: '201912345R' },
    });
    expect(validatePolicy(policy, 'apply', today)).toBeNull();
  });
});

describe('listTravelErrors: every field at once, for the applicant page', () => {
  it('lists each wrong field once, in the order validatePolicy reports the first', () => {
    const policy = travel({
      isTraveller: false,
      travellerIndividual: 3,
      applicant: { ...applicant, fullName: '', hkId: 'S1234567A', email: 'jane@' },
      travellersList: [
        adult('LEE AH KOW', 'S8512345I', '01/01/2010'),
        adult('lee ah kow', 'S8512345I'),
        adult('ONG #3', 'S1234567A'),
      ],
    });
    const errors = listTravelErrors(policy, 'apply', today);
    expect(errors).toEqual([
      { field: 'policyTravel.applicant.fullName', messageKey: MESSAGE_KEYS.required },
      { field: 'policyTravel.applicant.hkId', messageKey: MESSAGE_KEYS.invalidNric },
      { field: 'policyTravel.applicant.email', messageKey: MESSAGE_KEYS.email },
      { field: 'policyTravel.travellersList.0.dateOfBirth', messageKey: MESSAGE_KEYS.birthDateBelow18 },
      { field: 'policyTravel.travellersList.2.fullName', messageKey: MESSAGE_KEYS.noSpecialCharacters },
      { field: 'policyTravel.travellersList.2.hkId', messageKey: MESSAGE_KEYS.invalidNric },
      { field: 'policyTravel.travellersList.1.hkId', messageKey: MESSAGE_KEYS.idDuplicated },
      { field: 'policyTravel.travellersList.1.fullName', messageKey: MESSAGE_KEYS.fullNameDuplicated },
    ]);
    expect(validatePolicy(policy, 'apply', today)).toEqual(errors[0]);
  });

  it('names both company fields, reports a trip or count problem alone, and nothing past the quote stage', () => {
    const corporate = travel({ applicant: { ...applicant, clientType: 'C', fullName: '', uen: '123' } });
    expect(listTravelErrors(corporate, 'apply', today)).toEqual([
      { field: 'policyTravel.applicant.fullName', messageKey: MESSAGE_KEYS.required },
      { field: 'policyTravel.applicant.uen', messageKey: MESSAGE_KEYS.uenInvalid },
    ]);
    expect(
      listTravelErrors(travel({ deptDate: '22/11/2026', applicant: undefined }), 'apply', today),
    ).toEqual([{ field: 'policyTravel.deptDate', messageKey: MESSAGE_KEYS.invalidDeparture }]);
    expect(listTravelErrors(travel({ applicant: undefined }), 'quote', today)).toEqual([]);
    expect(
      listTravelErrors(
        travel({ applicant: { ...applicant, email: '' }, travellersList: [] }),
        'apply',
        today,
      ),
    ).toEqual([
      { field: 'policyTravel.applicant.email', messageKey: MESSAGE_KEYS.required },
      { field: 'policyTravel.travellersList', messageKey: MESSAGE_KEYS.travellerRequired },
    ]);
  });
});

describe('validatePolicy: personal accident (pa-home-payments section 5)', () => {
  it('accepts the fixture at both stages', () => {
    expect(validatePolicy(pa({}), 'quote', today)).toBeNull();
    expect(validatePolicy(pa({}), 'apply', today)).toBeNull();
  });

  it('leaves a declined occupation to the refusals, and refuses the others', () => {
    expect(
      validatePolicy(pa({ insured: { adult1: { ...paAdult1, occupation: '1A' } } }), 'quote', today),
    ).toBeNull();
    expect(
      validatePolicy(pa({ insured: { adult1: { ...paAdult1, occupation: 'OT' } } }), 'quote', today),
    ).toEqual({
      field: 'policyPAN.insured.adult1.occupation',
      messageKey: MESSAGE_KEYS.occupationOthers,
    });
  });

  it.each([
    ['no PA part', null, 'policyPAN', MESSAGE_KEYS.required],
    [
      'a second adult without details',
      { insuredPersonType: 'family', family: { numberOfAdults: 2, noOfChildren: 0 } },
      'policyPAN.insured.adult2.occupation',
      MESSAGE_KEYS.occupationRequired,
    ],
    [
      'ten children in Singapore',
      { insuredPersonType: 'family', family: { numberOfAdults: 1, noOfChildren: 10 } },
      'policyPAN.family.noOfChildren',
      MESSAGE_KEYS.dependentChildrenMaximum,
    ],
    [
      'no risk statement',
      { riskStatementDeclared: false },
      'policyPAN.riskStatementDeclared',
      MESSAGE_KEYS.riskStatementRequired,
    ],
    [
      'a start 91 days ahead',
      { effectiveDate: '22/02/2027' },
      'policyPAN.effectiveDate',
      MESSAGE_KEYS.effectiveDateOutOfRange,
    ],
    ['no residency answer', { residency: undefined }, 'policyPAN.residency', MESSAGE_KEYS.residencyRequired],
  ])('refuses %s at the quote stage', (_name, change, field, messageKey) => {
    const policy =
      change === null ? parsePolicy({ ...buildPaPolicy(today), policyPAN: undefined }) : pa(change);
    expect(validatePolicy(policy, 'quote', today)).toEqual({ field, messageKey });
  });

  it('leaves a visitor and a Hong Kong customer with a large claim to the refusals (rate-policy.ts)', () => {
    expect(validatePolicy(pa({ residency: 'OTHER' }), 'quote', today)).toBeNull();
    expect(
      validatePolicy(pa({ largestClaimInThreeYears: 3000.01 }, { country: 'HKG' }), 'quote', today),
    ).toBeNull();
  });

  const child = (lastName: string, hkId: string, dateOfBirth: string, idType = 'NRIC') => ({
    lastName,
    idType,
    hkId,
    dateOfBirth,
    fullTimeStudent: 'NO',
  });
  const family = (children: unknown[], adult2?: unknown) => ({
    insuredPersonType: 'family',
    family: { numberOfAdults: adult2 ? 2 : 1, noOfChildren: children.length },
    insured: { adult1: paAdult1, ...(adult2 ? { adult2 } : {}), children },
  });

  it('accepts a family with a passport-holding child (only NRIC is checked for children)', () => {
    const policy = pa(
      family([child('LIM AH BOY', 'E1234', '01/01/2018', 'PASSPORT')], {
        ...paAdult1,
        lastName: 'ONG KOK WEE',
        hkId: 'S8512345I',
      }),
    );
    expect(validatePolicy(policy, 'apply', today)).toBeNull();
  });

  it.each([
    ['no applicant', { applicant: undefined }, 'policyPAN.applicant', MESSAGE_KEYS.required],
    [
      'an adult with a special character in the name',
      { insured: { adult1: { ...paAdult1, lastName: 'LIM#' } } },
      'policyPAN.insured.adult1.lastName',
      MESSAGE_KEYS.noSpecialCharacters,
    ],
    [
      'an adult with a bad NRIC',
      { insured: { adult1: { ...paAdult1, hkId: 'S7812345B' } } },
      'policyPAN.insured.adult1.hkId',
      MESSAGE_KEYS.invalidNric,
    ],
    [
      'fewer children than counted',
      { ...family([]), family: { numberOfAdults: 1, noOfChildren: 1 } },
      'policyPAN.insured.children',
      MESSAGE_KEYS.dependentChildrenNumber,
    ],
    [
      'a child with a digit in the name',
      family([child('LIM 2', 'T1812345I', '01/01/2018')]),
      'policyPAN.insured.children.0.lastName',
      MESSAGE_KEYS.noSpecialCharacters,
    ],
    [
      "a child with the parent's NRIC",
      family([child('LIM AH BOY', 'S7812345A', '01/01/2018')]),
      'policyPAN.insured.children.0.hkId',
      MESSAGE_KEYS.idDuplicated,
    ],
    [
      'a child of two weeks',
      family([child('LIM AH BOY', 'E1234', '13/11/2026', 'PASSPORT')]),
      'policyPAN.insured.children.0.dateOfBirth',
      MESSAGE_KEYS.birthDateBelow1Month,
    ],
    [
      "a spouse with the first adult's name, in other case and spacing",
      family([], { ...paAdult1, lastName: '  lim mei ling ', hkId: 'S8512345I' }),
      'policyPAN.insured.adult2.lastName',
      MESSAGE_KEYS.fullNameDuplicated,
    ],
    [
      'a child with an NRIC that fails its check',
      family([child('LIM AH BOY', 'T1812345J', '01/01/2018')]),
      'policyPAN.insured.children.0.hkId',
      MESSAGE_KEYS.invalidNric,
    ],
    [
      'a child of 18 not ticked as a full-time student',
      family([child('LIM AH BOY', 'E1234', '24/11/2008', 'PASSPORT')]),
      'policyPAN.insured.children.0.dateOfBirth',
      MESSAGE_KEYS.fullTimeStudentUnchecked,
    ],
  ])('refuses %s at the apply stage', (_name, change, field, messageKey) => {
    expect(validatePolicy(pa(change), 'apply', today)).toEqual({ field, messageKey });
  });

  it('checks adult 2 only for a family of two adults, and children only when counted', () => {
    const brokenAdult2 = { ...paAdult1, lastName: 'LIM#', hkId: 'bad' };
    const individual = pa({ insured: { adult1: paAdult1, adult2: brokenAdult2, children: [] } });
    expect(validatePolicy(individual, 'apply', today)).toBeNull();
    const oneAdult = pa({
      insuredPersonType: 'family',
      family: { numberOfAdults: 1, noOfChildren: 0 },
      insured: { adult1: paAdult1, adult2: brokenAdult2, children: [] },
    });
    expect(validatePolicy(oneAdult, 'apply', today)).toBeNull();
    expect(
      validatePolicy(
        pa({ ...oneAdult.policyPAN, family: { numberOfAdults: 2, noOfChildren: 0 } }),
        'apply',
        today,
      ),
    ).toEqual({ field: 'policyPAN.insured.adult2.lastName', messageKey: MESSAGE_KEYS.noSpecialCharacters });
  });

  it('counts Hong Kong dependent children up to 18', () => {
    const counted = (noOfChildren: number) =>
      validatePolicy(
        pa({ insuredPersonType: 'family', family: { numberOfAdults: 1, noOfChildren } }, { country: 'HKG' }),
        'quote',
        today,
      );
    expect(counted(18)).toBeNull();
    expect(counted(9)).toBeNull();
    expect(
      validatePolicy(
        pa({ insuredPersonType: 'family', family: { numberOfAdults: 1, noOfChildren: 9 } }),
        'quote',
        today,
      ),
    ).toBeNull();
  });
});

describe('validatePolicy: home', () => {
  it('accepts the fixture at both stages, in either market', () => {
    expect(validatePolicy(home({}), 'quote', today)).toBeNull();
    expect(validatePolicy(home({}), 'apply', today)).toBeNull();
    expect(validatePolicy(hongKongHome({}), 'apply', today)).toBeNull();
  });

  it.each([
    ['no home part', null, 'policyHome', MESSAGE_KEYS.required],
    ['no start date', { effectiveDate: '' }, 'policyHome.effectiveDate', MESSAGE_KEYS.effectiveDateRequired],
    [
      'contents of S$1,000',
      { contentsSumInsured: 1000 },
      'policyHome.contentsSumInsured',
      MESSAGE_KEYS.amount,
    ],
    [
      'an HDB flat without its flat type',
      { hdbFlatType: undefined },
      'policyHome.hdbFlatType',
      MESSAGE_KEYS.selectValue,
    ],
    [
      'a cover chosen twice',
      { optionalCovers: ['RENOVATION', 'RENOVATION'] },
      'policyHome.optionalCovers',
      MESSAGE_KEYS.selectValue,
    ],
  ])('refuses %s at the quote stage', (_name, change, field, messageKey) => {
    const policy =
      change === null ? parsePolicy({ ...buildHomePolicy(today), policyHome: undefined }) : home(change);
    expect(validatePolicy(policy, 'quote', today)).toEqual({ field, messageKey });
  });

  it.each([
    ['no block number', { blockOrHouseNo: ' ' }, 'policyHome.blockOrHouseNo'],
    ['no street', { streetName: '' }, 'policyHome.streetName'],
    ['no postal code', { postalCode: '' }, 'policyHome.postalCode'],
  ])('refuses %s at the apply stage', (_name, change, field) => {
    expect(validatePolicy(home(change), 'apply', today)).toEqual({
      field,
      messageKey: MESSAGE_KEYS.required,
    });
  });

  it.each([
    ['a 5-digit postal code', '52112'],
    ['a postal code with a letter', '52112A'],
    ['a postal code of no sector', '990123'],
  ])('refuses %s in Singapore', (_name, postalCode) => {
    expect(validatePolicy(home({ postalCode }), 'apply', today)).toEqual({
      field: 'policyHome.postalCode',
      messageKey: MESSAGE_KEYS.homePostalCode,
    });
  });

  it('asks a condominium for no flat type, and a Hong Kong flat for its floor area, age and district', () => {
    expect(
      validatePolicy(home({ dwellingType: 'CONDO', hdbFlatType: undefined }), 'apply', today),
    ).toBeNull();
    const refused = (change: Record<string, unknown>, stage: 'quote' | 'apply') =>
      validatePolicy(hongKongHome(change), stage, today);
    expect(refused({ floorArea: undefined }, 'quote')).toEqual({
      field: 'policyHome.floorArea',
      messageKey: MESSAGE_KEYS.selectValue,
    });
    expect(refused({ buildingAge: undefined }, 'quote')).toEqual({
      field: 'policyHome.buildingAge',
      messageKey: MESSAGE_KEYS.selectValue,
    });
    expect(refused({ contentsSumInsured: 30_000 }, 'quote')).toEqual({
      field: 'policyHome.contentsSumInsured',
      messageKey: MESSAGE_KEYS.amount,
    });
    expect(refused({ district: undefined }, 'quote')).toBeNull();
    expect(refused({ district: undefined }, 'apply')).toEqual({
      field: 'policyHome.district',
      messageKey: MESSAGE_KEYS.selectValue,
    });
    expect(() => hongKongHome({ district: 'XX' })).toThrow();
  });
});

describe('validatePolicy: a UEN cannot come from a year still to come', () => {
  // Registered in 2027, checked on 23/11/2026: well-formed, right check letter, cannot exist yet.
  const nextYear = `202712345${localCompanyUenCheckLetter('202712345')}`;
  const thisYear = `202612345${localCompanyUenCheckLetter('202612345')}`;
  const company = (uen: string) => ({ clientType: 'C', fullName: 'ACME PTE. LTD.', uen });
  const paApplicant = buildPaPolicy(today).policyPAN!.applicant!;
  const homeApplicant = buildHomePolicy(today).policyHome!.applicant!;

  it.each([
    ['travel', (uen: string) => travel({ applicant: { ...applicant, ...company(uen) } }), 'policyTravel'],
    [
      'personal accident',
      (uen: string) => pa({ applicant: { ...paApplicant, ...company(uen) } }),
      'policyPAN',
    ],
    ['home', (uen: string) => home({ applicant: { ...homeApplicant, ...company(uen) } }), 'policyHome'],
  ])("%s: refuses next year's UEN and accepts this year's", (_product, build, part) => {
    expect(validatePolicy(build(nextYear), 'apply', today)).toEqual({
      field: `${part}.applicant.uen`,
      messageKey: MESSAGE_KEYS.uenInvalid,
    });
    expect(validatePolicy(build(thisYear), 'apply', today)).toBeNull();
  });
});
