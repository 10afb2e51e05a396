import { ZApprovalEnd, ZClaimMoveRequest } from '@lionrock/domain/back-office/claims-requests';
import { CLAIM_STATUSES } from '@lionrock/domain/claims/claim-status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { STAFF_API_PREFIX, type TAccount, type TStaffAccess } from '../staff-access.ts';
import type { TClaimsAdminService } from './claims-admin-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/claims`;
const ZClaimId = z.object({ claimId: z.uuid() });
const ZStatus = z.enum(CLAIM_STATUSES);

export const ZClaimsQuerySchema = z.object({
  status: ZStatus.optional(),
  product: z.enum(['PTR', 'PAN', 'HOM']).optional(),
  market: z.enum(['SGP', 'HKG']).optional(),
  q: z.string().trim().max(60).optional(),
});

/** Staff answers are read only by our own pages; their shape is the handler's (not in the customer OpenAPI). */
const ZAnswer = z.any();
/** A move's answer; `waiting` when the approval waits for a second officer (decision 149). */
const ZMoved = z.object({
  claimId: z.string(),
  claimNumber: z.string().nullable(),
  status: z.string(),
  waiting: z.boolean().optional(),
});

const actorOf = (account: TAccount) => ({
  id: account.id,
  label: `${account.displayName} (${account.username})`,
});

/**
 * The claims queue of the back office (issue 18, decision 081): the list, a claim with its policy,
 * documents, events and audit trail, a document's download, the payout revealed, and the status
 * change. Reading needs 'claims.read', a document 'claims.documents' (health data, decision 106), the
 * payout whole 'claims.reveal' (masked everywhere else), changing 'claims.write'; the use cases and
 * their audit rows are claims-admin-service.ts's.
 */
export async function claimsAdminRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TClaimsAdminService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    BASE,
    {
      preHandler: access.requireAccount('claims.read'),
      schema: { querystring: ZClaimsQuerySchema, response: { 200: ZAnswer, ...apiErrors(400, 401, 403) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(request.query);
    },
  );

  routes.get(
    `${BASE}/:claimId`,
    {
      preHandler: access.requireAccount('claims.read'),
      schema: { params: ZClaimId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.detail(request.params.claimId, actorOf(request.account!));
    },
  );

  routes.get(
    `${BASE}/:claimId/documents/:documentId`,
    {
      preHandler: access.requireAccount('claims.documents'),
      schema: {
        params: ZClaimId.extend({ documentId: z.uuid() }),
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { claimId, documentId } = request.params;
      const file = await service.documentFile(claimId, documentId, actorOf(request.account!));
      reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(file.name))
        .type(file.contentType);
      return reply.send(file.bytes);
    },
  );

  routes.post(
    `${BASE}/:claimId/payout/reveal`,
    {
      preHandler: access.requireAccount('claims.reveal'),
      schema: { params: ZClaimId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.revealPayout(request.params.claimId, actorOf(request.account!));
    },
  );

  routes.post(
    `${BASE}/:claimId/status`,
    {
      preHandler: access.requireAccount('claims.write'),
      schema: {
        params: ZClaimId,
        body: ZClaimMoveRequest,
        response: {
          200: ZMoved,
          ...apiErrors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => service.move(request.params.claimId, request.body, actorOf(request.account!)),
  );

  // Two people for money (decision 149): approvals above the market's amount wait for a second officer.
  routes.get(
    `${BASE}/approvals`,
    {
      preHandler: access.requireAccount('claims.read'),
      schema: { response: { 200: ZAnswer, ...apiErrors(401, 403) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.waitingApprovals();
    },
  );

  routes.post(
    `${BASE}/:claimId/approval/confirm`,
    {
      preHandler: access.requireAccount('claims.write'),
      schema: { params: ZClaimId, response: { 200: ZMoved, ...apiErrors(401, 403, 404, 409) } },
    },
    async (request) => service.confirmApproval(request.params.claimId, actorOf(request.account!)),
  );

  routes.post(
    `${BASE}/:claimId/approval/end`,
    {
      preHandler: access.requireAccount('claims.write'),
      schema: {
        params: ZClaimId,
        body: ZApprovalEnd,
        response: { 200: ZMoved, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.endApproval(
        request.params.claimId,
        actorOf(request.account!),
        request.body.outcome,
        request.body.note,
      ),
  );
}
