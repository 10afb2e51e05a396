import { ZReferralDecision } from '@lionrock/domain/back-office/referral-requests';
import { REFERRAL_STATUSES } from '@lionrock/domain/back-office/referral-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../../lib/openapi.ts';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TReferralsAdminService } from './referrals-admin-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/underwriting/referrals`;
const ZReferralId = z.object({ referralId: z.uuid() });
/** Staff answers are read only by our own pages; their shape is the handler's. */
const ZAnswer = z.any();

/**
 * The referrals queue (issue 18, decision 089): reading needs `underwriting.read` (underwriting,
 * read-only), deciding `underwriting.write`, revealing a field `underwriting.reveal`. A decision is audited,
 * mailed and (accepted) made a saved quote in one transaction by the referral service.
 */
export async function referralsRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TReferralsAdminService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('underwriting.read');

  routes.get(
    BASE,
    {
      preHandler: read,
      schema: {
        querystring: z.object({ status: z.enum(REFERRAL_STATUSES).optional() }),
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.query.status);
    },
  );

  routes.get(
    `${BASE}/:referralId`,
    {
      preHandler: read,
      schema: { params: ZReferralId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.detail(request.params.referralId);
    },
  );

  routes.post(
    `${BASE}/:referralId/reveal`,
    {
      preHandler: access.requireAccount('underwriting.reveal'),
      schema: {
        params: ZReferralId,
        body: z.object({ field: z.enum(['idNumber', 'email', 'mobile']) }),
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.reveal(request.params.referralId, request.body.field, actorOf(request));
    },
  );

  routes.post(
    `${BASE}/:referralId/decision`,
    {
      preHandler: access.requireAccount('underwriting.write'),
      schema: {
        params: ZReferralId,
        body: ZReferralDecision,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      return service.decide(request.params.referralId, request.body, actorOf(request));
    },
  );
}
