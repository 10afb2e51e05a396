import { addDays, formatDmy, todayIn } from '@lionrock/domain/dates/local-date';

/** The shop's calendar: Singapore and Hong Kong share the same offset, so one zone serves both. */
export const SHOP_TIME_ZONE = 'Asia/Singapore';

/** The date `days` after today in Singapore, as the shop's date field shows and takes it (DD/MM/YYYY). */
export function singaporeDateIn(days: number): string {
  return formatDmy(addDays(todayIn(SHOP_TIME_ZONE, new Date()), days));
}

/** Next year's December, as the card form's expiry field takes it (MM-YY). */
export function futureCardExpiry(): string {
  return `12-${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
}
