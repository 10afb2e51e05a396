import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import {
  isPlanDOffered,
  OCCUPATIONS,
  occupationClassOf,
  validateClaimsHistory,
  validateDependentChildren,
  validateEffectiveDate,
  validateOccupation,
  validateResidency,
  validateRiskStatement,
} from './occupation.ts';

describe('personal accident rules (pa-home-payments sections 3–5)', () => {
  it('maps jobs to classes and labels them in both languages', () => {
    expect(occupationClassOf('05')).toBe('01');
    expect(occupationClassOf('1A')).toBe('04');
    expect(occupationClassOf('ZZ')).toBeNull();
    for (const occupation of OCCUPATIONS) expect(occupation.labelZh.length).toBeGreaterThan(0);
  });

  it.each([
    [undefined, K.occupationRequired],
    ['', K.occupationRequired],
    ['ZZ', K.occupationRequired],
    ['OT', K.occupationOthers],
    ['04', K.occupationDeclined],
    ['14', K.occupationDeclined],
    ['03', null],
    ['05', null],
  ])('occupation %s → %s', (code, key) => {
    expect(validateOccupation(code)).toBe(key);
  });

  it('drops plan D for class 03 on either adult', () => {
    expect(isPlanDOffered(['01', '02'])).toBe(true);
    expect(isPlanDOffered(['01', '12'])).toBe(false);
  });

  it('requires the risk statement, counts children, checks residency, claims and the effective date', () => {
    expect(validateRiskStatement(false)).toBe(K.riskStatementRequired);
    expect(validateRiskStatement(true)).toBeNull();
    expect(validateDependentChildren('x', 'HKG')).toBe(K.dependentChildrenNumber);
    expect(validateDependentChildren('18', 'HKG')).toBeNull();
    expect(validateDependentChildren('19', 'HKG')).toBe(K.dependentChildrenMaximum);
    expect(validateDependentChildren('10', 'SGP')).toBe(K.dependentChildrenMaximum);
    expect(validateResidency('SGP', undefined)).toBe(K.residencyRequired);
    expect(validateResidency('SGP', 'OTHER')).toBe(K.residencyNotEligible);
    expect(validateResidency('SGP', 'LONG_TERM_PASS')).toBeNull();
    expect(validateResidency('HKG', undefined)).toBeNull();
    expect(validateClaimsHistory('HKG', 300_001)).toBe(K.claimsReferToAgent);
    expect(validateClaimsHistory('HKG', 300_000)).toBeNull();
    expect(validateClaimsHistory('SGP', 900_000)).toBeNull();
    const today = localDate(2026, 11, 23);
    expect(validateEffectiveDate('', today)).toBe(K.effectiveDateRequired);
    expect(validateEffectiveDate('31/11/2026', today)).toBe(K.birthDateInvalid);
    expect(validateEffectiveDate('22/11/2026', today)).toBe(K.effectiveDateOutOfRange);
    expect(validateEffectiveDate('21/02/2027', today)).toBeNull();
    expect(validateEffectiveDate('22/02/2027', today)).toBe(K.effectiveDateOutOfRange);
  });
});
