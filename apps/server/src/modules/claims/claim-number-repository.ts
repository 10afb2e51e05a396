import type { TCountry } from '@lionrock/domain/market/market';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { rowsOf } from '../../db/execute-rows.ts';

/** SQL only: the digits of claim numbers, one sequence a market (decision 073). */
export function createClaimNumberRepository(executor: Pick<TDb, 'execute'>) {
  return {
    /** The market's next value from its own sequence: unique across every instance. */
    async nextValue(country: TCountry): Promise<number> {
      const sequence = country === 'SGP' ? 'claim_number_sgp_seq' : 'claim_number_hkg_seq';
      const result = await executor.execute(sql`select nextval(${sequence}) as value`);
      return Number(rowsOf<{ value: string | number }>(result)[0]!.value);
    },
  };
}

export type TClaimNumberRepository = ReturnType<typeof createClaimNumberRepository>;
