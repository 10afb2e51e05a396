import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { scheduledWorkRoutes } from './scheduled-work-routes.ts';
import { createScheduledWorkService, type TScheduledWorkJobs } from './scheduled-work-service.ts';

/**
 * "Run scheduled work" (issue 29, decision 129): the daily jobs for a business date staff choose.
 * Test-only: never registered when APP_ENV is `prod`.
 */
export async function scheduledWorkModule(kernel: TKernel, staff: TStaff, jobs: TScheduledWorkJobs) {
  if (kernel.config.isProduction) return;
  await kernel.app.register(scheduledWorkRoutes, {
    access: staff.access,
    service: createScheduledWorkService({ jobs, audit: staff.audit, now: kernel.now }),
  });
}
