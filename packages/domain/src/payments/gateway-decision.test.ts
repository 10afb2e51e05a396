import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import { decideGatewayOutcome, REASON_CODES, REASON_MESSAGES, reasonMessageOf } from './gateway-decision.ts';

const answer = (decision: string, reasonCode: number | null, authorised: number | null = 4550) => ({
  decision,
  reasonCode,
  requestedAmountCents: 4550,
  authorisedAmountCents: authorised,
});

describe('gateway decisions (pa-home-payments section 8)', () => {
  it('lists every code of the spec', () => {
    const spec = [
      101, 102, 104, 110, 150, 151, 152, 200, 201, 202, 203, 204, 205, 207, 208, 209, 210, 211, 220, 221, 222,
      230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 246, 247, 248, 250, 251, 254, 400,
      450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 461, 475, 476, 480, 481, 490, 491, 520, 700, 701,
      702, 703,
    ];
    for (const code of spec) expect(REASON_CODES[code], String(code)).toBeDefined();
  });

  it('pays only on ACCEPT with 100 and the full amount', () => {
    expect(decideGatewayOutcome(answer('ACCEPT', 100))).toEqual({
      outcome: 'PAID',
      messageKey: null,
      reasonCode: 100,
      detail: '',
      reverse: false,
    });
    expect(decideGatewayOutcome(answer('ACCEPT', 100, 4000))).toMatchObject({
      outcome: 'PARTIAL',
      reverse: true,
    });
    expect(decideGatewayOutcome(answer('REJECT', 100))).toMatchObject({ outcome: 'DECLINED' });
  });

  it('maps every code other than 100 to its outcome with paymentError.otherError and the code', () => {
    for (const [code, entry] of Object.entries(REASON_CODES)) {
      if (Number(code) === 100) continue;
      const decision = decideGatewayOutcome(
        answer(entry.outcome === 'PARTIAL' ? 'ACCEPT' : 'REJECT', Number(code), null),
      );
      expect(decision.outcome, code).toBe(entry.outcome);
      expect(decision.detail).toBe(code);
      expect(decision.messageKey).toBe(
        entry.outcome === 'REVIEW' ? MESSAGE_KEYS.paymentReview : MESSAGE_KEYS.paymentOtherError,
      );
    }
  });

  it.each([
    [110, 'PARTIAL'],
    [202, 'DECLINED'],
    [204, 'DECLINED'],
    [475, 'AUTHENTICATE'],
    [480, 'REVIEW'],
    [481, 'DECLINED'],
    [150, 'ERROR'],
    [102, 'ERROR'],
  ])('code %i is %s', (code, outcome) => {
    expect(decideGatewayOutcome(answer('REJECT', code)).outcome).toBe(outcome);
  });

  it('reverses a partial approval', () => {
    expect(decideGatewayOutcome(answer('ACCEPT', 110, 2000))).toMatchObject({
      outcome: 'PARTIAL',
      reverse: true,
    });
    expect(decideGatewayOutcome(answer('DECLINE', 203, null))).toMatchObject({ reverse: false });
  });

  it('falls back to the provider message and invalid fields without a code', () => {
    expect(
      decideGatewayOutcome({
        ...answer('ERROR', null, null),
        providerMessage: 'Request has invalid fields',
        invalidFields: 'card_number',
      }),
    ).toEqual({
      outcome: 'ERROR',
      messageKey: MESSAGE_KEYS.paymentDeclined,
      reasonCode: null,
      detail: 'Request has invalid fields card_number',
      reverse: false,
    });
    expect(decideGatewayOutcome(answer('DECLINE', 999, null))).toMatchObject({
      outcome: 'DECLINED',
      detail: '999',
    });
  });

  it('gives every code a message group, and every group a code', () => {
    for (const [code, entry] of Object.entries(REASON_CODES)) {
      expect(REASON_MESSAGES, code).toContain(entry.message);
      expect(reasonMessageOf(Number(code)), code).toBe(entry.message);
    }
    // No group without a code: each catalogue text is read by some code.
    expect(new Set(Object.values(REASON_CODES).map((entry) => entry.message))).toEqual(
      new Set(REASON_MESSAGES),
    );
  });

  it.each([
    [102, 'checkCardDetails'],
    [104, 'contactUs'],
    [110, 'partialApproval'],
    [150, 'tryAgain'],
    [200, 'billingAddress'],
    [202, 'expiredCard'],
    [204, 'insufficientFunds'],
    [207, 'bankUnavailable'],
    [209, 'checkCvv'],
    [210, 'insufficientFunds'],
    [232, 'cardNotAccepted'],
    [233, 'bankDeclined'],
    [234, 'cannotAcceptNow'],
    [457, 'billingAddress'],
    [476, 'authentication'],
    [481, 'declined'],
    [491, 'cannotAcceptNow'],
    [703, 'contactUs'],
  ])('code %i reads the %s text', (code, group) => {
    expect(reasonMessageOf(code)).toBe(group);
  });

  it('gives a code it does not know the general text', () => {
    expect(reasonMessageOf(999)).toBe('general');
    expect(reasonMessageOf(Number.NaN)).toBe('general');
  });
});
