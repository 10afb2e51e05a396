import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientLogs } from '../src/db/schema.ts';
import { startJobs, type TJobDefinition, type TJobRunner } from '../src/jobs/job-runner.ts';
import { describeWithService } from './helpers/services.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

const silentLogger = { info() {}, error() {}, warn() {} } as never;

// Several server instances share one PostgreSQL (design section 8). PGlite is one process's database,
// so this suite runs only where TEST_DATABASE_URL points at a PostgreSQL server.
describeWithService('postgres', 'two instances on one PostgreSQL', () => {
  let database: TTestDatabase;
  let otherConnection: TTestDatabase;
  const runners: TJobRunner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const { openDatabase } = await import('../src/db/database.ts');
    otherConnection = {
      ...(await openDatabase({ databaseUrl: database.url!, poolSize: 3 })),
      url: database.url,
      drop: async () => {},
    };
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await otherConnection.close();
    await database.drop();
  });

  it('runs each queued job exactly once across both instances', async () => {
    const recordingJob = (instance: string, db: TTestDatabase): TJobDefinition<{ n: number }> => ({
      name: 'record-once',
      async handle(data) {
        await db.db
          .insert(clientLogs)
          .values({ level: 'info', data: `job ${data!.n}`, sessionName: instance });
        return undefined;
      },
    });
    for (const [instance, db] of [
      ['a', database],
      ['b', otherConnection],
    ] as const) {
      runners.push(
        await startJobs({
          database: db,
          databaseUrl: db.url,
          jobs: [recordingJob(instance, db) as never],
          logger: silentLogger,
          schedule: false,
          pollingIntervalSeconds: 0.5,
        }),
      );
    }
    for (let n = 0; n < 40; n += 1) await runners[n % 2]!.send('record-once', { n });
    await expect
      .poll(
        async () =>
          (await database.db.select().from(clientLogs).where(sql`${clientLogs.data} like 'job %'`)).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(40);
    const rows = await database.db.select().from(clientLogs).where(sql`${clientLogs.data} like 'job %'`);
    expect(new Set(rows.map((row) => row.data)).size).toBe(40);
  });

  it('serves the same answers from both instances: a cached flag changed in the database is dropped by both', async () => {
    const first = await buildTestApp(database);
    const second = await buildTestApp(otherConnection);
    try {
      const status = (app: typeof first) =>
        app.inject({
          method: 'POST',
          url: '/b2c-server/rest/system/getStatus',
          headers: { 'session-name': SESSION },
          payload: { countryCode: 'SGP' },
        });
      expect((await status(first)).body).toBe('true');
      await database.db.execute(sql`update system_flags set system_available = false where country = 'SGP'`);
      // Both instances hear the change from the database's notification within moments.
      await expect.poll(async () => (await status(second)).body).toBe('false');
      await expect.poll(async () => (await status(first)).body).toBe('false');
    } finally {
      await database.db.execute(sql`update system_flags set system_available = true where country = 'SGP'`);
      await first.close();
      await second.close();
    }
  });
});
