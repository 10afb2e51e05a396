import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createPartnersRepository } from './partners-repository.ts';
import { partnersRoutes } from './partners-routes.ts';
import { createPartnersService } from './partners-service.ts';

/** Marketing's partners: agents and their staff codes (decision 086). */
export async function partnersModule(kernel: TKernel, staff: TStaff) {
  await kernel.app.register(partnersRoutes, {
    access: staff.access,
    service: createPartnersService({ repository: createPartnersRepository(kernel.db), now: kernel.now }),
  });
}
