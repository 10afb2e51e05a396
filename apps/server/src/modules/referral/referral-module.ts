import type { TKernel } from '../../app-kernel.ts';
import { serviceMailSender } from '../notifications/mail-senders.ts';
import { isReferralMailKind } from './referral-mail.ts';
import { createReferralRepository } from './referral-repository.ts';
import { referralRoutes } from './referral-routes.ts';
import { createReferralService } from './referral-service.ts';

type TReferralOptions = Parameters<typeof createReferralService>[0];

/**
 * Underwriting referrals (decision 089): the rating looks one up when a quote names it; the service
 * re-rates a referred quote and makes an acceptance a saved quote (both given late: they are built after).
 */
export async function referralModule(
  kernel: TKernel,
  deps: Pick<TReferralOptions, 'policies' | 'savedQuotes'>,
) {
  const service = createReferralService({
    repository: createReferralRepository(kernel.db),
    secrets: kernel.secrets,
    config: kernel.config,
    limits: kernel.limits,
    now: kernel.now,
    log: kernel.log,
    onMailQueued: kernel.onMailQueued,
    ...deps,
  });
  await kernel.app.register(referralRoutes, { service });
  kernel.mailSenders.register(serviceMailSender('referral', isReferralMailKind, service));
  return { service };
}
