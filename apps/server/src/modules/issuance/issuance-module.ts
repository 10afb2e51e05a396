import type { TKernel } from '../../app-kernel.ts';
import { createMailOutboxRepository } from '../notifications/mail-outbox-repository.ts';
import { createPaymentRepository } from '../payment/payment-repository.ts';
import { issuanceRoutes } from './issuance-routes.ts';
import { createPolicyDocumentsService } from './policy-documents-service.ts';

type TDocumentsOptions = Parameters<typeof createPolicyDocumentsService>[0];

/**
 * An issued policy's documents and mail: its schedule by signed link, and the outbox's delivery through
 * each module's sender (decision 115).
 */
export async function issuanceModule(
  kernel: TKernel,
  deps: Pick<
    TDocumentsOptions,
    'agents' | 'mailer' | 'renderSchedule' | 'manageUrl' | 'benefits' | 'rates'
  > & {
    /** How many threads draw and send: two messages a thread, one drawn while the other's rows are read. */
    threads: number;
  },
) {
  const { threads, ...rest } = deps;
  const documents = createPolicyDocumentsService({
    config: kernel.config,
    secrets: kernel.secrets,
    repository: createPaymentRepository(kernel.db),
    outbox: createMailOutboxRepository(kernel.db),
    mailLanes: threads * 2,
    now: kernel.now,
    log: kernel.log,
    senders: kernel.mailSenders,
    ...rest,
  });
  await kernel.app.register(issuanceRoutes, { documents });
  return { documents };
}
