import { describe, expect, it } from 'vitest';
import { COVER_START_WINDOW_DAYS } from '../dates/cover-period.ts';
import { addDays, formatDmy, localDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import {
  isPlanDOffered,
  OCCUPATIONS,
  OTHERS_OCCUPATION,
  OTHERS_OCCUPATION_ENTRY,
  occupationClassOf,
  occupationLabel,
  searchOccupations,
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
    ['19', K.occupationDeclined],
    ['14', null],
    ['03', null],
    ['05', null],
  ])('occupation %s → %s', (code, key) => {
    expect(validateOccupation(code)).toBe(key);
  });

  it('drops plan D for class 03 on either adult', () => {
    expect(isPlanDOffered(['01', '02'])).toBe(true);
    expect(isPlanDOffered(['01', '12'])).toBe(false);
    expect(isPlanDOffered(['13'])).toBe(false);
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
    // The window is the domain's one cover-start window, as the pickers and the messages read it.
    const last = addDays(today, COVER_START_WINDOW_DAYS);
    expect(validateEffectiveDate(formatDmy(last), today)).toBeNull();
    expect(validateEffectiveDate(formatDmy(addDays(last, 1)), today)).toBe(K.effectiveDateOutOfRange);
  });
});

describe('the occupation list and its search (decision 053)', () => {
  const codes = (query: string, language: 'en' | 'zh-Hans' | 'zh-Hant' = 'en') =>
    searchOccupations(query, language).map((occupation) => occupation.code);
  const hex = (code: string) => Number.parseInt(code, 16);

  it('has the 22 job codes 05 to 1A, each in a class, after the four classes, then Others', () => {
    const jobs = OCCUPATIONS.filter((occupation) => hex(occupation.code) >= 5 && occupation.code !== 'OT');
    expect(jobs.map((occupation) => hex(occupation.code))).toEqual(
      Array.from({ length: 22 }, (_, index) => index + 5),
    );
    for (const klass of ['01', '02', '03', '04'] as const) {
      expect(occupationClassOf(klass)).toBe(klass);
      expect(jobs.filter((job) => job.occupationClass === klass).length, klass).toBeGreaterThanOrEqual(3);
    }
    expect(OCCUPATIONS.at(-1)).toBe(OTHERS_OCCUPATION_ENTRY);
    expect(OTHERS_OCCUPATION_ENTRY).toMatchObject({ code: OTHERS_OCCUPATION, occupationClass: null });
  });

  it('labels every entry in English, Simplified and Traditional Chinese, punctuated full-width', () => {
    for (const occupation of OCCUPATIONS) {
      expect(occupation.labelEn).toMatch(/^[A-Z]/);
      for (const label of [occupation.labelZhHans, occupation.labelZhHant]) {
        expect(label, occupation.code).toMatch(/[\u4e00-\u9fff]/);
        expect(label, occupation.code).not.toMatch(/[,:;()]/);
      }
      expect(occupation.labelZh).toBe(occupation.labelZhHans);
    }
    const nurse = OCCUPATIONS.find((occupation) => occupation.code === '07')!;
    expect(occupationLabel(nurse, 'en')).toBe('Nurse');
    expect(occupationLabel(nurse, 'zh-Hans')).toBe('护士');
    expect(occupationLabel(nurse, 'zh-Hant')).toBe('護士');
  });

  it.each([
    ['teacher', 'en', '06'],
    ['Teacher ', 'en', '06'],
    ['護士', 'zh-Hant', '07'],
    ['护士', 'zh-Hans', '07'],
    ['護士', 'zh-Hans', '07'],
    ['driver', 'en', '13'],
    ['taxi', 'en', '13'],
    ['的士', 'zh-Hant', '13'],
    ['司機', 'zh-Hant', '13'],
    ['chef', 'en', '12'],
    ['廚師', 'zh-Hant', '12'],
    ['electrician', 'en', '15'],
    ['carpenter', 'en', '19'],
    ['fisherman', 'en', '17'],
    ['nurse', 'zh-Hant', '07'],
    ['programmer', 'en', '09'],
    ['courier', 'en', '14'],
  ])('finds %s (%s) first as %s', (query, language, code) => {
    expect(codes(query, language as 'en')[0]).toBe(code);
  });

  it('ranks a label that starts with the query above one that only contains it, jobs before classes', () => {
    // "Security guard" starts with "sec"; "Secretary" is only a synonym of the office clerk.
    expect(codes('sec').slice(0, 2)).toEqual(['11', '05']);
    // "manual" names class 03 only; the class comes last among equals but is still found.
    expect(codes('manual')).toContain('03');
    // Equal ranks keep the list's order.
    expect(codes('worker').slice(0, 2)).toEqual(['18', '1A']);
  });

  it('always ends with Others, lists everything for an empty query and nothing else for nonsense', () => {
    expect(codes('zzzz')).toEqual([OTHERS_OCCUPATION]);
    expect(codes('')).toHaveLength(OCCUPATIONS.length);
    expect(codes('').at(-1)).toBe(OTHERS_OCCUPATION);
    expect(codes('').indexOf('05')).toBeLessThan(codes('').indexOf('01'));
    // One Latin letter matches only a word's start: "t" finds the teacher, not "nurse" or "chef".
    expect(codes('t')).toContain('06');
    expect(codes('t')).not.toContain('12');
  });
});
