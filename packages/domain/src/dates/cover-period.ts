import { addDays, addYears, type TLocalDate } from './local-date.ts';

/**
 * The cover period's numbers (decision 050), one place for every product: a policy starts from today
 * up to this many days ahead (travel-flow section 9 "departure window", pa-home-payments section 9
 * "effective date"), and an annual policy ends a year less a day after it starts.
 */
export const COVER_START_WINDOW_DAYS = 90;

/** An annual policy's last day: one year after its first day, less a day (travel-flow and pa-home-payments section 9). */
export function annualEndDate(start: TLocalDate): TLocalDate {
  return addDays(addYears(start, 1), -1);
}
