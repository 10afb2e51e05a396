import { describe, expect, it } from 'vitest';
import {
  applicantFromValues,
  policyholderFieldOf,
  policyholderValuesOf,
  type TPolicyholderValues,
} from './policyholder-values';

const company: TPolicyholderValues = {
  clientType: 'C',
  fullName: 'LEFT OVER',
  idType: 'NRIC',
  hkId: 'S8512345I',
  dateOfBirth: '1985-06-15',
  companyName: 'HARBOUR TRADING PTE LTD',
  uen: '201912345K',
  mobileNoCountryCode: '65',
  mobileNo: '91234567',
  email: 'ops@harbour.example',
  emailConfirmed: true,
};

describe('the policyholder of every product (decision 044)', () => {
  it('starts from the market: Hong Kong mobile prefix 852 and its first ID type', () => {
    const values = policyholderValuesOf(undefined, 'HKG');
    expect(values.mobileNoCountryCode).toBe('852');
    expect(values.idType).toBe('HKID');
    expect(values.clientType).toBe('P');
  });

  it("sends a company's name as fullName with its UEN and no personal ID, keeping the confirm page's flags", () => {
    const applicant = applicantFromValues(company, { directMarketing: 'true', hasAutoRenewal: false }, 'SGP');
    expect(applicant).toMatchObject({
      clientType: 'C',
      fullName: 'HARBOUR TRADING PTE LTD',
      uen: '201912345K',
      hkId: '',
      dateOfBirth: '',
      directMarketing: 'true',
      hasAutoRenewal: false,
    });
    // And back: the form shows the company's name in its own field.
    expect(policyholderValuesOf(applicant, 'SGP')).toMatchObject({
      companyName: 'HARBOUR TRADING PTE LTD',
      fullName: '',
    });
  });

  it("places a rule's applicant path on the form for every product's part", () => {
    expect(policyholderFieldOf('policyPAN.applicant.email', 'P')).toBe('email');
    expect(policyholderFieldOf('policyHome.applicant.fullName', 'C')).toBe('companyName');
    expect(policyholderFieldOf('policyTravel.applicant.hasAutoRenewal', 'P')).toBe('root');
    expect(policyholderFieldOf('policyTravel.travellersList.0.hkId', 'P')).toBeNull();
  });
});
