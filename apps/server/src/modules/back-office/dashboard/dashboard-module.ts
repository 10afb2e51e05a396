import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createDashboardRepository } from './dashboard-repository.ts';
import { backOfficeDashboardRoutes } from './dashboard-routes.ts';
import { createDashboardService } from './dashboard-service.ts';

/** The dashboard's figures (decision 084). */
export async function dashboardModule(kernel: TKernel, staff: TStaff) {
  await kernel.app.register(backOfficeDashboardRoutes, {
    access: staff.access,
    service: createDashboardService({ repository: createDashboardRepository(kernel.db), now: kernel.now }),
  });
}
