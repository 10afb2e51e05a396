import { describe, expect, it } from 'vitest';
import {
  APPROVAL_OUTCOMES,
  approvalDecisionProblem,
  CLAIM_SECOND_APPROVAL_ABOVE_CENTS,
  claimApprovalNeedsSecond,
} from './second-approval.ts';

describe('two people for money (decision 149)', () => {
  it('asks a second officer for a claim approved above its market’s amount, not at it', () => {
    expect(CLAIM_SECOND_APPROVAL_ABOVE_CENTS).toEqual({ SGP: 500_000, HKG: 3_000_000 });
    expect(claimApprovalNeedsSecond('SGP', 500_000)).toBe(false);
    expect(claimApprovalNeedsSecond('SGP', 500_001)).toBe(true);
    expect(claimApprovalNeedsSecond('HKG', 500_001)).toBe(false);
    expect(claimApprovalNeedsSecond('HKG', 3_000_000)).toBe(false);
    expect(claimApprovalNeedsSecond('HKG', 3_000_001)).toBe(true);
  });

  it('lets the maker’s account only withdraw, and any other account only confirm or reject', () => {
    const of = (decider: string) =>
      Object.fromEntries(
        APPROVAL_OUTCOMES.map((outcome) => [
          outcome,
          approvalDecisionProblem('8c1f0e2a-0000-4000-8000-000000000001', decider, outcome) === null,
        ]),
      );
    expect(of('8c1f0e2a-0000-4000-8000-000000000001')).toEqual({
      confirmed: false,
      rejected: false,
      withdrawn: true,
    });
    expect(of('8c1f0e2a-0000-4000-8000-000000000002')).toEqual({
      confirmed: true,
      rejected: true,
      withdrawn: false,
    });
  });
});
