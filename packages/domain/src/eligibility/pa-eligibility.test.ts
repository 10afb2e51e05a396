import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import { paAgeFacts, validateDateOfBirth } from './ages.ts';

/**
 * Personal accident eligibility by market (pa-home-payments section 5), each limit tried on both sides,
 * ages on the effective date 24/11/2026.
 */
const on = localDate(2026, 11, 24);
const check = (
  country: 'SGP' | 'HKG',
  role: 'applicant' | 'adult' | 'child',
  dateOfBirth: string,
  fullTimeStudent = false,
) => validateDateOfBirth({ product: 'PAN', country, role, dateOfBirth, on, fullTimeStudent });

describe('personal accident ages (pa-home-payments section 5)', () => {
  it.each([
    // Singapore adults and applicants 18 to 70.
    ['SGP', 'adult', '24/11/2008', null],
    ['SGP', 'adult', '25/11/2008', K.paBirthDateBelow18],
    ['SGP', 'adult', '25/11/1955', null],
    ['SGP', 'adult', '24/11/1955', K.birthDateOver70],
    ['SGP', 'applicant', '24/11/2008', null],
    ['SGP', 'applicant', '25/11/2008', K.paBirthDateBelow18],
    ['SGP', 'applicant', '24/11/1955', K.birthDateOver70],
    // Hong Kong insured adults from 6 months to 70; the policyholder is still an adult of 18 to 70.
    ['HKG', 'adult', '24/05/2026', null],
    ['HKG', 'adult', '25/05/2026', K.birthDateBelow6Months],
    ['HKG', 'adult', '25/11/1955', null],
    ['HKG', 'adult', '24/11/1955', K.birthDateOver70],
    ['HKG', 'applicant', '25/11/2008', K.paBirthDateBelow18],
    ['HKG', 'applicant', '25/11/1955', null],
  ] as const)('%s %s born %s → %s', (country, role, dateOfBirth, key) => {
    expect(check(country, role, dateOfBirth)).toBe(key);
  });

  it.each([
    // Singapore children from 1 month; from 18 only as full-time students, to 25.
    ['SGP', '24/10/2026', false, null],
    ['SGP', '25/10/2026', false, K.birthDateBelow1Month],
    ['SGP', '25/11/2008', false, null],
    ['SGP', '24/11/2008', false, K.fullTimeStudentUnchecked],
    ['SGP', '24/11/2008', true, null],
    ['SGP', '25/11/2000', true, null],
    ['SGP', '24/11/2000', true, K.birthDateOver26],
    // Hong Kong children from 6 months; to 17, then to 25 as (unmarried) full-time students.
    ['HKG', '24/05/2026', false, null],
    ['HKG', '25/05/2026', false, K.birthDateBelow6Months],
    ['HKG', '24/10/2026', false, K.birthDateBelow6Months],
    ['HKG', '25/11/2008', false, null],
    ['HKG', '24/11/2008', false, K.fullTimeStudentUnchecked],
    ['HKG', '25/11/2000', true, null],
    ['HKG', '24/11/2000', true, K.birthDateOver26],
  ] as const)('%s child born %s, student %s → %s', (country, dateOfBirth, student, key) => {
    expect(check(country, 'child', dateOfBirth, student)).toBe(key);
  });
});

describe('the personal accident ages the copy names', () => {
  it('reads them from the rules of each market', () => {
    expect(paAgeFacts('SGP')).toEqual({
      applicantMin: 18,
      applicantMax: 70,
      adultMinMonths: 216,
      adultMax: 70,
      renewableTo: 70,
      childMinMonths: 1,
      childMaxAge: 17,
      studentMaxAge: 25,
      reducedFrom: 65,
      reducedTo: 70,
    });
    expect(paAgeFacts('HKG')).toMatchObject({
      adultMinMonths: 6,
      adultMax: 70,
      renewableTo: 75,
      childMinMonths: 6,
    });
  });
});
