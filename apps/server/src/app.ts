import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TPermission } from '@lionrock/domain/back-office/staff-rules';
import { COUNTRIES } from '@lionrock/domain/market/market';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import type { TConfig } from './config.ts';
import { startChangeNotifier } from './db/change-notifier.ts';
import type { TDatabase } from './db/database.ts';
import { ApiError, buildErrorBody } from './lib/api-error.ts';
import { dataKeysFor } from './lib/data-encryption.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { createPausePoints } from './lib/pause-points.ts';
import { describeError, redactLogObject, scrubText } from './lib/redaction.ts';
import { serverSecretsOf } from './lib/server-secrets.ts';
import { customerOrigin } from './lib/shop-origins.ts';
import type { TMailer } from './mail/mailer.ts';
import { createAgentRepository } from './modules/agent/agent-repository.ts';
import { agentRoutes } from './modules/agent/agent-routes.ts';
import { createAgentService } from './modules/agent/agent-service.ts';
import { createAccountsRepository } from './modules/back-office/accounts/accounts-repository.ts';
import { accountsRoutes } from './modules/back-office/accounts/accounts-routes.ts';
import { createAccountsService } from './modules/back-office/accounts/accounts-service.ts';
import { createAuditTrail } from './modules/back-office/audit.ts';
import { createAuditRepository } from './modules/back-office/audit-repository.ts';
import { claimsAdminRoutes } from './modules/back-office/claims/claims-admin-routes.ts';
import { createDashboardRepository } from './modules/back-office/dashboard/dashboard-repository.ts';
import { backOfficeDashboardRoutes } from './modules/back-office/dashboard/dashboard-routes.ts';
import { createDashboardService } from './modules/back-office/dashboard/dashboard-service.ts';
import { deskQuoteRoutes } from './modules/back-office/desk/desk-quote-routes.ts';
import { createDeskQuoteService } from './modules/back-office/desk/desk-quote-service.ts';
import { createDeskRepository } from './modules/back-office/desk/desk-repository.ts';
import { backOfficeDeskRoutes } from './modules/back-office/desk/desk-routes.ts';
import { createDeskService } from './modules/back-office/desk/desk-service.ts';
import { createMarketingRepository } from './modules/back-office/marketing/marketing-repository.ts';
import { marketingRoutes } from './modules/back-office/marketing/marketing-routes.ts';
import { createMarketingService } from './modules/back-office/marketing/marketing-service.ts';
import { createFailuresRepository } from './modules/back-office/operations/failures-repository.ts';
import { backOfficeFailuresRoutes } from './modules/back-office/operations/failures-routes.ts';
import { createFailuresService } from './modules/back-office/operations/failures-service.ts';
import { createOperationsRepository } from './modules/back-office/operations/operations-repository.ts';
import { backOfficeOperationsRoutes } from './modules/back-office/operations/operations-routes.ts';
import { createOperationsService } from './modules/back-office/operations/operations-service.ts';
import { createPartnersRepository } from './modules/back-office/partners/partners-repository.ts';
import { partnersRoutes } from './modules/back-office/partners/partners-routes.ts';
import { createPartnersService } from './modules/back-office/partners/partners-service.ts';
import { backOfficeSessionRoutes } from './modules/back-office/session-routes.ts';
import {
  createStaffAccess,
  permissionOfHandler,
  STAFF_API_PREFIX,
  type TStaffAccess,
} from './modules/back-office/staff-access.ts';
import { systemAdminRoutes } from './modules/back-office/system/system-admin-routes.ts';
import { referralsRoutes } from './modules/back-office/underwriting/referrals-routes.ts';
import { createUnderwritingRepository } from './modules/back-office/underwriting/underwriting-repository.ts';
import { underwritingRoutes } from './modules/back-office/underwriting/underwriting-routes.ts';
import { createUnderwritingService } from './modules/back-office/underwriting/underwriting-service.ts';
import { createCampaignRepository } from './modules/campaign/campaign-repository.ts';
import { campaignRoutes } from './modules/campaign/campaign-routes.ts';
import { createCampaignService } from './modules/campaign/campaign-service.ts';
import { createPromoGuard } from './modules/campaign/promo-guard.ts';
import { cancellationMailContent, isCancellationMailKind } from './modules/cancellation/cancellation-mail.ts';
import { createCancellationRepository } from './modules/cancellation/cancellation-repository.ts';
import { cancellationRoutes } from './modules/cancellation/cancellation-routes.ts';
import {
  cancellationServiceOf,
  type TCancellationService,
} from './modules/cancellation/cancellation-service.ts';
import { isClaimMailKind } from './modules/claims/claim-mail.ts';
import { createClaimsRepository } from './modules/claims/claims-repository.ts';
import { claimsRoutes } from './modules/claims/claims-routes.ts';
import { createClaimsService, type TClaimsService } from './modules/claims/claims-service.ts';
import { createDraftPruner, type TDraftPruner } from './modules/claims/prune-drafts.ts';
import { createUploadBudget } from './modules/claims/upload-budget.ts';
import { documentRoutes } from './modules/document/document-routes.ts';
import {
  createDocumentWorkers,
  DEFAULT_DOCUMENT_WORKERS,
  type TDocumentWorkers,
} from './modules/document/document-workers.ts';
import { createFunnelCounter, type TFunnelCounter } from './modules/funnel/funnel-counter.ts';
import { createFunnelRepository } from './modules/funnel/funnel-repository.ts';
import { funnelRoutes } from './modules/funnel/funnel-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { issuanceRoutes } from './modules/issuance/issuance-routes.ts';
import {
  createPolicyDocumentsService,
  type TPolicyDocumentsService,
} from './modules/issuance/policy-documents-service.ts';
import { createMailOutboxRepository } from './modules/notifications/mail-outbox-repository.ts';
import {
  createMailSenders,
  serviceMailSender,
  type TManageUrl,
} from './modules/notifications/mail-senders.ts';
import { createAlertRepository, type TAlertRepository } from './modules/payment/alert-repository.ts';
import { createCardPaymentService } from './modules/payment/card-payment-service.ts';
import {
  createIdempotencyRepository,
  type TIdempotencyRepository,
} from './modules/payment/idempotency-repository.ts';
import { createIssuanceRepository } from './modules/payment/issuance-repository.ts';
import { createIssuanceService, type TIssuanceService } from './modules/payment/issuance-service.ts';
import { createLifecycleLogRepository } from './modules/payment/lifecycle-log-repository.ts';
import { createPaymentRepository, type TPaymentRepository } from './modules/payment/payment-repository.ts';
import { paymentRoutes } from './modules/payment/payment-routes.ts';
import { createPaynowCreditRepository } from './modules/payment/paynow-credit-repository.ts';
import { createPaynowService } from './modules/payment/paynow-service.ts';
import { benefitRoutes } from './modules/policy/benefit-routes.ts';
import { createBenefitScheduleRepository } from './modules/policy/benefit-schedule-repository.ts';
import { createBenefitSchedules } from './modules/policy/benefit-schedules.ts';
import { createDocumentRates } from './modules/policy/document-rates.ts';
import { createPolicyRepository } from './modules/policy/policy-repository.ts';
import { policyRoutes } from './modules/policy/policy-routes.ts';
import { createPolicyService } from './modules/policy/policy-service.ts';
import { createPricing } from './modules/policy/pricing.ts';
import { rateFactRoutes } from './modules/policy/rate-fact-routes.ts';
import { accessCodeMailSender } from './modules/policyholder/access-code-sender.ts';
import { createAccessRepository } from './modules/policyholder/access-repository.ts';
import { accessRoutes } from './modules/policyholder/access-routes.ts';
import { createAccessService, type TAccessService } from './modules/policyholder/access-service.ts';
import { isContactMailKind } from './modules/policyholder/contact-mail.ts';
import { createContactRepository } from './modules/policyholder/contact-repository.ts';
import { createContactService } from './modules/policyholder/contact-service.ts';
import { createHolderAccess, type THolderAccess } from './modules/policyholder/holder-access.ts';
import { createHolderRepository } from './modules/policyholder/holder-repository.ts';
import { holderRoutes } from './modules/policyholder/holder-routes.ts';
import { manageLink } from './modules/policyholder/manage-link.ts';
import { manageRoutes } from './modules/policyholder/manage-routes.ts';
import { createMyPolicyRepository } from './modules/policyholder/my-policy-repository.ts';
import { myPolicyRoutes } from './modules/policyholder/my-policy-routes.ts';
import { createMyPolicyService } from './modules/policyholder/my-policy-service.ts';
import { createStepUpRepository } from './modules/policyholder/step-up-repository.ts';
import {
  createStepUpService,
  STEP_UP_MAIL_KIND,
  type TStepUpService,
} from './modules/policyholder/step-up-service.ts';
import { createQuoteLinkRepository } from './modules/quote-link/quote-link-repository.ts';
import { quoteLinkRoutes } from './modules/quote-link/quote-link-routes.ts';
import { createQuoteLinkService } from './modules/quote-link/quote-link-service.ts';
import { isReferralMailKind } from './modules/referral/referral-mail.ts';
import { createReferralRepository } from './modules/referral/referral-repository.ts';
import { referralRoutes } from './modules/referral/referral-routes.ts';
import { createReferralService, type TReferralService } from './modules/referral/referral-service.ts';
import { isRenewalMailKind } from './modules/renewal/renewal-mail.ts';
import { renewalMailContent } from './modules/renewal/renewal-mail-content.ts';
import { createRenewalRepository } from './modules/renewal/renewal-repository.ts';
import { renewalRoutes } from './modules/renewal/renewal-routes.ts';
import {
  createRenewalService,
  createTokenCharger,
  type TRenewalService,
} from './modules/renewal/renewal-service.ts';
import { isSavedQuoteMailKind } from './modules/saved-quote/saved-quote-mail.ts';
import { createSavedQuoteRepository } from './modules/saved-quote/saved-quote-repository.ts';
import { savedQuoteRoutes } from './modules/saved-quote/saved-quote-routes.ts';
import {
  createSavedQuoteService,
  type TSavedQuoteService,
} from './modules/saved-quote/saved-quote-service.ts';
import { createSystemRepository } from './modules/system/system-repository.ts';
import { systemRoutes } from './modules/system/system-routes.ts';
import { createSystemService } from './modules/system/system-service.ts';
import { merchantProfile, RECEIPT_PATH, usesTestGateway } from './payments/card-gateway/card-profiles.ts';
import { testCheckoutRoutes } from './payments/test-gateway/test-checkout.ts';
import { testGatewayRoutes } from './payments/test-gateway/test-gateway-routes.ts';
import { registerBodyTypes } from './plugins/body-types.ts';
import { registerCacheControl } from './plugins/cache-control.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { contentSecurityPolicy, helmetOptions, registerSecurity } from './plugins/security.ts';
import { registerSessionName } from './plugins/session-name.ts';
import { registerWebApp, WEB_DIST } from './plugins/web-app.ts';
import { createFileStore } from './storage/create-file-store.ts';
import type { TFileStore } from './storage/file-store.ts';

export type TAppOptions = {
  config: TConfig;
  database: TDatabase;
  /** Where the built web app lives; tests point it elsewhere or leave it unbuilt. */
  webDistDir?: string;
  /** A pino destination (tests capture log lines to prove redaction). */
  logStream?: NodeJS.WritableStream;
  /** The clock every "today" is read from; tests fix it. */
  now?: () => Date;
  /** Told when issuing queued mail (server.ts nudges the delivery job; the job's schedule catches up anyway). */
  onMailQueued?: () => void;
  /** The test gateway also posts its answers server to server, as the real one does (tests turn it off). */
  testGatewayMerchantPost?: boolean;
  /**
   * Outgoing mail; by default SMTP_URL, or the file outbox under DATA_DIR, sent from the document
   * worker threads (decision 093).
   */
  mailer?: TMailer;
  /**
   * The threads that render schedule PDFs and send mail (decision 093). server.ts gives its own and ends
   * them after the jobs have stopped; by default the app starts them and ends them when it closes.
   */
  documentWorkers?: TDocumentWorkers;
  /** Claim documents; by default the store FILE_STORE chooses (decision 075). */
  fileStore?: TFileStore;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the background jobs share with the routes (server.ts schedules them). */
    services: {
      payments: TPaymentRepository;
      alerts: TAlertRepository;
      idempotency: TIdempotencyRepository;
      issuance: TIssuanceService;
      documents: TPolicyDocumentsService;
      renewal: TRenewalService;
      /** The policyholder's session and the only way after-sale calls reach a policy (design section 12). */
      holderAccess: THolderAccess;
      /** Free-look and short-period cancellation; the reconciliation job settles refunds left requested. */
      cancellation: TCancellationService;
      /** Claims, with the one status transition function staff screens will call (decision 073). */
      claims: TClaimsService;
      /** Prunes drafts left untouched, with their documents (decision 105). */
      claimDrafts: TDraftPruner;
      /** Signing in by code or link, and the "Manage your policy" link of e-mails. */
      access: TAccessService;
      /** The fresh code before a sensitive change of the policyholder's (decision 102). */
      stepUps: TStepUpService;
      /** Quotes saved for later and the reminder of abandoned journeys (decisions 076, 077). */
      savedQuotes: TSavedQuoteService;
      /** Back-office and agents' desk accounts, sessions and roles (decision 078). */
      staffAccess: TStaffAccess;
      /** The threads that render schedule PDFs and send mail off the event loop (decision 093). */
      documentWorkers: TDocumentWorkers;
      /** Underwriting referrals (decision 089). */
      referrals: TReferralService;
      /** The funnel's visit counts, written in batches (decision 090). */
      funnel: TFunnelCounter;
    };
    /** Every back-office route with the permission its preHandler asks (null: none), for the route walk test. */
    backOfficeRoutes: { method: string; url: string; permission: TPermission | null }[];
  }
}

/** The document threads of a server (decision 093): DOCUMENT_WORKERS, mail as SMTP_URL or the outbox says. */
export function documentWorkerOptions(config: TConfig) {
  return {
    size: config.documentWorkers ?? DEFAULT_DOCUMENT_WORKERS,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
  };
}

/** The smallest answer worth compressing (decision 092). */
export const COMPRESS_THRESHOLD = 8 * 1024;

/** The message of the one log line per request (decision 005). */
const REQUEST_COMPLETED = 'request completed';

/** 100 KB: the largest policy document a browser sends is a few KB (design section 5 and decision 027: oversize bodies are refused). */
export const BODY_LIMIT = 100 * 1024;

/** Builds the whole shop as one Fastify app: external plugins first, then ours, then routes (conventions). */
export async function buildApp(options: TAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      formatters: { log: redactLogObject },
      // A message interpolated from data is scrubbed like any other string (decision 030).
      hooks: {
        logMethod(args, method) {
          // The per-request line's message is this file's own constant: nothing in it to scrub.
          for (let index = 0; index < args.length; index += 1)
            if (typeof args[index] === 'string' && args[index] !== REQUEST_COMPLETED)
              args[index] = scrubText(args[index] as string);
          method.apply(this, args as Parameters<typeof method>);
        },
      },
      serializers: {
        req: (request) => ({ method: request.method, url: scrubText(request.url), id: request.id }),
        // Errors were described safely by the formatter already: kept as they are, code and cause included.
        err: ((error: unknown) => (error instanceof Error ? describeError(error) : error)) as never,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One log line per request (on completion) instead of Fastify's two: half the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from the configured proxies, else anyone could pick their own
    // address and step around every per-client limit (design section 11, decision 027).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    return503OnClosing: true,
    // A path that cannot be decoded (`%ED%A0%80`, an overlong `%C0%80`) gets the one error shape too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send(buildErrorBody(400, 'A part of the address is not validly encoded.', { field: 'url' }));
    },
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any plugin or route is added, so every call, present and future, has its input checked
  // and answers errors in one shape (decision 029).
  registerErrorHandler(app);
  registerInputGuard(app);
  registerBodyTypes(app);

  // Answers under 8 KB are sent as they are: they reach the client in the first flight of TCP segments
  // (an initial window of 10, ~14 KB) compressed or not, so compressing them costs CPU on every call and
  // saves no round trip; multirate's 2 KB answer was brotli-compressed on every quote (decision 092).
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(cookie);
  await registerSecurity(app, config, options.now);
  registerCacheControl(app);
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  const backOfficeRoutes: FastifyInstance['backOfficeRoutes'] = [];
  app.decorate('backOfficeRoutes', backOfficeRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${STAFF_API_PREFIX}/`)) return;
    // Who is calling is asked first, before the input is validated: a 401/403 never turns into a 400
    // that tells a stranger what the call expects. `requireAccount` given as a preHandler moves here.
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter((handler) => permissionOfHandler(handler));
    if (guards.length > 0) {
      route.preHandler = handlers.filter((handler) => !guards.includes(handler));
      route.onRequest = [...guards, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
    }
    const permission = [route.onRequest ?? []].flat().map(permissionOfHandler).find(Boolean) ?? null;
    for (const method of [route.method].flat())
      if (method !== 'HEAD') backOfficeRoutes.push({ method, url: route.url, permission });
  });

  // A callback hook, not an async one: it runs on every call (decision 092).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      REQUEST_COMPLETED,
    );
    done();
  });
  registerSessionName(app);
  const metrics = registerMetrics(app, { token: config.metricsToken });

  await app.register(healthRoutes, { database });
  const now = options.now ?? (() => new Date());
  const notifier = await startChangeNotifier(database, app.log);
  app.addHook('onClose', () => notifier.close());
  const systemService = createSystemService(createSystemRepository(database.db), { notifier, now });
  // The secrets made once in the database when none is configured, for the services that sign or seal.
  const secrets = serverSecretsOf(database.db);
  const benefitSchedules = createBenefitSchedules({
    repository: createBenefitScheduleRepository(database.db),
    notifier,
    now,
  });
  await app.register(systemRoutes, { service: systemService });
  const agentRepository = createAgentRepository(database.db);
  const agentService = createAgentService(agentRepository);
  await app.register(agentRoutes, { service: agentService });
  const promoGuard = createPromoGuard({ store: app.limitStore });
  const policyRepository = createPolicyRepository(database.db);
  // Underwriting referrals (decision 089): the rating looks one up when a quote names it; the service
  // re-rates a referred quote and makes an acceptance a saved quote (both bound late, built below).
  const referrals = createReferralService({
    repository: createReferralRepository(database.db),
    secrets,
    config,
    limits: app.limitStore,
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
    policies: () => policyService,
    savedQuotes: () => savedQuotes,
  });
  await app.register(referralRoutes, { service: referrals });
  const pricing = createPricing({ repository: policyRepository, notifier, now, promoGuard });
  // The documents state the rate figures pricing uses, from the same cache (decision 114).
  const documentRates = createDocumentRates({ tables: pricing.tables, now });
  const policyService = createPolicyService({
    referrals,
    repository: policyRepository,
    pricing,
    system: systemService,
    agentLicenceOf: (agentCode) => agentRepository.findAgent(agentCode),
    // An agent without a staff code for the product has none (404); any other failure is a failure.
    staffCodeOf: async (agentCode, country, productCode) => {
      const found = await agentService
        .getStaffCode(agentCode, country, productCode)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 404) return null;
          throw error;
        });
      return found?.staffCode ?? null;
    },
    now,
  });
  await app.register(policyRoutes, { service: policyService });

  const paymentRepository = createPaymentRepository(database.db);
  const alerts = createAlertRepository(database.db);
  // Test-only pause points in the money path (decision 108): the no-op constant in prod.
  const pause = createPausePoints(config);
  const idempotency = createIdempotencyRepository(database.db);
  const issuance = createIssuanceService({
    repository: paymentRepository,
    issuing: createIssuanceRepository(database.db),
    agents: agentRepository,
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
    // Card payments are looked up at the gateway before they may expire (design section 11).
    beforeExpiry: () => cardPayments.reconcileOverdue(),
    pause,
  });
  const cardPayments = createCardPaymentService({
    config,
    db: database.db,
    repository: paymentRepository,
    alerts,
    policies: policyService,
    system: systemService,
    issuance,
    now,
    log: app.log,
    pause,
  });
  const paynow = createPaynowService({
    config,
    db: database.db,
    repository: paymentRepository,
    credits: createPaynowCreditRepository(database.db),
    card: cardPayments,
    issuance,
    now,
    log: app.log,
    pause,
  });
  const savedQuotes = createSavedQuoteService({
    repository: createSavedQuoteRepository(database.db),
    policies: policyService,
    policyRows: policyRepository,
    agents: agentRepository,
    limits: app.limitStore,
    config,
    secrets,
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  await app.register(savedQuoteRoutes, { service: savedQuotes });
  const documentWorkers = options.documentWorkers ?? createDocumentWorkers(documentWorkerOptions(config));
  if (!options.documentWorkers) app.addHook('onClose', () => documentWorkers.close());
  // How many schedules the threads drew: the purchase bench reads it to show none was drawn elsewhere.
  new Gauge({
    name: 'lionrock_schedules_rendered_in_threads',
    help: 'Schedule PDFs rendered by the document worker threads since the server started',
    registers: [metrics],
    collect() {
      this.set(documentWorkers.stats().rendered);
    },
  });
  // The default mail transport lives in the document threads: building a MIME message around a PDF and
  // writing it to SMTP or the outbox does not run on the event loop either (decision 093).
  const mailer: TMailer = options.mailer ?? {
    kind: config.smtpUrl ? 'smtp' : 'outbox',
    send: (message) => documentWorkers.sendMail(message),
    close() {},
  };
  const staffAccess = createStaffAccess({
    db: database.db,
    config,
    store: app.limitStore,
    now,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  await app.register(backOfficeSessionRoutes, {
    access: staffAccess,
    db: database.db,
    agentMarketOf: async (agentCode) => (await agentRepository.findAgent(agentCode))?.country,
  });
  await app.register(marketingRoutes, {
    access: staffAccess,
    service: createMarketingService({ repository: createMarketingRepository(database.db), now }),
  });
  // Marketing's partners and operations' accounts (decision 086).
  await app.register(partnersRoutes, {
    access: staffAccess,
    service: createPartnersService({ repository: createPartnersRepository(database.db), now }),
  });
  await app.register(accountsRoutes, {
    access: staffAccess,
    service: createAccountsService({
      repository: createAccountsRepository(database.db),
      access: staffAccess,
      now,
    }),
  });
  const auditTrail = createAuditTrail(createAuditRepository(database.db));
  const deskRepository = createDeskRepository(database.db);
  await app.register(backOfficeDeskRoutes, {
    access: staffAccess,
    service: createDeskService({ repository: deskRepository, audit: auditTrail, now }),
  });
  // An agent's quote for a customer, mailed as a saved quote (decision 087).
  await app.register(deskQuoteRoutes, {
    access: staffAccess,
    service: createDeskQuoteService({
      repository: deskRepository,
      audit: auditTrail,
      policies: policyService,
      savedQuotes,
      limits: app.limitStore,
      now,
    }),
  });
  await app.register(backOfficeDashboardRoutes, {
    access: staffAccess,
    service: createDashboardService({ repository: createDashboardRepository(database.db), now }),
  });
  // The funnel's first two steps, counted without the landing's help (decision 090).
  const funnel = createFunnelCounter({ repository: createFunnelRepository(database.db), log: app.log, now });
  app.addHook('onClose', () => funnel.close());
  await app.register(funnelRoutes, { counter: funnel });
  // The desk's pre-filled quote links and their opening (decision 090).
  await app.register(quoteLinkRoutes, {
    access: staffAccess,
    service: createQuoteLinkService({
      repository: createQuoteLinkRepository(database.db),
      desk: deskRepository,
      limits: app.limitStore,
      now,
      funnel,
    }),
  });
  await app.register(underwritingRoutes, {
    access: staffAccess,
    service: createUnderwritingService({ repository: createUnderwritingRepository(database.db), now }),
  });
  await app.register(referralsRoutes, { access: staffAccess, db: database.db, referrals, now });
  // Each module's mail, composed by its module when the outbox sends it (decision 115).
  const mailSenders = createMailSenders();
  const manageUrl: TManageUrl = (policy, recipient, language) =>
    manageLink({ db: database.db, config, now }, policy, recipient, language);
  mailSenders.register({
    name: 'back-office',
    handles: (mail) => mail.recipientRole === 'staff',
    compose: (mail) => staffAccess.resetMailContent(mail.sealed),
  });
  const cancellationFacts = createCancellationRepository(database.db);
  mailSenders.register({
    name: 'cancellation',
    handles: (mail) => isCancellationMailKind(mail.kind),
    compose: (mail) => cancellationMailContent(cancellationFacts, mail),
  });
  mailSenders.register(serviceMailSender('referral', isReferralMailKind, referrals));
  mailSenders.register(serviceMailSender('saved-quote', isSavedQuoteMailKind, savedQuotes));
  mailSenders.register(
    accessCodeMailSender({ db: database.db, config, repository: createAccessRepository(database.db), now }),
  );
  mailSenders.register(
    serviceMailSender(
      'contact',
      // The step-up code is worded by the contact mail but composed by the step-up service (below).
      (kind) => isContactMailKind(kind) && kind !== STEP_UP_MAIL_KIND,
      createContactService({ db: database.db, config, now, log: app.log, onMailQueued: () => {} }),
    ),
  );
  mailSenders.register(
    serviceMailSender('renewal', isRenewalMailKind, {
      mailContent: (mail) => renewalMailContent({ db: database.db, config, now, manageUrl }, mail),
    }),
  );
  const documents = createPolicyDocumentsService({
    config,
    secrets,
    repository: paymentRepository,
    outbox: createMailOutboxRepository(database.db),
    agents: agentRepository,
    mailer,
    renderSchedule: (issued, benefits, rates) => documentWorkers.renderSchedule(issued, benefits, rates),
    // Two messages a thread: one renders or sends while the other's rows are read and written.
    mailLanes: documentWorkers.size * 2,
    now,
    log: app.log,
    senders: mailSenders,
    manageUrl,
    benefits: benefitSchedules,
    rates: documentRates,
  });
  await app.register(paymentRoutes, {
    originOf: (request) => customerOrigin(config, request),
    idempotency,
    logs: createLifecycleLogRepository(database.db),
    card: cardPayments,
    paynow,
    issue: issuance,
    documents,
  });
  await app.register(issuanceRoutes, { documents });
  // The back office's operations work (issue 18, decision 080): policies, queues, mail, client logs.
  await app.register(backOfficeOperationsRoutes, {
    access: staffAccess,
    service: createOperationsService({
      repository: createOperationsRepository(database.db),
      audit: auditTrail,
      holderMail: createAccessRepository(database.db),
      payments: paymentRepository,
      alerts,
      issuance,
      documents,
      now,
      onMailQueued: options.onMailQueued ?? (() => {}),
    }),
  });
  // Failed renewals and failed jobs (decision 088); server.ts attaches pg-boss's retry to app.failures.
  const failures = createFailuresService({
    repository: createFailuresRepository(database.db),
    audit: auditTrail,
    now,
  });
  app.decorate('failures', failures);
  await app.register(backOfficeFailuresRoutes, { access: staffAccess, service: failures });
  if (usesTestGateway(config)) {
    // Without a merchant profile a market pays through the built-in test gateway (design section 6).
    const profiles = await Promise.all(
      COUNTRIES.filter((country) => !config.cardProfiles[country]).map((country) =>
        merchantProfile(config, database.db, country),
      ),
    );
    await app.register(testGatewayRoutes, {
      db: database.db,
      profiles,
      now,
      log: app.log,
      ...(options.testGatewayMerchantPost === false
        ? {}
        : { merchantPostUrl: `${config.publicUrl}${RECEIPT_PATH}` }),
    });
    if (!config.isProduction) await app.register(testCheckoutRoutes, { now });
  }
  const renewal = createRenewalService({
    db: database.db,
    config,
    payments: paymentRepository,
    issuance,
    charge: createTokenCharger(config, database.db, now),
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  await app.register(renewalRoutes, { service: renewal });
  const holderRepository = createHolderRepository(database.db);
  const holderAccess = createHolderAccess({ db: database.db, config, repository: holderRepository, now });
  await app.register(holderRoutes, { access: holderAccess });
  const accessRepository = createAccessRepository(database.db);
  const access = createAccessService({
    db: database.db,
    config,
    repository: accessRepository,
    holderRepository,
    holders: holderAccess,
    store: app.limitStore,
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  await app.register(accessRoutes, { service: access, access: holderAccess });
  await app.register(myPolicyRoutes, {
    access: holderAccess,
    service: createMyPolicyService({
      repository: createMyPolicyRepository(database.db),
      access: accessRepository,
      renewals: createRenewalRepository(database.db),
      documents,
      now,
      log: app.log,
      onMailQueued: options.onMailQueued ?? (() => {}),
    }),
  });
  // The fresh code before a sensitive change, and the wait while a change of address can be undone (decision 102).
  const contactRepository = createContactRepository(database.db);
  const stepUps = createStepUpService({
    db: database.db,
    config,
    repository: createStepUpRepository(database.db),
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
    undoableUntil: async (policyId) =>
      (await contactRepository.undoPending(policyId, now()))?.undoExpiresAt ?? null,
  });
  mailSenders.register(
    serviceMailSender('step-up', (kind) => kind === STEP_UP_MAIL_KIND, {
      mailContent: async (mail) => {
        const policy = mail.policyId ? await paymentRepository.findPolicy(mail.policyId) : undefined;
        return policy ? stepUps.mailContent(mail, policy) : null;
      },
    }),
  );
  await app.register(manageRoutes, {
    access: holderAccess,
    stepUps,
    db: database.db,
    config,
    now,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  // Payout details sealed at rest under DATA_ENCRYPTION_KEY (decision 106).
  const claimsRepository = createClaimsRepository(database.db, {
    keys: () => dataKeysFor(database.db, config),
  });
  const fileStore = options.fileStore ?? createFileStore(config);
  const claims = createClaimsService({
    db: database.db,
    config,
    access: holderAccess,
    stepUps,
    repository: claimsRepository,
    policies: policyRepository,
    agents: agentRepository,
    store: fileStore,
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  // Open drafts, what they hold and what a holder uploads an hour are bounded (issue 27, decision 105).
  mailSenders.register(serviceMailSender('claims', isClaimMailKind, claims));
  await app.register(claimsRoutes, {
    access: holderAccess,
    service: claims,
    uploads: createUploadBudget({ repository: claimsRepository, limits: app.limitStore }),
  });
  const claimDrafts = createDraftPruner({ repository: claimsRepository, store: fileStore, now });
  // Back office: the claims queue and the system settings (issue 18, decisions 081 and 082).
  await app.register(claimsAdminRoutes, {
    access: staffAccess,
    db: database.db,
    claims,
    repository: claimsRepository,
  });
  await app.register(systemAdminRoutes, { access: staffAccess, db: database.db });
  const cancellation = cancellationServiceOf({
    db: database.db,
    config,
    access: holderAccess,
    stepUps,
    // A policy with a claim made is not cancelled online (decision 071).
    hasClaim: (policyId) => claimsRepository.hasClaimMade(policyId),
    now,
    log: app.log,
    onMailQueued: options.onMailQueued ?? (() => {}),
  });
  await app.register(cancellationRoutes, { access: holderAccess, service: cancellation });
  app.decorate('services', {
    payments: paymentRepository,
    alerts,
    idempotency,
    issuance,
    documents,
    renewal,
    holderAccess,
    claims,
    claimDrafts,
    access,
    stepUps,
    cancellation,
    savedQuotes,
    staffAccess,
    documentWorkers,
    referrals,
    funnel,
  });
  await app.register(campaignRoutes, {
    service: createCampaignService(createCampaignRepository(database.db), now, promoGuard, notifier),
  });
  await app.register(documentRoutes, { benefits: benefitSchedules, rates: documentRates });
  await app.register(benefitRoutes, { benefits: benefitSchedules });
  await app.register(rateFactRoutes, { service: policyService });
  await registerWebApp(app, options.webDistDir ?? WEB_DIST, {
    onDocument: (request) => funnel.landingDocument(request),
    contentSecurityPolicy: contentSecurityPolicy(helmetOptions(config, { nonce: true })),
    survey: config.surveyScriptUrl
      ? {
          scriptUrl: config.surveyScriptUrl,
          contentSecurityPolicy: contentSecurityPolicy(
            helmetOptions(config, {
              nonce: true,
              extraScriptOrigins: [new URL(config.surveyScriptUrl).origin],
            }),
          ),
        }
      : undefined,
  });

  // Unknown paths get the same JSON error shape, and are rate-limited so they cannot be used to probe.
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    (request, reply) =>
      reply
        .status(404)
        .send(
          buildErrorBody(
            404,
            `No page or call at ${request.method} ${scrubText(request.url.split('?')[0]!)}.`,
          ),
        ),
  );
  return app;
}
