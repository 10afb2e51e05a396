import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createReferralsAdminService } from './referrals-admin-service.ts';
import { referralsRoutes } from './referrals-routes.ts';
import { createUnderwritingRepository } from './underwriting-repository.ts';
import { underwritingRoutes } from './underwriting-routes.ts';
import { createUnderwritingService } from './underwriting-service.ts';

/** Underwriting: rate tables, benefit schedules, the blacklist (decision 085) and referrals (089). */
export async function underwritingModule(
  kernel: TKernel,
  staff: TStaff,
  deps: Pick<Parameters<typeof createReferralsAdminService>[0], 'referrals'>,
) {
  await kernel.app.register(underwritingRoutes, {
    access: staff.access,
    service: createUnderwritingService({
      repository: createUnderwritingRepository(kernel.db),
      now: kernel.now,
    }),
  });
  await kernel.app.register(referralsRoutes, {
    access: staff.access,
    service: createReferralsAdminService({ db: kernel.db, referrals: deps.referrals, now: kernel.now }),
  });
}
