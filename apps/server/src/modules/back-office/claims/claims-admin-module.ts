import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { claimsAdminRoutes } from './claims-admin-routes.ts';

/** The back office's claims queue (issue 18, decision 081). */
export async function claimsAdminModule(
  kernel: TKernel,
  staff: TStaff,
  deps: Pick<Parameters<typeof claimsAdminRoutes>[1], 'claims' | 'repository'>,
) {
  await kernel.app.register(claimsAdminRoutes, { access: staff.access, db: kernel.db, ...deps });
}
