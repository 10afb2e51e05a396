import { formatPlainAmount } from '@lionrock/domain/money/money';
import { parseGatewayAmount } from '@lionrock/domain/payments/payment-rules';
import {
  GatewayLookupError,
  signRestRequest,
  type TRestCredentials,
  type TRestResponse,
  type TRestTransport,
} from './transaction-lookup.ts';

/**
 * A card refund through the gateway's REST API (design sections 11 and 12, decision 072): CyberSource's
 * "Refund a Payment", `POST {restUrl}/pts/v2/payments/{captured id}/refunds` with
 * `clientReferenceInformation.code` and `orderInformation.amountDetails.{totalAmount, currency}`, signed
 * with the same HTTP Signature as the transaction lookup. A 201 whose status is PENDING (settling) or
 * TRANSMITTED is a refund made. The built-in test gateway answers the same request, and answers the same
 * refund again for the same client reference code.
 */
export const REFUND_PATH = {
  prefix: '/pts/v2/payments/',
  suffix: '/refunds',
  of: (transactionId: string) => `/pts/v2/payments/${encodeURIComponent(transactionId)}/refunds`,
} as const;

export type TRefundRequest = {
  transactionId: string;
  amountCents: number;
  currency: string;
  /** The stable key of this refund (the shop's refund row): the same refund asked again is this key again. */
  requestId: string;
};

/** A refund made (its gateway id), or refused for a reason that asking again will not change. */
export type TRefundResult =
  | { status: 'succeeded'; reference: string; amountCents: number | null }
  | { status: 'refused'; reason: string };

type TJson = Record<string, unknown>;
const object = (value: unknown): TJson =>
  value !== null && typeof value === 'object' ? (value as TJson) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The statuses of a created refund (CyberSource: PENDING until settled; TRANSMITTED once sent). */
const MADE = new Set(['PENDING', 'TRANSMITTED', 'SETTLED']);

/** Throws GatewayLookupError when the gateway cannot be asked or answers as if it were down (5xx). */
export async function requestRefund(
  credentials: TRestCredentials,
  transport: TRestTransport,
  request: TRefundRequest,
  now: Date,
): Promise<TRefundResult> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(request.transactionId))
    return { status: 'refused', reason: 'not a transaction id' };
  const body = JSON.stringify({
    clientReferenceInformation: { code: request.requestId },
    orderInformation: {
      amountDetails: { totalAmount: formatPlainAmount(request.amountCents), currency: request.currency },
    },
  });
  const url = new URL(`${credentials.baseUrl.replace(/\/+$/, '')}${REFUND_PATH.of(request.transactionId)}`);
  const headers = signRestRequest(credentials, { method: 'POST', url, body }, now);
  let response: TRestResponse;
  try {
    response = await transport({ method: 'POST', url, headers, body });
  } catch (error) {
    throw new GatewayLookupError(
      `the gateway could not be asked: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  if (response.status >= 500 || response.status === 401 || response.status === 429)
    throw new GatewayLookupError(`the gateway answered ${response.status}`);
  let answer: TJson = {};
  try {
    answer = object(JSON.parse(response.body));
  } catch {
    throw new GatewayLookupError('the gateway answered something other than JSON');
  }
  const status = text(answer.status);
  const reference = text(answer.id);
  if (response.status === 201 && reference && MADE.has(status)) {
    const amount = text(object(answer.refundAmountDetails).refundAmount);
    return { status: 'succeeded', reference, amountCents: amount ? parseGatewayAmount(amount) : null };
  }
  return { status: 'refused', reason: text(answer.reason) || status || `answered ${response.status}` };
}
