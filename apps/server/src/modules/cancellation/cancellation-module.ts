import type { TKernel } from '../../app-kernel.ts';
import { cancellationMailContent, isCancellationMailKind } from './cancellation-mail.ts';
import { createCancellationRepository } from './cancellation-repository.ts';
import { cancellationRoutes } from './cancellation-routes.ts';
import { cancellationServiceOf } from './cancellation-service.ts';

/** Free-look and short-period cancellation (decision 071), its refund and its endorsement mail. */
export async function cancellationModule(
  kernel: TKernel,
  deps: Pick<
    Parameters<typeof cancellationServiceOf>[0],
    'stepUps' | 'hasClaim' | 'refunds' | 'endorsedCents'
  > & {
    /** The policyholder's session: the routes ask who is calling, the service which policy is theirs. */
    access: Parameters<typeof cancellationRoutes>[1]['access'];
  },
) {
  const service = cancellationServiceOf({
    db: kernel.db,
    now: kernel.now,
    log: kernel.log,
    onMailQueued: kernel.onMailQueued,
    ...deps,
  });
  await kernel.app.register(cancellationRoutes, { access: deps.access, service });
  // The mail names the purchase's refund's reference (its parts to endorsements' payments are on the page).
  const facts = {
    ...createCancellationRepository(kernel.db),
    findRefund: async (policyId: string) => {
      const parts = await deps.refunds.cancellationRefunds(policyId);
      return parts.find((part) => part.collectionReference === null) ?? parts[0];
    },
  };
  kernel.mailSenders.register({
    name: 'cancellation',
    handles: (mail) => isCancellationMailKind(mail.kind),
    compose: (mail) => cancellationMailContent(facts, mail),
  });
  return { service };
}
