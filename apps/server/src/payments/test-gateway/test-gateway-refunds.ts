import { randomBytes } from 'node:crypto';
import { parseGatewayAmount } from '@lionrock/domain/payments/payment-rules';
import type { TRestResponse } from '../card-gateway/transaction-lookup.ts';
import type { TTestGatewayRefundRow, TTestGatewayStore } from './test-gateway-repository.ts';

/**
 * The test gateway's refund (README.md beside this file), shaped as CyberSource REST "Refund a Payment":
 * `POST /gateway/pts/v2/payments/{id}/refunds`, already authenticated by the caller (HTTP Signature).
 * A profile refunds its own approved transactions only; the same client reference code again answers
 * the refund already made (201, same id) and moves no money; an unknown transaction is a 404; a refund
 * beyond what is left of the captured amount, or in another currency, is refused.
 */
const json = (status: number, body: unknown): TRestResponse => ({ status, body: JSON.stringify(body) });

function refundBody(row: TTestGatewayRefundRow) {
  return {
    id: row.refundId,
    submitTimeUtc: row.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    status: 'PENDING',
    reconciliationId: row.refundId.slice(-12),
    clientReferenceInformation: { code: row.clientReference },
    refundAmountDetails: { refundAmount: row.amount, currency: row.currency },
    _links: { self: { href: `/pts/v2/refunds/${row.refundId}`, method: 'GET' } },
  };
}

export async function answerRefund(
  store: TTestGatewayStore,
  merchantId: string,
  transactionId: string,
  rawBody: string | undefined,
): Promise<TRestResponse> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody ?? '{}') as Record<string, unknown>;
  } catch {
    return json(400, { status: 'INVALID_REQUEST', reason: 'MISSING_FIELD', message: 'body is not JSON' });
  }
  const code = String((body.clientReferenceInformation as { code?: unknown } | undefined)?.code ?? '');
  const details = (body.orderInformation as { amountDetails?: Record<string, unknown> } | undefined)
    ?.amountDetails;
  const amount = String(details?.totalAmount ?? '');
  const currency = String(details?.currency ?? '');
  const cents = parseGatewayAmount(amount);
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(code) || cents === null || cents <= 0 || !/^[A-Z]{3}$/.test(currency))
    return json(400, { status: 'INVALID_REQUEST', reason: 'INVALID_DATA' });

  return store.refundUnderLock(merchantId, transactionId, code, async (state, insert) => {
    const { captured, earlier } = state;
    if (captured?.decision !== 'ACCEPT') return json(404, { status: 'NOT_FOUND' });
    if (earlier) {
      // The same request again: the refund already made, unless the key is reused for something else.
      if (
        earlier.transactionId !== transactionId ||
        earlier.amount !== amount ||
        earlier.currency !== currency
      )
        return json(400, { status: 'INVALID_REQUEST', reason: 'DUPLICATE_REQUEST' });
      return json(201, refundBody(earlier));
    }
    if (currency !== captured.currency)
      return json(400, { status: 'INVALID_REQUEST', reason: 'INVALID_DATA' });
    const left =
      (parseGatewayAmount(captured.amount) ?? 0) -
      state.refundedAmounts.reduce((sum, refunded) => sum + (parseGatewayAmount(refunded) ?? 0), 0);
    if (cents > left) return json(400, { status: 'INVALID_REQUEST', reason: 'EXCEEDS_CAPTURE_AMOUNT' });
    const row = await insert({
      refundId: String(BigInt(`0x${randomBytes(8).toString('hex')}`)).padStart(22, '7'),
      profileId: merchantId,
      transactionId,
      clientReference: code,
      amount,
      currency,
    });
    return json(201, refundBody(row));
  });
}
