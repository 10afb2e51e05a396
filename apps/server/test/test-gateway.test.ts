import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import formbody from '@fastify/formbody';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testGatewayTokens, testGatewayTransactions } from '../src/db/schema.ts';
import { formatSignedDateTime, signFields, verifySignature } from '../src/payments/card-gateway/signature.ts';
import { parseTransaction, signRestRequest } from '../src/payments/card-gateway/transaction-lookup.ts';
import { TEST_CARDS } from '../src/payments/test-gateway/test-cards.ts';
import { testGatewayRepository } from '../src/payments/test-gateway/test-gateway-repository.ts';
import {
  chargeToken,
  type TTestGatewayProfile,
  testGatewayRoutes,
} from '../src/payments/test-gateway/test-gateway-routes.ts';
import { logSink } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const SGP: TTestGatewayProfile = {
  profileId: 'LIONROCK-SGP',
  accessKey: 'a1b2c3d4e5f6sgp',
  secretKey: 'sgp-secret-0123456789abcdef0123456789abcdef',
  restKeyId: 'a1b2c3d4e5f6sgp',
  restSecret: Buffer.from('sgp-rest-secret-0123456789').toString('base64'),
};
const HKG: TTestGatewayProfile = {
  profileId: 'LIONROCK-HKG',
  accessKey: 'a1b2c3d4e5f6hkg',
  secretKey: 'hkg-secret-fedcba9876543210fedcba9876543210',
  restKeyId: 'a1b2c3d4e5f6hkg',
  restSecret: Buffer.from('hkg-rest-secret-0123456789').toString('base64'),
};
const RECEIPT = 'https://shop.example/b2c-server/rest/payment/receipt';
const MERCHANT_POST = 'https://shop.example/b2c-server/rest/payment/notify';
const CVN = '987';
const CARD_FIELDS = ['card_type', 'card_number', 'card_expiry_date', 'card_cvn'];
const START = new Date('2026-11-23T02:00:00Z');

type TFields = Record<string, string>;

/** A valid signed request; `overrides` change fields before signing (undefined removes one). */
function signedRequest(
  clock: Date,
  overrides: Record<string, string | undefined> = {},
  profile: TTestGatewayProfile = SGP,
): TFields {
  const draft: Record<string, string | undefined> = {
    access_key: profile.accessKey,
    profile_id: profile.profileId,
    transaction_uuid: randomUUID(),
    signed_date_time: formatSignedDateTime(clock),
    locale: 'en',
    transaction_type: 'sale',
    reference_number: 'TRV-2026-000123',
    amount: '45.50',
    currency: profile === HKG ? 'HKD' : 'SGD',
    payment_method: 'card',
    bill_to_forename: 'WEI MING',
    bill_to_surname: 'TAN',
    bill_to_email: 'tan.weiming@example.com',
    bill_to_phone: '91234567',
    bill_to_address_line1: '1 Raffles Place',
    bill_to_address_city: 'Singapore',
    bill_to_address_country: 'SG',
    bill_to_address_postal_code: '048616',
    override_custom_receipt_page: RECEIPT,
    card_type: '001',
    card_number: '4111111111111111',
    card_expiry_date: '12-2030',
    card_cvn: CVN,
    ...overrides,
  };
  const fields: TFields = {};
  for (const [name, value] of Object.entries(draft)) if (value !== undefined) fields[name] = value;
  const names = Object.keys(fields);
  fields.unsigned_field_names = names.filter((name) => CARD_FIELDS.includes(name)).join(',');
  fields.signed_field_names = [
    ...names.filter((name) => !CARD_FIELDS.includes(name)),
    'unsigned_field_names',
    'signed_field_names',
  ].join(',');
  return resign(fields, profile);
}

function resign(fields: TFields, profile: TTestGatewayProfile = SGP): TFields {
  const { signature: _old, ...rest } = fields;
  return { ...rest, signature: signFields(rest, profile.secretKey) };
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The hidden fields of the answer page, as the browser will post them. */
function answerOf(response: LightMyRequestResponse): TFields {
  expect(response.statusCode).toBe(200);
  const fields: TFields = {};
  for (const match of response.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1]!)] = unescapeHtml(match[2]!);
  }
  expect(fields.signature).toBeDefined();
  return fields;
}

function cardTypeFor(brand: 'VISA' | 'MASTERCARD'): string {
  return brand === 'VISA' ? '001' : '002';
}

describeEachDriver('built-in test card gateway', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = START;
  let logOutput = '';
  let fetchFails = false;
  const merchantPosts: { url: string; body: string; contentType: string }[] = [];
  let deliveries: Promise<void>[] = [];

  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    merchantPosts.push({
      url: String(url),
      body: String(init?.body),
      contentType: new Headers(init?.headers).get('content-type') ?? '',
    });
    if (fetchFails) throw new TypeError('fetch failed');
    return new Response('ok');
  }) as typeof fetch;

  const form = (url: string, fields: TFields) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const pay = (fields: TFields) => form('/gateway/silent/pay', fields);
  const settle = async () => {
    await Promise.all(deliveries);
    deliveries = [];
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const stream = logSink((text) => {
      logOutput += text;
    });
    app = Fastify({ logger: { level: 'trace', stream } });
    await app.register(formbody);
    await app.register(testGatewayRoutes, {
      store: testGatewayRepository(database.db),
      profiles: [SGP, HKG],
      now: () => clock,
      merchantPostUrl: MERCHANT_POST,
      fetchImpl,
      onMerchantPost: (delivery) => deliveries.push(delivery),
    });
    await app.ready();
  });
  afterEach(async () => {
    await settle();
    clock = START;
    fetchFails = false;
  });
  afterAll(async () => {
    // No full card number or CVN ever reached a log line, the database or a merchant POST.
    for (const card of [...TEST_CARDS.map((entry) => entry.number), '4242424242424242']) {
      expect(logOutput).not.toContain(card);
      expect(merchantPosts.map((post) => post.body).join('\n')).not.toContain(card);
    }
    expect(logOutput).not.toMatch(/card_cvn/);
    await app.close();
    await database.drop();
  });

  describe('test cards', () => {
    const answering = TEST_CARDS.filter((card) => card.decision !== 'CHALLENGE');
    it.each(answering.map((card) => [card.number, card.reasonCode, card.decision, card] as const))(
      '%s answers %i %s',
      async (number, reasonCode, decision, card) => {
        const answer = answerOf(
          await pay(signedRequest(clock, { card_number: number, card_type: cardTypeFor(card.brand) })),
        );
        expect(answer.decision).toBe(decision);
        expect(answer.reason_code).toBe(String(reasonCode));
        expect(answer.message).not.toBe('');
        expect(answer.transaction_id).toMatch(/^\d{22}$/);
        expect(answer.req_card_number).toBe(`xxxxxxxxxxxx${number.slice(-4)}`);
        if (decision === 'ACCEPT' || decision === 'REVIEW') {
          expect(answer.auth_code).toMatch(/^[A-Z0-9]{6}$/);
          expect(answer.auth_response).toBe('00');
          expect(answer.auth_time).toBe(formatSignedDateTime(clock));
          expect(answer.auth_amount).toBe(reasonCode === 110 ? '22.75' : '45.50');
        } else {
          expect(answer.auth_code).toBeUndefined();
          expect(answer.auth_amount).toBeUndefined();
        }
        expect(answer.payment_token).toBeUndefined();
        expect(verifySignature(answer, SGP.secretKey)).toBe(true);
      },
    );

    it('documents the same numbers in README.md, and approves any other valid card', async () => {
      const readme = fs.readFileSync(
        new URL('../src/payments/test-gateway/README.md', import.meta.url),
        'utf8',
      );
      for (const card of TEST_CARDS) expect(readme).toContain(card.number);
      expect(TEST_CARDS.filter((card) => card.decision === 'CHALLENGE')).toHaveLength(2);
      const answer = answerOf(await pay(signedRequest(clock, { card_number: '4242424242424242' })));
      expect([answer.decision, answer.reason_code]).toEqual(['ACCEPT', '100']);
    });

    it('rounds a partial approval down to the cent', async () => {
      const partial = TEST_CARDS.find((card) => card.reasonCode === 110)!;
      const answer = answerOf(
        await pay(signedRequest(clock, { card_number: partial.number, amount: '45.55' })),
      );
      expect([answer.decision, answer.reason_code, answer.auth_amount]).toEqual(['ACCEPT', '110', '22.77']);
    });
  });

  describe('the signed answer', () => {
    it('is signed with the profile secret over every answer field, and posts itself to the receipt page', async () => {
      const request = signedRequest(clock);
      const response = await pay(request);
      const answer = answerOf(response);
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
      expect(verifySignature(answer, HKG.secretKey)).toBe(false);
      expect(verifySignature({ ...answer, req_amount: '0.01' }, SGP.secretKey)).toBe(false);
      const signedNames = answer.signed_field_names!.split(',');
      expect(signedNames).toContain('signed_field_names');
      expect(new Set(signedNames)).toEqual(
        new Set(Object.keys(answer).filter((name) => name !== 'signature')),
      );
      expect(answer.signed_date_time).toBe(formatSignedDateTime(clock));
      // Every request field is echoed but the CVN; the card number is masked.
      for (const [name, value] of Object.entries(request)) {
        if (name === 'signature' || name === 'card_cvn' || name === 'card_number') continue;
        expect(answer[`req_${name}`]).toBe(value);
      }
      expect(answer.req_card_number).toBe('xxxxxxxxxxxx1111');
      expect(answer.req_card_expiry_date).toBe('12-2030');
      expect(answer.req_card_cvn).toBeUndefined();
      expect(Object.values(answer)).not.toContain(CVN);

      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; form-action https://shop.example 'self'; frame-ancestors 'self'; base-uri 'none'",
      );
      const html = response.body;
      expect(html).toContain(`<form id="answer" method="post" action="${RECEIPT}">`);
      expect(html).toMatch(/<noscript>[\s\S]*<button type="submit">Continue<\/button>[\s\S]*<\/noscript>/);
      expect(html).toContain('<script src="/gateway/silent/autopost.js"></script>');
      expect(html).not.toMatch(/<script>|<style|style="|onload=/);
      expect(html).not.toContain('4111111111111111');
      expect(html).not.toContain(`value="${CVN}"`);
    });

    it('signs with the market profile that was asked for', async () => {
      const answer = answerOf(await pay(signedRequest(clock, {}, HKG)));
      expect([answer.decision, answer.req_currency]).toEqual(['ACCEPT', 'HKD']);
      expect(verifySignature(answer, HKG.secretKey)).toBe(true);
      expect(verifySignature(answer, SGP.secretKey)).toBe(false);
    });

    it('escapes HTML in the answer page and still signs the original value', async () => {
      const name = `<script>alert("x")</script>' & co`;
      const response = await pay(signedRequest(clock, { bill_to_forename: name }));
      expect(response.body).not.toContain('<script>alert');
      expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; &amp; co');
      const answer = answerOf(response);
      expect(answer.req_bill_to_forename).toBe(name);
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
    });

    it('keeps no card number or CVN in its tables', async () => {
      const request = signedRequest(clock, { transaction_type: 'sale,create_payment_token' });
      const answer = answerOf(await pay(request));
      expect(answer.payment_token).toBeDefined();
      const tables = JSON.stringify([
        await database.db.select().from(testGatewayTransactions),
        await database.db.select().from(testGatewayTokens),
      ]);
      expect(tables).toContain(request.transaction_uuid);
      expect(tables).toContain('xxxxxxxxxxxx1111');
      for (const card of TEST_CARDS) expect(tables).not.toContain(card.number);
      expect(tables).not.toContain('4242424242424242');
      expect(tables).not.toContain(`"${CVN}"`);
    });

    it('serves its two scripts as static JavaScript', async () => {
      const autopost = await app.inject({ url: '/gateway/silent/autopost.js' });
      expect(autopost.statusCode).toBe(200);
      expect(autopost.headers['content-type']).toMatch(/^application\/javascript/);
      expect(autopost.body).toContain("getElementById('answer')");
      expect(autopost.body).toContain('HTMLFormElement.prototype.submit.call(form)');
      const challenge = await app.inject({ url: '/gateway/silent/challenge.js' });
      expect(challenge.statusCode).toBe(200);
      expect(challenge.headers['content-type']).toMatch(/^application\/javascript/);
      expect(challenge.body).toContain(
        "postMessage({ source: 'lionrock-test-gateway', type: 'challenge' }, origin)",
      );
    });
  });

  describe('refused requests (403, nothing signed back)', () => {
    const expectDenied = async (fields: TFields, reason: RegExp) => {
      const before = merchantPosts.length;
      const response = await pay(fields);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Access denied');
      expect(response.body).toMatch(reason);
      expect(response.body).not.toContain('<input');
      await settle();
      expect(merchantPosts.length).toBe(before);
      if (fields.transaction_uuid) {
        const rows = await database.db
          .select()
          .from(testGatewayTransactions)
          .where(eq(testGatewayTransactions.transactionUuid, fields.transaction_uuid));
        expect(rows).toHaveLength(0);
      }
    };

    it('refuses a bad signature', async () => {
      await expectDenied({ ...signedRequest(clock), signature: 'bm90IGEgc2lnbmF0dXJl' }, /signature/);
      await expectDenied(resign(signedRequest(clock), HKG), /signature/);
      const { signature: _none, ...unsigned } = signedRequest(clock);
      await expectDenied(unsigned, /signature/);
    });

    it('refuses an amount altered after signing', async () => {
      await expectDenied({ ...signedRequest(clock), amount: '0.01' }, /signature/);
    });

    it('refuses a stale or future signed_date_time, and one that is not a date', async () => {
      const stale = new Date(clock.getTime() - 16 * 60_000);
      await expectDenied(signedRequest(clock, { signed_date_time: formatSignedDateTime(stale) }), /too old/);
      const ahead = new Date(clock.getTime() + 6 * 60_000);
      await expectDenied(signedRequest(clock, { signed_date_time: formatSignedDateTime(ahead) }), /future/);
      await expectDenied(signedRequest(clock, { signed_date_time: '23/11/2026 10:00' }), /signed_date_time/);
      // Fourteen minutes old is still fine.
      const recent = new Date(clock.getTime() - 14 * 60_000);
      const answer = answerOf(
        await pay(signedRequest(clock, { signed_date_time: formatSignedDateTime(recent) })),
      );
      expect(answer.decision).toBe('ACCEPT');
    });

    it('refuses a field that is neither signed nor declared unsigned', async () => {
      await expectDenied(
        { ...signedRequest(clock), merchant_defined_data1: 'extra' },
        /merchant_defined_data1/,
      );
    });

    it('refuses an amount declared unsigned', async () => {
      const request = signedRequest(clock);
      const signed = request.signed_field_names!.split(',').filter((name) => name !== 'amount');
      const moved = resign({
        ...request,
        signed_field_names: signed.join(','),
        unsigned_field_names: `${request.unsigned_field_names},amount`,
      });
      await expectDenied(moved, /amount must be signed/);
    });

    it('refuses an unknown access key or profile, and a receipt page that is not http(s)', async () => {
      await expectDenied(signedRequest(clock, { access_key: 'somebody-else' }), /access_key/);
      await expectDenied(signedRequest(clock, { profile_id: 'LIONROCK-HKG' }), /profile_id/);
      await expectDenied(
        signedRequest(clock, { override_custom_receipt_page: 'javascript:alert(1)' }),
        /override_custom_receipt_page/,
      );
    });
  });

  describe('errors and declines', () => {
    it('answers 101 with the missing fields', async () => {
      const answer = answerOf(
        await pay(signedRequest(clock, { bill_to_forename: undefined, bill_to_address_city: '' })),
      );
      expect([answer.decision, answer.reason_code]).toEqual(['ERROR', '101']);
      expect(answer.required_fields).toBe('bill_to_forename,bill_to_address_city');
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
    });

    it('answers 102 naming a card number that fails Luhn', async () => {
      const answer = answerOf(await pay(signedRequest(clock, { card_number: '4111111111111112' })));
      expect([answer.decision, answer.reason_code]).toEqual(['ERROR', '102']);
      expect(answer.invalid_fields!.split(',')).toContain('card_number');
      expect(answer.req_card_number).toBe('xxxxxxxxxxxx1112');
    });

    it.each([
      ['card_expiry_date', { card_expiry_date: '12/30' }],
      ['card_expiry_date', { card_expiry_date: '13-2030' }],
      ['card_cvn', { card_cvn: '12' }],
      ['card_type', { card_type: '002' }],
      ['card_type', { card_type: '003' }],
      ['amount', { amount: '45.5' }],
      ['amount', { amount: '0.00' }],
      ['currency', { currency: 'USD' }],
      ['transaction_type', { transaction_type: 'authorization' }],
      ['payment_method', { payment_method: 'echeck' }],
      ['bill_to_email', { bill_to_email: 'not-an-email' }],
    ])('answers 102 naming %s for %o', async (field, overrides) => {
      const answer = answerOf(await pay(signedRequest(clock, overrides)));
      expect([answer.decision, answer.reason_code, answer.invalid_fields]).toEqual(['ERROR', '102', field]);
    });

    it('declines an expired card with 202, and takes one expiring this month', async () => {
      const expired = answerOf(await pay(signedRequest(clock, { card_expiry_date: '10-2026' })));
      expect([expired.decision, expired.reason_code]).toEqual(['DECLINE', '202']);
      expect(expired.auth_code).toBeUndefined();
      const thisMonth = answerOf(await pay(signedRequest(clock, { card_expiry_date: '11-2026' })));
      expect([thisMonth.decision, thisMonth.reason_code]).toEqual(['ACCEPT', '100']);
    });
  });

  describe('transaction uuids', () => {
    it('answers 104 to a uuid reused within 15 minutes, and takes it again later', async () => {
      const transactionUuid = randomUUID();
      const first = answerOf(await pay(signedRequest(clock, { transaction_uuid: transactionUuid })));
      expect(first.reason_code).toBe('100');
      // By anyone: the other market's profile is refused too.
      clock = new Date(START.getTime() + 10 * 60_000);
      const again = answerOf(await pay(signedRequest(clock, { transaction_uuid: transactionUuid }, HKG)));
      expect([again.decision, again.reason_code]).toEqual(['ERROR', '104']);
      expect(verifySignature(again, HKG.secretKey)).toBe(true);
      clock = new Date(START.getTime() + 16 * 60_000);
      const later = answerOf(await pay(signedRequest(clock, { transaction_uuid: transactionUuid })));
      expect(later.reason_code).toBe('100');
      // The renewed time counts from now.
      clock = new Date(START.getTime() + 20 * 60_000);
      const soonAfter = answerOf(await pay(signedRequest(clock, { transaction_uuid: transactionUuid })));
      expect(soonAfter.reason_code).toBe('104');
    });

    it('lets exactly one of several concurrent posts with the same uuid through', async () => {
      const transactionUuid = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => pay(signedRequest(clock, { transaction_uuid: transactionUuid }))),
      );
      const codes = responses.map((response) => answerOf(response).reason_code);
      expect(codes.filter((code) => code !== '104')).toEqual(['100']);
      expect(codes.filter((code) => code === '104')).toHaveLength(5);
    });
  });

  describe('payment tokens', () => {
    it('issues a token for sale,create_payment_token and charges it later like the card', async () => {
      const plain = answerOf(await pay(signedRequest(clock)));
      expect(plain.payment_token).toBeUndefined();

      const first = answerOf(
        await pay(
          signedRequest(clock, {
            transaction_type: 'sale,create_payment_token',
            card_number: '5555555555554444',
            card_type: '002',
          }),
        ),
      );
      expect([first.decision, first.reason_code]).toEqual(['ACCEPT', '100']);
      const token = first.payment_token!;
      expect(token).toMatch(/^[0-9A-F]{32}$/);
      const [row] = await database.db
        .select()
        .from(testGatewayTokens)
        .where(eq(testGatewayTokens.token, token));
      expect(row).toMatchObject({
        maskedCard: 'xxxxxxxxxxxx4444',
        cardType: '002',
        cardExpiry: '12-2030',
        reasonCode: 100,
      });

      const renewalDay = new Date('2027-11-20T02:00:00Z');
      const charged = await chargeToken(testGatewayRepository(database.db), SGP, {
        token,
        transactionUuid: randomUUID(),
        referenceNumber: 'TRV-2027-000456',
        amount: '48.20',
        currency: 'SGD',
        now: renewalDay,
      });
      expect([charged.decision, charged.reason_code, charged.auth_amount]).toEqual([
        'ACCEPT',
        '100',
        '48.20',
      ]);
      expect(charged.transaction_id).toMatch(/^\d{22}$/);
      expect(charged.transaction_id).not.toBe(first.transaction_id);
      expect(charged.req_payment_token).toBe(token);
      expect(charged.req_card_number).toBe('xxxxxxxxxxxx4444');
      expect(charged.req_reference_number).toBe('TRV-2027-000456');
      expect(charged.signed_date_time).toBe(formatSignedDateTime(renewalDay));
      expect(verifySignature(charged, SGP.secretKey)).toBe(true);
      expect(charged.payment_token).toBeUndefined();

      const afterExpiry = await chargeToken(testGatewayRepository(database.db), SGP, {
        token,
        transactionUuid: randomUUID(),
        referenceNumber: 'TRV-2031-000001',
        amount: '48.20',
        currency: 'SGD',
        now: new Date('2031-01-05T00:00:00Z'),
      });
      expect([afterExpiry.decision, afterExpiry.reason_code]).toEqual(['DECLINE', '202']);
      expect(verifySignature(afterExpiry, SGP.secretKey)).toBe(true);
    });

    it('answers 102 invalid_fields=payment_token for an unknown token', async () => {
      const answer = await chargeToken(testGatewayRepository(database.db), SGP, {
        token: 'NO-SUCH-TOKEN',
        transactionUuid: randomUUID(),
        referenceNumber: 'TRV-2027-000457',
        amount: '48.20',
        currency: 'SGD',
        now: clock,
      });
      expect([answer.decision, answer.reason_code, answer.invalid_fields]).toEqual([
        'ERROR',
        '102',
        'payment_token',
      ]);
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
    });

    it('remembers a card that pays now and declines renewals', async () => {
      const card = TEST_CARDS.find((entry) => entry.renewalReasonCode === 204 && entry.brand === 'VISA')!;
      const first = answerOf(
        await pay(
          signedRequest(clock, { transaction_type: 'sale,create_payment_token', card_number: card.number }),
        ),
      );
      expect([first.decision, first.reason_code]).toEqual(['ACCEPT', '100']);
      const renewal = await chargeToken(testGatewayRepository(database.db), SGP, {
        token: first.payment_token!,
        transactionUuid: randomUUID(),
        referenceNumber: 'TRV-2027-000458',
        amount: '45.50',
        currency: 'SGD',
        now: clock,
      });
      expect([renewal.decision, renewal.reason_code]).toEqual(['DECLINE', '204']);
      expect(renewal.auth_code).toBeUndefined();
    });
  });

  describe('the 475 challenge', () => {
    const challengeCard = TEST_CARDS.find((card) => card.reasonCode === 475 && card.brand === 'VISA')!;
    const startChallenge = async (overrides: Record<string, string> = {}) => {
      const before = merchantPosts.length;
      const response = await pay(signedRequest(clock, { card_number: challengeCard.number, ...overrides }));
      expect(response.statusCode).toBe(200);
      await settle();
      expect(merchantPosts.length).toBe(before);
      const state = /<input type="hidden" name="challenge" value="([^"]+)">/.exec(response.body)?.[1];
      expect(state).toBeDefined();
      return { response, state: unescapeHtml(state!) };
    };
    const authenticate = (challenge: string, action: string) =>
      form('/gateway/silent/authenticate', { challenge, action });

    it('shows a page asking to confirm, then answers ACCEPT 100 with a token on Confirm, once', async () => {
      const { response, state } = await startChallenge({ transaction_type: 'sale,create_payment_token' });
      const html = response.body;
      expect(html).toContain('<title>Verify your payment</title>');
      expect(html).toContain('Your bank asks you to confirm');
      expect(html).toContain('<form id="challenge" method="post" action="/gateway/silent/authenticate"');
      expect(html).toContain('data-parent-origin="https://shop.example"');
      expect(html).toContain('<button type="submit" name="action" value="confirm">Confirm payment</button>');
      expect(html).toContain('<button type="submit" name="action" value="cancel">Cancel</button>');
      expect(html).toContain('<script src="/gateway/silent/challenge.js"></script>');
      expect(html).not.toContain(challengeCard.number);
      expect(Buffer.from(state.split('.')[0]!, 'base64url').toString()).not.toContain(challengeCard.number);
      expect(response.headers['content-security-policy']).toContain(
        "form-action https://shop.example 'self'",
      );
      expect(response.headers['cache-control']).toBe('no-store');

      const confirmed = await authenticate(state, 'confirm');
      const answer = answerOf(confirmed);
      expect(confirmed.body).toContain(`action="${RECEIPT}"`);
      expect([answer.decision, answer.reason_code]).toEqual(['ACCEPT', '100']);
      expect(answer.auth_amount).toBe('45.50');
      expect(answer.req_card_number).toBe(`xxxxxxxxxxxx${challengeCard.number.slice(-4)}`);
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
      expect(answer.payment_token).toMatch(/^[0-9A-F]{32}$/);
      await settle();
      expect(merchantPosts.at(-1)?.body).toBe(new URLSearchParams(answer).toString());

      const replay = await authenticate(state, 'confirm');
      expect(replay.statusCode).toBe(403);
    });

    it('answers DECLINE 476 on Cancel', async () => {
      const { state } = await startChallenge();
      const answer = answerOf(await authenticate(state, 'cancel'));
      expect([answer.decision, answer.reason_code]).toEqual(['DECLINE', '476']);
      expect(answer.payment_token).toBeUndefined();
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
    });

    it('refuses a tampered or expired challenge state', async () => {
      const { state } = await startChallenge();
      const [payload, mac] = state.split('.') as [string, string];
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
      body.f.amount = '0.01';
      const tampered = `${Buffer.from(JSON.stringify(body)).toString('base64url')}.${mac}`;
      const refused = await authenticate(tampered, 'confirm');
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Access denied');
      expect((await authenticate(`${payload}.${mac.slice(0, -2)}AA`, 'confirm')).statusCode).toBe(403);
      expect((await authenticate('garbage', 'confirm')).statusCode).toBe(403);
      clock = new Date(START.getTime() + 11 * 60_000);
      const expired = await authenticate(state, 'confirm');
      expect(expired.statusCode).toBe(403);
      expect(expired.body).toContain('expired');
    });
  });

  describe('the transaction lookup (server to server)', () => {
    const rest = (profile: TTestGatewayProfile) => ({
      baseUrl: 'http://gateway.test/gateway',
      merchantId: profile.profileId,
      keyId: profile.restKeyId,
      sharedSecret: profile.restSecret,
    });
    /** Sends a request signed as CyberSource's REST API wants it. */
    const ask = (profile: TTestGatewayProfile, method: 'GET' | 'POST', path: string, body?: string) => {
      const url = new URL(`http://gateway.test/gateway${path}`);
      const headers = signRestRequest(rest(profile), { method, url, ...(body ? { body } : {}) }, clock);
      return app.inject({ method, url: url.pathname, headers, ...(body ? { payload: body } : {}) });
    };

    it('answers a transaction by id and by reference to its own merchant, signed requests only', async () => {
      const request = signedRequest(clock, { reference_number: 'TRV-2026-LOOKUP1' });
      const answer = answerOf(await pay(request));
      const found = await ask(SGP, 'GET', `/tss/v2/transactions/${answer.transaction_id}`);
      expect(found.statusCode).toBe(200);
      expect(parseTransaction(found.json())).toEqual({
        transactionId: answer.transaction_id,
        referenceNumber: 'TRV-2026-LOOKUP1',
        decision: 'ACCEPT',
        reasonCode: 100,
        amountCents: 4550,
        currency: 'SGD',
        authorisedCents: 4550,
      });
      const search = await ask(
        SGP,
        'POST',
        '/tss/v2/searches',
        JSON.stringify({ query: 'clientReferenceInformation.code:TRV-2026-LOOKUP1' }),
      );
      expect(search.statusCode).toBe(201);
      expect(search.json()._embedded.transactionSummaries.map((entry: { id: string }) => entry.id)).toEqual([
        answer.transaction_id,
      ]);
      // Another merchant's key does not see it; no key, or a body other than the signed one, is refused.
      expect((await ask(HKG, 'GET', `/tss/v2/transactions/${answer.transaction_id}`)).statusCode).toBe(404);
      const unsigned = await app.inject({ url: `/gateway/tss/v2/transactions/${answer.transaction_id}` });
      expect(unsigned.statusCode).toBe(401);
      const url = new URL('http://gateway.test/gateway/tss/v2/searches');
      const body = JSON.stringify({ query: 'clientReferenceInformation.code:TRV-2026-LOOKUP1' });
      const headers = signRestRequest(rest(SGP), { method: 'POST', url, body }, clock);
      const altered = await app.inject({
        method: 'POST',
        url: url.pathname,
        headers,
        payload: body.replace('LOOKUP1', 'LOOKUP2'),
      });
      expect(altered.statusCode).toBe(401);
      // A transaction it never made is not found.
      expect((await ask(SGP, 'GET', '/tss/v2/transactions/1234567890')).statusCode).toBe(404);
    });

    it('records declines and errors too, and echoes no field it could not sign', async () => {
      const request = signedRequest(clock, {
        reference_number: 'TRV-2026-LOOKUP2',
        card_expiry_date: '12-2030,decision=ACCEPT',
      });
      const answer = answerOf(await pay(request));
      expect([answer.decision, answer.reason_code, answer.invalid_fields]).toEqual([
        'ERROR',
        '102',
        'card_expiry_date',
      ]);
      expect(answer).not.toHaveProperty('req_card_expiry_date');
      expect(verifySignature(answer, SGP.secretKey)).toBe(true);
      const found = await ask(SGP, 'GET', `/tss/v2/transactions/${answer.transaction_id}`);
      expect(parseTransaction(found.json())).toMatchObject({ decision: 'ERROR', reasonCode: 102 });
    });
  });

  describe('the merchant POST', () => {
    it('receives the same signed answer, server to server', async () => {
      const before = merchantPosts.length;
      const answer = answerOf(await pay(signedRequest(clock)));
      await settle();
      expect(merchantPosts.length).toBe(before + 1);
      const post = merchantPosts.at(-1)!;
      expect(post.url).toBe(MERCHANT_POST);
      expect(post.contentType).toBe('application/x-www-form-urlencoded');
      const received = Object.fromEntries(new URLSearchParams(post.body));
      expect(received).toEqual(answer);
      expect(verifySignature(received, SGP.secretKey)).toBe(true);
    });

    it('does not hold up or break the answer when the merchant cannot be reached', async () => {
      fetchFails = true;
      const answer = answerOf(await pay(signedRequest(clock)));
      expect(answer.decision).toBe('ACCEPT');
      await settle();
      expect(logOutput).toContain('test gateway merchant POST failed');
    });
  });
});
