import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createAccountsRepository } from './accounts-repository.ts';
import { accountsRoutes } from './accounts-routes.ts';
import { createAccountsService } from './accounts-service.ts';

/** Operations' staff accounts (decision 086). */
export async function accountsModule(kernel: TKernel, staff: TStaff) {
  await kernel.app.register(accountsRoutes, {
    access: staff.access,
    service: createAccountsService({
      repository: createAccountsRepository(kernel.db),
      access: staff.access,
      now: kernel.now,
    }),
  });
}
