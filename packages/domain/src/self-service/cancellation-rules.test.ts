import { describe, expect, it } from 'vitest';
import { annualEndDate } from '../dates/cover-period.ts';
import { addDays, localDate, type TLocalDate } from '../dates/local-date.ts';
import {
  cancellationQuote,
  FREE_LOOK_DAYS,
  freeLookEnds,
  CANCELLATION_REASON_KEYS as KEYS,
  SHORT_PERIOD_ADMIN_CHARGE_PERCENT,
  shortPeriodRefund,
  type TCancellationInput,
  wholeMonthsBetween,
} from './cancellation-rules.ts';

const start = localDate(2026, 3, 1);
const annual = (overrides: Partial<TCancellationInput> = {}): TCancellationInput => ({
  product: 'PTR',
  country: 'SGP',
  tripType: 'annual',
  startDate: start,
  endDate: annualEndDate(start),
  today: start,
  premiumCents: 36_000,
  hasClaim: false,
  ...overrides,
});
const onDay = (days: number, from: TLocalDate = start) => addDays(from, days);

describe('cancellationQuote', () => {
  it('keeps the market free-look days of the issue: 14 in Singapore, 21 in Hong Kong', () => {
    expect(FREE_LOOK_DAYS).toEqual({ SGP: 14, HKG: 21 });
    expect(SHORT_PERIOD_ADMIN_CHARGE_PERCENT).toBe(25);
  });

  it.each([
    ['SGP', 14, 'free-look'],
    ['SGP', 15, 'short-period'],
    ['HKG', 21, 'free-look'],
    ['HKG', 22, 'short-period'],
  ] as const)('%s, %i days after the start of cover: %s', (country, days, basis) => {
    const quote = cancellationQuote(annual({ country, today: onDay(days) }));
    expect(quote.basis).toBe(basis);
    expect(quote.allowed).toBe(true);
    if (basis === 'free-look') expect(quote.refundCents).toBe(36_000);
    else expect(quote.refundCents).toBeLessThan(36_000);
  });

  it('counts the free look over a leap day: 29 February is one of the 14 days', () => {
    const leapStart = localDate(2028, 2, 20);
    expect(freeLookEnds('SGP', leapStart)).toEqual(localDate(2028, 3, 5));
    const input = annual({ startDate: leapStart, endDate: annualEndDate(leapStart) });
    expect(cancellationQuote({ ...input, today: localDate(2028, 3, 5) }).basis).toBe('free-look');
    expect(cancellationQuote({ ...input, today: localDate(2028, 3, 6) }).basis).toBe('short-period');
    // In a common year the same start ends a day later in March.
    expect(freeLookEnds('SGP', localDate(2027, 2, 20))).toEqual(localDate(2027, 3, 6));
  });

  it('refunds in full before cover starts, for every product, renewal or not', () => {
    for (const product of ['PTR', 'PAN', 'PHM'] as const)
      for (const tripType of ['single', 'annual', null] as const) {
        const quote = cancellationQuote(
          annual({ product, tripType, today: onDay(-30), premiumCents: 5_000, isRenewal: true }),
        );
        expect(quote).toMatchObject({
          allowed: true,
          basis: 'free-look',
          refundCents: 5_000,
          reasonKey: KEYS.notStarted,
        });
      }
  });

  it('does not cancel a single trip once it has begun, even within the free look', () => {
    const trip = annual({ tripType: 'single', endDate: onDay(6) });
    expect(cancellationQuote({ ...trip, today: onDay(-1) })).toMatchObject({
      allowed: true,
      basis: 'free-look',
      refundCents: 36_000,
    });
    for (const day of [0, 3, 6])
      expect(cancellationQuote({ ...trip, today: onDay(day) })).toMatchObject({
        allowed: false,
        basis: 'none',
        refundCents: 0,
        reasonKey: KEYS.tripStarted,
      });
  });

  it('refunds nothing and cancels nothing after a claim, even before cover starts', () => {
    for (const today of [onDay(-5), onDay(3), onDay(100)])
      expect(cancellationQuote(annual({ today, hasClaim: true }))).toMatchObject({
        allowed: false,
        basis: 'none',
        refundCents: 0,
        reasonKey: KEYS.claimMade,
      });
  });

  it('gives personal accident and home the same free look and short period as annual travel', () => {
    for (const product of ['PAN', 'PHM'] as const) {
      expect(cancellationQuote(annual({ product, tripType: null, today: onDay(14) })).basis).toBe(
        'free-look',
      );
      expect(cancellationQuote(annual({ product, tripType: null, today: onDay(15) })).basis).toBe(
        'short-period',
      );
    }
  });

  it('has no free look for a renewal: short period from its first day', () => {
    expect(cancellationQuote(annual({ today: onDay(1), isRenewal: true }))).toMatchObject({
      basis: 'short-period',
      refundCents: 24_750, // 11 whole months of 12 left, less 25%
      reasonKey: KEYS.shortPeriod,
    });
  });

  it('refuses after the last day of cover, and when not a whole month is left', () => {
    const end = annualEndDate(start);
    expect(cancellationQuote(annual({ today: end })).reasonKey).toBe(KEYS.noUnexpiredMonth);
    expect(cancellationQuote(annual({ today: addDays(end, 1) }))).toMatchObject({
      allowed: false,
      reasonKey: KEYS.coverEnded,
    });
    // 01/02/2027: exactly one whole month left (to 28/02), so a refund of 1/12 less 25%.
    expect(cancellationQuote(annual({ today: localDate(2027, 2, 1) })).refundCents).toBe(2_250);
    expect(cancellationQuote(annual({ today: localDate(2027, 2, 2) })).allowed).toBe(false);
  });
});

describe('shortPeriodRefund', () => {
  it('refunds the unexpired whole months less the charge, rounded half up once', () => {
    const input = { startDate: start, endDate: annualEndDate(start), premiumCents: 36_000 };
    // 16/03/2026: 11 whole months to 01/03/2027.
    expect(shortPeriodRefund({ ...input, today: localDate(2026, 3, 16) })).toBe(24_750);
    expect(shortPeriodRefund({ ...input, today: localDate(2026, 9, 1) })).toBe(13_500);
    // 333.33 × 6 / 12 × 0.75 = 124.99875 → 125.00
    expect(shortPeriodRefund({ ...input, premiumCents: 33_333, today: localDate(2026, 9, 1) })).toBe(12_500);
  });

  it('counts whole calendar months, clamping at a month end', () => {
    expect(wholeMonthsBetween(localDate(2026, 1, 31), localDate(2026, 2, 28))).toBe(1);
    expect(wholeMonthsBetween(localDate(2026, 1, 31), localDate(2026, 2, 27))).toBe(0);
    expect(wholeMonthsBetween(localDate(2026, 3, 1), localDate(2027, 3, 1))).toBe(12);
    expect(wholeMonthsBetween(localDate(2028, 2, 29), localDate(2029, 2, 28))).toBe(12);
  });
});
