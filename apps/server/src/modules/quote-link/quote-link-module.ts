import type { TKernel } from '../../app-kernel.ts';
import type { TStaff } from '../back-office/staff-module.ts';
import { createQuoteLinkRepository } from './quote-link-repository.ts';
import { quoteLinkRoutes } from './quote-link-routes.ts';
import { createQuoteLinkService } from './quote-link-service.ts';

type TQuoteLinkOptions = Parameters<typeof createQuoteLinkService>[0];

/** The desk's pre-filled quote links, and their opening (decision 090). */
export async function quoteLinkModule(
  kernel: TKernel,
  staff: TStaff,
  deps: Pick<TQuoteLinkOptions, 'desk' | 'funnel'>,
) {
  await kernel.app.register(quoteLinkRoutes, {
    access: staff.access,
    service: createQuoteLinkService({
      repository: createQuoteLinkRepository(kernel.db),
      limits: kernel.limits,
      now: kernel.now,
      ...deps,
    }),
  });
}
