import { recordConsent } from '@lionrock/domain/consents/consents';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChangeListenerDeafError, startChangeNotifier } from '../src/db/change-notifier.ts';
import { migrateDatabase, openDatabase, type TDatabase } from '../src/db/database.ts';
import { clientLogs, mailOutbox, payments, policies } from '../src/db/schema.ts';
import { startJobs, type TJobDefinition, type TJobRunner } from '../src/jobs/job-runner.ts';
import { DELIVER_MAIL_JOB, deliverMailJob } from '../src/jobs/payment-jobs.ts';
import { createCampaignRepository } from '../src/modules/campaign/campaign-repository.ts';
import { BACK_OFFICE, signedInAs } from './helpers/back-office.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { startPgBouncer, type TPgBouncer } from './helpers/pgbouncer.ts';
import { describeWithServices } from './helpers/services.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

const silentLogger = { info() {}, error() {}, warn() {}, debug() {} } as never;

// Issue 19, decision 094: several instances behind PgBouncer in transaction mode on one PostgreSQL.
// Requests and jobs go through PgBouncer (DATABASE_URL); the change notifier's LISTEN and migrations
// keep a direct connection (DATABASE_DIRECT_URL). Needs PostgreSQL and the pgbouncer program: skipped
// locally without them, failing in CI (helpers/services.ts).
describeWithServices(
  ['postgres', 'pgbouncer'],
  'two instances behind PgBouncer in transaction mode',
  ([, pgbouncerProgram]) => {
    let database: TTestDatabase;
    let bouncer: TPgBouncer;
    const pooled: TDatabase[] = [];
    let instances: FastifyInstance[] = [];
    const mailers = [recordingMailer(), recordingMailer()];
    const runners: TJobRunner[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      bouncer = await startPgBouncer(pgbouncerProgram!, database.url!);
      for (let index = 0; index < 2; index += 1)
        pooled.push(
          await openDatabase({ databaseUrl: bouncer.url, databaseDirectUrl: database.url, poolSize: 3 }),
        );
      instances = await Promise.all(
        pooled.map((db, index) => buildTestApp(db, { mailer: mailers[index]!.mailer })),
      );
    }, 60_000);
    afterAll(async () => {
      for (const runner of runners) await runner.stop();
      for (const app of instances) await app.close();
      for (const db of pooled) await db.close();
      await bouncer?.stop();
      await database?.drop();
    });

    it('listens on one direct session per instance, and migrates through the direct connection leaving no advisory lock', async () => {
      expect(pooled[0]).toMatchObject({ pooled: true, sessionConnectionString: database.url });
      // Each instance's LISTEN is a PostgreSQL session of its own, waiting idle for notifications.
      const [listening] = (
        await database.pool!.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle' and query = 'listen table_changed'",
        )
      ).rows;
      expect(listening!.n).toBe(2);
      await migrateDatabase(pooled[0]!);
      const [locks] = (
        await database.pool!.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
        )
      ).rows;
      expect(locks!.n).toBe(0);
    });

    it('quotes and buys through PgBouncer: one policy number when the gateway answer reaches both instances', async () => {
      const [a, b] = instances as [FastifyInstance, FastifyInstance];
      const session = 'pgbouncer-session-0001';
      const policy = buildTravelPolicy(todayIn('Asia/Singapore', new Date()));
      const quoted = await postRest(a, 'policy/multirate', policy, session);
      expect(quoted.statusCode).toBe(200);
      const rated = await postRest(
        b,
        'policy/rate',
        {
          ...policy,
          policyTravel: { ...policy.policyTravel, policyPremium: quoted.json().policyTravel.premiumItems[0] },
        },
        session,
      );
      expect(rated.statusCode).toBe(200);
      const at = new Date().toISOString();
      const consent = recordConsent(true, at);
      const pending = await postRest(
        a,
        'policy/updateToPending',
        {
          ...(rated.json() as object),
          consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
        },
        session,
      );
      expect(pending.statusCode).toBe(200);
      const { policyId } = pending.json().policy as { policyId: string };
      const answer = await payAtTestGateway(b, pending.json().paymentSignature);
      // The frame's post and the gateway's copies land on both instances at once.
      const receipts = await Promise.all(
        Array.from({ length: 12 }, (_, index) => postReceipt(index % 2 === 0 ? a : b, answer)),
      );
      const numbers = new Set<string>();
      for (const receipt of receipts) {
        expect(receipt.statusCode).toBe(200);
        expect(receipt.json()).toMatchObject({ verified: true, paid: true, outcome: 'PAID' });
        numbers.add(receipt.json().policyNumber);
      }
      expect(numbers.size).toBe(1);
      const [policyNumber] = [...numbers];
      expect(policyNumber).toMatch(/^TSG\d{2}-\d{7}$/);
      const issued = await database.db
        .select()
        .from(policies)
        .where(eq(policies.policyNumber, policyNumber!));
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ policyId, status: 'issued' });
      expect(await database.db.select().from(payments).where(eq(payments.policyId, policyId))).toHaveLength(
        1,
      );
    });

    it('tells instance B of a setting changed on instance A within seconds, through the direct listeners', async () => {
      const [a, b] = instances as [FastifyInstance, FastifyInstance];
      const status = (app: FastifyInstance) => postRest(app, 'system/getStatus', { countryCode: 'SGP' });
      // Both caches hold the flag before it changes.
      expect((await status(a)).body).toBe('true');
      expect((await status(b)).body).toBe('true');
      const operations = await signedInAs(a, 'operations');
      const change = (systemAvailable: boolean) =>
        a.inject({
          method: 'PUT',
          url: `${BACK_OFFICE}/admin/system/flags/SGP`,
          headers: operations.headers,
          payload: { systemAvailable },
        });
      try {
        expect((await change(false)).statusCode).toBe(200);
        await expect.poll(async () => (await status(b)).body, { timeout: 5000, interval: 100 }).toBe('false');
        // The instance that made the change learns of it by the same notification, not before B does.
        await expect.poll(async () => (await status(a)).body, { timeout: 5000, interval: 100 }).toBe('false');
      } finally {
        expect((await change(true)).statusCode).toBe(200);
      }
      await expect.poll(async () => (await status(b)).body, { timeout: 5000, interval: 100 }).toBe('true');
    });

    it('runs each queued job exactly once across both instances, the mail of the purchase included', async () => {
      const recordOnce = (instance: string, db: TDatabase): TJobDefinition<{ n: number }> => ({
        name: 'record-once',
        async handle(data) {
          await db.db
            .insert(clientLogs)
            .values({ level: 'info', data: `job ${data!.n}`, sessionName: instance });
          return undefined;
        },
      });
      for (const [index, db] of pooled.entries())
        runners.push(
          await startJobs({
            database: db,
            // pg-boss through PgBouncer, as server.ts gives it DATABASE_URL.
            databaseUrl: bouncer.url,
            jobs: [recordOnce(`instance-${index}`, db) as never, deliverMailJob(instances[index]!)],
            logger: silentLogger,
            schedule: false,
            pollingIntervalSeconds: 0.5,
          }),
        );
      for (let n = 0; n < 40; n += 1) await runners[n % 2]!.send('record-once', { n });
      await runners[0]!.send(DELIVER_MAIL_JOB);
      await runners[1]!.send(DELIVER_MAIL_JOB);
      const jobRows = async () =>
        database.db.select().from(clientLogs).where(sql`${clientLogs.data} like 'job %'`);
      await expect.poll(async () => (await jobRows()).length, { timeout: 30_000 }).toBe(40);
      const rows = await jobRows();
      expect(new Set(rows.map((row) => row.data)).size).toBe(40);
      // Both instances took jobs.
      expect(new Set(rows.map((row) => row.sessionName)).size).toBe(2);

      const outbox = await database.db.select().from(mailOutbox);
      expect(outbox.length).toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (await database.db.select().from(mailOutbox)).filter((row) => row.status === 'sent').length,
          { timeout: 30_000 },
        )
        .toBe(outbox.length);
      const sent = mailers.flatMap((recording) => recording.sent.map((message) => message.messageId));
      expect(sent.sort()).toEqual(outbox.map((row) => row.messageId).sort());
    });

    it("sends the repositories' prepared statements unnamed: named ones break on PgBouncer's shared sessions", async () => {
      // Three client connections, two server sessions (the small pool): each client prepares its named
      // statement once, so two land on one session and the second is refused.
      const named = await openDatabase({ databaseUrl: bouncer.smallUrl, poolSize: 3 });
      const unnamed = await openDatabase({
        databaseUrl: bouncer.smallUrl,
        databaseDirectUrl: database.url,
        poolSize: 3,
      });
      try {
        const find = (db: TDatabase) =>
          Promise.all(Array.from({ length: 30 }, () => createCampaignRepository(db.db).findById(-1)));
        await expect(find(unnamed)).resolves.toHaveLength(30);
        const refused = await find(named).then(
          () => undefined,
          (error: unknown) => error as Error & { cause?: Error },
        );
        expect(refused?.cause?.message).toMatch(
          /^prepared statement "campaign_by_id" (already exists|does not exist)$/,
        );
      } finally {
        await named.close();
        await unnamed.close();
      }
    });

    it('refuses to start a change listener whose LISTEN would go through PgBouncer', async () => {
      // DATABASE_URL through PgBouncer without DATABASE_DIRECT_URL: the listener would hear nothing.
      const misconfigured = await openDatabase({ databaseUrl: bouncer.url, poolSize: 2 });
      try {
        const started = startChangeNotifier(misconfigured, silentLogger);
        await expect(started).rejects.toThrow(ChangeListenerDeafError);
        await expect(started).rejects.toThrow(/set DATABASE_DIRECT_URL/);
      } finally {
        await misconfigured.close();
      }
      // What it guards against: a LISTEN through PgBouncer misses a change a direct one hears.
      const hears = async (url: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        let heard = 0;
        client.on('notification', () => {
          heard += 1;
        });
        await client.query('listen table_changed');
        await database.db.execute(sql`update banners set code = code where false`);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await client.end();
        return heard;
      };
      expect(await hears(database.url!)).toBeGreaterThan(0);
      expect(await hears(bouncer.url)).toBe(0);
    }, 20_000);
  },
);
