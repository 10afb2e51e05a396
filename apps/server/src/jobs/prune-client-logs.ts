import { lt, sql } from 'drizzle-orm';
import type { TDb } from '../db/database.ts';
import { clientLogs } from '../db/schema.ts';
import type { TJobDefinition } from './job-runner.ts';

/** Client error reports are kept 30 days, then pruned daily. */
export const CLIENT_LOG_RETENTION_DAYS = 30;

export function pruneClientLogsJob(db: TDb): TJobDefinition<{ retentionDays?: number }> {
  return {
    name: 'prune-client-logs',
    cron: '17 3 * * *',
    async handle(data) {
      const days = data?.retentionDays ?? CLIENT_LOG_RETENTION_DAYS;
      const deleted = await db
        .delete(clientLogs)
        .where(lt(clientLogs.createdAt, sql`now() - make_interval(days => ${days})`))
        .returning({ id: clientLogs.id });
      return { deleted: deleted.length };
    },
  };
}
