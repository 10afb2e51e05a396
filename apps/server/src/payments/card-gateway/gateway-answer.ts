import {
  decideGatewayOutcome,
  type TGatewayDecision,
  type TGatewayOutcome,
} from '@lionrock/domain/payments/gateway-decision';
import { parseGatewayAmount } from '@lionrock/domain/payments/payment-rules';
import type { TPaymentStatus } from '../../modules/payment/payment-repository.ts';
import { signedNames, signedView, type TSignedFields, verifySignature } from './signature.ts';
import type { TGatewayTransaction } from './transaction-lookup.ts';

/**
 * The one verifier of a card gateway's answer, for the card receipt and the renewal charge alike
 * (design section 11, decision 024). An answer is believed only when:
 * - its signature verifies with the profile's secret over fields that cannot be re-split
 *   (signature.ts), with no name listed twice;
 * - `signed_field_names` holds every field of REQUIRED_SIGNED_FIELDS, which every real answer signs;
 * - the signed reference, amount, currency, transaction uuid, access key and profile id are the
 *   payment's and the profile's.
 * Nothing is read from the answer but its signed view: an unsigned `auth_amount`, `transaction_id`
 * or `req_card_number` is as if it were not there.
 */
export const REQUIRED_SIGNED_FIELDS = [
  'decision',
  'reason_code',
  'transaction_id',
  'req_reference_number',
  'req_amount',
  'req_currency',
  'req_transaction_uuid',
  'req_access_key',
  'req_profile_id',
  'signed_date_time',
  'signed_field_names',
] as const;

/** What an answer must be about. */
export type TExpectedAnswer = {
  profile: { profileId: string; accessKey: string; secretKey: string };
  referenceNumber: string;
  amountCents: number;
  currency: string;
  transactionUuid: string;
};

export type TVerifiedAnswer = {
  /** The signed fields only. */
  signed: TSignedFields;
  transactionId: string;
  decision: string;
  reasonCode: number | null;
  authorisedCents: number | null;
  gateway: TGatewayDecision;
};

/** The one map from a gateway outcome to the payment's status (a challenge nobody answers is an error). */
export const STATUS_FOR_OUTCOME: Record<TGatewayOutcome, TPaymentStatus> = {
  PAID: 'paid',
  PARTIAL: 'declined',
  REVIEW: 'review',
  ERROR: 'error',
  DECLINED: 'declined',
  AUTHENTICATE: 'error',
};

const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function verifyGatewayAnswer(
  fields: TSignedFields,
  expected: TExpectedAnswer,
): { ok: true; answer: TVerifiedAnswer } | { ok: false; problems: string[] } {
  if (!verifySignature(fields, expected.profile.secretKey)) return { ok: false, problems: ['signature'] };
  const listed = new Set(signedNames(fields));
  const problems = REQUIRED_SIGNED_FIELDS.filter((name) => !listed.has(name)).map(
    (name) => `${name} unsigned`,
  );
  if (problems.length > 0) return { ok: false, problems };
  const signed = signedView(fields);
  if (signed.req_reference_number !== expected.referenceNumber) problems.push('reference');
  if (parseGatewayAmount(signed.req_amount) !== expected.amountCents) problems.push('amount');
  if (signed.req_currency !== expected.currency) problems.push('currency');
  if (signed.req_transaction_uuid !== expected.transactionUuid) problems.push('transaction_uuid');
  if (signed.req_access_key !== expected.profile.accessKey) problems.push('access_key');
  if (signed.req_profile_id !== expected.profile.profileId) problems.push('profile_id');
  if (!TRANSACTION_ID.test(signed.transaction_id ?? '')) problems.push('transaction_id');
  if (!/^\d{1,4}$/.test(signed.reason_code ?? '')) problems.push('reason_code');
  if (signed.auth_amount && parseGatewayAmount(signed.auth_amount) === null) problems.push('auth_amount');
  if (problems.length > 0) return { ok: false, problems };

  const reasonCode = Number(signed.reason_code);
  const authorisedCents = signed.auth_amount ? parseGatewayAmount(signed.auth_amount) : null;
  const decision = (signed.decision ?? '').toUpperCase();
  return {
    ok: true,
    answer: {
      signed,
      transactionId: signed.transaction_id!,
      decision,
      reasonCode,
      authorisedCents,
      gateway: decideGatewayOutcome({
        decision,
        reasonCode,
        requestedAmountCents: expected.amountCents,
        authorisedAmountCents: authorisedCents,
        providerMessage: signed.message ?? '',
        invalidFields: signed.invalid_fields ?? signed.required_fields ?? '',
      }),
    },
  };
}

/**
 * Whether the gateway's own record (a server-to-server lookup) is this answer: the same transaction,
 * reference, amount, currency, decision, reason code and authorised amount. A paid answer is recorded
 * only when it is (design section 11); the problems name what differs.
 */
export function confirmationProblems(
  answer: TVerifiedAnswer,
  expected: Pick<TExpectedAnswer, 'referenceNumber' | 'amountCents' | 'currency'>,
  transaction: TGatewayTransaction | null,
): string[] {
  if (!transaction) return ['the gateway has no such transaction'];
  const problems: string[] = [];
  if (transaction.transactionId !== answer.transactionId) problems.push('gateway transaction id');
  if (transaction.referenceNumber !== expected.referenceNumber) problems.push('gateway reference');
  if (transaction.amountCents !== expected.amountCents) problems.push('gateway amount');
  if (transaction.currency !== expected.currency) problems.push('gateway currency');
  if (transaction.reasonCode !== answer.reasonCode) problems.push('gateway reason code');
  if (transaction.decision !== answer.decision) problems.push('gateway decision');
  if (transaction.authorisedCents !== answer.authorisedCents) problems.push('gateway authorised amount');
  return problems;
}

/**
 * The gateway's record that decides a payment whose answer never reached the shop (design section 11):
 * its approved, whole-amount transaction; else one holding the money for review; else one partly
 * authorised (to be reversed). Records of another reference, currency or amount decide nothing.
 */
export function decidingTransaction(
  transactions: TGatewayTransaction[],
  expected: Pick<TExpectedAnswer, 'referenceNumber' | 'amountCents' | 'currency'>,
): { transaction: TGatewayTransaction; outcome: 'PAID' | 'REVIEW' | 'PARTIAL' } | undefined {
  const decided = transactions
    .filter(
      (transaction) =>
        transaction.referenceNumber === expected.referenceNumber &&
        transaction.currency === expected.currency &&
        transaction.amountCents === expected.amountCents,
    )
    .map((transaction) => ({
      transaction,
      outcome: decideGatewayOutcome({
        decision: transaction.decision,
        reasonCode: transaction.reasonCode,
        requestedAmountCents: expected.amountCents,
        authorisedAmountCents: transaction.authorisedCents,
      }).outcome,
    }));
  for (const outcome of ['PAID', 'REVIEW', 'PARTIAL'] as const) {
    const found = decided.find((entry) => entry.outcome === outcome);
    if (found) return { transaction: found.transaction, outcome };
  }
  return undefined;
}
