import type { FastifyInstance } from 'fastify';
import type { TJobDefinition } from './job-runner.ts';

/**
 * Every 15 minutes: journeys left 24 hours ago with an e-mail get their one reminder (decision 077);
 * a journey is decided once, so two instances running it together send one.
 */
export function savedQuoteReminderJob(app: FastifyInstance): TJobDefinition {
  return {
    name: 'saved-quote-reminders',
    cron: '*/15 * * * *',
    handle: async () => app.services.savedQuotes.runReminderScan(),
  };
}
