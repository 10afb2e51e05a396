import { describe, expect, it } from 'vitest';
import {
  confirmationProblems,
  decidingTransaction,
  REQUIRED_SIGNED_FIELDS,
  type TExpectedAnswer,
  verifyGatewayAnswer,
} from './gateway-answer.ts';
import { signFields } from './signature.ts';
import type { TGatewayTransaction } from './transaction-lookup.ts';

const EXPECTED: TExpectedAnswer = {
  profile: { profileId: 'LIONROCK-TEST-SGP', accessKey: 'test-access-sgp', secretKey: 'secret-0123456789' },
  referenceNumber: 'TSG-261123-AAAAAAAA',
  amountCents: 4550,
  currency: 'SGD',
  transactionUuid: '3f1c7d52-5d1e-4f7e-9d59-3a1f0e2b8c41',
};

/** A paid answer as the gateway signs it; `change` alters fields before signing, `unsigned` leaves names out of the list. */
function answer(change: Record<string, string> = {}, unsigned: string[] = []) {
  const fields: Record<string, string> = {
    decision: 'ACCEPT',
    reason_code: '100',
    message: 'Request was processed successfully.',
    transaction_id: '1795400000123456789012',
    auth_code: 'A1B2C3',
    auth_amount: '45.50',
    req_access_key: 'test-access-sgp',
    req_profile_id: 'LIONROCK-TEST-SGP',
    req_transaction_uuid: EXPECTED.transactionUuid,
    req_reference_number: EXPECTED.referenceNumber,
    req_amount: '45.50',
    req_currency: 'SGD',
    req_card_number: 'xxxxxxxxxxxx1111',
    signed_date_time: '2026-11-23T02:01:00Z',
    ...change,
  };
  fields.signed_field_names = [...Object.keys(fields), 'signed_field_names']
    .filter((name) => !unsigned.includes(name))
    .join(',');
  return { ...fields, signature: signFields(fields, EXPECTED.profile.secretKey) };
}

describe('verifyGatewayAnswer', () => {
  it('believes a whole, signed answer about this payment and reads its outcome', () => {
    const result = verifyGatewayAnswer(answer(), EXPECTED);
    expect(result).toMatchObject({
      ok: true,
      answer: {
        transactionId: '1795400000123456789012',
        decision: 'ACCEPT',
        reasonCode: 100,
        authorisedCents: 4550,
      },
    });
    if (result.ok) expect(result.answer.gateway.outcome).toBe('PAID');
  });

  it.each(REQUIRED_SIGNED_FIELDS.filter((name) => name !== 'signed_field_names'))(
    'refuses an answer that does not sign %s',
    (name) => {
      expect(verifyGatewayAnswer(answer({}, [name]), EXPECTED)).toEqual({
        ok: false,
        problems: [`${name} unsigned`],
      });
    },
  );

  it('refuses an answer about another payment, profile or attempt', () => {
    const problems = (change: Record<string, string>) => {
      const result = verifyGatewayAnswer(answer(change), EXPECTED);
      return result.ok ? [] : result.problems;
    };
    expect(problems({ req_reference_number: 'TSG-261123-BBBBBBBB' })).toEqual(['reference']);
    expect(problems({ req_amount: '4.55' })).toEqual(['amount']);
    expect(problems({ req_currency: 'HKD' })).toEqual(['currency']);
    expect(problems({ req_transaction_uuid: 'another' })).toEqual(['transaction_uuid']);
    expect(problems({ req_access_key: 'other' })).toEqual(['access_key']);
    expect(problems({ req_profile_id: 'OTHER' })).toEqual(['profile_id']);
    expect(problems({ transaction_id: 'has space' })).toEqual(['transaction_id']);
    expect(problems({ reason_code: 'abc' })).toEqual(['reason_code']);
    expect(problems({ auth_amount: '1e3' })).toEqual(['auth_amount']);
    expect(verifyGatewayAnswer({ ...answer(), signature: 'x' }, EXPECTED)).toEqual({
      ok: false,
      problems: ['signature'],
    });
  });

  it('reads nothing unsigned', () => {
    const signed = answer({}, ['auth_amount', 'req_card_number', 'auth_code']);
    const result = verifyGatewayAnswer(
      { ...signed, auth_amount: '45.50', req_card_number: 'x1111' },
      EXPECTED,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.answer.authorisedCents).toBeNull();
    expect(result.answer.gateway.outcome).toBe('PARTIAL');
    expect(result.answer.signed).not.toHaveProperty('req_card_number');
    expect(result.answer.signed).not.toHaveProperty('signature');
  });
});

describe('the gateway’s own record', () => {
  const verified = (() => {
    const result = verifyGatewayAnswer(answer(), EXPECTED);
    if (!result.ok) throw new Error('fixture');
    return result.answer;
  })();
  const record: TGatewayTransaction = {
    transactionId: '1795400000123456789012',
    referenceNumber: EXPECTED.referenceNumber,
    decision: 'ACCEPT',
    reasonCode: 100,
    amountCents: 4550,
    currency: 'SGD',
    authorisedCents: 4550,
  };

  it('confirms an answer only when every fact matches', () => {
    expect(confirmationProblems(verified, EXPECTED, record)).toEqual([]);
    expect(confirmationProblems(verified, EXPECTED, null)).toEqual(['the gateway has no such transaction']);
    expect(
      confirmationProblems(verified, EXPECTED, {
        ...record,
        transactionId: 'other',
        referenceNumber: 'TSG-261123-BBBBBBBB',
        amountCents: 100,
        currency: 'HKD',
        reasonCode: 203,
        decision: 'DECLINE',
        authorisedCents: null,
      }),
    ).toEqual([
      'gateway transaction id',
      'gateway reference',
      'gateway amount',
      'gateway currency',
      'gateway reason code',
      'gateway decision',
      'gateway authorised amount',
    ]);
  });

  it('finds the record that decides a payment: approved, else held for review, else partly authorised', () => {
    const declined = {
      ...record,
      transactionId: 'd1',
      decision: 'DECLINE',
      reasonCode: 203,
      authorisedCents: null,
    };
    const partial = { ...record, transactionId: 'p1', reasonCode: 110, authorisedCents: 2275 };
    const review = { ...record, transactionId: 'r1', decision: 'REVIEW', reasonCode: 480 };
    const elsewhere = { ...record, transactionId: 'e1', referenceNumber: 'TSG-261123-CCCCCCCC' };
    expect(decidingTransaction([declined, elsewhere], EXPECTED)).toBeUndefined();
    expect(decidingTransaction([declined, partial, elsewhere], EXPECTED)).toEqual({
      transaction: partial,
      outcome: 'PARTIAL',
    });
    expect(decidingTransaction([partial, review, declined], EXPECTED)).toEqual({
      transaction: review,
      outcome: 'REVIEW',
    });
    expect(decidingTransaction([partial, review, record], EXPECTED)).toEqual({
      transaction: record,
      outcome: 'PAID',
    });
    expect(decidingTransaction([{ ...record, amountCents: 4549 }], EXPECTED)).toBeUndefined();
    expect(decidingTransaction([{ ...review, currency: 'HKD' }], EXPECTED)).toBeUndefined();
  });
});
