import { describe, expect, it } from 'vitest';
import { caseDetailText } from './case-detail';

describe("a queue case's detail in words (issue 31)", () => {
  it('reads a refund case: the reason, then its facts with amounts as money', () => {
    expect(
      caseDetailText(
        {
          reason: 'amount differs',
          expectedCents: 4550,
          bankTransactionId: 'BT-1',
          amountCents: 4500,
          paidAt: '2026-11-29T02:00:00.000Z',
        },
        'SGD',
      ),
    ).toBe(
      'Amount differs. Expected SGD 45.50; bank transaction BT-1; amount SGD 45.00; paid at 29/11/2026 10:00.',
    );
  });

  it('reads a forged answer and a late payment with what was before', () => {
    expect(caseDetailText({ problems: ['signature', 'amount'], about: 'renewal card' }, 'SGD')).toBe(
      'What did not match signature, amount; about renewal card.',
    );
    expect(
      caseDetailText(
        {
          reason: 'approved after expired',
          previous: { status: 'expired', decision: 'DECLINE', reasonCode: 481, transactionId: null },
        },
        'HKD',
      ),
    ).toBe(
      'Approved after expired. Before: status expired, gateway decision DECLINE, gateway reason code 481.',
    );
  });

  it("uses the case's own currency, and still shows a key it does not know, in words", () => {
    expect(
      caseDetailText(
        { policyNumber: 'PSG26-0000007', amountCents: 1250, currency: 'HKD', payeeName: 'TAN' },
        'SGD',
      ),
    ).toBe('Policy PSG26-0000007; amount HKD 12.50; payee name TAN.');
    expect(caseDetailText(null, 'SGD')).toBe('');
  });
});
