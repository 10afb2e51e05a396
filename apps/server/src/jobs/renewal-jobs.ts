import { todayIn } from '@lionrock/domain/dates/local-date';
import { COUNTRIES, MARKETS } from '@lionrock/domain/market/market';
import type { FastifyInstance } from 'fastify';
import type { TJobDefinition } from './job-runner.ts';

/** Daily at 01:30 UTC (09:30 in Singapore and Hong Kong): each market's scan for its own day; safe to run twice. */
export function renewalScanJob(app: FastifyInstance): TJobDefinition {
  return {
    name: 'renewal-scan',
    cron: '30 1 * * *',
    async handle() {
      const results: Record<string, object> = {};
      for (const country of COUNTRIES)
        results[country] = await app.services.renewal.runRenewalScan(
          todayIn(MARKETS[country].timeZone, new Date()),
          country,
        );
      return results;
    },
  };
}
