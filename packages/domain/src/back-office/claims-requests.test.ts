import { describe, expect, it } from 'vitest';
import {
  CLAIM_AMOUNT_APPROVED_MAX_CENTS,
  CLAIM_NOTE_MAX,
  CLAIM_PAYOUT_REFERENCE_MAX,
  ZClaimMoveRequest,
} from './claims-requests.ts';

/** Each refused path with its message. */
const refused = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
const at = (move: Record<string, unknown>) => Object.keys(refused(ZClaimMoveRequest.safeParse(move))).sort();

describe("a claim's move request (decision 123)", () => {
  it('keeps the bounds the route had', () => {
    expect({ CLAIM_NOTE_MAX, CLAIM_PAYOUT_REFERENCE_MAX, CLAIM_AMOUNT_APPROVED_MAX_CENTS }).toEqual({
      CLAIM_NOTE_MAX: 2000,
      CLAIM_PAYOUT_REFERENCE_MAX: 60,
      CLAIM_AMOUNT_APPROVED_MAX_CENTS: 100_000_000,
    });
  });

  it('takes each move with what it needs, its texts trimmed', () => {
    expect(ZClaimMoveRequest.parse({ status: 'underReview' })).toEqual({ status: 'underReview' });
    expect(ZClaimMoveRequest.parse({ status: 'moreInformation', note: ' The receipt. ' })).toEqual({
      status: 'moreInformation',
      note: 'The receipt.',
    });
    expect(ZClaimMoveRequest.parse({ status: 'approved', amountApproved: 40_000 })).toEqual({
      status: 'approved',
      amountApproved: 40_000,
    });
    expect(ZClaimMoveRequest.parse({ status: 'paid', payoutReference: ' FAST-1 ' })).toEqual({
      status: 'paid',
      payoutReference: 'FAST-1',
    });
  });

  it("refuses what the move lacks or cannot carry, in the domain's words", () => {
    expect(refused(ZClaimMoveRequest.safeParse({ status: 'approved' }))).toEqual({
      amountApproved: 'An approval needs the amount approved.',
    });
    expect(refused(ZClaimMoveRequest.safeParse({ status: 'moreInformation', note: '   ' }))).toEqual({
      note: 'Say what information is needed: the customer is e-mailed this note.',
    });
    expect(at({ status: 'declined', amountApproved: 100 })).toEqual(['amountApproved']);
    expect(at({ status: 'approved', amountApproved: 100, payoutReference: 'X' })).toEqual([
      'payoutReference',
    ]);
    expect(at({ status: 'closed' })).toEqual(['status']);
  });

  it('refuses every wrong field at once, the rule between fields too', () => {
    // The rule runs beside a wrong field: a form hears both.
    expect(at({ status: 'moreInformation', payoutReference: '' })).toEqual(['note', 'payoutReference']);
    expect(at({ status: 'approved', note: 'a'.repeat(2001) })).toEqual(['amountApproved', 'note']);
  });

  it('holds each bound', () => {
    const approved = (amountApproved: number) => at({ status: 'approved', amountApproved });
    expect(approved(1)).toEqual([]);
    expect(approved(CLAIM_AMOUNT_APPROVED_MAX_CENTS)).toEqual([]);
    expect(approved(100_000_001)).toEqual(['amountApproved']);
    expect(approved(0)).toEqual(['amountApproved']);
    // More than nothing by the schema itself, not only by the rule between fields.
    expect(
      ZClaimMoveRequest.safeParse({ status: 'approved', amountApproved: 0 }).error?.issues.map(
        (issue) => issue.code,
      ),
    ).toContain('too_small');
    expect(approved(10.5)).toEqual(['amountApproved']);
    expect(at({ status: 'underReview', note: 'a'.repeat(2000) })).toEqual([]);
    expect(at({ status: 'underReview', note: 'a'.repeat(2001) })).toEqual(['note']);
    expect(at({ status: 'paid', payoutReference: 'a'.repeat(60) })).toEqual([]);
    expect(at({ status: 'paid', payoutReference: 'a'.repeat(61) })).toEqual(['payoutReference']);
    expect(at({ status: 'paid', payoutReference: ' ' })).toEqual(['payoutReference']);
  });
});
