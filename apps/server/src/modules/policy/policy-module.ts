import type { TKernel } from '../../app-kernel.ts';
import { benefitRoutes } from './benefit-routes.ts';
import { createBenefitScheduleRepository } from './benefit-schedule-repository.ts';
import { createBenefitSchedules } from './benefit-schedules.ts';
import { createDocumentRates } from './document-rates.ts';
import { createPolicyRepository } from './policy-repository.ts';
import { policyRoutes } from './policy-routes.ts';
import { createPolicyService } from './policy-service.ts';
import { createPricing } from './pricing.ts';
import { rateFactRoutes } from './rate-fact-routes.ts';

type TPolicyOptions = Parameters<typeof createPolicyService>[0];

/**
 * Quotes and applications: the rating calls, the benefit schedules and rate facts in force, and what
 * the documents state (the same tables as the price, decision 114).
 */
export async function policyModule(
  kernel: TKernel,
  deps: Pick<TPolicyOptions, 'referrals' | 'system' | 'agentLicenceOf' | 'staffCodeOf'> & {
    promoGuard: Parameters<typeof createPricing>[0]['promoGuard'];
  },
) {
  const { now, notifier } = kernel;
  const repository = createPolicyRepository(kernel.db);
  const benefitSchedules = createBenefitSchedules({
    repository: createBenefitScheduleRepository(kernel.db),
    notifier,
    now,
  });
  const pricing = createPricing({ repository, notifier, now, promoGuard: deps.promoGuard });
  const documentRates = createDocumentRates({ tables: pricing.tables, now });
  const service = createPolicyService({
    referrals: deps.referrals,
    repository,
    pricing,
    system: deps.system,
    agentLicenceOf: deps.agentLicenceOf,
    staffCodeOf: deps.staffCodeOf,
    now,
  });
  await kernel.app.register(policyRoutes, { service });
  await kernel.app.register(benefitRoutes, { benefits: benefitSchedules });
  await kernel.app.register(rateFactRoutes, { service });
  return { repository, service, benefitSchedules, documentRates };
}
