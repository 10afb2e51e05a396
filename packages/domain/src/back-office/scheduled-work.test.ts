import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import {
  BUSINESS_DATE_RANGE,
  businessDateProblem,
  businessInstant,
  SCHEDULED_WORK_JOBS,
  ZScheduledWorkRun,
} from './scheduled-work.ts';

/** 23:30 UTC on 28 November is already 29 November in Singapore and Hong Kong (UTC+8). */
const NOW = new Date('2026-11-28T23:30:00.000Z');

describe('scheduled work for a business date (decision 129)', () => {
  it('moves now by whole days to the business date, on the market’s calendar', () => {
    expect(businessInstant(localDate(2026, 11, 29), 'SGP', NOW)).toEqual(NOW);
    expect(businessInstant(localDate(2026, 12, 29), 'HKG', NOW).toISOString()).toBe(
      '2026-12-28T23:30:00.000Z',
    );
    expect(businessInstant(localDate(2026, 11, 28), 'SGP', NOW).toISOString()).toBe(
      '2026-11-27T23:30:00.000Z',
    );
  });

  it('accepts a date a year back to two years ahead of the market’s today', () => {
    expect(businessDateProblem('2026-11-29', 'SGP', NOW)).toBeNull();
    expect(businessDateProblem('2028-12-30', 'SGP', NOW)).toBeNull();
    expect(BUSINESS_DATE_RANGE.daysAhead).toBe(762);
    expect(businessDateProblem('2028-12-31', 'SGP', NOW)).toBe(
      'Choose a business date at most two years ahead.',
    );
    expect(businessDateProblem('2025-11-28', 'HKG', NOW)).toBeNull();
    expect(businessDateProblem('2025-11-27', 'HKG', NOW)).toBe('Choose a business date at most a year back.');
    expect(businessDateProblem('2026-02-30', 'HKG', NOW)).toBe('Enter a business date.');
  });

  it('runs at least one known job in a known market', () => {
    const run = { country: 'SGP', businessDate: '2026-12-01', jobs: ['renewalScan'] };
    expect(ZScheduledWorkRun.parse(run)).toEqual(run);
    expect(ZScheduledWorkRun.safeParse({ ...run, jobs: [...SCHEDULED_WORK_JOBS] }).success).toBe(true);
    expect(ZScheduledWorkRun.safeParse({ ...run, jobs: [] }).success).toBe(false);
    expect(ZScheduledWorkRun.safeParse({ ...run, jobs: ['clock'] }).success).toBe(false);
    expect(ZScheduledWorkRun.safeParse({ ...run, country: 'MYS' }).success).toBe(false);
    expect(ZScheduledWorkRun.safeParse({ ...run, businessDate: '01/12/2026' }).success).toBe(false);
  });
});
