import type { TCountry } from '../market/market.ts';
import type { TCents } from '../money/money.ts';

/**
 * Two people for money (issue 31, decision 149): what one person may not decide alone. A claim's
 * approval above its market's amount waits for a second claims officer, who is not the one who asked;
 * both are recorded. The amounts are the insurer's claims authority limits: an officer alone approves
 * up to S$5,000 in Singapore and HK$30,000 in Hong Kong (the same order of money at the markets' rates).
 */
export const CLAIM_SECOND_APPROVAL_ABOVE_CENTS: Record<TCountry, TCents> = {
  SGP: 500_000,
  HKG: 3_000_000,
};

/** Whether approving `amountCents` on a claim of `country` needs a second officer. */
export function claimApprovalNeedsSecond(country: TCountry, amountCents: TCents): boolean {
  return amountCents > CLAIM_SECOND_APPROVAL_ABOVE_CENTS[country];
}

/** What a maker-checker request can be, and how it ends. */
export const APPROVAL_KINDS = ['claim-approval'] as const;
export type TApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_OUTCOMES = ['confirmed', 'rejected', 'withdrawn'] as const;
export type TApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

/**
 * Who may decide a waiting request: any account with the permission but the maker's confirms or rejects
 * it; the maker may only withdraw it. Accounts by their ids, never by a name that can be changed. Null
 * when `decider` may end it so; otherwise why not.
 */
export function approvalDecisionProblem(
  requestedById: string,
  deciderId: string,
  outcome: TApprovalOutcome,
): string | null {
  const own = requestedById === deciderId;
  if (own && outcome !== 'withdrawn')
    return 'You asked for this approval: a second person must confirm or reject it.';
  if (!own && outcome === 'withdrawn') return 'Only the person who asked can withdraw this request.';
  return null;
}
