import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { funnelCounts } from '../../db/schema.ts';

export type TFunnelCountRow = { day: string; product: string; market: string; step: string; count: number };

/** The funnel's counts (decision 090): added to the day's row, whichever instance counted them. */
export function createFunnelRepository(db: TDb) {
  return {
    async addCounts(rows: TFunnelCountRow[]): Promise<void> {
      await db
        .insert(funnelCounts)
        .values(rows)
        .onConflictDoUpdate({
          target: [funnelCounts.day, funnelCounts.product, funnelCounts.market, funnelCounts.step],
          set: { count: sql`${funnelCounts.count} + excluded.count` },
        });
    },
  };
}

export type TFunnelRepository = ReturnType<typeof createFunnelRepository>;
