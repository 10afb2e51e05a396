import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { rowsOf } from '../../db/execute-rows.ts';

/**
 * SQL only: the digits of policy and receipt numbers, from database sequences, so two server instances
 * never hand out the same number. Made on the issuing transaction, which holds the policy's lock meanwhile.
 */
export function createPolicyNumberRepository(executor: Pick<TDb, 'execute'>) {
  return {
    /** The next value of each sequence, both drawn in one round trip. */
    async nextValues(): Promise<{ policy: number; receipt: number }> {
      const result = await executor.execute(
        sql`select nextval('policy_number_seq') as policy, nextval('receipt_number_seq') as receipt`,
      );
      const [row] = rowsOf<{ policy: string | number; receipt: string | number }>(result);
      return { policy: Number(row!.policy), receipt: Number(row!.receipt) };
    },
  };
}

export type TPolicyNumberRepository = ReturnType<typeof createPolicyNumberRepository>;
