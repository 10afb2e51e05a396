import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createSystemAdminRepository } from './system-admin-repository.ts';
import { systemAdminRoutes } from './system-admin-routes.ts';
import { createSystemAdminService } from './system-admin-service.ts';

/** The system settings screen: private mode, notices and banners (decision 082). */
export async function systemAdminModule(kernel: TKernel, staff: TStaff) {
  await kernel.app.register(systemAdminRoutes, {
    access: staff.access,
    service: createSystemAdminService(createSystemAdminRepository(kernel.db)),
  });
}
