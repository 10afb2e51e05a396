import { lt } from 'drizzle-orm';
import type { TDb } from './database.ts';
import { clientLogs, paymentLifecycleLogs } from './schema.ts';

/** SQL only: the logs past their retention, deleted (the job `jobs/prune-client-logs.ts` says when). */
export function createLogRetentionRepository(db: TDb) {
  /** The table's rows written before the time; answers how many went. */
  async function deleteBefore(table: typeof clientLogs | typeof paymentLifecycleLogs, before: Date) {
    const deleted = await db.delete(table).where(lt(table.createdAt, before)).returning({ id: table.id });
    return deleted.length;
  }
  return {
    /** The browser's error reports. */
    deleteClientLogsBefore: (before: Date): Promise<number> => deleteBefore(clientLogs, before),
    /** The browser's accounts of payments. */
    deleteLifecycleLogsBefore: (before: Date): Promise<number> => deleteBefore(paymentLifecycleLogs, before),
  };
}

export type TLogRetentionRepository = ReturnType<typeof createLogRetentionRepository>;
