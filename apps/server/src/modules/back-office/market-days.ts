import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';

const DAY_MS = 86_400_000;

/** The market-local date (YYYY-MM-DD) of an instant: each record in its own market's zone (Singapore's if unknown). */
export function localDayOf(country: string, at: Date): string {
  const market = MARKETS[country as TCountry] ?? MARKETS.SGP;
  return formatIso(todayIn(market.timeZone, at));
}

/**
 * The instants that hold every market's local days `from`..`to` (YYYY-MM-DD): a day on either side in
 * UTC. What a query finds between them is then kept or not by its own local date (`localDayOf`).
 */
export function instantsAround(range: { from: string; to: string }): { low: Date; high: Date } {
  return {
    low: new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS),
    high: new Date(Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS),
  };
}
