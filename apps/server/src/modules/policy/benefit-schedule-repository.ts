import { and, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { rateTables } from '../../db/schema.ts';

/** The active benefit-schedule versions (decision 091), newest effective first. */
export function createBenefitScheduleRepository(db: TDb) {
  return {
    listActiveVersions: () =>
      db
        .select({
          id: rateTables.id,
          product: rateTables.product,
          effectiveDate: rateTables.effectiveDate,
          version: rateTables.version,
          data: rateTables.data,
          activatedAt: rateTables.activatedAt,
        })
        .from(rateTables)
        .where(and(eq(rateTables.kind, 'benefits'), eq(rateTables.status, 'active')))
        .orderBy(desc(rateTables.effectiveDate), desc(rateTables.id)),
  };
}

export type TBenefitScheduleRepository = ReturnType<typeof createBenefitScheduleRepository>;
