import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type TDatabase } from '../../src/db/database.ts';
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

/** A migrated, seeded database of its own: a PGlite loaded from the run's template, or a cloned PostgreSQL database. */
export async function createTestDatabase(driver: TDriver): Promise<TTestDatabase> {
  if (driver === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplatePath'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
    const database = await openDatabase({ pglite });
    return { ...database, url: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `lionrock_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
