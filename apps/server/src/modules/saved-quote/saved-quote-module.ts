import type { TKernel } from '../../app-kernel.ts';
import { serviceMailSender } from '../notifications/mail-senders.ts';
import { isSavedQuoteMailKind } from './saved-quote-mail.ts';
import { createSavedQuoteRepository } from './saved-quote-repository.ts';
import { savedQuoteRoutes } from './saved-quote-routes.ts';
import { createSavedQuoteService } from './saved-quote-service.ts';

type TSavedQuoteOptions = Parameters<typeof createSavedQuoteService>[0];

/** Quotes saved for later, and the reminder of abandoned journeys (decisions 076, 077). */
export async function savedQuoteModule(
  kernel: TKernel,
  deps: Pick<TSavedQuoteOptions, 'policies' | 'policyRows' | 'agents'>,
) {
  const service = createSavedQuoteService({
    repository: createSavedQuoteRepository(kernel.db),
    limits: kernel.limits,
    config: kernel.config,
    secrets: kernel.secrets,
    now: kernel.now,
    log: kernel.log,
    onMailQueued: kernel.onMailQueued,
    ...deps,
  });
  await kernel.app.register(savedQuoteRoutes, { service });
  kernel.mailSenders.register(serviceMailSender('saved-quote', isSavedQuoteMailKind, service));
  return { service };
}
