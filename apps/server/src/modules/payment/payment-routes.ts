import { ZApiErrorSchema } from '@lionrock/domain/schemas/api-error-schema';
import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { postedFields, sendFrameReceipt } from '../../lib/frame-receipt.ts';
import { logBudget } from '../../lib/log-budget.ts';
import {
  apiErrors,
  documentedHeaders,
  IDEMPOTENCY_KEY_HEADER,
  rawJsonBody,
  textPlain,
} from '../../lib/openapi.ts';
import { redactObject, scrubText } from '../../lib/redaction.ts';
import { RECEIPT_PATH } from '../../payments/card-gateway/card-profiles.ts';
import { REFERENCE_PATTERN, type TCardPaymentService, type TPaymentResult } from './card-payment-service.ts';
import { runIdempotent } from './idempotency.ts';
import type { TIdempotencyRepository } from './idempotency-repository.ts';
import type { TIssuanceService } from './issuance-service.ts';
import type { TLifecycleLogRepository } from './lifecycle-log-repository.ts';
import { PAYNOW_SIGNATURE_HEADER, type TPaynowService, ZPaynowNotificationSchema } from './paynow-service.ts';

const ZSignatureSchema = z.record(z.string(), z.string());
const ZPendingAnswerSchema = z.object({
  policy: ZPolicySchema,
  paymentSignature: ZSignatureSchema.optional(),
});
const ZQrAnswerSchema = z.object({
  policy: ZPolicySchema,
  response: z.object({ qrCode: z.string(), txnRef: z.string(), expiryTime: z.string() }).optional(),
  policyNumber: z.string().optional(),
  error: z.boolean(),
  errorMessage: z.string(),
});
const ZCheckAnswerSchema = z.object({ success: z.boolean(), error: z.boolean(), message: z.string() });
const errors = {
  400: ZApiErrorSchema,
  403: ZApiErrorSchema,
  404: ZApiErrorSchema,
  // A changed price comes back with the re-rated policy (design section 5).
  409: ZApiErrorSchema.extend({ policy: ZPolicySchema.optional() }),
  422: ZApiErrorSchema,
};

/**
 * The payment calls of travel-flow section 7 and pa-home-payments section 7 (design section 6):
 * card (updateToPending, the gateway's receipt), PayNow, issue-and-receipt and the lifecycle log.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  options: {
    idempotency: TIdempotencyRepository;
    logs: TLifecycleLogRepository;
    card: TCardPaymentService;
    paynow: TPaynowService;
    issue: TIssuanceService;
    /** The signed link to an issued policy's schedule (the issuance module's). */
    documents: { scheduleLink: (policyId: string, policyNumber: string) => Promise<string> };
    /** The customer's origin when it is one of the shop's own, else PUBLIC_URL's (lib/shop-origins.ts). */
    originOf?: (request: FastifyRequest) => string;
  },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { idempotency, logs, card, paynow, issue, documents } = options;

  routes.post(
    '/b2c-server/rest/policy/updateToPending',
    {
      schema: {
        tags: ['payment'],
        summary: 'Re-rates the policy, saves it as pending and answers the signed card-gateway fields',
        description:
          'The browser posts the answer’s fields plus card_type, card_number, card_expiry_date and card_cvn ' +
          'to paymentUrl (the card never reaches this server), posting paymentSignatureKey as `signature`. ' +
          'Accepts an Idempotency-Key header.',
        body: ZPolicySchema,
        response: { 200: ZPendingAnswerSchema, ...errors },
        ...IDEMPOTENCY_KEY_HEADER,
      },
    },
    async (request, reply) =>
      runIdempotent(idempotency, request, reply, 'updateToPending', () =>
        card.updateToPending(request.body, request.sessionName!, options.originOf?.(request)),
      ),
  );

  routes.post(
    '/b2c-server/rest/policy/updateToPendingGenerateQR',
    {
      schema: {
        tags: ['payment'],
        summary: 'Saves the policy as pending with a 10-minute PayNow QR (an older QR is voided)',
        body: ZPolicySchema,
        response: { 200: ZQrAnswerSchema, ...errors },
        ...IDEMPOTENCY_KEY_HEADER,
      },
    },
    async (request, reply) =>
      runIdempotent(idempotency, request, reply, 'updateToPendingGenerateQR', () =>
        paynow.generateQr(request.body, request.sessionName!),
      ),
  );

  for (const path of [
    '/b2c-server/rest/policy/issueAndReceiptPolicy',
    '/b2c-server/rest/payNow/issueAndReceiptQRPolicy',
  ]) {
    routes.post(
      path,
      {
        schema: {
          tags: ['payment'],
          summary: 'Issues the paid policy (idempotent) with its policy and receipt numbers',
          description:
            'An unpaid policy is answered with errorMessage “Error While doing policy issue receipt…”.',
          body: ZPolicySchema,
          response: { 200: ZPolicySchema, ...errors },
          ...IDEMPOTENCY_KEY_HEADER,
        },
      },
      async (request, reply) =>
        runIdempotent(idempotency, request, reply, 'issueAndReceiptPolicy', async () => {
          const policy = await issue.issueAndReceipt(request.body, request.sessionName!);
          // The finish page links the schedule PDF through the same signed, expiring link as the mail.
          if (policy.status !== 'issued' || !policy.policyId || !policy.policyNumber) return policy;
          return {
            ...policy,
            scheduleUrl: await documents.scheduleLink(policy.policyId, policy.policyNumber),
            // The finish page's "Manage your policy" leads to the code sign-in with the number filled in:
            // a browser that paid has not proved the policy's mailbox (decision 101).
            manageUrl: `/my-policy?policy=${encodeURIComponent(policy.policyNumber)}`,
          };
        }),
    );
  }

  routes.post(
    '/b2c-server/rest/payNow/checkB2CPaymentSuccess',
    {
      schema: {
        tags: ['payment'],
        summary: 'The stored state of the policy’s payment: success, error and message',
        body: ZPolicySchema,
        response: { 200: ZCheckAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { success, error, message } = await paynow.check(request.body, request.sessionName!);
      return { success, error, message };
    },
  );

  routes.post(
    '/b2c-server/rest/payNow/qrCodeSimulatePaymentB2C',
    {
      schema: {
        tags: ['payment'],
        summary: 'Test hosts only: pays a QR as the bank would (404 when APP_ENV is prod)',
        body: z.object({ txnRef: z.string().regex(REFERENCE_PATTERN, 'must be a payment reference') }),
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
    },
    async (request) => paynow.simulate(request.body.txnRef, request.sessionName!),
  );

  // The bank's notification is verified over its exact bytes, so this route reads the raw body.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/b2c-server/rest/payNow/notify',
      {
        schema: {
          tags: ['payment'],
          summary: 'The bank’s PayNow credit notification (HMAC-SHA256 of the body)',
          response: { 200: z.object({ recorded: z.boolean() }), ...apiErrors(401) },
          ...rawJsonBody(ZPaynowNotificationSchema),
          ...documentedHeaders({
            [PAYNOW_SIGNATURE_HEADER]: {
              description: 'Hex HMAC-SHA256 of the exact body with the webhook secret',
            },
          }),
        },
      },
      async (request) => {
        const header = request.headers[PAYNOW_SIGNATURE_HEADER];
        return paynow.notify(String(request.body ?? ''), typeof header === 'string' ? header : undefined);
      },
    );
  });

  routes.post(
    '/b2c-server/rest/policy/logPaymentLifeCycle',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      // An entry is a few hundred bytes; rows and bytes per client per minute are bounded (decision 027).
      bodyLimit: LIFECYCLE_ENTRY_LIMIT,
      preHandler: logBudget(app.limitStore, 'paymentLifecycle', (request) =>
        Buffer.byteLength(JSON.stringify(request.body)),
      ),
      schema: {
        tags: ['payment'],
        summary: 'Stores a payment lifecycle entry (no Session-Name), redacted; answers the word success',
        body: z.record(z.string(), z.unknown()),
        response: { 200: textPlain(z.literal('success'), 'The word success') },
      },
    },
    async (request, reply) => {
      const entry = redactObject(request.body as Record<string, unknown>);
      const reference = pick(request.body, ['paymentReferenceNumber', 'reference_number', 'txnRef']);
      const policyId = pick(request.body, ['policyId']);
      await logs.addLifecycleLog({ policyId, referenceNumber: reference, entry });
      return reply.type('text/plain').send('success');
    },
  );

  // The gateway's answer: the browser's hidden frame posts it here, and so may the gateway itself.
  app.post(RECEIPT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const fields = postedFields(request);
    const accept = request.headers.accept ?? '';
    const wantsJson = accept.includes('application/json') && !accept.includes('text/html');
    let result: TPaymentResult;
    try {
      result = await card.handleReceipt(fields);
    } catch (error) {
      // An answer that cannot be recorded or confirmed now (the database or the gateway's lookup is
      // away): the gateway (JSON) gets the 503 and delivers again. The customer's frame gets a page its
      // window reads: nothing is recorded yet, so "paid" would be a lie and "failed" would invite a
      // second charge; the payment is looked up at the gateway before it expires (decision 024).
      if (wantsJson || !(error instanceof ApiError && error.statusCode === 503)) throw error;
      reply.status(503).header('retry-after', '30');
      return sendFrameReceipt(request, reply, receiptOf(notYetConfirmed(fields.req_reference_number ?? '')));
    }
    return sendFrameReceipt(request, reply, receiptOf(result));
  });
}

/** 8 KB: the largest lifecycle entry the payment page sends is well under 1 KB. */
const LIFECYCLE_ENTRY_LIMIT = 8 * 1024;

/** A short text field of a client's log entry, scrubbed like the entry: it is stored in its own column. */
function pick(body: unknown, names: string[]): string | null {
  const record = body as Record<string, unknown>;
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.length <= 100) return scrubText(value);
  }
  return null;
}

/** What the customer's window is told while the shop cannot record the gateway's answer. */
function notYetConfirmed(reference: string): TPaymentResult {
  return {
    verified: false,
    outcome: 'PENDING',
    paid: false,
    messageKey: MESSAGE_KEYS.paymentReview,
    detail: 'The payment could not be confirmed yet.',
    reasonCode: null,
    paymentReferenceNumber: REFERENCE_PATTERN.test(reference) ? reference : '',
    policyId: null,
    policyNumber: null,
    receiptNumber: null,
    maskedCard: null,
    authCode: null,
  };
}

/** The purchase's answer as the frame's receipt page hands it to the payment page (payment-page.tsx). */
function receiptOf(result: TPaymentResult) {
  return {
    source: 'lionrock-receipt',
    result,
    text: result.paid ? 'Payment received.' : 'Payment not completed.',
  };
}
