import type { FastifyInstance } from 'fastify';
import type { TJobDefinition } from './job-runner.ts';

/**
 * Every hour: policyholder sessions that ended, links past their hours and codes past their minutes
 * are removed (decision 101), so the tables hold only what can still open something.
 */
export function prunePolicyholderAccessJob(app: FastifyInstance): TJobDefinition {
  return {
    name: 'prune-policyholder-access',
    cron: '41 * * * *',
    handle: async () => ({ sessions: await app.services.holderAccess.pruneSessions() }),
  };
}
