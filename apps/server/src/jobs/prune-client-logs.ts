import type { TLogRetentionRepository } from '../db/log-retention-repository.ts';
import type { TJobDefinition } from './job-runner.ts';

/** Client error reports are kept 30 days, then pruned daily. */
export const CLIENT_LOG_RETENTION_DAYS = 30;

/**
 * What the browser reported of a payment is kept 120 days: long enough to answer a card dispute
 * (chargebacks are raised within about 120 days), then pruned with the client logs (decision 027).
 * The payment itself stays in `payments`; this is only the page's account of it.
 */
export const PAYMENT_LIFECYCLE_LOG_RETENTION_DAYS = 120;

const DAY_MS = 86_400_000;

/** Daily: the logs older than their retention go, counted back from the app's clock. */
export function pruneClientLogsJob(
  repository: TLogRetentionRepository,
  now: () => Date = () => new Date(),
): TJobDefinition<{ retentionDays?: number; lifecycleRetentionDays?: number }> {
  return {
    name: 'prune-client-logs',
    cron: '17 3 * * *',
    async handle(data) {
      const days = data?.retentionDays ?? CLIENT_LOG_RETENTION_DAYS;
      const lifecycleDays = data?.lifecycleRetentionDays ?? PAYMENT_LIFECYCLE_LOG_RETENTION_DAYS;
      const at = now().getTime();
      const deleted = await repository.deleteClientLogsBefore(new Date(at - days * DAY_MS));
      const deletedLifecycle = await repository.deleteLifecycleLogsBefore(
        new Date(at - lifecycleDays * DAY_MS),
      );
      return { deleted, deletedLifecycle };
    },
  };
}
