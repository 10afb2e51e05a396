import { describe, expect, it } from 'vitest';
import {
  createTransactionLookup,
  GatewayLookupError,
  parseTransaction,
  signRestRequest,
  type TRestCredentials,
  type TRestRequest,
  verifyRestRequest,
} from './transaction-lookup.ts';

const CREDENTIALS: TRestCredentials = {
  baseUrl: 'https://apitest.cybersource.com',
  merchantId: 'lionrock_sg',
  keyId: '08c94330-f618-42a3-b09d-e1e43be5efda',
  sharedSecret: Buffer.from('shared-secret-of-the-merchant').toString('base64'),
};
const NOW = new Date('2026-11-23T02:00:00Z');
const keys = (keyId: string) =>
  keyId === CREDENTIALS.keyId
    ? { merchantId: CREDENTIALS.merchantId, sharedSecret: CREDENTIALS.sharedSecret }
    : undefined;

function received(request: TRestRequest) {
  return {
    method: request.method,
    target: request.url.pathname + request.url.search,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  };
}

describe('HTTP Signature of the REST lookup', () => {
  const url = new URL('https://apitest.cybersource.com/tss/v2/searches');
  const body = '{"query":"clientReferenceInformation.code:TSG-261123-AAAAAAAA"}';
  const headers = signRestRequest(CREDENTIALS, { method: 'POST', url, body }, NOW);

  it('signs host, date, request target, digest and merchant id with the shared secret', () => {
    expect(headers.signature).toMatch(
      /^keyid="08c94330-f618-42a3-b09d-e1e43be5efda", algorithm="HmacSHA256", headers="host date \(request-target\) digest v-c-merchant-id", signature="[A-Za-z0-9+/]+=*"$/,
    );
    expect(headers.digest).toMatch(/^SHA-256=/);
    expect(verifyRestRequest(received({ method: 'POST', url, headers, body }), keys, NOW)).toEqual({
      ok: true,
      merchantId: 'lionrock_sg',
    });
  });

  it('refuses another body, merchant, key, time or signature', () => {
    const check = (change: Partial<ReturnType<typeof received>>, at = NOW) =>
      verifyRestRequest({ ...received({ method: 'POST', url, headers, body }), ...change }, keys, at);
    expect(check({ body: body.replace('AAAA', 'BBBB') })).toMatchObject({ ok: false, reason: 'digest' });
    expect(check({ headers: { ...headers, 'v-c-merchant-id': 'someone' } })).toMatchObject({ ok: false });
    expect(
      check({ headers: { ...headers, signature: headers.signature!.replace('keyid="08', 'keyid="09') } }),
    ).toEqual({
      ok: false,
      reason: 'unknown key',
    });
    expect(check({}, new Date(NOW.getTime() + 6 * 60_000))).toMatchObject({ ok: false });
    expect(check({ target: '/tss/v2/transactions/123' })).toMatchObject({ ok: false, reason: 'signature' });
    expect(
      check({
        headers: {
          ...headers,
          signature: headers.signature!.replace(/signature="[^"]+"/, 'signature="AAAA"'),
        },
      }),
    ).toMatchObject({
      ok: false,
      reason: 'signature',
    });
  });
});

describe('createTransactionLookup', () => {
  const details = {
    id: '1795400000123456789012',
    clientReferenceInformation: { code: 'TSG-261123-AAAAAAAA' },
    orderInformation: { amountDetails: { totalAmount: '45.50', currency: 'SGD', authorizedAmount: '45.50' } },
    applicationInformation: { reasonCode: '100', rCode: '1' },
  };

  it('reads a transaction in CyberSource’s shape', () => {
    expect(parseTransaction(details)).toEqual({
      transactionId: '1795400000123456789012',
      referenceNumber: 'TSG-261123-AAAAAAAA',
      decision: 'ACCEPT',
      reasonCode: 100,
      amountCents: 4550,
      currency: 'SGD',
      authorisedCents: 4550,
    });
    expect(parseTransaction({ ...details, applicationInformation: { reasonCode: 480 } })?.decision).toBe(
      'REVIEW',
    );
    expect(parseTransaction({ ...details, applicationInformation: { reasonCode: '203' } })?.decision).toBe(
      'DECLINE',
    );
    expect(parseTransaction({ ...details, applicationInformation: {} })?.decision).toBe('ERROR');
    expect(parseTransaction({})).toBeNull();
    expect(parseTransaction(null)).toBeNull();
  });

  it('finds by id and by reference through any transport, signed; an outage is an error, not an answer', async () => {
    const seen: TRestRequest[] = [];
    const lookup = createTransactionLookup(
      CREDENTIALS,
      async (request) => {
        seen.push(request);
        if (!verifyRestRequest(received(request), keys, NOW).ok) return { status: 401, body: '{}' };
        if (request.method === 'POST')
          return {
            status: 201,
            body: JSON.stringify({ _embedded: { transactionSummaries: [{ id: details.id }] } }),
          };
        return request.url.pathname.endsWith(details.id)
          ? { status: 200, body: JSON.stringify(details) }
          : { status: 404, body: '{}' };
      },
      () => NOW,
    );
    expect(await lookup.byId(details.id)).toMatchObject({ referenceNumber: 'TSG-261123-AAAAAAAA' });
    expect(await lookup.byId('9999')).toBeNull();
    expect(await lookup.byId('../etc')).toBeNull();
    expect(await lookup.byReference('TSG-261123-AAAAAAAA')).toHaveLength(1);
    expect(await lookup.byReference('TSG-261123-BBBBBBBB')).toEqual([]);
    expect(seen[0]!.url.href).toBe(`https://apitest.cybersource.com/tss/v2/transactions/${details.id}`);

    const down = createTransactionLookup(
      CREDENTIALS,
      async () => {
        throw new Error('ECONNREFUSED');
      },
      () => NOW,
    );
    await expect(down.byId(details.id)).rejects.toBeInstanceOf(GatewayLookupError);
    const failing = createTransactionLookup(
      CREDENTIALS,
      async () => ({ status: 502, body: 'x' }),
      () => NOW,
    );
    await expect(failing.byId(details.id)).rejects.toBeInstanceOf(GatewayLookupError);
    await expect(failing.byReference('TSG-261123-AAAAAAAA')).rejects.toBeInstanceOf(GatewayLookupError);
    const garbled = createTransactionLookup(
      CREDENTIALS,
      async () => ({ status: 200, body: '<html>' }),
      () => NOW,
    );
    await expect(garbled.byId(details.id)).rejects.toBeInstanceOf(GatewayLookupError);
  });
});
