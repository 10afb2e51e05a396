import { CLAIM_STATUSES, CLAIM_TRANSITIONS, isClaimStatus } from '@lionrock/domain/claims/claim-status';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { maskedStoredPayout, type TClaimsRepository } from '../../claims/claims-repository.ts';
import type { TClaimsService } from '../../claims/claims-service.ts';
import { auditOf, recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TAccount, type TStaffAccess } from '../staff-access.ts';
import { createClaimsAdminRepository } from './claims-admin-repository.ts';

const BASE = `${STAFF_API_PREFIX}/admin/claims`;
const ZClaimId = z.object({ claimId: z.uuid() });
const ZStatus = z.enum(CLAIM_STATUSES);

export const ZClaimsQuerySchema = z.object({
  status: ZStatus.optional(),
  product: z.enum(['PTR', 'PAN', 'HOM']).optional(),
  market: z.enum(['SGP', 'HKG']).optional(),
  q: z.string().trim().max(60).optional(),
});

export const ZMoveClaimRequestSchema = z.object({
  status: ZStatus,
  note: z.string().trim().max(2000).optional(),
  /** Cents; required for "approved", at most the amount claimed (the domain's rule). */
  amountApproved: z.number().int().min(0).max(100_000_000).optional(),
  payoutReference: z.string().trim().min(1).max(60).optional(),
});
export type TMoveClaimRequest = z.infer<typeof ZMoveClaimRequestSchema>;

/** Staff answers are read only by our own pages; their shape is the handler's (not in the customer OpenAPI). */
const ZAnswer = z.any();

const actorOf = (account: TAccount) => ({
  id: account.id,
  label: `${account.displayName} (${account.username})`,
});

/**
 * The claims queue of the back office (issue 18, decision 081): the list, a claim with its policy,
 * documents, events and audit trail, a document's download, the payout revealed, and the status
 * change. Reading needs 'claims.read', a document 'claims.documents' (health data, decision 106), the
 * payout whole 'claims.reveal' (masked everywhere else), changing 'claims.write';
 * every change is audited in the same transaction, and every download is an audit row.
 */
export async function claimsAdminRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb; claims: TClaimsService; repository: TClaimsRepository },
): Promise<void> {
  const { access, db, claims, repository } = options;
  const admin = createClaimsAdminRepository(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const submitted = async (claimId: string) => {
    const claim = await repository.findClaim(claimId);
    if (!claim || claim.status === 'draft') throw new ApiError(404, 'No such claim.', { field: 'claimId' });
    return claim;
  };

  routes.get(
    BASE,
    {
      preHandler: access.requireAccount('claims.read'),
      schema: { querystring: ZClaimsQuerySchema, response: { 200: ZAnswer, ...apiErrors(400, 401, 403) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await admin.list(request.query);
      return {
        claims: rows.map((row) => ({
          ...row,
          payout: maskedStoredPayout(row.payout),
          submittedAt: row.submittedAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
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
      const claim = await submitted(request.params.claimId);
      const view = await claims.view(claim);
      const policy = await admin.policySummary(claim.policyId);
      const events = await repository.eventsOf(claim.claimId);
      const decisions = await repository.decisionsOf(claim.claimId);
      const audit = await auditOf(db, 'claim', claim.claimId);
      const status = isClaimStatus(claim.status) ? claim.status : 'received';
      return {
        claim: {
          ...view,
          submittedAt: claim.submittedAt?.toISOString() ?? null,
          amountApproved:
            decisions.filter((row) => row.toStatus === 'approved').at(-1)?.amountApprovedCents ?? null,
        },
        policy: {
          policyId: claim.policyId,
          policyNumber: view.policyNumber,
          status: policy?.status ?? null,
          productType: view.productType,
          country: view.country,
          coverStart: view.coverStart,
          coverEnd: view.coverEnd,
          holderName: policy?.holderName ?? null,
        },
        events: events.map((event) => ({
          from: event.fromStatus,
          to: event.toStatus,
          at: event.createdAt.toISOString(),
        })),
        decisions: decisions.map((row) => ({
          to: row.toStatus,
          note: row.note,
          amountApproved: row.amountApprovedCents,
          payoutReference: row.payoutReference,
          actor: row.actor,
          at: row.createdAt.toISOString(),
        })),
        audit: audit.map((row) => ({
          at: row.at.toISOString(),
          actor: row.actor,
          action: row.action,
          before: row.before,
          after: row.after,
          note: row.note,
        })),
        /** What the status form may offer: the domain's transitions from here. */
        allowedMoves: CLAIM_TRANSITIONS[status],
      };
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
      await submitted(request.params.claimId);
      const file = await claims.documentFile(request.params.claimId, request.params.documentId);
      // Which document, by id: its file name may name the customer or their illness.
      await recordAudit(db, {
        at: new Date(),
        actor: actorOf(request.account!),
        action: 'download',
        entity: 'claim',
        entityId: request.params.claimId,
        before: null,
        after: { documentId: request.params.documentId },
        note: 'document',
      });
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
      // Opened from its sealed copy: a copy that does not open fails the call, and nothing is revealed.
      const claim = await submitted(request.params.claimId);
      if (!claim.payout) throw new ApiError(404, 'This claim has no payout details.', { field: 'payout' });
      // Who looked at which claim's payout, and when; never the value.
      await recordAudit(db, {
        at: new Date(),
        actor: actorOf(request.account!),
        action: 'reveal',
        entity: 'claim',
        entityId: claim.claimId,
        before: null,
        after: { field: 'payout' },
        note: 'payout',
      });
      return { payout: claim.payout };
    },
  );

  routes.post(
    `${BASE}/:claimId/status`,
    {
      preHandler: access.requireAccount('claims.write'),
      schema: {
        params: ZClaimId,
        body: ZMoveClaimRequestSchema,
        response: {
          200: z.object({ claimId: z.string(), claimNumber: z.string().nullable(), status: z.string() }),
          ...apiErrors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const claim = await submitted(request.params.claimId);
      const { status, note, amountApproved, payoutReference } = request.body;
      const actor = actorOf(request.account!);
      const moved = await claims.moveStatus(claim.claimId, status, {
        decision: { note, amountApprovedCents: amountApproved, payoutReference },
        actor,
        alongside: (tx, row) =>
          recordAudit(tx, {
            at: new Date(),
            actor,
            action: 'status',
            entity: 'claim',
            entityId: claim.claimId,
            before: { status: claim.status },
            after: {
              status: row.status,
              ...(amountApproved !== undefined ? { amountApproved } : {}),
              ...(payoutReference ? { payoutReference } : {}),
            },
            ...(note ? { note } : {}),
          }),
      });
      return { claimId: moved.claimId, claimNumber: moved.claimNumber, status: moved.status };
    },
  );
}
