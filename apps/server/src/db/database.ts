import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type TDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One typed handle for both drivers; inside a transaction use only the `tx` it hands you. */
export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabase = {
  kind: 'pglite' | 'postgres';
  db: TDb;
  /** The raw client pg-boss runs on (a PGlite instance or a node-postgres pool). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The PostgreSQL connection string (listeners and pg-boss open their own connections). */
  connectionString?: string;
  /** Runs `select 1`; false when the database does not answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type TOpenDatabaseOptions = {
  databaseUrl?: string | undefined;
  /** Embedded data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** A prepared PGlite (tests load a migrated template instead of migrating again). */
  pglite?: PGlite;
  poolSize?: number;
};

export async function openDatabase(options: TOpenDatabaseOptions): Promise<TDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(connectionString: string, max: number): Promise<TDatabase> {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle connection the server closes (a restart, a failover) must not crash the process: the pool
  // drops it and opens another for the next query, whose failure, if any, is reported where it runs.
  pool.on('error', () => {});
  // A bad URL or a database that does not answer fails here, at start, with the driver's message.
  const client = await pool.connect();
  client.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as TDb;
  return {
    kind: 'postgres',
    db,
    pool,
    connectionString,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(options: TOpenDatabaseOptions): Promise<TDatabase> {
  const dataDir = options.dataDir ?? 'memory://';
  const onDisk = !options.pglite && !dataDir.startsWith('memory://');
  let lock: TDataDirLock | undefined;
  if (onDisk) lock = acquireDataDirLock(dataDir);
  try {
    const pglite = options.pglite ?? (await PGlite.create(onDisk ? path.join(dataDir, 'pgdata') : dataDir));
    const db = drizzlePglite({ client: pglite, schema }) as unknown as TDb;
    return {
      kind: 'pglite',
      db,
      pglite,
      async ping() {
        try {
          await pglite.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * Applies the committed SQL migrations. On PostgreSQL several instances may start at once, so the
 * migration runs under an advisory lock on one dedicated connection.
 */
export async function migrateDatabase(database: TDatabase): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(7243001)');
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock(7243001)');
    }
  } finally {
    client.release();
  }
}
