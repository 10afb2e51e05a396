import { CLAIM_TRANSITIONS, isClaimStatus } from '@lionrock/domain/claims/claim-status';
import type { TDb } from '../../../db/database.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { maskedStoredPayout, type TClaimsRepository } from '../../claims/claims-repository.ts';
import type { TClaimsService } from '../../claims/claims-service.ts';
import { auditEntryView, auditOf, recordAudit, type TActor } from '../audit.ts';
import type { TClaimsAdminRepository } from './claims-admin-repository.ts';

export type TClaimsQuery = Parameters<TClaimsAdminRepository['list']>[0];
export type TClaimMove = {
  status: Parameters<TClaimsService['moveStatus']>[1];
  note?: string | undefined;
  amountApproved?: number | undefined;
  payoutReference?: string | undefined;
};

/**
 * The claims queue's use cases (issue 18, decision 081): the list, a claim with its policy, events,
 * decisions and audit trail, a document's download and the payout revealed (each an audit row, on the
 * app's clock), and the status change, audited in its transaction. Drafts are the policyholder's own:
 * staff never see one.
 */
export function createClaimsAdminService(deps: {
  db: TDb;
  admin: TClaimsAdminRepository;
  claims: TClaimsService;
  repository: TClaimsRepository;
  now: () => Date;
}) {
  const { db, admin, claims, repository, now } = deps;
  const submitted = async (claimId: string) => {
    const claim = await repository.findClaim(claimId);
    if (!claim || claim.status === 'draft') throw new ApiError(404, 'No such claim.', { field: 'claimId' });
    return claim;
  };

  return {
    async list(query: TClaimsQuery) {
      const rows = await admin.list(query);
      return {
        claims: rows.map((row) => ({
          ...row,
          payout: maskedStoredPayout(row.payout),
          submittedAt: row.submittedAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },

    async detail(claimId: string) {
      const claim = await submitted(claimId);
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
        audit: audit.map(auditEntryView),
        /** What the status form may offer: the domain's transitions from here. */
        allowedMoves: CLAIM_TRANSITIONS[status],
      };
    },

    /** A document's file, its download an audit row (which document by id: its name may name an illness). */
    async documentFile(claimId: string, documentId: string, actor: TActor) {
      await submitted(claimId);
      const file = await claims.documentFile(claimId, documentId);
      await recordAudit(db, {
        at: now(),
        actor,
        action: 'download',
        entity: 'claim',
        entityId: claimId,
        before: null,
        after: { documentId },
        note: 'document',
      });
      return file;
    },

    /** The payout whole, opened from its sealed copy; who looked and when is audited, never the value. */
    async revealPayout(claimId: string, actor: TActor) {
      const claim = await submitted(claimId);
      if (!claim.payout) throw new ApiError(404, 'This claim has no payout details.', { field: 'payout' });
      await recordAudit(db, {
        at: now(),
        actor,
        action: 'reveal',
        entity: 'claim',
        entityId: claim.claimId,
        before: null,
        after: { field: 'payout' },
        note: 'payout',
      });
      return { payout: claim.payout };
    },

    /** Moves a claim by the domain's transitions, the decision and its audit row in one transaction. */
    async move(claimId: string, move: TClaimMove, actor: TActor) {
      const claim = await submitted(claimId);
      const { status, note, amountApproved, payoutReference } = move;
      const moved = await claims.moveStatus(claim.claimId, status, {
        decision: { note, amountApprovedCents: amountApproved, payoutReference },
        actor,
        alongside: (tx, row) =>
          recordAudit(tx, {
            at: now(),
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
  };
}

export type TClaimsAdminService = ReturnType<typeof createClaimsAdminService>;
