import type { FastifyInstance } from 'fastify';
import type { TJobDefinition } from './job-runner.ts';

export const DELIVER_MAIL_JOB = 'deliver-mail';
export const RECONCILE_PAYMENTS_JOB = 'reconcile-payments';

/** Mail one delivery pass takes at most before it looks again. */
const MAIL_BATCH = 100;

/**
 * The outbox's mail is delivered every minute, and at once when issuing nudges the queue: an SMTP
 * outage only delays it (design section 6). A run drains the outbox (in passes of MAIL_BATCH, the
 * document threads rendering and sending); a job that arrives while this instance is already draining
 * joins that run and makes it look once more, so every nudge is honoured without two runs competing
 * for the same threads. Every instance drains: rows are claimed with `skip locked` (decision 093).
 */
export function deliverMailJob(app: FastifyInstance): TJobDefinition {
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  const drain = async () => {
    const total = { sent: 0, failed: 0 };
    do {
      again = false;
      for (;;) {
        const pass = await app.services.documents.deliverMail(MAIL_BATCH);
        total.sent += pass.sent;
        total.failed += pass.failed;
        if (pass.sent + pass.failed < MAIL_BATCH) break;
      }
    } while (again);
    return total;
  };
  return {
    name: DELIVER_MAIL_JOB,
    cron: '* * * * *',
    pollingIntervalSeconds: 1,
    handle: async () => {
      if (running) {
        again = true;
        return running;
      }
      running = drain().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

/**
 * At start and every minute: a paid but unissued policy (a crash between receipt and issue) is issued, unanswered
 * payments past their window expire once the gateway has been asked about each card payment (an
 * approved one is recorded and issued instead; decision 024), day-old idempotency records are pruned,
 * card refunds left requested are asked of the gateway again (decisions 072 and 142), and endorsements'
 * card payments past their window are looked up (decision 144).
 */
export function reconcilePaymentsJob(app: FastifyInstance): TJobDefinition {
  return {
    name: RECONCILE_PAYMENTS_JOB,
    cron: '* * * * *',
    // A server back from a crash settles what the crash left at once (decision 024).
    runAtStart: true,
    async handle() {
      const result = await app.services.issuance.reconcile();
      const prunedKeys = await app.services.idempotency.pruneIdempotencyKeys();
      // Card refunds a crash or an outage left requested are asked again with their own keys (decisions 072, 142).
      const refundsRetried = await app.services.refunds.settleUnsettledRefunds();
      // Endorsements' card payments whose answer never came are looked up at the gateway (decision 144).
      const collections = await app.services.endorsements.reconcileCollections();
      return { ...result, prunedKeys, refundsRetried, collections };
    },
  };
}
