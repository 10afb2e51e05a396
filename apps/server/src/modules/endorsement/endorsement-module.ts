import type { TKernel } from '../../app-kernel.ts';
import { cardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { createEndorsementRepository } from './endorsement-repository.ts';
import { endorsementRoutes } from './endorsement-routes.ts';
import { createEndorsementService, type TEndorsementDeps } from './endorsement-service.ts';

/**
 * Endorsements after the sale (decisions 138, 142, 144): a home's insured address, re-rated, refunded or
 * paid by card, with a new schedule.
 */
export async function endorsementModule(
  kernel: TKernel,
  deps: Pick<TEndorsementDeps, 'rateAlteration' | 'stepUps' | 'mail' | 'refunds'> & {
    /** Tests may stand in for a market's card gateway. */
    cardProvider?: TEndorsementDeps['cardProvider'];
    access: Parameters<typeof endorsementRoutes>[1]['access'];
  },
) {
  const service = createEndorsementService({
    repository: createEndorsementRepository(kernel.db),
    rateAlteration: deps.rateAlteration,
    stepUps: deps.stepUps,
    refunds: deps.refunds,
    cardProvider:
      deps.cardProvider ??
      ((country) => cardProvider({ config: kernel.config, db: kernel.db, now: kernel.now }, country)),
    mail: deps.mail,
    now: kernel.now,
    log: kernel.log,
    onMailQueued: kernel.onMailQueued,
  });
  await kernel.app.register(endorsementRoutes, { access: deps.access, service, config: kernel.config });
  return { service };
}
