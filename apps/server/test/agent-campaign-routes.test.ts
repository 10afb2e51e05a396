import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaigns, promoCodes } from '../src/db/schema.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

describeEachDriver('agent and campaign calls', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  // 23 Nov 2026, 10:00 in Singapore.
  let clock = new Date('2026-11-23T02:00:00Z');
  const headers = { 'session-name': SESSION };
  const get = (url: string) => app.inject({ url, headers });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers a valid agent with contact details', async () => {
    const response = await get('/b2c-server/rest/agent/get/AG1001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      agentCode: 'AG1001',
      name: 'Tan Wei Ling',
      agency: 'Harbourfront Advisory Pte Ltd',
      isDefaultAgent: false,
      subAgentId: '',
    });
  });

  it('reads every optional segment of agent/get', async () => {
    const response = await get('/b2c-server/rest/agent/get/ag1001/sub/S02/YEAREND/country/SGP/campaignId/2');
    expect(response.json()).toMatchObject({ agentCode: 'AG1001', name: 'Nur Aisyah', subAgentId: 'S02' });
    expect((await get('/b2c-server/rest/agent/get/HK2001/country/HKG')).json()).toMatchObject({
      agentCode: 'HK2001',
    });
  });

  it.each([
    ['an unknown agent', '/b2c-server/rest/agent/get/NOPE99'],
    ['an inactive agent', '/b2c-server/rest/agent/get/AG9000'],
    ['an agent of the other market', '/b2c-server/rest/agent/get/AG1001/country/HKG'],
    ['an unknown sub-agent', '/b2c-server/rest/agent/get/AG1001/sub/S99'],
  ])('answers %s with an empty agent code (read as invalid), not an error', async (_label, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ agentCode: '', isDefaultAgent: false });
  });

  it('refuses a path segment that is not valid percent-encoding with a 400, not a 500', async () => {
    const response = await get('/b2c-server/rest/agent/getStaffCode/%25/country/SGP');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'agent' });
  });

  it('answers the default agent as data flagged default (never a valid agent)', async () => {
    expect((await get('/b2c-server/rest/agent/get/DEFAULT')).json()).toMatchObject({
      agentCode: 'DEFAULT',
      isDefaultAgent: true,
    });
  });

  it.each([
    ['/b2c-server/rest/agent/get/AG1001/country/MYS', 'country'],
    ['/b2c-server/rest/agent/get/AG1001/sub', 'sub'],
    ['/b2c-server/rest/agent/get/AG1001/campaignId/abc', 'campaignId'],
    ['/b2c-server/rest/agent/get/AG1001/YEAREND/EXTRA', 'campaign'],
    [`/b2c-server/rest/agent/get/${'A'.repeat(51)}`, 'agent'],
    ['/b2c-server/rest/agent/get/%3Cscript%3E', 'agent'],
  ])('refuses the malformed path %s naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('finds the agent campaign by every optional segment, with commission rates as percentages', async () => {
    const response = await get(
      '/b2c-server/rest/agent/getAgentCampaign/AG1001/productCode/PTR/promotion/HARBOUR10/affiliation/HFA/catalogueCode/TRV-SG/country/SGP',
    );
    expect(response.json()).toMatchObject({
      accountNo: 'AG1001',
      staffId: 'ST1001T',
      productCode: 'PTR',
      accountCommissionRate: 25,
      campaignCommissionRate: 15,
      campaignTitle: 'Harbourfront clients save 10% on travel cover',
    });
    expect(
      (await get('/b2c-server/rest/agent/getAgentCampaign/AG1001/productCode/PAN')).json(),
    ).toMatchObject({
      accountCommissionRate: 30,
    });
  });

  it('answers the empty agent campaign when nothing matches', async () => {
    for (const url of [
      '/b2c-server/rest/agent/getAgentCampaign/AG1001/productCode/PHM',
      '/b2c-server/rest/agent/getAgentCampaign/NOPE99',
      '/b2c-server/rest/agent/getAgentCampaign/DEFAULT',
    ]) {
      expect((await get(url)).json()).toMatchObject({
        id: null,
        accountCommissionRate: null,
        campaignCommissionRate: null,
      });
    }
  });

  it('answers the staff code, and the quote error when there is none', async () => {
    expect(
      (await get('/b2c-server/rest/agent/getStaffCode/AG1001/country/SGP/productCode/PAN')).json(),
    ).toEqual({
      staffCode: 'ST1001P',
    });
    const missing = await get('/b2c-server/rest/agent/getStaffCode/AG1002/productCode/PAN');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ messageKey: 'landingGetQuoteError.message' });
  });

  const getCampaign = (payload: object) =>
    app.inject({ method: 'POST', url: '/b2c-server/rest/campaign/getCampaign', headers, payload });

  it('answers a live campaign by code, with the validity of the promo code', async () => {
    const response = await getCampaign({
      country: 'SGP',
      productType: 'PTR',
      campaign: { campaignCode: 'yearend' },
      promo: 'yearend25',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      campaignCode: 'YEAREND',
      promoCodeRequired: 'Y',
      startDate: '01/11/2026',
      endDate: '31/01/2027',
      promoCode: 'YEAREND25',
      validPromoCode: 'Y',
      imageFileName: 'YEAREND.svg',
      marketingMessageCn: '年终出游:输入优惠码,单次旅程七五折。',
    });
    const wrongPromo = await getCampaign({ campaign: { campaignCode: 'YEAREND' }, promo: 'NOPE' });
    expect(wrongPromo.json()).toMatchObject({ validPromoCode: 'N' });
  });

  it('finds the campaign a promo code belongs to, whichever campaign the link named (decision 038)', async () => {
    for (const payload of [
      { country: 'SGP', promo: 'yearend25' },
      { campaign: { campaignCode: 'B2CC00' }, promo: 'NEWS2026' },
    ]) {
      expect((await getCampaign(payload)).json()).toMatchObject({
        campaignCode: 'YEAREND',
        validPromoCode: 'Y',
      });
    }
    const direct = (await getCampaign({ country: 'SGP' })).json() as { campaignId: number };
    const validate = await get(
      `/b2c-server/rest/campaign/validatePromoCode/B2CC00/YEAREND25/${direct.campaignId}`,
    );
    expect(validate.body).toBe('Y');
    // A market without a direct campaign: a made-up code is not valid, a Singapore code is not Hong Kong's.
    for (const promo of ['MADEUP1', 'YEAREND25']) {
      expect((await getCampaign({ country: 'HKG', promo })).json()).toMatchObject({ validPromoCode: 'N' });
    }
  });

  it('falls back to the direct campaign without a code, and to the empty campaign for dead ones', async () => {
    expect((await getCampaign({ country: 'SGP' })).json()).toMatchObject({
      campaignCode: 'B2CC00',
      promoCodeRequired: 'N',
    });
    for (const campaign of [
      { campaignCode: 'SUMMER25' },
      { campaignCode: 'PAUSED' },
      { campaignCode: 'NOSUCH' },
    ]) {
      expect((await getCampaign({ campaign })).json()).toMatchObject({ campaignId: null, campaignCode: '' });
    }
    // HKWINTER is a Hong Kong campaign.
    expect(
      (await getCampaign({ country: 'SGP', campaign: { campaignCode: 'HKWINTER' } })).json(),
    ).toMatchObject({
      campaignCode: '',
    });
    expect(
      (await getCampaign({ country: 'HKG', campaign: { campaignCode: 'HKWINTER' } })).json(),
    ).toMatchObject({
      campaignCode: 'HKWINTER',
    });
  });

  it('honours campaign dates in the market time zone', async () => {
    const saved = clock;
    try {
      // 31 Jan 2027 23:30 in Singapore: the last day of YEAREND.
      clock = new Date('2027-01-31T15:30:00Z');
      expect((await getCampaign({ campaign: { campaignCode: 'YEAREND' } })).json()).toMatchObject({
        campaignCode: 'YEAREND',
      });
      // 1 Feb 2027 00:30 in Singapore (still 31 Jan in UTC): over.
      clock = new Date('2027-01-31T16:30:00Z');
      expect((await getCampaign({ campaign: { campaignCode: 'YEAREND' } })).json()).toMatchObject({
        campaignCode: '',
      });
    } finally {
      clock = saved;
    }
  });

  it.each([
    [{ country: 'MYS' }, 'country'],
    [{ productType: 'CAR' }, 'productType'],
    [{ promo: 'ABCDEFGHIJK' }, 'promo'],
    [{ campaign: { campaignCode: "x' or 1=1 --" } }, 'campaign.campaignCode'],
  ])('refuses the bad getCampaign body %j naming %s', async (payload, field) => {
    const response = await getCampaign(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('validates promo codes: Y only for a usable code of the live campaign', async () => {
    const yearend = (await getCampaign({ campaign: { campaignCode: 'YEAREND' } })).json() as {
      campaignId: number;
    };
    const vip = (await getCampaign({ campaign: { campaignCode: 'VIP1USE' } })).json() as {
      campaignId: number;
    };
    const summer = await database.db.select().from(campaigns).where(eq(campaigns.campaignCode, 'SUMMER25'));
    const check = async (code: string, promo: string, id: number) =>
      (await get(`/b2c-server/rest/campaign/validatePromoCode/${code}/${promo}/${id}`)).body;
    expect(await check('YEAREND', 'news2026', yearend.campaignId)).toBe('Y');
    expect(await check('YEAREND', 'NEWS2027', yearend.campaignId)).toBe('N');
    // Code and id must agree.
    expect(await check('YEAREND', 'VIPA1B2C3', vip.campaignId)).toBe('N');
    expect(await check('VIP1USE', 'VIPA1B2C3', vip.campaignId)).toBe('Y');
    // Expired campaign.
    expect(await check('SUMMER25', 'SUMMER25', summer[0]!.campaignId)).toBe('N');
    // A used single-use code, and one reserved for another payment window.
    await database.db
      .update(promoCodes)
      .set({ status: 'USED', usedAt: new Date() })
      .where(eq(promoCodes.code, 'VIPA1B2C3'));
    expect(await check('VIP1USE', 'VIPA1B2C3', vip.campaignId)).toBe('N');
    await database.db
      .update(promoCodes)
      .set({ status: 'RESERVED', reservedUntil: new Date(clock.getTime() + 600_000) })
      .where(eq(promoCodes.code, 'VIPD4E5F6'));
    expect(await check('VIP1USE', 'VIPD4E5F6', vip.campaignId)).toBe('N');
    // …free again once the reservation has lapsed.
    await database.db
      .update(promoCodes)
      .set({ reservedUntil: new Date(clock.getTime() - 1000) })
      .where(eq(promoCodes.code, 'VIPD4E5F6'));
    expect(await check('VIP1USE', 'VIPD4E5F6', vip.campaignId)).toBe('Y');
    const tooLong = await get(
      `/b2c-server/rest/campaign/validatePromoCode/YEAREND/ABCDEFGHIJK/${yearend.campaignId}`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'promoCode' });
  });

  it('serves the campaign image without Session-Name, and 404 for a campaign without one', async () => {
    const yearend = (await getCampaign({ campaign: { campaignCode: 'YEAREND' } })).json() as {
      campaignId: number;
    };
    const image = await app.inject({
      url: `/b2c-server/rest/campaign/getCampaignImageById/${yearend.campaignId}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toContain('Year-end getaway');
    const summer = await database.db.select().from(campaigns).where(eq(campaigns.campaignCode, 'SUMMER25'));
    const none = await app.inject({
      url: `/b2c-server/rest/campaign/getCampaignImageById/${summer[0]!.campaignId}`,
    });
    expect(none.statusCode).toBe(404);
    expect((await app.inject({ url: '/b2c-server/rest/campaign/getCampaignImageById/abc' })).statusCode).toBe(
      400,
    );
  });

  it('rate-limits promo validation with a clear 429', async () => {
    let last = await get('/b2c-server/rest/campaign/validatePromoCode/YEAREND/X/1');
    for (let attempt = 0; attempt < 25 && last.statusCode !== 429; attempt += 1) {
      last = await get('/b2c-server/rest/campaign/validatePromoCode/YEAREND/X/1');
    }
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringContaining('Too many requests'),
    });
  });
});
