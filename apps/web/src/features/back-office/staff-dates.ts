import {
  FIXED_UTC_OFFSET_MINUTES,
  formatDmy,
  fromEpochDay,
  parseIso,
} from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';

/**
 * How staff and agents read an instant: DD/MM/YYYY, and HH:mm where the time matters, on the markets'
 * clock. Singapore and Hong Kong are both UTC+8 all year (no daylight saving), so one clock serves both
 * markets' records; a time in UTC without its zone would be read as local and be eight hours wrong.
 */
const MARKET_OFFSET_MINUTES = FIXED_UTC_OFFSET_MINUTES.get(MARKETS.SGP.timeZone)!;
if (FIXED_UTC_OFFSET_MINUTES.get(MARKETS.HKG.timeZone) !== MARKET_OFFSET_MINUTES)
  throw new Error('The markets no longer share one clock: staff dates must say which market they are in.');

function parts(iso: string): { day: string; time: string } | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const minutes = Math.floor(instant / 60_000) + MARKET_OFFSET_MINUTES;
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    day: formatDmy(fromEpochDay(Math.floor(minutes / 1440))),
    time: `${two(Math.floor(inDay / 60))}:${two(inDay % 60)}`,
  };
}

/** The day of an instant, DD/MM/YYYY on the markets' clock; '' for none. */
export function staffDay(iso: string | null | undefined): string {
  return iso ? (parts(iso)?.day ?? iso) : '';
}

/** The day and time of an instant, "DD/MM/YYYY HH:mm" on the markets' clock; '' for none. */
export function staffMoment(iso: string | null | undefined): string {
  if (!iso) return '';
  const found = parts(iso);
  return found ? `${found.day} ${found.time}` : iso;
}

/** A calendar day as staff read it: a stored ISO day (2026-12-01) as DD/MM/YYYY; anything else as it is. */
export function staffCalendarDay(day: string | null | undefined): string {
  if (!day) return '';
  const parsed = parseIso(day);
  return parsed ? formatDmy(parsed) : day;
}
