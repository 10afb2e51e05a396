import { formatIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TRatingTables } from '@lionrock/domain/policy/rate-policy';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { coverStartDay, todayInMarket } from './benefit-schedules.ts';

/**
 * The rate tables a document states figures from (decision 114): the PA family rules, "from" price and
 * optional covers, the home plans, included contents and optional covers' premiums.
 */
export type TDocumentRates = Pick<TRatingTables, 'pa' | 'home'>;

/** No version of a rate table was in force on the day asked (earlier than every version). */
export class NoRatesInForceError extends Error {
  override name = 'NoRatesInForceError';
}

/**
 * The rate tables the documents are written from, read as pricing reads them (`pricing.tables`: one
 * cache, dropped on `rate_tables`' change notification), so a document and the price of its day come
 * from one version. For the same days as the benefit schedules (`benefit-schedules.ts`): an issued
 * policy's documents the day its cover starts, among the versions active when it was issued (decision
 * 098); the generic documents (brochure, wording) today in the market.
 */
export function createDocumentRates(deps: {
  tables: (on: TLocalDate, activeAt?: Date) => Promise<TRatingTables | null>;
  now: () => Date;
}) {
  async function on(date: TLocalDate, activeAt?: Date): Promise<TDocumentRates> {
    const tables = await deps.tables(date, activeAt);
    // The seed loads the bundled versions at every start: none in force means a broken database.
    if (!tables) throw new NoRatesInForceError(`No rate table in force on ${formatIso(date)}`);
    return { pa: tables.pa, home: tables.home };
  }
  return {
    on,
    /** The tables of an issued policy's schedule: in force the day its cover starts, as when it was issued. */
    forPolicy: (policy: TPolicy, issuedAt: Date) => on(coverStartDay(policy, deps.now()), issuedAt),
    /** The tables of the generic documents: in force today in the market. */
    today: (country: TCountry) => on(todayInMarket(country, deps.now())),
  };
}

export type TDocumentRateStore = ReturnType<typeof createDocumentRates>;
