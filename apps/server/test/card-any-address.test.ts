import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchantProfile } from '../src/payments/card-gateway/card-profiles.ts';
import { verifySignature } from '../src/payments/card-gateway/signature.ts';
import { confirmedTravelQuote } from './helpers/purchase.ts';
import { buildTestApp, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

/**
 * A card pays from every address the shop answers on (decision 036): the built-in gateway's URL and the
 * receipt page are signed on the customer's own origin when it is one of the shop's, and on PUBLIC_URL's
 * otherwise, so a forged Host or Origin header can never choose where card data or the answer go.
 */
describeEachDriver('the card gateway on the customer’s address', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let secret: string;

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/b2c-server/rest/${path}`,
      headers: { 'session-name': SESSION, ...headers },
      payload: payload as object,
    });

  async function pendingFrom(headers: Record<string, string>) {
    const confirmed = await confirmedTravelQuote(post, buildTravelPolicy(today, {}), AT);
    const response = await post('policy/updateToPending', confirmed, headers);
    expect(response.statusCode).toBe(200);
    return response.json().paymentSignature as Record<string, string>;
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, {
      env: { PORT: '3000', HOST: 'localhost', PUBLIC_URL: 'http://localhost:3000' },
      now: () => new Date(AT),
    });
    secret = (await merchantProfile(testConfig(), database.db, 'SGP')).secretKey;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    ['127.0.0.1 (the browser’s Origin)', { origin: 'http://127.0.0.1:3000' }, 'http://127.0.0.1:3000'],
    ['127.0.0.1 (the Host, no Origin)', { host: '127.0.0.1:3000' }, 'http://127.0.0.1:3000'],
    ['[::1]', { origin: 'http://[::1]:3000' }, 'http://[::1]:3000'],
    ['localhost (PUBLIC_URL)', { origin: 'http://localhost:3000' }, 'http://localhost:3000'],
  ])('signs the gateway and the receipt on the customer’s own origin: %s', async (_name, headers, origin) => {
    const signature = await pendingFrom(headers);
    expect(signature.paymentUrl).toBe(`${origin}/gateway/silent/pay`);
    expect(signature.override_custom_receipt_page).toBe(`${origin}/b2c-server/rest/payment/receipt`);
    const { paymentUrl: _url, paymentSignatureKey, ...fields } = signature;
    expect(verifySignature({ ...fields, signature: paymentSignatureKey! }, secret)).toBe(true);

    // The gateway's answer page posts back to that origin, and its own policy allows exactly that.
    const gateway = await app.inject({
      method: 'POST',
      url: '/gateway/silent/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({
        ...fields,
        signature: paymentSignatureKey!,
        card_type: '001',
        card_number: '4111111111111111',
        card_expiry_date: '12-2030',
        card_cvn: '123',
      }).toString(),
    });
    expect(gateway.statusCode).toBe(200);
    expect(gateway.body).toContain(`action="${origin}/b2c-server/rest/payment/receipt"`);
    expect(gateway.headers['content-security-policy']).toContain(`form-action ${origin} 'self'`);
  });

  it.each([
    ['a forged Origin', { origin: 'https://attacker.example' }],
    ['a forged Host', { host: 'attacker.example' }],
    ['a forged Host on the shop’s port', { host: 'attacker.example:3000' }],
    ['a forged Origin and Host together', { origin: 'http://10.66.0.1:3000', host: '10.66.0.1:3000' }],
    ['an opaque Origin', { origin: 'null', host: 'attacker.example' }],
  ])('never lets %s choose where card data or the answer go: PUBLIC_URL’s origin', async (_name, headers) => {
    const signature = await pendingFrom(headers);
    expect(signature.paymentUrl).toBe('http://localhost:3000/gateway/silent/pay');
    expect(signature.override_custom_receipt_page).toBe(
      'http://localhost:3000/b2c-server/rest/payment/receipt',
    );
  });
});
