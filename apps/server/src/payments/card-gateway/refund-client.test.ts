import { describe, expect, it } from 'vitest';
import { requestRefund } from './refund-client.ts';
import { GatewayLookupError, type TRestRequest, verifyRestRequest } from './transaction-lookup.ts';

const credentials = {
  baseUrl: 'https://apitest.cybersource.com/',
  merchantId: 'lionrock_sg',
  keyId: '08c94330-f618-42a3-b09d-e1e43be5efda',
  sharedSecret: Buffer.from('a shared secret of thirty-two bytes!').toString('base64'),
};
const now = new Date('2026-12-20T02:00:00.000Z');
const request = {
  transactionId: '7000000000000000000001',
  amountCents: 36_000,
  currency: 'SGD',
  requestId: 'RFABC',
};

/** A gateway that records the request and answers `status` with `body`. */
function gateway(status: number, body: unknown) {
  const seen: TRestRequest[] = [];
  return {
    seen,
    transport: async (sent: TRestRequest) => {
      seen.push(sent);
      return { status, body: JSON.stringify(body) };
    },
  };
}

describe('requestRefund (CyberSource REST "Refund a Payment")', () => {
  it('posts the reference code and amount to /pts/v2/payments/{id}/refunds, signed as the lookup is', async () => {
    const { seen, transport } = gateway(201, {
      id: '7000000000000000000099',
      status: 'PENDING',
      refundAmountDetails: { refundAmount: '360.00', currency: 'SGD' },
    });
    const result = await requestRefund(credentials, transport, request, now);
    expect(result).toEqual({ status: 'succeeded', reference: '7000000000000000000099', amountCents: 36_000 });
    const sent = seen[0]!;
    expect(sent.url.href).toBe(
      'https://apitest.cybersource.com/pts/v2/payments/7000000000000000000001/refunds',
    );
    expect(JSON.parse(sent.body!)).toEqual({
      clientReferenceInformation: { code: 'RFABC' },
      orderInformation: { amountDetails: { totalAmount: '360.00', currency: 'SGD' } },
    });
    const checked = verifyRestRequest(
      { method: 'POST', target: sent.url.pathname, headers: sent.headers, body: sent.body! },
      (keyId) => (keyId === credentials.keyId ? credentials : undefined),
      now,
    );
    expect(checked).toEqual({ ok: true, merchantId: 'lionrock_sg' });
    expect(sent.headers.signature).toContain('headers="host date (request-target) digest v-c-merchant-id"');
  });

  it('reads a refusal as refused and an outage as an error to retry', async () => {
    expect(
      await requestRefund(
        credentials,
        gateway(400, { status: 'INVALID_REQUEST', reason: 'EXCEEDS_CAPTURE_AMOUNT' }).transport,
        request,
        now,
      ),
    ).toEqual({ status: 'refused', reason: 'EXCEEDS_CAPTURE_AMOUNT' });
    await expect(requestRefund(credentials, gateway(502, {}).transport, request, now)).rejects.toBeInstanceOf(
      GatewayLookupError,
    );
    const down = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await expect(requestRefund(credentials, down, request, now)).rejects.toBeInstanceOf(GatewayLookupError);
    expect(
      await requestRefund(
        credentials,
        gateway(201, {}).transport,
        { ...request, transactionId: '../x' },
        now,
      ),
    ).toEqual({
      status: 'refused',
      reason: 'not a transaction id',
    });
  });
});
