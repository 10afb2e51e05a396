import type { FastifyInstance } from 'fastify';
import type { TJobDefinition } from './job-runner.ts';

/** Daily: drafts left untouched for 30 days go with their documents (decision 105); safe on several instances. */
export function pruneClaimDraftsJob(app: FastifyInstance): TJobDefinition {
  return {
    name: 'prune-claim-drafts',
    cron: '41 3 * * *',
    handle: async () => app.services.claimDrafts.pruneStaleDrafts(),
  };
}
