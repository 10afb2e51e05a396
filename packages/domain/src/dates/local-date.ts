/**
 * A calendar date with no time and no zone. Dates on the wire are DD/MM/YYYY (conventions: Money,
 * dates, time); inside the domain they are LocalDate values. "Today" is always passed in.
 */
export type TLocalDate = { readonly year: number; readonly month: number; readonly day: number };

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const MS_PER_DAY = 86_400_000;

export function localDate(year: number, month: number, day: number): TLocalDate {
  const candidate = { year, month, day };
  if (!isValidDate(candidate)) throw new RangeError(`not a calendar date: ${year}-${month}-${day}`);
  return candidate;
}

export function isValidDate({ year, month, day }: TLocalDate): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Strict DD/MM/YYYY; anything else (or 31/02/2026) is null. */
export function parseDmy(text: string): TLocalDate | null {
  const match = DMY.exec(text);
  if (!match) return null;
  const candidate = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  return isValidDate(candidate) ? candidate : null;
}

export function formatDmy({ year, month, day }: TLocalDate): string {
  return `${pad2(day)}/${pad2(month)}/${String(year).padStart(4, '0')}`;
}

/** YYYY-MM-DD, for SQL `date` columns and ISO consumers. */
export function formatIso({ year, month, day }: TLocalDate): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

export function parseIso(text: string): TLocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const candidate = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDate(candidate) ? candidate : null;
}

export function toEpochDay({ year, month, day }: TLocalDate): number {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function fromEpochDay(epochDay: number): TLocalDate {
  const date = new Date(epochDay * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(date: TLocalDate, days: number): TLocalDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Calendar months; the day is clamped to the month's end (31/01 + 1 month = 28/02 or 29/02). */
export function addMonths(date: TLocalDate, months: number): TLocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function addYears(date: TLocalDate, years: number): TLocalDate {
  return addMonths(date, years * 12);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: TLocalDate, to: TLocalDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function compareDates(a: TLocalDate, b: TLocalDate): number {
  return toEpochDay(a) - toEpochDay(b);
}

export function isBefore(a: TLocalDate, b: TLocalDate): boolean {
  return compareDates(a, b) < 0;
}

/** Completed years of age on `on` (a person born 29/02 turns a year older on 28/02 in common years). */
export function ageInYears(birth: TLocalDate, on: TLocalDate): number {
  return Math.floor(ageInMonths(birth, on) / 12);
}

/** Completed months of age on `on`. */
export function ageInMonths(birth: TLocalDate, on: TLocalDate): number {
  let months = (on.year - birth.year) * 12 + (on.month - birth.month);
  const anniversary = addMonths(birth, months);
  if (compareDates(anniversary, on) > 0) months -= 1;
  return months;
}

/** Today's calendar date in a time zone, for the instant `now` (the caller owns the clock). */
export function todayIn(timeZone: string, now: Date): TLocalDate {
  // Every zone's day starts on a whole minute, so the answer holds for the rest of the minute: the
  // rating calls ask on every request, and formatting a date is their costliest step.
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = LAST_TODAY.get(timeZone);
  if (cached && cached.minute === minute) return cached.today;
  const offset = FIXED_UTC_OFFSET_MINUTES.get(timeZone);
  let today: TLocalDate;
  if (offset === undefined) {
    const parts = dayFormatter(timeZone).formatToParts(now);
    const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    today = { year: value('year'), month: value('month'), day: value('day') };
  } else {
    today = fromEpochDay(Math.floor((minute + offset) / 1440));
  }
  LAST_TODAY.set(timeZone, { minute, today: Object.freeze(today) });
  return today;
}

/**
 * The markets' zones keep one offset all year: UTC+8, without daylight saving, in Singapore since 1982
 * and in Hong Kong since 1979. Their day is found by arithmetic: the first time-zone formatter a
 * browser builds loads the zone data, about 20 ms of a phone's main thread on the landing's first render.
 */
export const FIXED_UTC_OFFSET_MINUTES: ReadonlyMap<string, number> = new Map([
  ['Asia/Singapore', 480],
  ['Asia/Hong_Kong', 480],
]);

const LAST_TODAY = new Map<string, { minute: number; today: TLocalDate }>();

// Building an Intl.DateTimeFormat is costly; one per time zone is kept (a formatter holds no state).
const DAY_FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = DAY_FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    DAY_FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
