import { HOME_RATE_TABLE, PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import type { TDocumentRates } from '../../src/modules/policy/document-rates.ts';

/**
 * The rate tables bundled with the domain as the documents take them: what the seed loads, for the
 * tests that render a document without a database. The server gives the versions in force (decision 114).
 */
export const BUNDLED_DOCUMENT_RATES: TDocumentRates = { pa: PA_RATE_TABLE, home: HOME_RATE_TABLE };
