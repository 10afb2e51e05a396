import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { TAlertKind, TAlertRepository } from '../payment/alert-repository.ts';
import type { TPaymentRepository } from '../payment/payment-repository.ts';

const KINDS = [
  'review',
  'refund',
  'reverse_authorisation',
  'forged_answer',
  'late_payment',
  'paynow_refund',
] as const satisfies readonly TAlertKind[];

/**
 * Sign-in attempts to the operations pages in a window (decision 027): per client, and per username
 * across clients, so neither one address nor many can try passwords for long. A right sign-in does
 * not count; once over, every answer is a 429 until the window ends, whatever the password.
 */
export const OPS_SIGN_IN_LIMITS = { perClient: 10, perUsername: 20, windowMs: 15 * 60_000 } as const;

/** The username and password of a Basic authorization header, or undefined when it is not one. */
function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Compares in time that does not depend on where, or whether, the values differ (not even their length). */
function createSecretComparer() {
  const key = randomBytes(32);
  const digest = (value: string) => createHmac('sha256', key).update(value).digest();
  return (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));
}

/**
 * The operations queues (design section 11, decisions 010 and 034): payments under review, refunds due, authorisations to reverse,
 * late money and forged answers, with the payment behind each; resolving one closes it. Behind HTTP
 * basic auth with ADMIN_USERNAME / ADMIN_PASSWORD; off (404) when they are not set.
 */
export async function operationsRoutes(
  app: FastifyInstance,
  options: { config: TConfig; repository: TPaymentRepository; alerts: TAlertRepository },
): Promise<void> {
  const admin = options.config.admin;

  const store = app.limitStore;
  const equalSecret = createSecretComparer();
  // The same answer for no, wrong or malformed credentials, a wrong username or password, on any /ops path.
  const unauthorised = () => new ApiError(401, 'Operations staff only.');

  const authorise = async (request: FastifyRequest) => {
    if (!admin)
      throw new ApiError(404, 'The operations pages are off: set ADMIN_USERNAME and ADMIN_PASSWORD.');
    const given = basicCredentials(request.headers.authorization);
    if (!given) throw unauthorised();
    // Counted before the check, so a burst of parallel guesses cannot all pass the limit; given back when right.
    const clientKey = `ops-sign-in:client:${request.clientKey}`;
    const usernameKey = `ops-sign-in:user:${createHmac('sha256', 'ops-sign-in').update(given.username).digest('hex')}`;
    const byClient = await store.add(clientKey, 1, OPS_SIGN_IN_LIMITS.windowMs);
    const byUsername = await store.add(usernameKey, 1, OPS_SIGN_IN_LIMITS.windowMs);
    if (byClient.count > OPS_SIGN_IN_LIMITS.perClient || byUsername.count > OPS_SIGN_IN_LIMITS.perUsername) {
      const wait = Math.max(byClient.retryAfterMs, byUsername.retryAfterMs);
      throw new ApiError(
        429,
        `Too many failed sign-ins. Please wait ${Math.max(1, Math.ceil(wait / 60_000))} minutes and try again.`,
        { retryAfterMs: wait },
      );
    }
    // Both compared every time: a wrong username takes as long as a wrong password.
    const usernameOk = equalSecret(given.username, admin.username);
    const passwordOk = equalSecret(given.password, admin.password);
    if (!(usernameOk && passwordOk)) throw unauthorised();
    await store.add(clientKey, -1, OPS_SIGN_IN_LIMITS.windowMs);
    await store.add(usernameKey, -1, OPS_SIGN_IN_LIMITS.windowMs);
  };
  const onUnauthorised = (app: FastifyInstance) =>
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 401) reply.header('www-authenticate', 'Basic realm="Lionrock operations"');
      return payload;
    });

  await app.register(async (ops) => {
    onUnauthorised(ops);
    ops.addHook('preHandler', authorise);
    const opsRoutes = ops.withTypeProvider<ZodTypeProvider>();
    opsRoutes.get(
      '/ops/alerts',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['operations'],
          summary:
            'Open operations alerts by queue (review, refund, reverse_authorisation, forged_answer, late_payment, paynow_refund)',
          querystring: z.object({ queue: z.enum(KINDS).optional() }),
          response: {
            200: z.object({ alerts: z.array(z.record(z.string(), z.unknown())) }),
            ...apiErrors(401, 404),
          },
        },
      },
      async (request) => {
        const alerts = await options.alerts.listOpenAlerts(request.query.queue);
        const rows = [];
        for (const alert of alerts) {
          const payment = alert.paymentId ? await options.repository.findPayment(alert.paymentId) : undefined;
          rows.push({
            id: alert.id,
            queue: alert.kind,
            createdAt: alert.createdAt,
            detail: alert.detail,
            policyId: alert.policyId,
            payment: payment && {
              referenceNumber: payment.referenceNumber,
              method: payment.method,
              status: payment.status,
              amountCents: payment.amountCents,
              currency: payment.currency,
              reasonCode: payment.reasonCode,
              gatewayTransactionId: payment.gatewayTransactionId,
              maskedCard: payment.maskedCard,
            },
          });
        }
        return { alerts: rows };
      },
    );
    opsRoutes.post(
      '/ops/alerts/:id/resolve',
      {
        schema: {
          tags: ['operations'],
          summary: 'Closes an alert once operations have acted on it',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: z.object({ resolved: z.boolean() }), ...apiErrors(401, 404) },
        },
      },
      async (request) => {
        const resolved = await options.alerts.resolveAlert(request.params.id);
        if (!resolved) throw new ApiError(404, 'There is no open alert with this id.', { field: 'id' });
        return { resolved: true };
      },
    );
    // Any other /ops path is behind the same sign-in: without it, an unknown path answers as a known one.
    ops.all('/ops', { schema: { hide: true } }, async () => {
      throw new ApiError(404, 'There is no operations page here.');
    });
    ops.all('/ops/*', { schema: { hide: true } }, async () => {
      throw new ApiError(404, 'There is no operations page here.');
    });
  });
}
