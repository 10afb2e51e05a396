import { describe, expect, it } from 'vitest';
import { claimDecisionProblem } from './claim-status.ts';

describe('claimDecisionProblem (issue 18: what a staff move must carry)', () => {
  it('needs an approval amount, more than nothing and at most the amount claimed', () => {
    expect(claimDecisionProblem('approved', {}, 45_000)?.field).toBe('amountApproved');
    expect(claimDecisionProblem('approved', { amountApprovedCents: 0 }, 45_000)?.field).toBe(
      'amountApproved',
    );
    expect(claimDecisionProblem('approved', { amountApprovedCents: 45_001 }, 45_000)?.message).toBe(
      'The amount approved cannot exceed the amount claimed.',
    );
    expect(claimDecisionProblem('approved', { amountApprovedCents: 45_000 }, 45_000)).toBeNull();
  });

  it('takes an amount only with an approval and a payout reference only with a payment', () => {
    expect(claimDecisionProblem('declined', { amountApprovedCents: 100 }, 45_000)?.field).toBe(
      'amountApproved',
    );
    expect(claimDecisionProblem('underReview', { payoutReference: 'X1' }, 45_000)?.field).toBe(
      'payoutReference',
    );
    expect(claimDecisionProblem('paid', { payoutReference: 'FAST-1' }, 45_000)).toBeNull();
    expect(claimDecisionProblem('paid', {}, 45_000)).toBeNull();
  });

  it('asks for a note saying what information is needed', () => {
    expect(claimDecisionProblem('moreInformation', { note: '  ' }, 45_000)?.field).toBe('note');
    expect(claimDecisionProblem('moreInformation', { note: 'The doctor’s report' }, 45_000)).toBeNull();
  });
});
