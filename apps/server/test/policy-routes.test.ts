import { OFFER_NOTICES } from '@lionrock/domain/campaign/offer-notices';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildHomePolicy, buildPaPolicy, buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies, policyEvents, systemFlags } from '../src/db/schema.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const OTHER_SESSION = 'another-session-0002';

describeEachDriver('policy rating calls', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  // 23 Nov 2026, 10:00 in Singapore.
  const clock = new Date('2026-11-23T02:00:00Z');
  const post = (call: string, payload: unknown, session = SESSION) =>
    app.inject({
      method: 'POST',
      url: `/b2c-server/rest/policy/${call}`,
      headers: { 'session-name': session },
      payload: payload as object,
    });
  const rows = async () => {
    const [row] = await database.db.select({ n: count() }).from(policies);
    return row!.n;
  };
  const travel = (policyTravel: Record<string, unknown> = {}, rest: Partial<TPolicyInput> = {}) =>
    buildTravelPolicy(today, { ...rest, policyTravel } as Partial<TPolicyInput>);
  const withPlan = (planName: string, extra: Record<string, unknown> = {}) =>
    travel({ policyPremium: { planName, planCode: '', premium: 0, totalPremium: 0, ...extra } });
  /** As the quote page does it: the plans from multirate, then one card chosen with its shown price. */
  const chosen = async (planName: string, policy: TPolicyInput = travel()) => {
    const quoted = (await post('multirate', policy)).json();
    const item = quoted.policyTravel.premiumItems.find(
      (entry: { planName: string }) => entry.planName === planName,
    );
    return { ...policy, policyTravel: { ...policy.policyTravel, policyPremium: item } } as TPolicyInput;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  describe('multirate', () => {
    it('rates every travel plan from the server tables with the direct campaign, and stores nothing', async () => {
      const before = await rows();
      const response = await post('multirate', travel());
      expect(response.statusCode).toBe(200);
      const items = response.json().policyTravel.premiumItems;
      expect(items.map((item: { planName: string }) => item.planName)).toEqual(['STANDARD', 'SUPER']);
      for (const item of items) {
        expect(item.campaignDiscount).toBeGreaterThan(0);
        expect(item.totalPremium).toBeCloseTo(item.premium + item.gst + item.levy, 2);
        expect(item.premiumWithoutDiscount - item.totalDiscount).toBeCloseTo(item.premium, 2);
      }
      expect(response.json().errorMessage).toBeUndefined();
      expect(await rows()).toBe(before);
    });

    it('never takes a price from the client', async () => {
      const forged = travel({
        premiumItems: [{ planName: 'STANDARD', planCode: 'X', premium: 1, totalPremium: 1 }],
        totalDueAmount: 1,
      });
      const honest = (await post('multirate', travel())).json();
      const answer = (await post('multirate', forged)).json();
      expect(answer.policyTravel.premiumItems).toEqual(honest.policyTravel.premiumItems);
    });

    it('prices a Hong Kong trip in HK$ with the IA levy', async () => {
      const response = await post('multirate', travel({}, { country: 'HKG' }));
      const [standard] = response.json().policyTravel.premiumItems;
      expect(standard.levy).toBeGreaterThan(0);
      expect(standard.gst).toBe(0);
    });

    it('rates personal accident plans A to D and home plans', async () => {
      const pa = (await post('multirate', buildPaPolicy(today))).json();
      expect(pa.policyPAN.premiumItems.map((item: { planName: string }) => item.planName)).toEqual([
        'A',
        'B',
        'C',
        'D',
      ]);
      expect(pa.policyPAN.premiumItems[0].gst).toBeGreaterThan(0);
      const home = (await post('multirate', buildHomePolicy(today))).json();
      expect(home.policyHome.premiumItems).toHaveLength(3);
    });

    it('gives an agent’s customers the commission the agent gives up', async () => {
      const direct = (await post('multirate', travel())).json().policyTravel.premiumItems[0];
      const viaAgent = (await post('multirate', travel({}, { agentCode: 'AG1001' }))).json().policyTravel
        .premiumItems[0];
      expect(viaAgent.insuredCommissionDiscount).toBeGreaterThan(0);
      expect(viaAgent.totalPremium).toBeLessThan(direct.totalPremium);
    });

    it('applies a campaign’s promo code, and refuses a wrong one naming the field', async () => {
      const withCampaign = (promo: string | undefined) =>
        travel({}, { campaign: { campaignCode: 'YEAREND' }, ...(promo === undefined ? {} : { promo }) });
      const plain = (await post('multirate', travel())).json().policyTravel.premiumItems[0];
      // Without its code the link prices as the plain site does, and says the code brings the offer (decision 038).
      const without = (await post('multirate', withCampaign(undefined))).json().policyTravel.premiumItems[0];
      expect(without.totalPremium).toBe(plain.totalPremium);
      expect(without.discountNotice).toBe(OFFER_NOTICES.codeNeeded);
      const promo = (await post('multirate', withCampaign('YEAREND25'))).json().policyTravel.premiumItems[0];
      expect(promo.campaignDiscount).toBe(Math.round(promo.premiumWithoutDiscount * 25) / 100);
      expect(promo.discountNotice).toBeUndefined();
      const wrong = await post('multirate', withCampaign('NOPE'));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ field: 'promo', messageKey: MESSAGE_KEYS.invalidPromoCode });
    });

    it('finds the campaign of a promo code typed without its link, and names it in the answer', async () => {
      for (const sent of [
        travel({}, { promo: 'yearend25' }),
        travel({}, { campaign: { campaignCode: 'B2CC00' }, promo: 'YEAREND25' }),
      ]) {
        const answer = (await post('multirate', sent)).json();
        expect(answer.campaign).toMatchObject({ campaignCode: 'YEAREND' });
        const item = answer.policyTravel.premiumItems[0];
        expect(item.campaignDiscount).toBe(Math.round(item.premiumWithoutDiscount * 25) / 100);
      }
    });

    it('refuses a promo code no campaign holds, in a market without a direct campaign too', async () => {
      for (const country of ['SGP', 'HKG'] as const) {
        const response = await post('multirate', travel({}, { country, promo: 'MADEUP1' }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ field: 'promo', messageKey: MESSAGE_KEYS.invalidPromoCode });
      }
    });

    it('refuses a campaign that is not running, the spec’s way', async () => {
      const response = await post('multirate', travel({}, { campaign: { campaignCode: 'NOSUCH' } }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ messageKey: MESSAGE_KEYS.campaignUnavailable });
      expect(response.json().errorMessage).toMatch(/campaign/);
    });

    it('declines an occupation of class 04 with the spec’s message', async () => {
      const policy = buildPaPolicy(today, {
        policyPAN: {
          insured: { adult1: { ...buildPaPolicy(today).policyPAN!.insured!.adult1!, occupation: '1A' } },
        },
      } as Partial<TPolicyInput>);
      const response = await post('multirate', policy);
      expect(response.statusCode).toBe(200);
      expect(response.json().errorMessage).toBe('Decline: Coverage is not available for this occupation');
      expect(response.json().policyPAN.premiumItems).toEqual([]);
    });
  });

  describe('rateTopup', () => {
    it('rates each plan’s Plus variant', async () => {
      const response = await post('rateTopup', travel());
      expect(
        response.json().policyTravel.premiumTopUps.map((item: { planName: string }) => item.planName),
      ).toEqual(['STANDARD PLUS', 'SUPER PLUS']);
    });
  });

  describe('rate', () => {
    it('needs the chosen plan', async () => {
      const response = await post('rate', travel());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'policyTravel.policyPremium.planName',
        messageKey: MESSAGE_KEYS.selectValue,
      });
    });

    it('stores the chosen plan as quoted for this session, and re-quotes it in place', async () => {
      const first = await post('rate', await chosen('SUPER'));
      expect(first.statusCode).toBe(200);
      const answer = first.json();
      expect(answer).toMatchObject({
        status: 'quoted',
        policyTravel: { policyPremium: { planName: 'SUPER' } },
      });
      expect(answer.policyTravel.totalDueAmount).toBe(answer.policyTravel.policyPremium.totalPremium);
      const [row] = await database.db.select().from(policies).where(eq(policies.policyId, answer.policyId));
      expect(row).toMatchObject({
        sessionName: SESSION,
        status: 'quoted',
        productType: 'PTR',
        currency: 'SGD',
        totalCents: Math.round(answer.policyTravel.policyPremium.totalPremium * 100),
        startDate: '2026-12-07',
        endDate: '2026-12-13',
      });
      const again = await post('rate', { ...answer, policyTravel: { ...answer.policyTravel } });
      expect(again.statusCode).toBe(200);
      expect(again.json().policyId).toBe(answer.policyId);
      const events = await database.db
        .select()
        .from(policyEvents)
        .where(eq(policyEvents.policyId, answer.policyId));
      expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
        [null, 'quoted'],
        ['quoted', 'quoted'],
      ]);
    });

    it("stores the agent's staff code from its own table, never the one sent (travel-flow section 7)", async () => {
      const viaAgent = travel({ staffCode: 'FORGED1' }, { agentCode: 'AG1001' });
      const stored = (await post('rate', await chosen('STANDARD', viaAgent))).json();
      expect(stored.policyTravel.staffCode).toBe('ST1001T');
      // No agent, no staff code, whatever was sent; an agent without one for the market has none.
      const direct = (await post('rate', await chosen('STANDARD', travel({ staffCode: 'FORGED1' })))).json();
      expect(direct.policyTravel.staffCode).toBeUndefined();
      const otherMarket = travel({ staffCode: 'FORGED1' }, { agentCode: 'HK2001' });
      const otherStored = (await post('rate', await chosen('STANDARD', otherMarket))).json();
      expect(otherStored.policyTravel.staffCode).toBeUndefined();
    });

    it('refuses another session’s policy (403) and an unknown one (404)', async () => {
      const answer = (await post('rate', await chosen('STANDARD'))).json();
      const stolen = await post('rate', answer, OTHER_SESSION);
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json()).toMatchObject({ field: 'policyId' });
      const unknown = await post('rate', { ...answer, policyId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 409 with the current price when the shown total differs, writing nothing', async () => {
      const before = await rows();
      const response = await post('rate', withPlan('SUPER', { totalPremium: 1 }));
      expect(response.statusCode).toBe(409);
      const body = response.json();
      expect(body).toMatchObject({
        field: 'policyTravel.policyPremium.totalPremium',
        messageKey: MESSAGE_KEYS.priceChanged,
      });
      expect(body.policy.policyTravel.policyPremium.totalPremium).toBeGreaterThan(1);
      expect(await rows()).toBe(before);
      const shown = body.policy.policyTravel.policyPremium.totalPremium;
      expect((await post('rate', withPlan('SUPER', { totalPremium: shown }))).statusCode).toBe(200);
    });

    it('needs the promo code of a campaign that requires one', async () => {
      const campaign = travel({}, { campaign: { campaignCode: 'YEAREND' } });
      const response = await post('rate', await chosen('SUPER', campaign));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'promo', messageKey: MESSAGE_KEYS.invalidPromoCode });
    });

    it('validates the applicant page’s rules once the applicant is filled in', async () => {
      const policy = await chosen('SUPER');
      policy.policyTravel!.applicant!.hkId = 'S1234567A';
      const response = await post('rate', policy);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'policyTravel.applicant.hkId',
        messageKey: MESSAGE_KEYS.invalidNric,
      });
    });

    it('declines a blacklisted applicant and records the policy as declined', async () => {
      const policy = await chosen('SUPER');
      policy.policyTravel!.applicant!.hkId = 's8888888z';
      const response = await post('rate', policy);
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({
        errorMessage: 'Decline: Underwriting/Compliance.',
        messageKey: MESSAGE_KEYS.blacklisted,
        status: 'declined',
      });
      const [row] = await database.db.select().from(policies).where(eq(policies.policyId, answer.policyId));
      expect(row!.status).toBe('declined');
      const requote = await post('rate', { ...answer, errorMessage: undefined });
      expect(requote.statusCode).toBe(409);
    });
  });

  describe('shop switches', () => {
    const setFlags = async (changes: Partial<typeof systemFlags.$inferInsert>) => {
      await database.db.update(systemFlags).set(changes).where(eq(systemFlags.country, 'SGP'));
    };
    const waitForAnswer = async (predicate: (body: { messageKey?: string }) => boolean) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const body = (await post('multirate', travel())).json();
        if (predicate(body)) return body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the flag change never reached the rating call');
    };

    it('refuses quotes in private mode and while the system is unavailable', async () => {
      await setFlags({ privateMode: true });
      const privateMode = await waitForAnswer((body) => body.messageKey !== undefined);
      expect(privateMode).toMatchObject({ messageKey: MESSAGE_KEYS.privateMode });
      await setFlags({ privateMode: false, systemAvailable: false });
      const unavailable = await waitForAnswer((body) => body.messageKey === MESSAGE_KEYS.systemUnavailable);
      expect(unavailable.errorMessage).toBe(
        'Sorry, our system is currently unavailable. Please try again later.',
      );
      await setFlags({ systemAvailable: true });
      await waitForAnswer((body) => body.messageKey === undefined);
    });
  });

  describe('bad input gets a 400 naming the field and writes nothing', () => {
    const raw = (payload: string, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/b2c-server/rest/policy/rate',
        headers: { 'session-name': SESSION, 'content-type': contentType },
        payload,
      });

    it.each([
      ['malformed JSON', () => raw('{"productType": "PTR",'), 'body'],
      [
        'a string where a count goes',
        () => post('rate', travel({ travellerIndividual: 'two' })),
        'policyTravel.travellerIndividual',
      ],
      [
        'a date in the wrong format',
        () => post('rate', travel({ deptDate: '2026-12-07' })),
        'policyTravel.deptDate',
      ],
      [
        'an out-of-range count',
        () => post('rate', travel({ travellerIndividual: 500 })),
        'policyTravel.travellerIndividual',
      ],
      ['an unknown product', () => post('rate', travel({}, { productType: 'CAR' as never })), 'productType'],
      [
        'an unknown journey code',
        () => post('rate', travel({ journeyCode: '9' })),
        'policyTravel.journeyCode',
      ],
      [
        'an injection string in a name',
        async () => {
          const policy = await chosen('SUPER');
          policy.policyTravel!.applicant!.fullName = "X'); DROP TABLE policies;--";
          return post('rate', policy);
        },
        'policyTravel.applicant.fullName',
      ],
      [
        'a body over 100 KB',
        () => raw(JSON.stringify({ ...travel(), errorMessage: 'x'.repeat(110_000) })),
        'body',
      ],
      ['a form instead of JSON', () => raw('productType=PTR', 'text/csv'), undefined],
    ])('%s', async (_name, send, field) => {
      const before = await rows();
      const response = await send();
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      if (field) expect(response.json().field).toBe(field);
      expect(await rows()).toBe(before);
    });
  });
});
