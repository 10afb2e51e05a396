import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { TAlertKind, TPaymentRepository } from '../payment/payment-repository.ts';

const KINDS = [
  'review',
  'refund',
  'reverse_authorisation',
  'forged_answer',
  'late_payment',
] as const satisfies readonly TAlertKind[];

/**
 * The operations queues (issue 5): payments under review, refunds due, authorisations to reverse,
 * late money and forged answers, with the payment behind each; resolving one closes it. Behind HTTP
 * basic auth with ADMIN_USERNAME / ADMIN_PASSWORD; off (404) when they are not set.
 */
export async function operationsRoutes(
  app: FastifyInstance,
  options: { config: TConfig; repository: TPaymentRepository },
): Promise<void> {
  const admin = options.config.admin;

  const authorise = async (request: FastifyRequest) => {
    if (!admin)
      throw new ApiError(404, 'The operations pages are off: set ADMIN_USERNAME and ADMIN_PASSWORD.');
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');
    const expected = `${admin.username}:${admin.password}`;
    const ok =
      header.startsWith('Basic ') &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!ok) throw new ApiError(401, 'Operations staff only.');
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
            'Open operations alerts by queue (review, refund, reverse_authorisation, forged_answer, late_payment)',
          querystring: z.object({ queue: z.enum(KINDS).optional() }),
          response: {
            200: z.object({ alerts: z.array(z.record(z.string(), z.unknown())) }),
            ...apiErrors(401, 404),
          },
        },
      },
      async (request) => {
        const alerts = await options.repository.listOpenAlerts(request.query.queue);
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
        const resolved = await options.repository.resolveAlert(request.params.id);
        if (!resolved) throw new ApiError(404, 'There is no open alert with this id.', { field: 'id' });
        return { resolved: true };
      },
    );
  });
}
