import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TPermission } from '@lionrock/domain/back-office/staff-rules';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TKernel } from './app-kernel.ts';
import type { TConfig } from './config.ts';
import { startChangeNotifier } from './db/change-notifier.ts';
import type { TDatabase } from './db/database.ts';
import { createLogRetentionRepository } from './db/log-retention-repository.ts';
import { pruneClientLogsJob } from './jobs/prune-client-logs.ts';
import { ApiError, buildErrorBody } from './lib/api-error.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { describeError, redactLogObject, scrubText } from './lib/redaction.ts';
import { serverSecretsOf } from './lib/server-secrets.ts';
import type { TMailer } from './mail/mailer.ts';
import { agentModule } from './modules/agent/agent-module.ts';
import { accountsModule } from './modules/back-office/accounts/accounts-module.ts';
import { claimsAdminModule } from './modules/back-office/claims/claims-admin-module.ts';
import { dashboardModule } from './modules/back-office/dashboard/dashboard-module.ts';
import { deskModule } from './modules/back-office/desk/desk-module.ts';
import { marketingModule } from './modules/back-office/marketing/marketing-module.ts';
import { operationsModule } from './modules/back-office/operations/operations-module.ts';
import { partnersModule } from './modules/back-office/partners/partners-module.ts';
import { scheduledWorkModule } from './modules/back-office/scheduled-work/scheduled-work-module.ts';
import {
  permissionOfHandler,
  STAFF_API_PREFIX,
  type TStaffAccess,
} from './modules/back-office/staff-access.ts';
import { staffModule } from './modules/back-office/staff-module.ts';
import { systemAdminModule } from './modules/back-office/system/system-admin-module.ts';
import { underwritingModule } from './modules/back-office/underwriting/underwriting-module.ts';
import { campaignModule } from './modules/campaign/campaign-module.ts';
import { cancellationModule } from './modules/cancellation/cancellation-module.ts';
import type { TCancellationService } from './modules/cancellation/cancellation-service.ts';
import { claimsModule } from './modules/claims/claims-module.ts';
import type { TClaimsService } from './modules/claims/claims-service.ts';
import type { TDraftPruner } from './modules/claims/prune-drafts.ts';
import { documentModule } from './modules/document/document-module.ts';
import type { TDocumentWorkers } from './modules/document/document-workers.ts';
import { endorsementModule } from './modules/endorsement/endorsement-module.ts';
import type { TEndorsementService } from './modules/endorsement/endorsement-service.ts';
import type { TFunnelCounter } from './modules/funnel/funnel-counter.ts';
import { funnelModule } from './modules/funnel/funnel-module.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { issuanceModule } from './modules/issuance/issuance-module.ts';
import type { TPolicyDocumentsService } from './modules/issuance/policy-documents-service.ts';
import { endorsementMailId, POLICY_ENDORSED_MAIL_KIND } from './modules/issuance/policy-mail.ts';
import { createMailSenders } from './modules/notifications/mail-senders.ts';
import type { TAlertRepository } from './modules/payment/alert-repository.ts';
import type { TIdempotencyRepository } from './modules/payment/idempotency-repository.ts';
import type { TIssuanceService } from './modules/payment/issuance-service.ts';
import { paymentModule } from './modules/payment/payment-module.ts';
import type { TPaymentRepository } from './modules/payment/payment-repository.ts';
import type { TRefundService } from './modules/payment/refund-service.ts';
import { policyModule } from './modules/policy/policy-module.ts';
import type { TAccessService } from './modules/policyholder/access-service.ts';
import type { THolderAccess } from './modules/policyholder/holder-access.ts';
import { manageUrlOf, policyholderModule } from './modules/policyholder/policyholder-module.ts';
import type { TStepUpService } from './modules/policyholder/step-up-service.ts';
import { quoteLinkModule } from './modules/quote-link/quote-link-module.ts';
import { referralModule } from './modules/referral/referral-module.ts';
import type { TReferralService } from './modules/referral/referral-service.ts';
import { renewalModule } from './modules/renewal/renewal-module.ts';
import type { TRenewalService } from './modules/renewal/renewal-service.ts';
import { savedQuoteModule } from './modules/saved-quote/saved-quote-module.ts';
import type { TSavedQuoteService } from './modules/saved-quote/saved-quote-service.ts';
import { systemModule } from './modules/system/system-module.ts';
import { registerBodyTypes } from './plugins/body-types.ts';
import { registerCacheControl } from './plugins/cache-control.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { contentSecurityPolicy, helmetOptions, registerSecurity } from './plugins/security.ts';
import { registerSessionName } from './plugins/session-name.ts';
import { registerWebApp, WEB_DIST } from './plugins/web-app.ts';
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
      /** Free-look and short-period cancellation. */
      cancellation: TCancellationService;
      /** Card refunds, a cancellation's or an endorsement's; the reconciliation job settles those left requested. */
      refunds: TRefundService;
      /** Endorsements after the sale; the reconciliation job looks up their unanswered card payments. */
      endorsements: TEndorsementService;
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
  // What every module is built from (decision 119).
  const kernel: TKernel = {
    app,
    database,
    db: database.db,
    config,
    now,
    log: app.log,
    limits: app.limitStore,
    notifier,
    // The secrets made once in the database when none is configured, for the services that sign or seal.
    secrets: serverSecretsOf(database.db),
    // Each module's mail, composed by its module when the outbox sends it (decision 115).
    mailSenders: createMailSenders(),
    onMailQueued: options.onMailQueued ?? (() => {}),
  };
  const manageUrl = manageUrlOf(kernel);

  // The shop's modules, each built by its own *-module.ts from the kernel and what it needs of the
  // modules before it; what a module needs of one built after it is given as a function.
  const system = await systemModule(kernel);
  const agents = await agentModule(kernel);
  const campaigns = await campaignModule(kernel);
  const referrals = await referralModule(kernel, {
    policies: () => policy.service,
    savedQuotes: () => savedQuotes.service,
  });
  const policy = await policyModule(kernel, {
    referrals: referrals.service,
    system: system.service,
    promoGuard: campaigns.promoGuard,
    agentLicenceOf: (agentCode) => agents.repository.findAgent(agentCode),
    // An agent without a staff code for the product has none (404); any other failure is a failure.
    staffCodeOf: async (agentCode, country, productCode) => {
      const found = await agents.service
        .getStaffCode(agentCode, country, productCode)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 404) return null;
          throw error;
        });
      return found?.staffCode ?? null;
    },
  });
  const savedQuotes = await savedQuoteModule(kernel, {
    policies: policy.service,
    policyRows: policy.repository,
    agents: agents.repository,
  });
  const files = await documentModule(kernel, {
    benefits: policy.benefitSchedules,
    rates: policy.documentRates,
    metrics,
    documentWorkers: options.documentWorkers,
    mailer: options.mailer,
  });
  const { documents } = await issuanceModule(kernel, {
    agents: agents.repository,
    mailer: files.mailer,
    renderSchedule: (issued, benefits, rates) => files.workers.renderSchedule(issued, benefits, rates),
    threads: files.workers.size,
    manageUrl,
    benefits: policy.benefitSchedules,
    rates: policy.documentRates,
  });
  const payments = await paymentModule(kernel, {
    agents: agents.repository,
    policies: policy.service,
    system: system.service,
    documents,
    testGatewayMerchantPost: options.testGatewayMerchantPost,
  });
  const renewal = await renewalModule(kernel, {
    payments: payments.repository,
    issuance: payments.issuance,
    manageUrl,
  });
  const holders = await policyholderModule(kernel, {
    documents,
    renewals: renewal.repository,
    findPolicy: (policyId) => payments.repository.findPolicy(policyId),
  });
  const claims = await claimsModule(kernel, {
    manageUrl,
    access: holders.holderAccess,
    stepUps: holders.stepUps,
    policies: policy.repository,
    agents: agents.repository,
    fileStore: options.fileStore,
  });
  const endorsements = await endorsementModule(kernel, {
    access: holders.holderAccess,
    stepUps: holders.stepUps,
    refunds: payments.refunds,
    rateAlteration: (sold, altered, issuedAt) => policy.service.rateAlteration(sold, altered, issuedAt),
    // The schedule's mail is the issued policy's, composed by issuance when it is sent.
    mail: { kind: POLICY_ENDORSED_MAIL_KIND, messageIdOf: endorsementMailId },
  });
  const cancellation = await cancellationModule(kernel, {
    access: holders.holderAccess,
    stepUps: holders.stepUps,
    refunds: payments.refunds,
    // What is refunded counts what endorsements collected and returned since the sale (decision 142).
    endorsedCents: (policyId) => endorsements.service.endorsedCents(policyId),
    // A policy with a claim made is not cancelled online (decision 071).
    hasClaim: (policyId) => claims.repository.hasClaimMade(policyId),
  });
  const funnel = await funnelModule(kernel);

  // The back office and the agents' desk (issue 18): an area a module, each given the staff access.
  const staff = await staffModule(kernel, {
    agentMarketOf: async (agentCode) => (await agents.repository.findAgent(agentCode))?.country,
  });
  await marketingModule(kernel, staff);
  await partnersModule(kernel, staff);
  await accountsModule(kernel, staff);
  const desk = await deskModule(kernel, staff, {
    policies: policy.service,
    savedQuotes: savedQuotes.service,
  });
  await dashboardModule(kernel, staff);
  await quoteLinkModule(kernel, staff, { desk: desk.repository, funnel: funnel.counter });
  await underwritingModule(kernel, staff, { referrals: referrals.service });
  await operationsModule(kernel, staff, {
    holderMail: holders.accessRepository,
    payments: payments.repository,
    alerts: payments.alerts,
    issuance: payments.issuance,
    documents,
  });
  await claimsAdminModule(kernel, staff, { claims: claims.service, repository: claims.repository });
  await systemAdminModule(kernel, staff);
  // Outside prod only: the daily jobs run by hand for a business date (decision 129).
  const logRetention = createLogRetentionRepository(kernel.db);
  await scheduledWorkModule(kernel, staff, {
    renewalScan: (today, country, options) => renewal.service.runRenewalScan(today, country, options),
    reminders: (at) => savedQuotes.service.runReminderScan(200, at),
    pruneClaimDrafts: (at) => claims.drafts.pruneStaleDrafts(at),
    pruneClientLogs: async (at) => (await pruneClientLogsJob(logRetention, () => at).handle(undefined)) ?? {},
    // A customer's cancellation on a business date (decision 148): short-period refunds months ahead.
    cancellation: cancellation.service,
  });

  app.decorate('services', {
    payments: payments.repository,
    alerts: payments.alerts,
    idempotency: payments.idempotency,
    issuance: payments.issuance,
    documents,
    renewal: renewal.service,
    holderAccess: holders.holderAccess,
    claims: claims.service,
    claimDrafts: claims.drafts,
    access: holders.access,
    stepUps: holders.stepUps,
    cancellation: cancellation.service,
    refunds: payments.refunds,
    endorsements: endorsements.service,
    savedQuotes: savedQuotes.service,
    staffAccess: staff.access,
    documentWorkers: files.workers,
    referrals: referrals.service,
    funnel: funnel.counter,
  });
  await registerWebApp(app, options.webDistDir ?? WEB_DIST, {
    onDocument: (request) => funnel.counter.landingDocument(request),
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
