import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/database.ts';
import { describeError, sanitisedError } from '../lib/redaction.ts';

/**
 * Durable jobs in the shop's own database (design section 2: pg-boss), on PGlite or PostgreSQL.
 * Jobs are claimed with row locks, so any number of server instances can share one database.
 */
export type TJobDefinition<TData extends object = object> = {
  name: string;
  /** Runs on this schedule (cron, in UTC) when scheduling is on. */
  cron?: string;
  /**
   * Also runs once as the server starts (when scheduling is on): work a crash or a deploy left undone
   * is picked up at once, not at the schedule's next turn. Instances starting together queue it once.
   */
  runAtStart?: boolean;
  /** How often an idle worker asks for this job (default: the runner's). */
  pollingIntervalSeconds?: number;
  handle(data: TData | undefined): Promise<object | undefined>;
};

export type TJobRunner = {
  boss: PgBoss;
  /** Queues a job now; resolves to its id. */
  send<TData extends object>(name: string, data?: TData): Promise<string | null>;
  stop(): Promise<void>;
};

export type TStartJobsOptions = {
  database: TDatabase;
  databaseUrl: string | undefined;
  jobs: TJobDefinition<never>[];
  logger: FastifyBaseLogger;
  /** Cron schedules and workers; tests may turn workers off to drive jobs by hand. */
  schedule?: boolean;
  work?: boolean;
  pollingIntervalSeconds?: number;
};

export async function startJobs(options: TStartJobsOptions): Promise<TJobRunner> {
  const { database, logger } = options;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(database.pglite!),
          backend: 'pglite',
          schedule: options.schedule ?? true,
        })
      : // DATABASE_URL, through PgBouncer when there is one (decision 094): pg-boss 12 takes only
        // transaction-scoped advisory locks inside its own BEGIN…COMMIT, uses SET LOCAL, sends no named
        // statements, and opens no LISTEN unless useListenNotify is on (it is not here).
        new PgBoss({ connectionString: options.databaseUrl!, max: 4, schedule: options.schedule ?? true });
  boss.on('error', (error: unknown) => logger.error({ err: describeError(error) }, 'job queue error'));
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.name, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    if (options.work ?? true) {
      await boss.work(
        job.name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? job.pollingIntervalSeconds ?? 2 },
        async (batch) => {
          for (const item of batch) {
            let result: object | undefined;
            try {
              result = await job.handle(item.data as never);
            } catch (error) {
              // pg-boss stores a failed job's error, every property of it, in its own table: a failed
              // query's would carry the policy it was writing. Only its type, code and message go there.
              logger.error({ job: job.name, id: item.id, err: describeError(error) }, 'job failed');
              throw sanitisedError(error);
            }
            logger.info({ job: job.name, id: item.id, result }, 'job done');
          }
        },
      );
    }
    if (job.cron && (options.schedule ?? true)) await boss.schedule(job.name, job.cron);
    if (job.runAtStart && (options.schedule ?? true))
      await boss.send(job.name, null, { singletonKey: `${job.name}:start`, singletonSeconds: 60 });
  }
  return {
    boss,
    send: (name, data) => boss.send(name, data ?? null),
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
