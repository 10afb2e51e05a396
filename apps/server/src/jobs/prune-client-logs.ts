import { lt, sql } from 'drizzle-orm';
import type { TDb } from '../db/database.ts';
import { clientLogs, paymentLifecycleLogs } from '../db/schema.ts';
import type { TJobDefinition } from './job-runner.ts';

/** Client error reports are kept 30 days, then pruned daily. */
export const CLIENT_LOG_RETENTION_DAYS = 30;

/**
 * What the browser reported of a payment is kept 120 days: long enough to answer a card dispute
 * (chargebacks are raised within about 120 days), then pruned with the client logs (decision 027).
 * The payment itself stays in `payments`; this is only the page's account of it.
 */
export const PAYMENT_LIFECYCLE_LOG_RETENTION_DAYS = 120;

export function pruneClientLogsJob(
  db: TDb,
): TJobDefinition<{ retentionDays?: number; lifecycleRetentionDays?: number }> {
  return {
    name: 'prune-client-logs',
    cron: '17 3 * * *',
    async handle(data) {
      const days = data?.retentionDays ?? CLIENT_LOG_RETENTION_DAYS;
      const lifecycleDays = data?.lifecycleRetentionDays ?? PAYMENT_LIFECYCLE_LOG_RETENTION_DAYS;
      const deleted = await db
        .delete(clientLogs)
        .where(lt(clientLogs.createdAt, sql`now() - make_interval(days => ${days})`))
        .returning({ id: clientLogs.id });
      const deletedLifecycle = await db
        .delete(paymentLifecycleLogs)
        .where(lt(paymentLifecycleLogs.createdAt, sql`now() - make_interval(days => ${lifecycleDays})`))
        .returning({ id: paymentLifecycleLogs.id });
      return { deleted: deleted.length, deletedLifecycle: deletedLifecycle.length };
    },
  };
}
