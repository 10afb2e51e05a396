import { createHash } from 'node:crypto';
import { PA_BENEFITS, TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { HOME_BENEFITS } from '@lionrock/domain/rating/benefits/home-benefits';
import {
  HOME_RATE_TABLE,
  PA_RATE_TABLE,
  TRAVEL_RATE_TABLES,
} from '@lionrock/domain/rating/bundled-rate-tables';
import type { TDb } from '../database.ts';
import { rateTables } from '../schema.ts';

/**
 * The versioned rate tables and benefit schedules of the domain, loaded into the database at every
 * start (design section 7, rating/README.md: tables are data the server loads). A version already stored is never overwritten: a
 * changed table must carry a new version.
 */
export const BUNDLED_TABLES = [
  { product: 'PTR', country: 'SGP', kind: 'rates', table: TRAVEL_RATE_TABLES.SGP },
  { product: 'PTR', country: 'HKG', kind: 'rates', table: TRAVEL_RATE_TABLES.HKG },
  { product: 'PAN', country: 'ALL', kind: 'rates', table: PA_RATE_TABLE },
  { product: 'PHM', country: 'ALL', kind: 'rates', table: HOME_RATE_TABLE },
  { product: 'PTR', country: 'ALL', kind: 'benefits', table: TRAVEL_BENEFITS },
  { product: 'PAN', country: 'ALL', kind: 'benefits', table: PA_BENEFITS },
  { product: 'PHM', country: 'ALL', kind: 'benefits', table: HOME_BENEFITS },
] as const;

export async function loadRateTables(db: TDb): Promise<number> {
  const rows = BUNDLED_TABLES.map(({ product, country, kind, table }) => ({
    product,
    country,
    kind,
    version: table.version,
    effectiveDate: table.effectiveDate,
    checksum: createHash('sha256').update(JSON.stringify(table)).digest('hex'),
    data: table,
  }));
  const inserted = await db
    .insert(rateTables)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: rateTables.id });
  return inserted.length;
}
