import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TDatabase } from './database.ts';

/**
 * Tells this instance when a cached table changed anywhere: the migration's triggers NOTIFY
 * "table_changed" with the table name. On PostgreSQL a dedicated connection LISTENs (reconnecting, and
 * treating every table as changed after a drop, since notifications may have been missed); on PGlite
 * the in-process listener does the same job. LISTEN needs a session of its own, so behind a
 * transaction-mode pooler it connects directly (DATABASE_DIRECT_URL, decision 094), and at start it
 * proves it hears a notification sent through the pool, so a listener that cannot hear fails loudly.
 */
export type TChangeNotifier = {
  subscribe(tables: string[], onChange: () => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'table_changed';
/** How long the start-up check waits for its own notification (it normally takes milliseconds). */
export const PROBE_TIMEOUT_MS = 5000;

export class ChangeListenerDeafError extends Error {
  override name = 'ChangeListenerDeafError';
}

export async function startChangeNotifier(
  database: TDatabase,
  logger: FastifyBaseLogger,
): Promise<TChangeNotifier> {
  const subscribers: { tables: Set<string>; onChange: () => void }[] = [];
  const emit = (table: string | undefined) => {
    for (const subscriber of subscribers)
      if (table === undefined || subscriber.tables.has(table)) subscriber.onChange();
  };
  const subscribe = (tables: string[], onChange: () => void) => {
    subscribers.push({ tables: new Set(tables), onChange });
  };

  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    const unlisten = await pglite.listen(CHANNEL, (payload) => emit(payload));
    return {
      subscribe,
      async close() {
        // Nothing to stop listening to once the database itself is closed.
        if (!pglite.closed) await unlisten();
      },
    };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let probe: { payload: string; heard: () => void } | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: database.sessionConnectionString });
    next.on('notification', (message) => {
      // The start-up check's own payload names no table: no cache hears it.
      if (probe && message.payload === probe.payload) probe.heard();
      else emit(message.payload);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'change listener lost its connection; reconnecting');
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    // Anything may have changed while no one was listening.
    emit(undefined);
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    const previous = client;
    client = undefined;
    void previous?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'change listener could not reconnect');
        scheduleReconnect();
      });
    }, 1000);
    retry.unref();
  };
  await connect();
  // Proves the listener hears what is sent through the pool: behind PgBouncer in transaction mode a
  // LISTEN lands on a pooled server session and nothing reaches this client, so the caches would go
  // stale for their whole TTL without a word. Another instance hears the payload too and ignores it.
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ChangeListenerDeafError(
              `The change listener heard nothing on "${CHANNEL}" within ${PROBE_TIMEOUT_MS} ms: LISTEN needs a session of its own. ` +
                'When DATABASE_URL goes through a transaction-mode pooler such as PgBouncer, set DATABASE_DIRECT_URL to the PostgreSQL server itself (decision 094).',
            ),
          ),
        PROBE_TIMEOUT_MS,
      );
      probe = {
        payload: `probe:${randomUUID()}`,
        heard: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      database.pool!.query('select pg_notify($1, $2)', [CHANNEL, probe.payload]).catch((error: unknown) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } catch (error) {
    closed = true;
    await client?.end().catch(() => undefined);
    throw error;
  } finally {
    probe = undefined;
  }
  return {
    subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * A value loaded from the database and kept until one of its tables changes, or at most `ttlMs`
 * (a safety net should a notification ever be lost).
 */
export function createTableCache<T>(
  notifier: TChangeNotifier,
  tables: string[],
  load: () => Promise<T>,
  options: { ttlMs?: number; now?: () => number } = {},
): { get(): Promise<T>; invalidate(): void } {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  let entry: { value: Promise<T>; loadedAt: number } | undefined;
  const invalidate = () => {
    entry = undefined;
  };
  notifier.subscribe(tables, invalidate);
  return {
    invalidate,
    get() {
      if (entry && now() - entry.loadedAt < ttlMs) return entry.value;
      // Adopt the loader's result once: a lazy thenable (a query builder) would run again on every await.
      const value = Promise.resolve(load());
      const current = { value, loadedAt: now() };
      entry = current;
      // A failed load is not cached.
      value.catch(() => {
        if (entry === current) entry = undefined;
      });
      return value;
    },
  };
}
