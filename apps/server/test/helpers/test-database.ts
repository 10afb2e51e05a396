import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { createPglite, openDatabase, type TDatabase } from '../../src/db/database.ts';
import { withDatabase } from '../global-setup.ts';
import { describeWithService } from './services.ts';

export type TDriver = 'pglite' | 'postgres';

/**
 * Runs a suite once per database driver: on PGlite always, on PostgreSQL when TEST_DATABASE_URL is set
 * (design section 3). Without it the PostgreSQL half is reported skipped, and fails where PostgreSQL is
 * required (CI; helpers/services.ts).
 */
export function describeEachDriver(name: string, suite: (driver: TDriver) => void): void {
  describe(`${name} [pglite]`, () => suite('pglite'));
  describeWithService('postgres', `${name} [postgres]`, () => suite('postgres'));
}

export type TTestDatabase = TDatabase & { url: string | undefined; drop(): Promise<void> };

/**
 * A migrated, seeded database of its own: a PGlite loaded from the run's template, or a cloned PostgreSQL
 * database. Closing it drops it, whichever a suite calls (`close` or `drop`, once or twice): no run leaves
 * a database behind on the PostgreSQL server (issue 28, goal 8).
 */
export async function createTestDatabase(driver: TDriver): Promise<TTestDatabase> {
  const once = (end: () => Promise<void>) => {
    let ending: Promise<void> | undefined;
    return () => {
      ending ??= end();
      return ending;
    };
  };
  if (driver === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplatePath'));
    const pglite = await createPglite(undefined, { loadDataDir: new Blob([dump]) });
    const database = await openDatabase({ pglite });
    const drop = once(() => database.close());
    return { ...database, url: undefined, close: drop, drop };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `lionrock_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  const drop = once(async () => {
    // A suite that ended the pool itself (the database that stops answering) still gets it dropped.
    await database.close().catch(() => {});
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return { ...database, url, close: drop, drop };
}
