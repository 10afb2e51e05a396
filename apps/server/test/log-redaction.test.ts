import { Writable } from 'node:stream';
import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

/** Canary values: a valid NRIC, an HKID, an e-mail, a mobile number, a Visa test card and its CVV. */
const CANARIES = [
  'S1234567D',
  'A123456(3)',
  'canary.person@example.com',
  '91234567',
  '4111111111111111',
  '4111-1111-1111-1111',
];

describe('logs never carry NRIC, HKID, e-mail, mobile or card data', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    app = await buildTestApp(database, { env: { LOG_LEVEL: 'trace' }, logStream: stream });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('redacts canaries sent through URLs, client logs and failing calls', async () => {
    const headers = { 'session-name': SESSION };
    await app.inject({
      url: `/b2c-server/rest/system/getBanners?country=SGP&email=${CANARIES[2]}&id=${CANARIES[0]}&card=${CANARIES[4]}`,
      headers,
    });
    await app.inject({
      method: 'POST',
      url: '/b2c-server/b2c/log/error',
      headers,
      payload: { data: `rate failed for ${CANARIES.join(' ')} cvv: 123` },
    });
    await app.inject({ url: `/b2c-server/rest/agent/get/${CANARIES[0]}/sub/${CANARIES[3]}`, headers });
    await app.inject({ url: `/nothing/${CANARIES[2]}/${CANARIES[5]}`, headers });
    await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/campaign/getCampaign',
      headers,
      payload: { promo: CANARIES[4], campaign: { campaignCode: CANARIES[2] } },
    });

    // A full quote: the plans, then the chosen plan stored, then one refused as blacklisted.
    const policy = buildTravelPolicy(localDate(2026, 11, 23), {
      policyTravel: {
        applicant: {
          ...buildTravelPolicy(localDate(2026, 11, 23)).policyTravel!.applicant!,
          hkId: CANARIES[0]!,
          email: CANARIES[2]!,
          mobileNo: CANARIES[3]!,
        },
        travellersList: [
          {
            type: 'ADULT',
            fullName: 'TAN WEI MING',
            idType: 'NRIC',
            hkId: CANARIES[0]!,
            dateOfBirth: '15/06/1985',
          },
        ],
      },
    });
    const quoted = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/multirate',
      headers,
      payload: policy,
    });
    expect(quoted.statusCode).toBe(200);
    const [plan] = quoted.json().policyTravel.premiumItems;
    const chosen = { ...policy, policyTravel: { ...policy.policyTravel, policyPremium: plan } };
    const rated = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/rate',
      headers,
      payload: chosen,
    });
    expect(rated.statusCode).toBe(200);
    const forged = {
      ...chosen,
      policyTravel: { ...chosen.policyTravel, policyPremium: { ...plan, totalPremium: 1 } },
    };
    expect(
      (await app.inject({ method: 'POST', url: '/b2c-server/rest/policy/rate', headers, payload: forged }))
        .statusCode,
    ).toBe(409);

    // …then paid through the built-in test gateway, the card in the same process (issue 5).
    const consent = recordConsent(true, '2026-11-23T02:00:00.000Z');
    const pending = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/updateToPending',
      headers,
      payload: {
        ...(rated.json() as object),
        consents: { declaration1: consent, declaration2: consent, marketing: consent },
      },
    });
    expect(pending.statusCode).toBe(200);
    const { paymentUrl, paymentSignatureKey, ...signed } = pending.json().paymentSignature;
    const gateway = await app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...signed,
        signature: paymentSignatureKey,
        card_type: '001',
        card_number: CANARIES[4]!,
        card_expiry_date: '12-2030',
        card_cvn: '737',
      }).toString(),
    });
    const answer = Object.fromEntries(
      [...gateway.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
        match[1]!,
        match[2]!.replaceAll('&amp;', '&'),
      ]),
    );
    const receipt = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/payment/receipt',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams(answer).toString(),
    });
    expect(receipt.json().paid).toBe(true);
    await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/logPaymentLifeCycle',
      payload: {
        step: 'card-error',
        cardNumber: CANARIES[5],
        email: CANARIES[2],
        note: `card ${CANARIES[4]} cvv 737`,
      },
    });
    const lifecycle = JSON.stringify(await database.db.query.paymentLifecycleLogs.findMany());
    for (const canary of CANARIES) expect(lifecycle).not.toContain(canary);

    expect(output.length).toBeGreaterThan(0);
    expect(output).toContain('request completed');
    expect(output).toContain('policy issued');
    for (const canary of [...CANARIES, 'A123456']) expect(output).not.toContain(canary);
    const stored = await database.db.query.clientLogs.findMany();
    for (const row of stored) for (const canary of CANARIES) expect(row.data).not.toContain(canary);
    expect(stored.at(-1)!.data).not.toContain('123');
  });
});
