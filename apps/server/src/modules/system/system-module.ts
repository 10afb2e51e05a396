import type { TKernel } from '../../app-kernel.ts';
import { createSystemRepository } from './system-repository.ts';
import { systemRoutes } from './system-routes.ts';
import { createSystemService } from './system-service.ts';

/** The system settings in force (private mode, notices, banners), read by the shop and changed by staff. */
export async function systemModule(kernel: TKernel) {
  const service = createSystemService(createSystemRepository(kernel.db), {
    notifier: kernel.notifier,
    now: kernel.now,
  });
  await kernel.app.register(systemRoutes, { service });
  return { service };
}
