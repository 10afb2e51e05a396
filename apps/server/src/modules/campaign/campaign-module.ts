import type { TKernel } from '../../app-kernel.ts';
import { createCampaignRepository } from './campaign-repository.ts';
import { campaignRoutes } from './campaign-routes.ts';
import { createCampaignService } from './campaign-service.ts';
import { createPromoGuard } from './promo-guard.ts';

/** Campaigns and promo codes: the shop's checks, and the guard pricing asks before it discounts. */
export async function campaignModule(kernel: TKernel) {
  const promoGuard = createPromoGuard({ store: kernel.limits });
  await kernel.app.register(campaignRoutes, {
    service: createCampaignService(
      createCampaignRepository(kernel.db),
      kernel.now,
      promoGuard,
      kernel.notifier,
    ),
  });
  return { promoGuard };
}
