import { addDays, formatDmy, type TLocalDate } from '../dates/local-date.ts';
import { type TPolicyInput, ZPolicySchema } from './policy-schema.ts';

/**
 * Realistic policies for tests at every level (unit, API, browser). Dates are relative to `today`
 * so fixtures never age; overrides are merged one level deep.
 */
type TOverrides = Partial<TPolicyInput>;

const contact = {
  mobileNoCountryCode: '65',
  mobileNo: '91234567',
  directMarketing: 'false' as const,
  hasAutoRenewal: false,
};

export function buildTravelPolicy(today: TLocalDate, overrides: TOverrides = {}): TPolicyInput {
  const departure = addDays(today, 14);
  return {
    productType: 'PTR',
    country: 'SGP',
    paymentSuccess: 'false',
    ...overrides,
    policyTravel: {
      deptDate: formatDmy(departure),
      returnDate: formatDmy(addDays(departure, 6)),
      paPolicyType: 'S',
      travellerType: 'ID',
      travellerIndividual: 1,
      travellerAdult: 0,
      travellerChild: 0,
      journey: 'Asia Pacific (excl. Sanctioned)',
      journeyCode: '6',
      applicant: {
        clientType: 'P',
        fullName: 'TAN WEI MING',
        dateOfBirth: '15/06/1985',
        idType: 'NRIC',
        hkId: 'S8512345I',
        mobileNoCountryCode: '65',
        mobileNo: '91234567',
        email: 'WEIMING.TAN@EXAMPLE.COM',
        directMarketing: 'false',
        hasAutoRenewal: false,
      },
      travellersList: [
        {
          type: 'ADULT',
          insuredNum: 1,
          fullName: 'TAN WEI MING',
          idType: 'NRIC',
          hkId: 'S8512345I',
          dateOfBirth: '15/06/1985',
          fullTimeStudent: 'NO',
        },
      ],
      ...overrides.policyTravel,
    },
  };
}

export function buildPaPolicy(today: TLocalDate, overrides: TOverrides = {}): TPolicyInput {
  return {
    productType: 'PAN',
    country: 'SGP',
    ...overrides,
    policyPAN: {
      insuredPersonType: 'individual',
      family: { numberOfAdults: 1, noOfChildren: 0 },
      insured: {
        adult1: {
          lastName: 'LIM MEI LING',
          idType: 'NRIC',
          hkId: 'S7812345A',
          dateOfBirth: '02/03/1978',
          occupation: '05',
        },
        children: [],
      },
      applicant: {
        clientType: 'P',
        fullName: 'LIM MEI LING',
        dateOfBirth: '02/03/1978',
        idType: 'NRIC',
        hkId: 'S7812345A',
        email: 'MEILING.LIM@EXAMPLE.COM',
        ...contact,
      },
      effectiveDate: formatDmy(addDays(today, 1)),
      riskStatementDeclared: true,
      residency: 'CITIZEN',
      ...overrides.policyPAN,
    },
  };
}

export function buildHomePolicy(today: TLocalDate, overrides: TOverrides = {}): TPolicyInput {
  return {
    productType: 'PHM',
    country: 'SGP',
    ...overrides,
    policyHome: {
      dwellingType: 'HDB',
      hdbFlatType: '4_ROOM',
      ownership: 'OWNER',
      blockOrHouseNo: '123',
      streetName: 'Tampines Street 11',
      unitNo: '#08-123',
      postalCode: '521123',
      contentsSumInsured: 40_000,
      optionalCovers: ['RENOVATION'],
      applicant: {
        clientType: 'P',
        fullName: 'TAN WEI MING',
        dateOfBirth: '15/06/1985',
        idType: 'NRIC',
        hkId: 'S8512345I',
        email: 'WEIMING.TAN@EXAMPLE.COM',
        ...contact,
      },
      effectiveDate: formatDmy(addDays(today, 1)),
      ...overrides.policyHome,
    },
  };
}

/**
 * A Hong Kong home: a rented flat of 500–799 sq ft in a 20–39-year-old building in Wan Chai, HK$400,000
 * of contents, its policyholder with an HKID, in Chinese (decision 057). `overrides.policyHome` changes
 * the home or its applicant, as for `buildHomePolicy`.
 */
export function buildHongKongHomePolicy(today: TLocalDate, overrides: TOverrides = {}): TPolicyInput {
  return buildHomePolicy(today, {
    country: 'HKG',
    lang: 'zh',
    ...overrides,
    policyHome: {
      dwellingType: 'CONDO',
      hdbFlatType: undefined,
      floorArea: '500_799',
      buildingAge: '20_TO_39',
      ownership: 'TENANT',
      blockOrHouseNo: 'Flat 12A, 8/F, Block 3',
      buildingName: 'Harbour View Gardens',
      streetName: '18 Harbour Road',
      unitNo: '',
      postalCode: '',
      district: 'WC',
      contentsSumInsured: 400_000,
      optionalCovers: [],
      applicant: {
        clientType: 'P',
        fullName: 'CHEUNG KA YAN',
        dateOfBirth: '09/09/1975',
        idType: 'HKID',
        hkId: 'K765432(4)',
        mobileNoCountryCode: '852',
        mobileNo: '61234567',
        email: 'KY.CHEUNG@EXAMPLE.COM',
      },
      ...overrides.policyHome,
    } as never,
  } as TOverrides);
}

/** Parses a fixture the way the server does, so a broken fixture fails where it is built. */
export function parsePolicy(input: TPolicyInput) {
  return ZPolicySchema.parse(input);
}
