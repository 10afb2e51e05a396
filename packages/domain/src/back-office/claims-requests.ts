import { z } from 'zod';
import { CLAIM_STATUSES, claimDecisionProblem, isClaimStatus } from '../claims/claim-status.ts';

/**
 * A claim moved by claims staff (issue 18, decision 081, decision 123): what the back office's form
 * checks before sending and the route checks again. The amount's ceiling against the amount claimed is
 * the service's, once the claim is read.
 */

/** A move's note (e-mailed to the customer when more information is asked). */
export const CLAIM_NOTE_MAX = 2000;
/** The bank's or PayNow's reference of a payment. */
export const CLAIM_PAYOUT_REFERENCE_MAX = 60;
/** The most any approval may be, in cents (a million): a typo's extra zeros, refused. */
export const CLAIM_AMOUNT_APPROVED_MAX_CENTS = 100_000_000;

export const ZClaimMoveRequest = z
  .object({
    status: z.enum(CLAIM_STATUSES),
    note: z.string().trim().max(CLAIM_NOTE_MAX).optional(),
    /** Cents: more than nothing, with an approval only. */
    amountApproved: z.number().int().positive().max(CLAIM_AMOUNT_APPROVED_MAX_CENTS).optional(),
    payoutReference: z.string().trim().min(1).max(CLAIM_PAYOUT_REFERENCE_MAX).optional(),
  })
  // What the move needs (the domain's rule); it runs even when another field is wrong, so a form hears
  // every problem.
  .superRefine(
    (move, context) => {
      const { status, note, amountApproved, payoutReference } = move as Record<string, unknown>;
      if (typeof status !== 'string' || !isClaimStatus(status)) return;
      const problem = claimDecisionProblem(
        status,
        {
          note: typeof note === 'string' ? note : undefined,
          amountApprovedCents: typeof amountApproved === 'number' ? amountApproved : undefined,
          payoutReference: typeof payoutReference === 'string' ? payoutReference : undefined,
        },
        null,
      );
      if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TClaimMoveRequest = z.infer<typeof ZClaimMoveRequest>;

/** A waiting approval rejected by a second officer, or withdrawn by its maker (decision 149), with a note. */
export const ZApprovalEnd = z.object({
  outcome: z.enum(['rejected', 'withdrawn']),
  note: z.string().trim().max(CLAIM_NOTE_MAX).optional(),
});
export type TApprovalEnd = z.infer<typeof ZApprovalEnd>;
