import type { TKernel } from '../../app-kernel.ts';
import { serviceMailSender, type TManageUrl } from '../notifications/mail-senders.ts';
import { isRenewalMailKind } from './renewal-mail.ts';
import { renewalMailContent } from './renewal-mail-content.ts';
import { createRenewalRepository } from './renewal-repository.ts';
import { renewalRoutes } from './renewal-routes.ts';
import { createRenewalService, createTokenCharger } from './renewal-service.ts';

type TRenewalOptions = Parameters<typeof createRenewalService>[0];

/** Auto-renewal (decision 011): the daily scan that tells and charges once, its turn-off page and mail. */
export async function renewalModule(
  kernel: TKernel,
  deps: Pick<TRenewalOptions, 'payments' | 'issuance'> & { manageUrl: TManageUrl },
) {
  const { config, db, now } = kernel;
  const repository = createRenewalRepository(db);
  const service = createRenewalService({
    db,
    config,
    repository,
    payments: deps.payments,
    issuance: deps.issuance,
    charge: createTokenCharger(config, db, now),
    now,
    log: kernel.log,
    onMailQueued: kernel.onMailQueued,
  });
  await kernel.app.register(renewalRoutes, { service });
  kernel.mailSenders.register(
    serviceMailSender('renewal', isRenewalMailKind, {
      mailContent: (mail) => renewalMailContent({ db, config, now, manageUrl: deps.manageUrl }, mail),
    }),
  );
  return { service, repository };
}
