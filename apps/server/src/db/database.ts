import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /** The PostgreSQL connection string of the pool (pg-boss opens its own pool on it). */
  connectionString?: string;
  /**
   * Where work that needs a session of its own connects (the change notifier's LISTEN, migrations under
   * a session advisory lock): the direct URL when the pool goes through a transaction-mode pooler such
   * as PgBouncer, else the pool's own URL (decision 094).
   */
  sessionConnectionString?: string;
  /** True when the pool goes through a transaction-mode pooler: it then sends no named statements. */
  pooled?: boolean;
  /** Runs `select 1`; false when the database does not answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * The extensions the schema uses, loaded into every embedded database: `pg_trgm` for the back office's
 * search by part of a name (decision 141). PostgreSQL has them as its contrib extensions.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** An embedded database with the schema's extensions: on disk at `dataDir`, in memory, or from a dump. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), ...options, extensions: PGLITE_EXTENSIONS });
}

export type TOpenDatabaseOptions = {
  databaseUrl?: string | undefined;
  /** The direct PostgreSQL URL when `databaseUrl` goes through a transaction-mode pooler (decision 094). */
  databaseDirectUrl?: string | undefined;
  /** Embedded data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** A prepared PGlite (tests load a migrated template instead of migrating again). */
  pglite?: PGlite;
  poolSize?: number;
};

export async function openDatabase(options: TOpenDatabaseOptions): Promise<TDatabase> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.databaseDirectUrl, options.poolSize ?? 10);
  return openPglite(options);
}

/**
 * A node-postgres client that sends every statement unnamed. Drizzle's `.prepare(name)` makes pg send a
 * named prepared statement, which lives in one server session; behind a transaction-mode pooler the next
 * transaction runs on another session ("prepared statement … does not exist", or "already exists" when
 * two clients' statements land on one). Unnamed statements are parsed in the same exchange that runs
 * them, so they work through any pooler; what `.prepare` saves in building the SQL is kept.
 */
class UnnamedStatementClient extends pg.Client {}
const namedQuery = pg.Client.prototype.query;
UnnamedStatementClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config !== null && typeof config === 'object' && 'name' in config && !('submit' in config)) {
    const { name: _unnamed, ...unnamed } = config as Record<string, unknown>;
    return (namedQuery as (...args: unknown[]) => unknown).call(this, unnamed, ...rest);
  }
  return (namedQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof namedQuery;

async function openPostgres(
  connectionString: string,
  directConnectionString: string | undefined,
  max: number,
): Promise<TDatabase> {
  const pooled = directConnectionString !== undefined;
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    ...(pooled ? { Client: UnnamedStatementClient } : {}),
  });
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
    sessionConnectionString: directConnectionString ?? connectionString,
    pooled,
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
    const pglite = options.pglite ?? (await createPglite(onDisk ? path.join(dataDir, 'pgdata') : dataDir));
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
 * migration runs under an advisory lock on one dedicated connection. That lock belongs to a session:
 * behind a transaction-mode pooler it would stay on whichever server session took it (and every later
 * start would wait for it forever), so there the migration connects directly (decision 094).
 */
export async function migrateDatabase(database: TDatabase): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const direct = database.pooled
    ? new pg.Client({ connectionString: database.sessionConnectionString })
    : undefined;
  if (direct) await direct.connect();
  const client = direct ?? (await database.pool!.connect());
  try {
    await client.query('select pg_advisory_lock(7243001)');
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock(7243001)');
    }
  } finally {
    if (direct) await direct.end();
    else (client as pg.PoolClient).release();
  }
}
