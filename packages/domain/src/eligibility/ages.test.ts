import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import {
  dateOfBirthPickerBounds,
  hasReducedPaBenefits,
  isSenior,
  SENIOR_AGE,
  shouldAutoTickStudent,
  showsSeniorNotice,
  type TDateOfBirthCheck,
  travelAgeFacts,
  validateDateOfBirth,
} from './ages.ts';

const on = localDate(2026, 11, 23);
const check = (overrides: Partial<TDateOfBirthCheck>) =>
  validateDateOfBirth({
    product: 'PTR',
    country: 'SGP',
    role: 'applicant',
    dateOfBirth: '01/01/1980',
    on,
    ...overrides,
  });

describe('ages on the start date (eligibility tables)', () => {
  it('wants a valid date', () => {
    expect(check({ dateOfBirth: '' })).toBe(K.birthDateRequired);
    expect(check({ dateOfBirth: '31/02/1980' })).toBe(K.birthDateInvalid);
    expect(check({ dateOfBirth: '01/01/1899' })).toBe(K.birthDateInvalid);
    expect(check({ dateOfBirth: '24/11/2026' })).toBe(K.birthDateInvalid);
  });

  it.each<[Partial<TDateOfBirthCheck>, string, string | null]>([
    // travel applicant 18–70
    [{}, '23/11/2008', null],
    [{}, '24/11/2008', K.birthDateBelow18],
    [{}, '24/11/1955', null],
    [{}, '23/11/1955', K.birthDateOver70],
    // travel adult insured: 18 and over, no upper limit
    [{ role: 'adult' }, '01/01/1930', null],
    [{ role: 'adult' }, '24/11/2008', K.birthDateBelow18],
    // travel child: 1 month to 26, student from 18
    [{ role: 'child' }, '23/10/2026', null],
    [{ role: 'child' }, '24/10/2026', K.birthDateBelow1Month],
    [{ role: 'child' }, '23/11/2008', K.fullTimeStudentUnchecked],
    [{ role: 'child', fullTimeStudent: true }, '24/11/2000', null],
    [{ role: 'child', fullTimeStudent: true }, '23/11/2000', K.birthDateOver26],
    // PA Singapore adults 18–70
    [{ product: 'PAN', role: 'adult' }, '23/11/1955', K.birthDateOver70],
    // PA Hong Kong insured from 6 months
    [{ product: 'PAN', country: 'HKG', role: 'adult' }, '23/05/2026', null],
    [{ product: 'PAN', country: 'HKG', role: 'adult' }, '24/05/2026', K.birthDateBelow6Months],
    [{ product: 'PAN', country: 'HKG', role: 'child' }, '24/05/2026', K.birthDateBelow6Months],
    [{ product: 'PAN', country: 'HKG', role: 'child' }, '23/11/2008', K.fullTimeStudentUnchecked],
    [{ product: 'PAN', country: 'HKG', role: 'child' }, '24/11/2008', null],
  ])('%j born %s → %s', (overrides, dateOfBirth, key) => {
    expect(check({ ...overrides, dateOfBirth })).toBe(key);
  });

  it('auto-ticks the student box from 18 within the limit', () => {
    expect(shouldAutoTickStudent('PTR', 'SGP', '23/11/2008', on)).toBe(true);
    expect(shouldAutoTickStudent('PTR', 'SGP', '24/11/2008', on)).toBe(false);
    expect(shouldAutoTickStudent('PTR', 'SGP', '23/11/2000', on)).toBe(false);
    expect(shouldAutoTickStudent('PTR', 'SGP', 'bad', on)).toBe(false);
  });

  it('flags seniors over 80 and PA adults of 65 to 70 in both markets', () => {
    expect(isSenior('23/11/1945', on)).toBe(true);
    expect(isSenior('24/11/1945', on)).toBe(false);
    expect(isSenior('', on)).toBe(false);
    expect(showsSeniorNotice(['01/01/1990', '23/11/1945'], on, true)).toBe(true);
    expect(showsSeniorNotice(['01/01/1990', '23/11/1945'], on, false)).toBe(false);
    expect(showsSeniorNotice(['01/01/1990', '24/11/1945', ''], on, true)).toBe(false);
    expect(hasReducedPaBenefits('SGP', '23/11/1961', on)).toBe(true);
    expect(hasReducedPaBenefits('SGP', '24/11/1961', on)).toBe(false);
    expect(hasReducedPaBenefits('SGP', '23/11/1955', on)).toBe(false);
    expect(hasReducedPaBenefits('HKG', '23/11/1961', on)).toBe(true);
    expect(hasReducedPaBenefits('SGP', 'x', on)).toBe(false);
  });

  it('sets the date-picker windows', () => {
    expect(dateOfBirthPickerBounds('PTR', 'adult', on)).toEqual({
      earliest: localDate(1900, 1, 1),
      latest: localDate(2008, 11, 23),
      defaultFocus: localDate(1980, 1, 1),
    });
    expect(dateOfBirthPickerBounds('PTR', 'child', on)).toMatchObject({
      latest: localDate(2026, 8, 23),
      earliest: localDate(2001, 11, 24),
    });
    expect(dateOfBirthPickerBounds('PAN', 'child', on)).toMatchObject({ latest: localDate(2026, 10, 23) });
  });
});

describe('the ages the travel copy names', () => {
  it('are the rules: policyholder 18–70, adults from 18 with no maximum, seniors over 80, children to 25', () => {
    for (const country of ['SGP', 'HKG'] as const) {
      const facts = travelAgeFacts(country);
      expect(facts).toEqual({
        applicantMin: 18,
        applicantMax: 70,
        adultMin: 18,
        seniorAge: 80,
        childMaxAge: 17,
        studentMaxAge: 25,
        childUnder: 26,
        studentFrom: 18,
      });
      const start = localDate(2026, 6, 1);
      expect(isSenior('01/06/1945', start)).toBe(true);
      expect(isSenior('02/06/1945', start)).toBe(false);
      expect(
        validateDateOfBirth({ product: 'PTR', country, role: 'adult', dateOfBirth: '01/01/1940', on: start }),
      ).toBeNull();
    }
    expect(SENIOR_AGE).toBe(80);
  });
});
