import { parseIso } from '@lionrock/domain/dates/local-date';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, policies } from '../src/db/schema.ts';
import { BACK_OFFICE, insertTravelCampaign, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy, type TBought } from './helpers/purchase.ts';
import { buildTestApp, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * The agents' desk (issue 18, decision 083): an agent sees its own sales and commission only; another
 * agent's sale is a 404; staff roles are refused the desk and agents the back office.
 */
describeEachDriver('agents desk', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-25T02:00:00.000Z');
  const today = parseIso('2026-11-25')!;
  let ag1001: TSignedIn;
  let ag1002: TSignedIn;
  let own: TBought;
  let other: TBought;
  const recorder = recordingMailer();

  const get = (url: string, who?: TSignedIn) =>
    app.inject({ method: 'GET', url: `${BACK_OFFICE}${url}`, ...(who ? { headers: who.headers } : {}) });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer: recorder.mailer });
    own = await buyTravelPolicy(app, database.db, {
      today,
      session: 'desk-own',
      agent: { agentCode: 'AG1001', subAgentId: 'S01' },
    });
    other = await buyTravelPolicy(app, database.db, {
      today,
      session: 'desk-other',
      agent: { agentCode: 'AG1002' },
    });
    ag1001 = await signedInAs(app, 'agent', { agentCode: 'AG1001', at: clock });
    ag1002 = await signedInAs(app, 'agent', { agentCode: 'AG1002', at: clock });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 without a session and 403 to staff roles', async () => {
    expect((await get('/desk/summary')).statusCode).toBe(401);
    expect((await get('/desk/sales')).statusCode).toBe(401);
    const operations = await signedInAs(app, 'operations', { at: clock });
    for (const url of ['/desk/summary', '/desk/sales', '/desk/renewals', '/desk/claims'])
      expect((await get(url, operations)).statusCode).toBe(403);
    const link = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/links`,
      headers: operations.headers,
      payload: { product: 'travel', market: 'SGP' },
    });
    expect(link.statusCode).toBe(403);
  });

  it('refuses an agent the back office (the audit trail)', async () => {
    const audit = await get(`/audit?entity=policy&entityId=${own.policyId}`, ag1001);
    expect(audit.statusCode).toBe(403);
  });

  it("shows an agent its own sale with masked contact, and another agent's as 404", async () => {
    expect(own.row.agentCode).toBe('AG1001');
    const list = await get('/desk/sales?from=2026-11-01&to=2026-11-30', ag1001);
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((item: { policyId: string }) => item.policyId);
    expect(ids).toContain(own.policyId);
    expect(ids).not.toContain(other.policyId);
    const sale = list.json().items.find((item: { policyId: string }) => item.policyId === own.policyId);
    expect(sale.policyNumber).toBe(own.policyNumber);
    expect(sale.maskedIdNumber).toMatch(/^\w\*{4}/);
    expect(sale.maskedEmail).toContain('***');

    expect((await get(`/desk/sales/${own.policyId}`, ag1001)).statusCode).toBe(200);
    const foreign = await get(`/desk/sales/${other.policyId}`, ag1001);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/desk/sales/${own.policyId}`, ag1002)).statusCode).toBe(404);
    expect((await get('/desk/sales/not-a-policy', ag1001)).statusCode).toBe(404);
  });

  it("computes commission on the premium before tax: the agent campaign's priced rate, else the product default", async () => {
    // AG1001 has an agent campaign for SGP travel (seed agents.json: campaignCommissionRate 1500):
    // by hand, 15 % of the premium before tax, rounded half up to the cent.
    const premium = own.row.premiumCents!;
    expect(premium).toBeGreaterThan(0);
    const expected = Math.round((premium * 15) / 100);
    const sale = (await get(`/desk/sales/${own.policyId}`, ag1001)).json();
    expect(sale).toMatchObject({
      premiumCents: premium,
      commissionCents: expected,
      commissionBasisPoints: 1500,
    });
    expect(sale).toMatchObject({ subAgentCode: 'S01', subAgentName: 'Lim Jun Jie' });

    // AG1002 has none: the desk's default for travel, 25 % of the premium before tax.
    const otherPremium = other.row.premiumCents!;
    const otherSale = (await get(`/desk/sales/${other.policyId}`, ag1002)).json();
    expect(otherSale.commissionCents).toBe(Math.round(otherPremium / 4));
    expect(otherSale.commissionBasisPoints).toBe(2500);

    const summary = await get('/desk/summary?from=2026-11-01&to=2026-11-30&period=month', ag1001);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      agentCode: 'AG1001',
      registrationNo: 'RNF-TWL-1001',
      sales: 1,
      premiumCents: premium,
      commissionCents: expected,
      byPeriod: [{ key: '2026-11', sales: 1, premiumCents: premium, commissionCents: expected }],
      bySubAgent: [{ key: 'S01', sales: 1 }],
    });
    expect(summary.json().quotes).toBeGreaterThanOrEqual(1);
    const outside = await get('/desk/summary?from=2026-10-01&to=2026-10-31', ag1001);
    expect(outside.json()).toMatchObject({ sales: 0, commissionCents: 0 });
  });

  it("names the agent's registration number in the customer's policy e-mail", async () => {
    await app.services.documents.deliverMail(50);
    const forCustomer = recorder.sent.filter(
      (mail) => mail.subject.includes(own.policyNumber) && mail.to === 'WEIMING.TAN@EXAMPLE.COM',
    );
    expect(forCustomer.length).toBeGreaterThan(0);
    expect(forCustomer[0]!.text).toContain('Agent registration no.: RNF-TWL-1001');
  });

  it('lists claims and renewals of the agent only', async () => {
    const claims = await get('/desk/claims', ag1001);
    expect(claims.statusCode).toBe(200);
    expect(claims.json().items).toEqual([]);
    const renewals = await get('/desk/renewals?within=60', ag1001);
    expect(renewals.statusCode).toBe(200);
    // A single trip is not an annual policy: it never appears as a renewal.
    expect(renewals.json().items.map((item: { policyId: string }) => item.policyId)).not.toContain(
      own.policyId,
    );
  });

  it('makes a quote link that carries the agent, and audits it', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/links`,
      headers: ag1001.headers,
      payload: { product: 'travel', market: 'SGP', lang: 'zh' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().path).toBe('/travel/partner/AG1001/lang/zh');
    // A Singapore agent links to Singapore's shop only (agentSellsIn), and a Hong Kong one to Hong Kong's.
    const hk = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/links`,
      headers: ag1001.headers,
      payload: { product: 'home', market: 'HKG' },
    });
    expect(hk.statusCode).toBe(400);
    expect(hk.json()).toMatchObject({
      field: 'market',
      message: 'You are registered to sell in Singapore only.',
    });
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    const own = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/links`,
      headers: hk2001.headers,
      payload: { product: 'home', market: 'HKG' },
    });
    expect(own.json().path).toBe('/home/partner/HK2001?country=HKG');
    const foreignSub = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/links`,
      headers: ag1001.headers,
      payload: { product: 'travel', market: 'SGP', subAgentCode: 'NOT-MINE' },
    });
    expect(foreignSub.statusCode).toBe(400);
    const withoutCsrf = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/links`,
      headers: { cookie: ag1001.headers.cookie! },
      payload: { product: 'travel', market: 'SGP' },
    });
    expect(withoutCsrf.statusCode).toBe(403);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'quote-link'), eq(auditLog.entityId, 'AG1001')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(ag1001.accountId);
  });

  it('carries only a campaign the shop prices under today: a not-yet-started one is a 400 naming it (decision 096)', async () => {
    // The clock is 25 Nov 2026, 10:00 in Singapore.
    await insertTravelCampaign(database.db, {
      campaignCode: 'DESKSOON',
      startDate: '2026-11-26',
      endDate: '2026-12-31',
    });
    await insertTravelCampaign(database.db, {
      campaignCode: 'DESKFIRST',
      startDate: '2026-11-25',
      endDate: '2026-12-31',
    });
    await insertTravelCampaign(database.db, {
      campaignCode: 'DESKLAST',
      startDate: '2026-11-01',
      endDate: '2026-11-25',
    });
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    // Each agent in its own market: Hong Kong's asks for the market a Singapore campaign is not for.
    const link = (campaignCode: string, product = 'travel', market = 'SGP') =>
      app.inject({
        method: 'POST',
        url: `${BACK_OFFICE}/desk/links`,
        headers: market === 'HKG' ? hk2001.headers : ag1001.headers,
        payload: { product, market, campaignCode },
      });
    const soon = await link('DESKSOON');
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toMatchObject({
      field: 'campaignCode',
      message: expect.stringContaining('not started'),
    });
    for (const [code, product, market, why] of [
      ['PAUSED', 'travel', 'SGP', 'not active'],
      ['SUMMER25', 'travel', 'SGP', 'ended'],
      ['DESKFIRST', 'pa', 'SGP', 'not for this product'],
      ['DESKFIRST', 'travel', 'HKG', 'not for this market'],
      ['NOSUCHCODE', 'travel', 'SGP', 'No campaign'],
    ] as const) {
      const refused = await link(code, product, market);
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json(), code).toMatchObject({
        field: 'campaignCode',
        message: expect.stringContaining(why),
      });
    }
    // First and last day are the campaign's own.
    expect((await link('DESKFIRST')).json().path).toBe('/travel/partner/AG1001/campaign/DESKFIRST');
    expect((await link('DESKLAST')).statusCode).toBe(200);
  });

  it("names the agent's market in its session, for the desk's script and first market; staff have none", async () => {
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    expect((await get('/session', hk2001)).json().account).toMatchObject({
      agentCode: 'HK2001',
      market: 'HKG',
    });
    expect((await get('/session', ag1001)).json().account).toMatchObject({
      agentCode: 'AG1001',
      market: 'SGP',
    });
    const operations = await signedInAs(app, 'operations', { at: clock });
    expect((await get('/session', operations)).json().account).toMatchObject({
      agentCode: null,
      market: null,
    });
  });
  it("credits no sale to an agent not registered in the policy's market: another market's, a former or a made-up one", async () => {
    for (const agentCode of ['HK2001', 'AG9000', 'NOSUCHAGENT']) {
      const sold = await buyTravelPolicy(app, database.db, {
        today,
        session: `desk-unlicensed-${agentCode}`,
        agent: { agentCode },
      });
      expect(sold.row.agentCode, agentCode).toBeNull();
      expect((sold.row.document as { agentCode?: string }).agentCode, agentCode).toBeUndefined();
    }
    // Hong Kong's agent sees none of them on its desk.
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    expect((await get('/desk/sales?from=2026-11-01&to=2026-11-30', hk2001)).json().items).toEqual([]);
  });

  it("refuses an agent's quote for a customer in another market, naming the market", async () => {
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    const answer = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/quotes`,
      headers: hk2001.headers,
      payload: {
        product: 'travel',
        market: 'SGP',
        customerEmail: 'someone@example.com',
        language: 'en',
        travel: {
          tripType: 'S',
          destination: '6',
          departureDate: '2026-12-10',
          returnDate: '2026-12-15',
          travellers: { travellerType: 'ID', individuals: 1 },
        },
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      field: 'market',
      message: 'You are registered to sell in Hong Kong only.',
    });
  });

  it('sums money per currency, never across: a sale in another currency is a total of its own', async () => {
    // A Singapore sale credited to AG1002 before licensing was enforced, moved to HK2001 as the record
    // of such a sale would be: the Hong Kong desk's HKD figures leave its SGD out.
    await database.db
      .update(policies)
      .set({ agentCode: 'HK2001' })
      .where(eq(policies.policyId, other.policyId));
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    const summary = (await get('/desk/summary?from=2026-11-01&to=2026-11-30&period=month', hk2001)).json();
    expect(summary).toMatchObject({ currency: 'HKD', sales: 0, premiumCents: 0, commissionCents: 0 });
    expect(summary.totals).toEqual([
      {
        currency: 'SGD',
        sales: 1,
        premiumCents: other.row.premiumCents,
        commissionCents: Math.round(other.row.premiumCents! / 4),
      },
    ]);
    expect(summary.byPeriod).toEqual([
      expect.objectContaining({ key: '2026-11', currency: 'SGD', sales: 1 }),
    ]);
    await database.db
      .update(policies)
      .set({ agentCode: 'AG1002' })
      .where(eq(policies.policyId, other.policyId));
  });
});

/**
 * The desk's default range is the agent's market's, not the browser's: at 00:30 in Singapore (16:30 UTC
 * the day before) a sale just made is dated the Singapore day, and the desk opens on a range ending then.
 * The desk page once sent the browser's UTC day as `to`, and a sale made after midnight was missing.
 */
describeEachDriver('agents desk after midnight in the market', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-28T16:30:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer: recordingMailer().mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("opens on this month and the two before, to today in the agent's market, and shows the sale just made", async () => {
    const sold = await buyTravelPolicy(app, database.db, {
      today: parseIso('2026-11-29')!,
      session: 'desk-midnight',
      agent: { agentCode: 'AG1001' },
    });
    // Issue time is the database's clock (decision 098), which is today, not the test's 00:30 in
    // Singapore: the sale is dated to the test's clock, so the range is checked whatever the real hour.
    await database.db.update(policies).set({ issuedAt: clock }).where(eq(policies.policyId, sold.policyId));
    const ag1001 = await signedInAs(app, 'agent', { agentCode: 'AG1001', at: clock });
    const get = (url: string) =>
      app.inject({ method: 'GET', url: `${BACK_OFFICE}${url}`, headers: ag1001.headers });

    const summary = await get('/desk/summary?period=month');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ from: '2026-09-01', to: '2026-11-29', sales: 1 });
    const sales = await get('/desk/sales');
    expect(sales.json()).toMatchObject({ from: '2026-09-01', to: '2026-11-29' });
    expect(sales.json().items.map((item: { policyNumber: string }) => item.policyNumber)).toEqual([
      sold.policyNumber,
    ]);
    expect(sales.json().items[0].issuedDate).toBe('2026-11-29');
    // The browser's UTC day is the day before: a range ending there leaves the sale out.
    expect((await get('/desk/sales?to=2026-11-28')).json().items).toEqual([]);
    // A range that starts after it ends names its field.
    expect((await get('/desk/sales?from=2026-11-30&to=2026-11-29')).json()).toMatchObject({ field: 'from' });
  });
});
