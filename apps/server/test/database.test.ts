import fs from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/database.ts';
import { createLogRetentionRepository } from '../src/db/log-retention-repository.ts';
import {
  agentCampaigns,
  agents,
  banners,
  campaigns,
  clientLogs,
  maintenanceNotices,
  paymentLifecycleLogs,
  promoCodes,
  staffCodes,
  subAgents,
  systemFlags,
} from '../src/db/schema.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
import { startJobs } from '../src/jobs/job-runner.ts';
import { pruneClientLogsJob } from '../src/jobs/prune-client-logs.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const silentLogger = { info() {}, error() {}, warn() {} } as never;

describeEachDriver('database', (driver) => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.drop();
  });

  const counts = async () => {
    const tables = {
      systemFlags,
      maintenanceNotices,
      banners,
      agents,
      subAgents,
      staffCodes,
      agentCampaigns,
      campaigns,
      promoCodes,
    };
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await database.db.select({ n: count() }).from(table);
      result[name] = row!.n;
    }
    return result;
  };

  it('applies the migrations again without error', async () => {
    await migrateDatabase(database);
    await migrateDatabase(database);
  });

  it('seeds the demo data, and seeding again adds nothing', async () => {
    const before = await counts();
    expect(before).toMatchObject({
      systemFlags: 2,
      agents: 6,
      campaigns: 11,
      banners: 9,
      maintenanceNotices: 2,
    });
    expect(before.promoCodes).toBeGreaterThan(0);
    const again = await seedDatabase(database.db);
    expect(again.applied).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('loads the versioned rate tables and benefit schedules once', async () => {
    const { rateTables } = await import('../src/db/schema.ts');
    const { loadRateTables } = await import('../src/db/seed/rate-tables.ts');
    const rows = await database.db.select().from(rateTables);
    expect(rows.map((row) => `${row.product}/${row.country}/${row.kind}`).sort()).toEqual([
      'PAN/ALL/benefits',
      'PAN/ALL/rates',
      'PHM/ALL/benefits',
      'PHM/ALL/rates',
      'PTR/ALL/benefits',
      'PTR/HKG/rates',
      'PTR/SGP/rates',
    ]);
    expect(rows.find((row) => row.country === 'SGP')!.data).toMatchObject({
      product: 'PTR',
      version: '2026.1',
    });
    expect(await loadRateTables(database.db)).toBe(0);
  });

  it('re-applies a changed seed without overwriting what operations changed', async () => {
    await database.db
      .update(systemFlags)
      .set({ privateMode: true })
      .where(sql`${systemFlags.country} = 'SGP'`);
    await database.db.execute(sql`delete from seed_runs where name = 'system-flags.json'`);
    const result = await seedDatabase(database.db);
    expect(result.applied).toEqual(['system-flags.json']);
    const [sgp] = await database.db.select().from(systemFlags).where(sql`${systemFlags.country} = 'SGP'`);
    expect(sgp!.privateMode).toBe(true);
    await database.db
      .update(systemFlags)
      .set({ privateMode: false })
      .where(sql`${systemFlags.country} = 'SGP'`);
  });

  it('runs a job marked to run at start once as servers start, however many start together', async () => {
    const ran: string[] = [];
    const probe = (instance: string) => ({
      name: 'start-probe',
      runAtStart: true,
      handle: async () => {
        ran.push(instance);
        return {};
      },
    });
    const start = (instance: string) =>
      startJobs({
        database,
        databaseUrl: database.url,
        jobs: [probe(instance)],
        logger: silentLogger,
        pollingIntervalSeconds: 0.5,
      });
    const first = await start('first');
    const second = await start('second');
    try {
      await expect.poll(() => ran.length, { timeout: 20_000 }).toBe(1);
      // The second start within the minute queued nothing more: one run, by either instance.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ran).toHaveLength(1);
    } finally {
      await second.stop();
      await first.stop();
    }
  });

  it('runs the client-log pruning job through the durable queue', async () => {
    await database.db.insert(clientLogs).values([
      { level: 'error', data: 'old report', createdAt: new Date(Date.now() - 40 * 86_400_000) },
      { level: 'error', data: 'fresh report' },
    ]);
    // Lifecycle entries are kept for a card dispute's reach (120 days), then pruned by the same job.
    await database.db.insert(paymentLifecycleLogs).values([
      {
        policyId: 'P-OLD',
        referenceNumber: null,
        entry: {},
        createdAt: new Date(Date.now() - 130 * 86_400_000),
      },
      {
        policyId: 'P-KEPT',
        referenceNumber: null,
        entry: {},
        createdAt: new Date(Date.now() - 100 * 86_400_000),
      },
    ]);
    const jobs = await startJobs({
      database,
      databaseUrl: database.url,
      jobs: [pruneClientLogsJob(createLogRetentionRepository(database.db))],
      logger: silentLogger,
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await jobs.send('prune-client-logs', {});
      expect(id).toBeTruthy();
      await expect
        .poll(async () => (await database.db.select().from(clientLogs)).map((row) => row.data), {
          timeout: 20_000,
        })
        .not.toContain('old report');
      const remaining = (await database.db.select().from(clientLogs)).map((row) => row.data);
      expect(remaining).toContain('fresh report');
      await expect
        .poll(async () => (await database.db.select().from(paymentLifecycleLogs)).map((row) => row.policyId))
        .toEqual(['P-KEPT']);
      await expect
        .poll(async () => (await jobs.boss.getJobById('prune-client-logs', id!))?.state, { timeout: 10_000 })
        .toBe('completed');
    } finally {
      await jobs.stop();
    }
  });
});

// Drizzle's migrator applies only the migrations whose journal time is later than the last one a
// database has applied: a migration generated with an earlier time than its predecessor (drizzle-kit
// stamps the clock; two of ours carry later, hand-set times) would be skipped on every existing database.
it('keeps the migration journal in strictly increasing time, with one SQL file per entry', () => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { idx: number; when: number; tag: string }[] };
  const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql'));
  expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files.sort());
  journal.entries.forEach((entry, index) => {
    expect(entry.idx).toBe(index);
    if (index > 0) expect(entry.when).toBeGreaterThan(journal.entries[index - 1]!.when);
  });
});
