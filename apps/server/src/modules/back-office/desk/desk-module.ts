import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { deskQuoteRoutes } from './desk-quote-routes.ts';
import { createDeskQuoteService } from './desk-quote-service.ts';
import { createDeskRepository } from './desk-repository.ts';
import { backOfficeDeskRoutes } from './desk-routes.ts';
import { createDeskService } from './desk-service.ts';

type TDeskQuoteOptions = Parameters<typeof createDeskQuoteService>[0];

/** The agents' desk (decision 083), and an agent's quote for a customer mailed as a saved quote (087). */
export async function deskModule(
  kernel: TKernel,
  staff: TStaff,
  deps: Pick<TDeskQuoteOptions, 'policies' | 'savedQuotes'>,
) {
  const repository = createDeskRepository(kernel.db);
  await kernel.app.register(backOfficeDeskRoutes, {
    access: staff.access,
    service: createDeskService({ repository, audit: staff.audit, now: kernel.now }),
  });
  await kernel.app.register(deskQuoteRoutes, {
    access: staff.access,
    service: createDeskQuoteService({
      repository,
      audit: staff.audit,
      limits: kernel.limits,
      now: kernel.now,
      ...deps,
    }),
  });
  return { repository };
}
