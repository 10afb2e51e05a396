import { ZExportFormat } from '@lionrock/domain/back-office/exports';
import {
  ZCaseResolve,
  ZPolicySearch,
  ZQueueReject,
  ZRefundRecord,
} from '@lionrock/domain/back-office/operations-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { QUEUE_KINDS, type TOperationsService } from './operations-service.ts';

const ADMIN = `${STAFF_API_PREFIX}/admin`;
const ZPolicyParams = z.object({ policyId: z.string().uuid() });
const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Operations' back-office API (issue 18, decision 080): policies, the queues, the mail outbox and the
 * client logs, under `/back-office/api/admin`. Reading a policy needs policies.read, the queues, mail
 * and client logs operations.read (decision 106); changing a policy policies.write, working a payment
 * case payments.write; revealing a masked field policies.reveal and downloading the schedule
 * policies.documents, each audited.
 */
export async function backOfficeOperationsRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TOperationsService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back-office'];
  const read = access.requireAccount('policies.read');
  const readOperations = access.requireAccount('operations.read');
  const writePolicy = access.requireAccount('policies.write');
  const writePayment = access.requireAccount('payments.write');

  routes.get(
    `${ADMIN}/policies`,
    {
      preHandler: read,
      schema: { tags, querystring: ZPolicySearch },
    },
    async (request) => service.searchPolicies(request.query),
  );

  // What the list's filters find, as CSV or Excel (issue 31): audited, at most EXPORT_ROWS_MAX rows.
  routes.get(
    `${ADMIN}/policies/export/:format`,
    { preHandler: read, schema: { tags, params: ZExportFormat, querystring: ZPolicySearch } },
    async (request, reply) => {
      const file = await service.exportPolicies(request.query, request.params.format, actorOf(request));
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store');
      return file.body;
    },
  );

  routes.get(
    `${ADMIN}/policies/:policyId`,
    { preHandler: read, schema: { tags, params: ZPolicyParams } },
    async (request) => service.policyDetails(request.params.policyId),
  );

  routes.post(
    `${ADMIN}/policies/:policyId/reveal`,
    {
      preHandler: access.requireAccount('policies.reveal'),
      schema: {
        tags,
        params: ZPolicyParams,
        body: z.object({ field: z.enum(['idNumber', 'email', 'mobile']) }),
      },
    },
    async (request) => ({
      field: request.body.field,
      value: await service.reveal(actorOf(request), request.params.policyId, request.body.field),
    }),
  );

  routes.post(
    `${ADMIN}/policies/:policyId/resend`,
    { preHandler: writePolicy, schema: { tags, params: ZPolicyParams } },
    async (request) => {
      await service.resend(actorOf(request), request.params.policyId);
      return { queued: true };
    },
  );

  routes.get(
    `${ADMIN}/policies/:policyId/schedule.pdf`,
    { preHandler: access.requireAccount('policies.documents'), schema: { tags, params: ZPolicyParams } },
    async (request, reply) => {
      const file = await service.schedule(actorOf(request), request.params.policyId);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(file.fileName))
        .send(file.pdf);
    },
  );

  routes.get(
    `${ADMIN}/queues`,
    {
      preHandler: readOperations,
      schema: { tags, querystring: z.object({ kind: z.enum(QUEUE_KINDS).optional() }) },
    },
    async (request) => ({ cases: await service.queue(request.query.kind) }),
  );

  routes.post(
    `${ADMIN}/queues/:id/accept`,
    { preHandler: writePayment, schema: { tags, params: ZIdParams } },
    async (request) => service.acceptReview(actorOf(request), request.params.id),
  );

  routes.post(
    `${ADMIN}/queues/:id/reject`,
    {
      preHandler: writePayment,
      schema: { tags, params: ZIdParams, body: ZQueueReject.optional() },
    },
    async (request) => service.rejectReview(actorOf(request), request.params.id, request.body?.note),
  );

  routes.post(
    `${ADMIN}/queues/:id/record-refund`,
    {
      preHandler: writePayment,
      schema: { tags, params: ZIdParams, body: ZRefundRecord },
    },
    async (request) => service.recordRefund(actorOf(request), request.params.id, request.body),
  );

  routes.post(
    `${ADMIN}/queues/:id/resolve`,
    {
      preHandler: writePayment,
      schema: { tags, params: ZIdParams, body: ZCaseResolve },
    },
    async (request) => service.resolve(actorOf(request), request.params.id, request.body.note),
  );

  routes.get(
    `${ADMIN}/mail`,
    {
      preHandler: readOperations,
      schema: { tags, querystring: z.object({ status: z.enum(['failed', 'queued']).default('failed') }) },
    },
    async (request) => ({ mails: await service.mail(request.query.status) }),
  );

  routes.post(
    `${ADMIN}/mail/:id/retry`,
    { preHandler: access.requireAccount('system.write'), schema: { tags, params: ZIdParams } },
    async (request) => service.retryMail(actorOf(request), request.params.id),
  );

  routes.get(
    `${ADMIN}/client-logs`,
    {
      preHandler: readOperations,
      schema: { tags, querystring: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }) },
    },
    async (request) => ({ logs: await service.clientLogList(request.query.page) }),
  );
}
