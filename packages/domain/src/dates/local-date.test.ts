import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  ageInMonths,
  ageInYears,
  compareDates,
  daysBetween,
  daysInMonth,
  FIXED_UTC_OFFSET_MINUTES,
  formatDmy,
  formatIso,
  fromEpochDay,
  isBefore,
  isValidDate,
  localDate,
  parseDmy,
  parseIso,
  todayIn,
  toEpochDay,
} from './local-date.ts';

describe('local dates', () => {
  it('parses DD/MM/YYYY strictly', () => {
    expect(parseDmy('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDmy('29/02/2026')).toBeNull();
    expect(parseDmy('31/04/2026')).toBeNull();
    expect(parseDmy('1/2/2026')).toBeNull();
    expect(parseDmy('2026-02-01')).toBeNull();
    expect(parseDmy('00/01/2026')).toBeNull();
    expect(parseDmy('01/13/2026')).toBeNull();
    expect(formatDmy(localDate(2026, 1, 5))).toBe('05/01/2026');
  });

  it('parses and formats ISO dates', () => {
    expect(parseIso('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(parseIso('2026-02-30')).toBeNull();
    expect(parseIso('23/11/2026')).toBeNull();
    expect(formatIso(localDate(987, 3, 4))).toBe('0987-03-04');
  });

  it('refuses impossible dates', () => {
    expect(() => localDate(2026, 2, 29)).toThrow(RangeError);
    expect(isValidDate({ year: 2026, month: 1, day: 1.5 })).toBe(false);
    expect(isValidDate({ year: 0, month: 1, day: 1 })).toBe(false);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('adds days, months and years, clamping to the month end', () => {
    expect(addDays(localDate(2026, 12, 31), 1)).toEqual(localDate(2027, 1, 1));
    expect(addMonths(localDate(2026, 1, 31), 1)).toEqual(localDate(2026, 2, 28));
    expect(addMonths(localDate(2026, 3, 15), -3)).toEqual(localDate(2025, 12, 15));
    expect(addYears(localDate(2024, 2, 29), 1)).toEqual(localDate(2025, 2, 28));
    // Annual cover: one year after departure minus one day (travel-flow section 4).
    expect(addDays(addYears(localDate(2026, 11, 23), 1), -1)).toEqual(localDate(2027, 11, 22));
  });

  it('compares and measures', () => {
    const a = localDate(2026, 11, 23);
    const b = localDate(2027, 2, 21);
    expect(daysBetween(a, b)).toBe(90);
    expect(daysBetween(b, a)).toBe(-90);
    expect(compareDates(a, b)).toBeLessThan(0);
    expect(isBefore(a, b)).toBe(true);
    expect(fromEpochDay(toEpochDay(a))).toEqual(a);
  });

  it('computes completed ages', () => {
    const birth = localDate(2008, 11, 24);
    expect(ageInYears(birth, localDate(2026, 11, 23))).toBe(17);
    expect(ageInYears(birth, localDate(2026, 11, 24))).toBe(18);
    expect(ageInYears(localDate(2004, 2, 29), localDate(2022, 2, 28))).toBe(18);
    expect(ageInMonths(localDate(2026, 10, 24), localDate(2026, 11, 23))).toBe(0);
    expect(ageInMonths(localDate(2026, 10, 23), localDate(2026, 11, 23))).toBe(1);
  });

  it('reads today in the market time zone', () => {
    // 23 Nov 2026 17:30 UTC is already 24 Nov in Singapore and Hong Kong.
    const instant = new Date(Date.UTC(2026, 10, 23, 17, 30));
    expect(todayIn('Asia/Singapore', instant)).toEqual(localDate(2026, 11, 24));
    expect(todayIn('Asia/Hong_Kong', instant)).toEqual(localDate(2026, 11, 24));
    expect(todayIn('UTC', instant)).toEqual(localDate(2026, 11, 23));
  });

  it("finds the markets' day by their fixed offset as the time-zone database does", () => {
    const zoneDay = (timeZone: string, instant: Date) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      }).formatToParts(instant);
      const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
      return localDate(value('year'), value('month'), value('day'));
    };
    fc.assert(
      fc.property(
        // From 1983 (Singapore's last offset change was 1982) to 2100, any minute.
        fc.integer({ min: Date.UTC(1983, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }),
        (minute) => {
          const instant = new Date(minute * 60_000);
          return ['Asia/Singapore', 'Asia/Hong_Kong'].every(
            (zone) => daysBetween(todayIn(zone, instant), zoneDay(zone, instant)) === 0,
          );
        },
      ),
      { numRuns: 2000 },
    );
    // Either side of midnight in the markets (16:00 UTC).
    expect(todayIn('Asia/Singapore', new Date(Date.UTC(2026, 11, 31, 15, 59)))).toEqual(
      localDate(2026, 12, 31),
    );
    expect(todayIn('Asia/Singapore', new Date(Date.UTC(2026, 11, 31, 16, 0)))).toEqual(localDate(2027, 1, 1));
  });

  it('keeps addDays and daysBetween consistent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -600_000, max: 2_800_000 }),
        fc.integer({ min: -40_000, max: 40_000 }),
        (day, delta) => {
          const start = fromEpochDay(day);
          return daysBetween(start, addDays(start, delta)) === delta && parseDmy(formatDmy(start)) !== null;
        },
      ),
    );
  });
});

describe('FIXED_UTC_OFFSET_MINUTES', () => {
  it('is UTC+8 in both markets all year, and unknown for a zone with daylight saving', () => {
    expect(FIXED_UTC_OFFSET_MINUTES.get('Asia/Singapore')).toBe(480);
    expect(FIXED_UTC_OFFSET_MINUTES.get('Asia/Hong_Kong')).toBe(480);
    expect(FIXED_UTC_OFFSET_MINUTES.get('Europe/London')).toBeUndefined();
  });
});
