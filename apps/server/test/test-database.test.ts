import pg from 'pg';
import { expect, it } from 'vitest';
import { describeWithService } from './helpers/services.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * The test fixture leaves no database behind on the PostgreSQL server (issue 28, goal 8): closing a
 * suite's database drops it, whether the suite calls `close` or `drop`, and a second call is harmless.
 */
describeWithService('postgres', 'a test database on PostgreSQL', (adminUrl) => {
  const exists = async (url: string) => {
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    await admin.end();
    return found.rowCount === 1;
  };

  it('is dropped when the suite closes it, and closing again does nothing', async () => {
    const database = await createTestDatabase('postgres');
    expect(await exists(database.url!)).toBe(true);
    await database.close();
    expect(await exists(database.url!)).toBe(false);
    await database.close();
    await database.drop();
  });

  it('is dropped even when the suite ended its pool first (a database that stops answering)', async () => {
    const database = await createTestDatabase('postgres');
    await database.pool!.end();
    await database.drop();
    expect(await exists(database.url!)).toBe(false);
  });
});
