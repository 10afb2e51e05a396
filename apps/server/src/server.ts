import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { migrateDatabase, openDatabase } from './db/database.ts';
import { createLogRetentionRepository } from './db/log-retention-repository.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { pruneClaimDraftsJob } from './jobs/claim-draft-jobs.ts';
import { startJobs } from './jobs/job-runner.ts';
import { DELIVER_MAIL_JOB, deliverMailJob, reconcilePaymentsJob } from './jobs/payment-jobs.ts';
import { prunePolicyholderAccessJob } from './jobs/policyholder-jobs.ts';
import { pruneClientLogsJob } from './jobs/prune-client-logs.ts';
import { renewalScanJob } from './jobs/renewal-jobs.ts';
import { savedQuoteReminderJob } from './jobs/saved-quote-jobs.ts';
import { dataKeysFor } from './lib/data-encryption.ts';
import { shopOrigins } from './lib/shop-origins.ts';
import { ensureLocalAccounts } from './modules/back-office/local-accounts.ts';
import { createClaimsRepository } from './modules/claims/claims-repository.ts';
import { documentWorkerOptions } from './modules/document/document-module.ts';
import { createDocumentWorkers } from './modules/document/document-workers.ts';

/** Starts the shop: config, database (migrated and seeded), jobs, HTTP; stops cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseDirectUrl: config.databaseDirectUrl,
      dataDir: config.dataDir,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(75);
    }
    throw error;
  }
  await migrateDatabase(database);
  await seedDatabase(database.db);

  // Issuing nudges the mail job once the queue runs; until then the schedule catches up.
  let nudgeMail = () => {};
  // PDFs and mail in threads of their own (decision 093); ended after the jobs that use them.
  const documentWorkers = createDocumentWorkers(documentWorkerOptions(config));
  const app = await buildApp({ config, database, documentWorkers, onMailQueued: () => nudgeMail() });
  const accountLines = await ensureLocalAccounts(database.db, config, app.services.staffAccess);
  // Claim payouts written in clear before decision 106, or sealed under a previous key: sealed now.
  const payouts = await createClaimsRepository(database.db, {
    keys: () => dataKeysFor(database.db, config),
  }).resealPayouts();
  if (payouts.resealed > 0)
    app.log.info({ resealed: payouts.resealed }, 'claim payouts sealed under the current key');
  if (payouts.unreadable.length > 0)
    app.log.error(
      { claims: payouts.unreadable },
      'claim payouts that do not open under any key: left as they are',
    );
  const jobs = await startJobs({
    database,
    databaseUrl: config.databaseUrl,
    jobs: [
      pruneClientLogsJob(createLogRetentionRepository(database.db)),
      deliverMailJob(app),
      reconcilePaymentsJob(app),
      renewalScanJob(app),
      savedQuoteReminderJob(app),
      prunePolicyholderAccessJob(app),
      pruneClaimDraftsJob(app),
    ],
    logger: app.log,
  });
  // A failed job retried from the back office goes through pg-boss's own retry (decision 088).
  app.failures.attachJobRunner((name, id) => jobs.boss.retry(name, id));
  nudgeMail = () => {
    jobs
      .send(DELIVER_MAIL_JOB)
      .catch((error: unknown) => app.log.warn({ err: error }, 'mail job not queued'));
  };

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    const forced = setTimeout(() => process.exit(1), 20_000);
    forced.unref();
    try {
      await app.close();
      await jobs.stop();
      await documentWorkers.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const driver =
    database.kind === 'pglite'
      ? `embedded database at ${config.dataDir}`
      : database.pooled
        ? 'PostgreSQL through a transaction pooler, listening and migrating directly'
        : 'PostgreSQL';
  // Every address it answers on pays by card too (decision 036); HOST=0.0.0.0 adds the LAN's. Only the
  // origins it really listens on are named: `localhost` may resolve to 127.0.0.1 alone.
  const listening = app.addresses().flatMap((entry) => (typeof entry === 'string' ? [] : [entry]));
  const everywhere = listening.some((entry) => entry.address === '0.0.0.0' || entry.address === '::');
  const hosts = new Set(
    listening.map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address)),
  );
  if (hosts.has('127.0.0.1') || hosts.has('[::1]')) hosts.add('localhost');
  const publicOrigin = new URL(config.publicUrl).origin;
  const addresses = [...shopOrigins(config)]
    .filter((origin) => everywhere || origin === publicOrigin || hosts.has(new URL(origin).hostname))
    .join(', ');
  app.log.info(
    `Lionrock is ready on ${addresses} (${driver}, APP_ENV=${config.appEnv}, HOST=${config.host})`,
  );
  // Local only (demo logins): printed, not logged, so no log ever holds a password.
  for (const line of accountLines) console.info(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
