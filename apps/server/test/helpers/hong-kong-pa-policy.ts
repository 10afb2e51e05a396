import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { buildPaPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';

/**
 * A Hong Kong individual's personal accident quote on `day`: HKID, +852, no residency question.
 * `overrides` go to the fixture, and its `policyPAN` over the Hong Kong one.
 */
export function hongKongPaPolicy(day: TLocalDate, overrides: Partial<TPolicyInput> = {}): TPolicyInput {
  const base = buildPaPolicy(day, { country: 'HKG', ...overrides });
  const adult = { lastName: 'CHAN TAI MAN', idType: 'HKID', hkId: 'K234567(6)', dateOfBirth: '15/04/1982' };
  return {
    ...base,
    policyPAN: {
      ...base.policyPAN!,
      residency: undefined,
      insured: { adult1: { ...adult, occupation: '05' }, children: [] },
      applicant: {
        ...base.policyPAN!.applicant!,
        fullName: adult.lastName,
        idType: 'HKID',
        hkId: adult.hkId,
        dateOfBirth: adult.dateOfBirth,
        email: 'TAIMAN.CHAN@EXAMPLE.COM',
        mobileNoCountryCode: '852',
        mobileNo: '91234567',
      },
      ...overrides.policyPAN,
    },
  } as TPolicyInput;
}
