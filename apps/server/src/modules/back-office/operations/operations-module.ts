import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createFailuresRepository } from './failures-repository.ts';
import { backOfficeFailuresRoutes } from './failures-routes.ts';
import { createFailuresService } from './failures-service.ts';
import { createOperationsRepository } from './operations-repository.ts';
import { backOfficeOperationsRoutes } from './operations-routes.ts';
import { createOperationsService } from './operations-service.ts';

type TOperationsOptions = Parameters<typeof createOperationsService>[0];

/**
 * Operations' work (issue 18, decision 080): policies, the payment queues, mail and client logs; and
 * failed renewals and jobs (decision 088), whose pg-boss retry server.ts attaches to `app.failures`.
 */
export async function operationsModule(
  kernel: TKernel,
  staff: TStaff,
  deps: Pick<TOperationsOptions, 'holderMail' | 'payments' | 'alerts' | 'issuance' | 'documents'>,
) {
  await kernel.app.register(backOfficeOperationsRoutes, {
    access: staff.access,
    service: createOperationsService({
      repository: createOperationsRepository(kernel.db),
      audit: staff.audit,
      now: kernel.now,
      onMailQueued: kernel.onMailQueued,
      ...deps,
    }),
  });
  const failures = createFailuresService({
    repository: createFailuresRepository(kernel.db),
    audit: staff.audit,
    now: kernel.now,
  });
  kernel.app.decorate('failures', failures);
  await kernel.app.register(backOfficeFailuresRoutes, { access: staff.access, service: failures });
}
