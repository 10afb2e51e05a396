import { describe, expect, it } from 'vitest';
import { annualEndDate } from './cover-period.ts';
import { daysBetween, localDate } from './local-date.ts';

describe('the annual cover period (travel-flow and pa-home-payments section 9)', () => {
  it.each([
    [localDate(2026, 12, 1), localDate(2027, 11, 30), 365],
    [localDate(2027, 3, 1), localDate(2028, 2, 29), 366],
    [localDate(2028, 2, 29), localDate(2029, 2, 27), 365],
    [localDate(2026, 1, 1), localDate(2026, 12, 31), 365],
  ])('a policy from %o ends a year less a day later', (start, end, days) => {
    expect(annualEndDate(start)).toEqual(end);
    expect(daysBetween(start, end) + 1).toBe(days);
  });
});
