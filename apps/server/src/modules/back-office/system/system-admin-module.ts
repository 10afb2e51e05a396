import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { systemAdminRoutes } from './system-admin-routes.ts';

/** The system settings screen: private mode, notices and banners (decision 082). */
export async function systemAdminModule(kernel: TKernel, staff: TStaff) {
  await kernel.app.register(systemAdminRoutes, { access: staff.access, db: kernel.db });
}
