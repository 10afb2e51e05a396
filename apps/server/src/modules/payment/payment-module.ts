import { COUNTRIES } from '@lionrock/domain/market/market';
import type { TKernel } from '../../app-kernel.ts';
import { createPausePoints } from '../../lib/pause-points.ts';
import { customerOrigin } from '../../lib/shop-origins.ts';
import { merchantProfile, RECEIPT_PATH, usesTestGateway } from '../../payments/card-gateway/card-profiles.ts';
import { testCheckoutRoutes } from '../../payments/test-gateway/test-checkout.ts';
import { testGatewayRepository } from '../../payments/test-gateway/test-gateway-repository.ts';
import { testGatewayRoutes } from '../../payments/test-gateway/test-gateway-routes.ts';
import { createAlertRepository } from './alert-repository.ts';
import { createCardPaymentService } from './card-payment-service.ts';
import { createIdempotencyRepository } from './idempotency-repository.ts';
import { createIssuanceRepository } from './issuance-repository.ts';
import { createIssuanceService } from './issuance-service.ts';
import { createLifecycleLogRepository } from './lifecycle-log-repository.ts';
import { createPaymentRepository } from './payment-repository.ts';
import { paymentRoutes } from './payment-routes.ts';
import { createPaynowCreditRepository } from './paynow-credit-repository.ts';
import { createPaynowService } from './paynow-service.ts';
import { refundServiceOf } from './refund-service.ts';

type TCardOptions = Parameters<typeof createCardPaymentService>[0];

/**
 * Paying and issuing (design sections 6 and 11): card and PayNow, the one issuing path, the operations
 * alerts, and the built-in test gateway for a market without a merchant profile.
 */
export async function paymentModule(
  kernel: TKernel,
  deps: Pick<TCardOptions, 'policies' | 'system'> & {
    agents: Parameters<typeof createIssuanceService>[0]['agents'];
    documents: Parameters<typeof paymentRoutes>[1]['documents'];
    /** The test gateway also posts its answers server to server, as the real one does (tests turn it off). */
    testGatewayMerchantPost?: boolean;
  },
) {
  const { app, config, db, now, log } = kernel;
  const repository = createPaymentRepository(db);
  const alerts = createAlertRepository(db);
  // Test-only pause points in the money path (decision 108): the no-op constant in prod.
  const pause = createPausePoints(config);
  const idempotency = createIdempotencyRepository(db);
  const issuance = createIssuanceService({
    repository,
    issuing: createIssuanceRepository(db),
    agents: deps.agents,
    now,
    log,
    onMailQueued: kernel.onMailQueued,
    // Card payments are looked up at the gateway before they may expire (design section 11).
    beforeExpiry: () => card.reconcileOverdue(),
    pause,
  });
  const card = createCardPaymentService({
    config,
    db,
    repository,
    alerts,
    policies: deps.policies,
    system: deps.system,
    issuance,
    now,
    log,
    pause,
  });
  const paynow = createPaynowService({
    config,
    db,
    repository,
    credits: createPaynowCreditRepository(db),
    card,
    issuance,
    now,
    log,
    pause,
  });
  await app.register(paymentRoutes, {
    originOf: (request) => customerOrigin(config, request),
    idempotency,
    logs: createLifecycleLogRepository(db),
    card,
    paynow,
    issue: issuance,
    documents: deps.documents,
  });
  if (usesTestGateway(config)) {
    // Without a merchant profile a market pays through the built-in test gateway (design section 6).
    const profiles = await Promise.all(
      COUNTRIES.filter((country) => !config.cardProfiles[country]).map((country) =>
        merchantProfile(config, db, country),
      ),
    );
    await app.register(testGatewayRoutes, {
      store: testGatewayRepository(db),
      profiles,
      now,
      log,
      ...(deps.testGatewayMerchantPost === false
        ? {}
        : { merchantPostUrl: `${config.publicUrl}${RECEIPT_PATH}` }),
    });
    if (!config.isProduction) await app.register(testCheckoutRoutes, { now });
  }
  // Card refunds, whoever owes them: a cancellation or an endorsement (decision 142).
  const refunds = refundServiceOf({ db, config, now, log });
  return { repository, alerts, idempotency, issuance, card, refunds };
}
