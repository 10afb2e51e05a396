import {
  isBotUserAgent,
  landingDocumentProduct,
  type TDashboardMarket,
  type TDashboardProduct,
  type TVisitStep,
} from '@lionrock/domain/back-office/dashboard-rules';
import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TFunnelRepository } from './funnel-repository.ts';

/** How often an instance writes its counts (decision 090). */
export const FUNNEL_FLUSH_MS = 5_000;

export type TFunnelCounter = {
  /** One visit of `step` for the product and market, on today's date in the market's zone. */
  count(step: TVisitStep, product: TDashboardProduct, market: TDashboardMarket): void;
  /** A landing document served: counted when it is a landing, asked with GET, by a browser (not a bot). */
  landingDocument(request: FastifyRequest): void;
  /** Writes what was counted since the last flush: one upsert that adds to each row. */
  flush(): Promise<void>;
  /** Counts not yet written (tests, metrics). */
  pending(): number;
  /** Stops the timer and writes what is left (the app's onClose). */
  close(): Promise<void>;
};

/**
 * The funnel's visit counts (decision 090): kept in memory per instance and added to `funnel_counts`
 * every few seconds with `insert … on conflict do update set count = count + excluded.count`, so
 * several instances on one PostgreSQL (or one PGlite) add up, and a request never waits for a write.
 * A failed write keeps its counts for the next flush; the last flush runs when the app closes. No
 * session, no address, nothing personal: a day, a product, a market and a number.
 */
export function createFunnelCounter(options: {
  repository: Pick<TFunnelRepository, 'addCounts'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  flushMs?: number;
}): TFunnelCounter {
  const { log, repository } = options;
  const now = options.now ?? (() => new Date());
  let counts = new Map<string, number>();
  let flushing: Promise<void> | null = null;

  const count: TFunnelCounter['count'] = (step, product, market) => {
    const day = formatIso(todayIn(MARKETS[market].timeZone, now()));
    const key = `${day}|${product}|${market}|${step}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };

  const write = async () => {
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    const rows = [...batch.entries()].map(([key, added]) => {
      const [day, product, market, step] = key.split('|') as [string, string, string, string];
      return { day, product, market, step, count: added };
    });
    try {
      await repository.addCounts(rows);
    } catch (error) {
      // Kept for the next flush: a database that did not answer loses no count.
      for (const [key, added] of batch) counts.set(key, (counts.get(key) ?? 0) + added);
      log.warn({ err: error }, 'funnel counts not written; kept for the next flush');
    }
  };
  // One flush at a time: a slow write is not overtaken by the next timer.
  const flush = async () => {
    while (flushing) await flushing;
    flushing = write().finally(() => {
      flushing = null;
    });
    await flushing;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? FUNNEL_FLUSH_MS);
  timer.unref();

  return {
    count,
    landingDocument(request) {
      if (request.method !== 'GET') return;
      if (isBotUserAgent(request.headers['user-agent'])) return;
      const pathname = request.url.split('?')[0] ?? '';
      const product = landingDocumentProduct(pathname);
      if (!product) return;
      const query = new URLSearchParams(
        request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '',
      );
      // The market as the page resolves it: the country query, else the host (landing-path.ts).
      count('landing', product, parseLandingPath(pathname, query, request.hostname).country);
    },
    flush,
    pending: () => [...counts.values()].reduce((sum, added) => sum + added, 0),
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
