import type { THomeRateTable } from './home-rating.ts';
import homeTable from './tables/home.json' with { type: 'json' };

/**
 * The home rate table as data, without its zod schema (decision 059): what the home pages read until
 * they asked the server for the figures in force (decision 114); only a test reads it now. The bundled
 * `HOME_RATE_TABLE` (bundled-rate-tables.ts) parses the same file; their test checks that the two agree.
 */
export const HOME_RATE_DATA = homeTable as THomeRateTable;
