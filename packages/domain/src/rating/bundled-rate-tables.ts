import type { TCountry } from '../market/market.ts';
import { type THomeRateTable, ZHomeRateTableSchema } from './home-rating.ts';
import { type TPaRateTable, ZPaRateTableSchema } from './pa-rating.ts';
import homeTable from './tables/home.json' with { type: 'json' };
import paTable from './tables/pa.json' with { type: 'json' };
import travelHkg from './tables/travel-hkg.json' with { type: 'json' };
import travelSgp from './tables/travel-sgp.json' with { type: 'json' };
import { type TTravelRateTable, ZTravelRateTableSchema } from './travel-rating.ts';

/**
 * The rate tables bundled with the domain, parsed: what the seed loads into `rate_tables` at every
 * start, and what tests rate with. Nothing a customer reads is written from them: the server prices
 * and states its figures from the versions in force (decisions 085, 114), which underwriting may have
 * replaced. `npm run boundaries` (`rates-in-force-only`) lets only this folder, the seed and tests
 * import this module.
 */
export const PA_RATE_TABLE: TPaRateTable = ZPaRateTableSchema.parse(paTable);
export const HOME_RATE_TABLE: THomeRateTable = ZHomeRateTableSchema.parse(homeTable);
export const TRAVEL_RATE_TABLES: Record<TCountry, TTravelRateTable> = {
  SGP: ZTravelRateTableSchema.parse(travelSgp),
  HKG: ZTravelRateTableSchema.parse(travelHkg),
};
