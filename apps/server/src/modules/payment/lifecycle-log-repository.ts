import type { TDb } from '../../db/database.ts';
import { paymentLifecycleLogs } from '../../db/schema.ts';

/** What the payment pages report about a payment's journey (`POST /payment/log`). */
export function createLifecycleLogRepository(db: TDb) {
  return {
    addLifecycleLog: async (entry: {
      policyId: string | null;
      referenceNumber: string | null;
      entry: unknown;
    }) => {
      await db.insert(paymentLifecycleLogs).values(entry);
    },
  };
}

export type TLifecycleLogRepository = ReturnType<typeof createLifecycleLogRepository>;
