import {
  compareDates,
  formatIso,
  parseIso,
  type TLocalDate,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { ratingDateOf } from '@lionrock/domain/policy/rate-policy';
import {
  PA_BENEFITS,
  type TPaBenefits,
  TRAVEL_BENEFITS,
  type TTravelBenefits,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import {
  ZPaBenefitsSchema,
  ZTravelBenefitsSchema,
} from '@lionrock/domain/rating/benefits/benefit-schedules-schema';
import { HOME_BENEFITS, type THomeBenefits } from '@lionrock/domain/rating/benefits/home-benefits';
import { ZHomeBenefitsSchema } from '@lionrock/domain/rating/benefits/home-benefits-schema';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { createTableCache, type TChangeNotifier } from '../../db/change-notifier.ts';
import type { TBenefitScheduleRepository } from './benefit-schedule-repository.ts';

/** The three benefit schedules one document is written from (decision 091). */
export type TBenefitSchedules = { travel: TTravelBenefits; pa: TPaBenefits; home: THomeBenefits };

/**
 * The schedules bundled with the domain: what the seed loads into `rate_tables` at every start, and
 * what a unit test of a document renders with. The server's documents read `rate_tables` instead.
 */
export const BUNDLED_BENEFIT_SCHEDULES: TBenefitSchedules = {
  travel: TRAVEL_BENEFITS,
  pa: PA_BENEFITS,
  home: HOME_BENEFITS,
};

type TScheduleRow = { id: number; product: string; effectiveDate: string; data: unknown };

/**
 * The benefit schedules in force on a date: per product, the newest of the given rows (active
 * benefit-schedule rows, newest effective first) already effective then, as `ratingTablesOn` picks
 * rate tables. Null when a product has none in force that day.
 */
export function benefitSchedulesOn(
  rows: readonly TScheduleRow[],
  on: TLocalDate,
  parse: <T>(data: unknown, schema: { parse(value: unknown): T }) => T = (data, schema) => schema.parse(data),
): TBenefitSchedules | null {
  const inForce = rows.filter((row) => compareDates(parseIso(row.effectiveDate)!, on) <= 0);
  const pick = (product: string) => inForce.find((row) => row.product === product)?.data;
  const travel = pick('PTR');
  const pa = pick('PAN');
  const home = pick('PHM');
  if (!travel || !pa || !home) return null;
  return {
    travel: parse(travel, ZTravelBenefitsSchema) as TTravelBenefits,
    pa: parse(pa, ZPaBenefitsSchema) as TPaBenefits,
    home: parse(home, ZHomeBenefitsSchema) as THomeBenefits,
  };
}

/** No version of a product's schedule was in force on the day asked (earlier than every version). */
export class NoScheduleInForceError extends Error {
  override name = 'NoScheduleInForceError';
}

/** Today in a market (Singapore and Hong Kong share UTC+8). */
export function todayInMarket(country: TCountry, now: Date): TLocalDate {
  return todayIn(MARKETS[country].timeZone, now);
}

/**
 * The day an issued policy's documents are written for: the day its cover starts, as it was rated
 * (`ratingDateOf`), or today in its market. Its benefit schedules and its rate tables are both read for it.
 */
export function coverStartDay(policy: TPolicy, now: Date): TLocalDate {
  return ratingDateOf(policy) ?? todayInMarket(policy.country, now);
}

/**
 * The active benefit schedules, read from `rate_tables` through a cache every instance drops on the
 * table's change notification, like pricing's rate tables. A policy's documents use the version in force
 * on the day its cover starts; the generic documents the version in force today in the market.
 */
export function createBenefitSchedules(deps: {
  repository: Pick<TBenefitScheduleRepository, 'listActiveVersions'>;
  notifier: TChangeNotifier;
  now: () => Date;
}) {
  const parsedRows = new WeakMap<object, unknown>();
  function parsed<T>(data: unknown, schema: { parse(value: unknown): T }): T {
    const key = data as object;
    if (!parsedRows.has(key)) parsedRows.set(key, schema.parse(data));
    return parsedRows.get(key) as T;
  }
  const cache = createTableCache(deps.notifier, ['rate_tables'], () => deps.repository.listActiveVersions());

  async function on(date: TLocalDate, issuedAt?: Date): Promise<TBenefitSchedules> {
    const rows = await cache.get();
    // A policy keeps the benefits it was sold with: a version activated after its issue, even one
    // effective before its cover starts, is not its contract (decision 098). None active then (a
    // policy older than every version) leaves the versions active now.
    const known = issuedAt ? rows.filter((row) => row.activatedAt <= issuedAt) : rows;
    const schedules =
      benefitSchedulesOn(known, date, parsed) ??
      (known === rows ? null : benefitSchedulesOn(rows, date, parsed));
    // The seed loads the bundled versions at every start, effective long before any policy: none in
    // force means a broken database, not a reason to print another schedule.
    if (!schedules) throw new NoScheduleInForceError(`No benefit schedule in force on ${formatIso(date)}`);
    return schedules;
  }

  return {
    on,
    /**
     * The schedules an issued policy's documents are written from: those in force on the day its cover
     * starts, among the versions active when it was issued (decision 098).
     */
    forPolicy: (policy: TPolicy, issuedAt: Date) => on(coverStartDay(policy, deps.now()), issuedAt),
    /** The schedules of the generic documents (brochure, wording): in force today in the market. */
    today: (country: TCountry) => on(todayInMarket(country, deps.now())),
    /** The versions in force today, so a document rendered once is rendered again when they change. */
    async versionsToday(country: TCountry): Promise<string> {
      const today = todayInMarket(country, deps.now());
      const rows = (await cache.get()).filter(
        (row) => compareDates(parseIso(row.effectiveDate)!, today) <= 0,
      );
      return ['PTR', 'PAN', 'PHM']
        .map((product) => rows.find((row) => row.product === product)?.id)
        .join('/');
    },
  };
}

export type TBenefitScheduleStore = ReturnType<typeof createBenefitSchedules>;
