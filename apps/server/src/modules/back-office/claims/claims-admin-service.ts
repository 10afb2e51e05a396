import {
  approvalDecisionProblem,
  claimApprovalNeedsSecond,
  type TApprovalOutcome,
} from '@lionrock/domain/back-office/second-approval';
import {
  CLAIM_TRANSITIONS,
  canMoveClaim,
  claimDecisionProblem,
  isClaimStatus,
} from '@lionrock/domain/claims/claim-status';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TDb } from '../../../db/database.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { maskedStoredPayout, type TClaimsRepository } from '../../claims/claims-repository.ts';
import type { TClaimsService } from '../../claims/claims-service.ts';
import { auditEntryView, auditOf, recordAudit, type TActor } from '../audit.ts';
import type { TClaimApprovalAsked, TClaimsAdminRepository } from './claims-admin-repository.ts';

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

  /** The staff account behind a call (every back-office call has one: `requireAccount`). */
  const accountOf = (actor: TActor) => ({ id: actor.id!, label: actor.label });

  /** The claim's waiting approval as the page shows it to `viewer`: `mine` when they asked for it. */
  const waitingView = async (claimId: string, viewer: TActor) => {
    const waiting = await admin.waitingApproval(claimId);
    if (!waiting) return null;
    const asked = waiting.request as TClaimApprovalAsked;
    return {
      amountApproved: asked.amountApproved,
      note: asked.note ?? null,
      requestedBy: waiting.requestedBy,
      requestedAt: waiting.requestedAt.toISOString(),
      mine: waiting.requestedById === viewer.id,
    };
  };

  /** The claim's waiting approval, ended by `actor` as `outcome` if the rule lets them; 409 when none waits. */
  const waitingFor = async (claimId: string, actor: TActor, outcome: TApprovalOutcome) => {
    const claim = await submitted(claimId);
    const waiting = await admin.waitingApproval(claim.claimId);
    if (!waiting) throw new ApiError(409, 'No approval of this claim is waiting.', { field: 'claimId' });
    const problem = approvalDecisionProblem(waiting.requestedById, actor.id ?? '', outcome);
    if (problem) throw new ApiError(403, problem, { field: 'claimId' });
    return { claim, waiting, asked: waiting.request as TClaimApprovalAsked };
  };

  /**
   * An approval above the market's amount asked of a second officer (decision 149): kept as asked, with
   * its audit row; the claim does not move until another account confirms it.
   */
  const askSecondApproval = async (
    claim: { claimId: string; claimNumber: string | null; status: string },
    asked: TClaimApprovalAsked,
    actor: TActor,
  ) => {
    const at = now();
    const made = await admin.askApproval(claim.claimId, asked, accountOf(actor), at, (tx) =>
      recordAudit(tx, {
        at,
        actor,
        action: 'ask-approval',
        entity: 'claim',
        entityId: claim.claimId,
        before: { status: claim.status },
        after: { status: 'approved', amountApproved: asked.amountApproved },
        ...(asked.note ? { note: asked.note } : {}),
      }),
    );
    if (!made)
      throw new ApiError(409, 'An approval of this claim is already waiting for a second officer.', {
        field: 'status',
      });
    return { claimId: claim.claimId, claimNumber: claim.claimNumber, status: claim.status, waiting: true };
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

    async detail(claimId: string, viewer: TActor) {
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
        /** An approval asked and waiting for a second officer (decision 149). */
        waitingApproval: await waitingView(claim.claimId, viewer),
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
      // One decision at a time: while an approval waits for its second officer, the claim stays put.
      if (await admin.waitingApproval(claim.claimId))
        throw new ApiError(
          409,
          'An approval of this claim is waiting for a second officer: confirm, reject or withdraw it first.',
          { field: 'status' },
        );
      if (
        status === 'approved' &&
        amountApproved !== undefined &&
        claimApprovalNeedsSecond(claim.country as TCountry, amountApproved)
      ) {
        // The move's own checks first: a wrong amount is refused now, not after a second officer looks.
        if (!isClaimStatus(claim.status) || !canMoveClaim(claim.status, 'approved'))
          throw new ApiError(409, `A claim cannot move from ${claim.status} to approved.`, {
            field: 'status',
          });
        const problem = claimDecisionProblem(
          'approved',
          { amountApprovedCents: amountApproved },
          claim.amountCents,
        );
        if (problem) throw new ApiError(400, problem.message, { field: problem.field });
        return askSecondApproval(claim, { amountApproved, ...(note ? { note } : {}) }, actor);
      }
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

    /** Every claim approval waiting for a second officer, oldest first: who asked, how much, since when. */
    async waitingApprovals() {
      const rows = await admin.waitingApprovals();
      return {
        approvals: rows.map((row) => ({
          claimId: row.claimId,
          claimNumber: row.claimNumber,
          country: row.country,
          currency: row.currency,
          amountClaimed: row.amountCents,
          amountApproved: (row.request as TClaimApprovalAsked).amountApproved,
          requestedBy: row.requestedBy,
          requestedAt: row.requestedAt.toISOString(),
        })),
      };
    },

    /**
     * The second officer confirms (decision 149): the claim is approved as asked, the request ended and
     * both people recorded, in one transaction. The maker is refused (403); a request ended meanwhile too.
     */
    async confirmApproval(claimId: string, actor: TActor) {
      const { claim, waiting, asked } = await waitingFor(claimId, actor, 'confirmed');
      const at = now();
      const moved = await claims.moveStatus(claim.claimId, 'approved', {
        decision: {
          note: asked.note,
          amountApprovedCents: asked.amountApproved,
          payoutReference: undefined,
        },
        actor,
        alongside: async (tx, row) => {
          if (
            !(await admin.endApproval(tx, waiting.id, {
              outcome: 'confirmed',
              by: accountOf(actor),
              at,
              note: null,
            }))
          )
            throw new ApiError(409, 'This approval was decided meanwhile.', { field: 'claimId' });
          await recordAudit(tx, {
            at,
            actor,
            action: 'confirm-approval',
            entity: 'claim',
            entityId: claim.claimId,
            before: { status: claim.status },
            after: {
              status: row.status,
              amountApproved: asked.amountApproved,
              requestedBy: waiting.requestedBy,
            },
          });
        },
      });
      return { claimId: moved.claimId, claimNumber: moved.claimNumber, status: moved.status };
    },

    /** A second officer rejects the asked approval, or its maker withdraws it; the claim stays where it is. */
    async endApproval(claimId: string, actor: TActor, outcome: 'rejected' | 'withdrawn', note?: string) {
      const { claim, waiting, asked } = await waitingFor(claimId, actor, outcome);
      const at = now();
      const ended = await db.transaction(async (tx) => {
        if (
          !(await admin.endApproval(tx, waiting.id, {
            outcome,
            by: accountOf(actor),
            at,
            note: note ?? null,
          }))
        )
          return false;
        await recordAudit(tx, {
          at,
          actor,
          action: outcome === 'rejected' ? 'reject-approval' : 'withdraw-approval',
          entity: 'claim',
          entityId: claim.claimId,
          before: { amountApproved: asked.amountApproved, requestedBy: waiting.requestedBy },
          after: { status: claim.status },
          ...(note ? { note } : {}),
        });
        return true;
      });
      if (!ended) throw new ApiError(409, 'This approval was decided meanwhile.', { field: 'claimId' });
      return { claimId: claim.claimId, claimNumber: claim.claimNumber, status: claim.status };
    },
  };
}

export type TClaimsAdminService = ReturnType<typeof createClaimsAdminService>;
