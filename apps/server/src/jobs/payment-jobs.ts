import type { FastifyInstance } from 'fastify';
import type { TJobDefinition } from './job-runner.ts';

export const DELIVER_MAIL_JOB = 'deliver-mail';

/**
 * The outbox's mail is delivered every minute, and at once when issuing nudges the queue: an SMTP
 * outage only delays it (design section 6).
 */
export function deliverMailJob(app: FastifyInstance): TJobDefinition {
  return {
    name: DELIVER_MAIL_JOB,
    cron: '* * * * *',
    handle: async () => app.services.documents.deliverMail(),
  };
}

/**
 * Every minute: a paid but unissued policy (a crash between receipt and issue) is issued, unanswered
 * payments past their window expire once the gateway has been asked about each card payment (an
 * approved one is recorded and issued instead; decision 024), day-old idempotency records are pruned,
 * and cancellation refunds left requested are asked of the gateway again (decision 072).
 */
export function reconcilePaymentsJob(app: FastifyInstance): TJobDefinition {
  return {
    name: 'reconcile-payments',
    cron: '* * * * *',
    async handle() {
      const result = await app.services.issuance.reconcile();
      const prunedKeys = await app.services.idempotency.pruneIdempotencyKeys();
      // Card refunds a crash or an outage left requested are asked again with their own keys (decision 072).
      const refundsRetried = await app.services.cancellation.settleUnsettledRefunds();
      return { ...result, prunedKeys, refundsRetried };
    },
  };
}
