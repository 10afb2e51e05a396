import { describe, expect, it } from 'vitest';
import { addDays, formatIso, parseIso } from '../dates/local-date.ts';
import { ZDashboardQuery } from './dashboard-requests.ts';
import { DASHBOARD_MAX_RANGE_DAYS } from './dashboard-rules.ts';

/** The paths and codes the schema refuses a query with. */
const refused = (query: Record<string, unknown>) =>
  ZDashboardQuery.safeParse(query).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.code}`) ??
  [];

/** The day `days` after 1 January 2027 (not a leap year), as YYYY-MM-DD. */
const day = (days: number) => formatIso(addDays(parseIso('2027-01-01')!, days));

describe("the dashboard's question (decision 123)", () => {
  it('asks with nothing (the server fills the range in), or a range, a product and a market', () => {
    expect(ZDashboardQuery.parse({})).toEqual({});
    expect(
      ZDashboardQuery.parse({ from: '2026-11-24', to: '2026-11-25', product: 'PTR', market: 'HKG' }),
    ).toEqual({ from: '2026-11-24', to: '2026-11-25', product: 'PTR', market: 'HKG' });
    expect(refused({ product: 'CAR', market: 'MYS' })).toEqual([
      'product:invalid_value',
      'market:invalid_value',
    ]);
    expect(refused({ from: '2026-02-30', to: '' })).toEqual(['from:invalid_format', 'to:invalid_format']);
  });

  it('takes a range of one day up to the longest, never one that starts after it ends', () => {
    expect(refused({ from: day(0), to: day(0) })).toEqual([]);
    expect(refused({ from: day(0), to: day(DASHBOARD_MAX_RANGE_DAYS - 1) })).toEqual([]);
    expect(refused({ from: day(0), to: day(DASHBOARD_MAX_RANGE_DAYS) })).toEqual(['from:too_big']);
    expect(refused({ from: day(1), to: day(0) })).toEqual(['from:custom']);
    expect(ZDashboardQuery.safeParse({ from: day(1), to: day(0) }).error?.issues[0]?.message).toBe(
      'The range starts after it ends.',
    );
    expect(ZDashboardQuery.safeParse({ from: day(0), to: day(400) }).error?.issues[0]?.message).toBe(
      `A range covers at most ${DASHBOARD_MAX_RANGE_DAYS} days.`,
    );
  });

  it('says a wrong range with a wrong filter at once', () => {
    expect(refused({ from: day(1), to: day(0), market: 'MYS' })).toEqual([
      'market:invalid_value',
      'from:custom',
    ]);
  });

  it('keeps the longest range a leap year', () => {
    expect(DASHBOARD_MAX_RANGE_DAYS).toBe(366);
  });
});
