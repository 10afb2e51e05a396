import type { THomeRateTable } from './home-rating.ts';
import homeTable from './tables/home.json' with { type: 'json' };

/**
 * The home rate table as data, without its zod schema (decision 059): what the home pages read (the
 * contents each plan includes), so the schema library stays out of their scripts (decision 020). The
 * server rates from `HOME_RATE_TABLE` (home-rating.ts), which parses the same file; their test checks
 * that the two agree.
 */
export const HOME_RATE_DATA = homeTable as THomeRateTable;
