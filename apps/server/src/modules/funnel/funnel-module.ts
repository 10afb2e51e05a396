import type { TKernel } from '../../app-kernel.ts';
import { createFunnelCounter } from './funnel-counter.ts';
import { createFunnelRepository } from './funnel-repository.ts';
import { funnelRoutes } from './funnel-routes.ts';

/** The funnel's first two steps, counted without the landing's help (decision 090). */
export async function funnelModule(kernel: TKernel) {
  const counter = createFunnelCounter({
    repository: createFunnelRepository(kernel.db),
    log: kernel.log,
    now: kernel.now,
  });
  kernel.app.addHook('onClose', () => counter.close());
  await kernel.app.register(funnelRoutes, { counter });
  return { counter };
}
