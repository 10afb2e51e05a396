import { randomUUID } from 'node:crypto';
import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

// 23 Nov 2026, 10:00 in Singapore: YEAREND (codes YEAREND25, NEWS2026) and VIP1USE are running.
const clock = new Date('2026-11-23T02:00:00Z');
const today = localDate(2026, 11, 23);

/** A guess per request, each from a new Session-Name and (claimed) address, as a rotating attacker sends them. */
const attacker = () => ({
  'session-name': `guess-${randomUUID()}`,
  'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}, 198.51.100.${Math.floor(Math.random() * 250) + 1}`,
});
const wrongCode = (index: number) => `ZZ${String(index).padStart(6, '0')}`;

describeEachDriver('promo codes cannot be guessed', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let yearendId: number;
  let vipId: number;

  const validate = (code: string, headers: Record<string, string>, campaign = 'YEAREND', id = yearendId) =>
    app.inject({ url: `/b2c-server/rest/campaign/validatePromoCode/${campaign}/${code}/${id}`, headers });
  const getCampaign = (code: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/b2c-server/rest/campaign/getCampaign',
      headers,
      payload: { country: 'SGP', productType: 'PTR', campaign: { campaignCode: 'YEAREND' }, promo: code },
    });
  const multirate = (code: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/multirate',
      headers,
      payload: buildTravelPolicy(today, {
        campaign: { campaignCode: 'YEAREND' },
        promo: code,
      } as Partial<TPolicyInput>) as object,
    });
  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // Within the 10-minute window, in seconds, as every 429 says when to come back.
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(response.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Too many promotion codes tried\. Please wait \d+ minutes/),
      field: 'promo',
      // The body says it too, so a page can tell the customer how long (the same figure as the header).
      retryAfterSeconds: Number(response.headers['retry-after']),
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const probe = await buildTestApp(database, { now: () => clock });
    const campaignId = async (campaignCode: string) =>
      (
        await probe.inject({
          method: 'POST',
          url: '/b2c-server/rest/campaign/getCampaign',
          headers: { 'session-name': 'probe-session-1' },
          payload: { country: 'SGP', campaign: { campaignCode } },
        })
      ).json().campaignId as number;
    yearendId = await campaignId('YEAREND');
    vipId = await campaignId('VIP1USE');
    await probe.close();
    return () => database.drop();
  });

  describe('without trusted proxies', () => {
    // Each test a fresh app: the counters live in the app (no REDIS_URL).
    beforeEach(async () => {
      app = await buildTestApp(database, { now: () => clock });
    });
    afterEach(async () => {
      await app.close();
    });

    it('cuts off a guessing loop spread over many X-Forwarded-For values and Session-Names', async () => {
      const answers: string[] = [];
      for (let index = 0; index < 10; index += 1)
        answers.push((await validate(wrongCode(index), attacker())).body);
      expect(answers).toEqual(Array(10).fill('N'));
      // The eleventh different code is refused, and so is the real one: no valid-or-not once over.
      expectRefused(await validate(wrongCode(10), attacker()));
      expectRefused(await validate('NEWS2026', attacker()));
      expectRefused(await getCampaign('YEAREND25', attacker()));
      expectRefused(await multirate('YEAREND25', attacker()));
    });

    it('counts guesses through getCampaign, multirate and validatePromoCode together', async () => {
      for (let index = 0; index < 4; index += 1)
        expect((await getCampaign(wrongCode(index), attacker())).json()).toMatchObject({
          validPromoCode: 'N',
        });
      for (let index = 4; index < 7; index += 1)
        expect((await multirate(wrongCode(index), attacker())).json()).toMatchObject({
          field: 'promo',
          messageKey: 'landingPromotionCode.invalidPromoCode',
        });
      for (let index = 7; index < 10; index += 1)
        expect((await validate(wrongCode(index), attacker())).body).toBe('N');
      expectRefused(await multirate(wrongCode(10), attacker()));
      expectRefused(await getCampaign(wrongCode(11), attacker()));
    });

    it('counts guesses sent with the payment calls too', async () => {
      const session = { 'session-name': `payer-${randomUUID()}` };
      const post = (call: string, payload: unknown) =>
        app.inject({
          method: 'POST',
          url: `/b2c-server/rest/policy/${call}`,
          headers: session,
          payload: payload as object,
        });
      const policy = buildTravelPolicy(today, {
        campaign: { campaignCode: 'YEAREND' },
        promo: 'YEAREND25',
      } as Partial<TPolicyInput>);
      const quoted = (await post('multirate', policy)).json();
      const rated = await post('rate', {
        ...policy,
        policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
      });
      expect(rated.statusCode).toBe(200);
      const consent = recordConsent(true, '2026-11-23T02:00:00.000Z');
      const confirmed = {
        ...rated.json(),
        consents: {
          declaration1: consent,
          declaration2: consent,
          marketing: recordConsent(false, '2026-11-23T02:00:00.000Z'),
        },
      };
      for (let index = 0; index < 10; index += 1) {
        const guess = await post('updateToPending', { ...confirmed, promo: wrongCode(index) });
        expect(guess.statusCode).toBe(400);
        expect(guess.json()).toMatchObject({ field: 'promo' });
      }
      expectRefused(await post('updateToPending', { ...confirmed, promo: wrongCode(10) }));
      expectRefused(await post('updateToPending', confirmed));
    });

    it('leaves a customer who mistypes a few times, or retries one wrong code, to the right code', async () => {
      const customer = { 'session-name': `customer-${randomUUID()}` };
      expect((await validate('YEAREND52', customer)).body).toBe('N');
      expect((await validate('YAEREND25', customer)).body).toBe('N');
      // The page re-rates and reloads with the same wrong code: that is one guess, not twenty.
      for (let index = 0; index < 20; index += 1)
        expect((await getCampaign('YEAREND52', customer)).statusCode).toBe(200);
      expect((await validate('YEAREND25', customer)).body).toBe('Y');
      const rated = await multirate('YEAREND25', customer);
      expect(rated.statusCode).toBe(200);
      expect(rated.json().policyTravel.premiumItems[0].campaignDiscount).toBeGreaterThan(0);
      // Right codes do not count: the customer can use them as often as the pages ask.
      for (let index = 0; index < 15; index += 1)
        expect((await getCampaign('NEWS2026', customer)).json().validPromoCode).toBe('Y');
    });
  });

  describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1, the address app.inject comes from)', () => {
    beforeEach(async () => {
      app = await buildTestApp(database, { now: () => clock, env: { TRUSTED_PROXIES: '127.0.0.1' } });
    });
    afterEach(async () => {
      await app.close();
    });

    const from = (address: string) => ({
      'session-name': `client-${randomUUID()}`,
      'x-forwarded-for': address,
    });

    it('counts each forwarded client on its own', async () => {
      for (let index = 0; index < 10; index += 1)
        expect((await validate(wrongCode(index), from('198.51.100.1'))).body).toBe('N');
      expectRefused(await validate(wrongCode(10), from('198.51.100.1')));
      expectRefused(await multirate('YEAREND25', from('198.51.100.1')));
      // Another client behind the same proxy still gets answers, through every call that checks a code.
      expect((await validate('NEWS2026', from('198.51.100.2'))).body).toBe('Y');
      expect((await getCampaign('NEWS2026', from('198.51.100.2'))).json().validPromoCode).toBe('Y');
      const rated = await multirate('YEAREND25', from('198.51.100.2'));
      expect(rated.statusCode).toBe(200);
      expect(rated.json().policyTravel.premiumItems[0].campaignDiscount).toBeGreaterThan(0);
      // One IPv6 host has a whole /64: its other addresses are the same client.
      for (let index = 0; index < 10; index += 1)
        expect((await validate(wrongCode(100 + index), from(`2001:db8:1:2::${index + 1}`))).body).toBe('N');
      expectRefused(await validate(wrongCode(200), from('2001:db8:1:2:ffff::9')));
      expect((await validate('NEWS2026', from('2001:db8:1:3::1'))).body).toBe('Y');
    });

    it('holds a ceiling per campaign across all clients, and leaves other campaigns alone', async () => {
      // 25 addresses, 8 guesses each: no client reaches its own limit, the campaign reaches 200.
      for (let index = 0; index < 200; index += 1) {
        const response = await validate(wrongCode(index), from(`192.0.2.${Math.floor(index / 8) + 1}`));
        expect(response.body).toBe('N');
      }
      expectRefused(await validate(wrongCode(200), from('192.0.2.100')));
      expectRefused(await validate('NEWS2026', from('192.0.2.101')));
      expectRefused(await multirate('YEAREND25', from('192.0.2.102')));
      expect((await validate('VIPA1B2C3', from('192.0.2.103'), 'VIP1USE', vipId)).body).toBe('Y');
    });
  });
});
