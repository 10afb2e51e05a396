import type { TKernel } from '../../../app-kernel.ts';
import type { TStaff } from '../staff-module.ts';
import { createMarketingRepository } from './marketing-repository.ts';
import { marketingRoutes } from './marketing-routes.ts';
import { createMarketingService } from './marketing-service.ts';

/** Marketing's campaigns, codes, banners and images in the back office. */
export async function marketingModule(kernel: TKernel, staff: TStaff) {
  await kernel.app.register(marketingRoutes, {
    access: staff.access,
    service: createMarketingService({ repository: createMarketingRepository(kernel.db), now: kernel.now }),
  });
}
