import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createClaimsAdminRepository } from './claims-admin-repository.ts';
import { claimsAdminRoutes } from './claims-admin-routes.ts';
import { createClaimsAdminService } from './claims-admin-service.ts';

/** The back office's claims queue (issue 18, decision 081). */
export async function claimsAdminModule(
  kernel: TKernel,
  staff: TStaff,
  deps: Pick<Parameters<typeof createClaimsAdminService>[0], 'claims' | 'repository'>,
) {
  await kernel.app.register(claimsAdminRoutes, {
    access: staff.access,
    service: createClaimsAdminService({
      db: kernel.db,
      admin: createClaimsAdminRepository(kernel.db),
      now: kernel.now,
      ...deps,
    }),
  });
}
