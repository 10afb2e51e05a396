import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TDatabase } from './database.ts';

/**
 * Tells this instance when a cached table changed anywhere: the migration's triggers NOTIFY
 * "table_changed" with the table name. On PostgreSQL a dedicated connection LISTENs (reconnecting, and
 * treating every table as changed after a drop, since notifications may have been missed); on PGlite
 * the in-process listener does the same job.
 */
export type TChangeNotifier = {
  subscribe(tables: string[], onChange: () => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'table_changed';

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
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: database.connectionString });
    next.on('notification', (message) => emit(message.payload));
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
