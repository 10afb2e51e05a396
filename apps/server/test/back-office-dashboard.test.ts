import { addDays, formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy, type TBought } from './helpers/purchase.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * The managers' dashboard (issue 18, decision 084): quotes and sales per market-local day, the funnel
 * per product, sales by product, market, channel, agent and campaign, money per currency.
 */
describeEachDriver('back-office dashboard', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  // The database stamps created_at and issued_at with its own now(), so the test's days are counted from
  // the real clock (a fixed date here broke the test the day after it was written).
  const clock = new Date();
  const today = todayIn('Asia/Singapore', clock);
  const day = (offset: number) => formatIso(addDays(today, offset));
  let marketing: TSignedIn;
  let direct: TBought;
  let agent: TBought;
  let campaign: TBought;

  const get = (url: string, who: TSignedIn) =>
    app.inject({ method: 'GET', url: `${BACK_OFFICE}${url}`, headers: who.headers });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    direct = await buyTravelPolicy(app, database.db, { today, session: 'dash-direct-0001' });
    agent = await buyTravelPolicy(app, database.db, {
      today,
      session: 'dash-agent-0001',
      agent: { agentCode: 'AG1001' },
    });
    campaign = await buyTravelPolicy(app, database.db, {
      today,
      session: 'dash-campaign-01',
      quote: { campaign: { campaignCode: 'B2CC00' } },
    });
    // A quote rated and left: a quote without a sale.
    const input = buildTravelPolicy(today);
    const quoted = await postRest(app, 'policy/multirate', input, 'dash-left-00001');
    const rated = await postRest(
      app,
      'policy/rate',
      {
        ...input,
        policyTravel: { ...input.policyTravel, policyPremium: quoted.json().policyTravel.premiumItems[0] },
      },
      'dash-left-00001',
    );
    expect(rated.statusCode).toBe(200);
    marketing = await signedInAs(app, 'marketing', { at: clock });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 without a session and 403 to an agent', async () => {
    const anonymous = await app.inject({ method: 'GET', url: `${BACK_OFFICE}/admin/dashboard` });
    expect(anonymous.statusCode).toBe(401);
    const ag = await signedInAs(app, 'agent', { agentCode: 'AG1001', at: clock });
    expect((await get('/admin/dashboard', ag)).statusCode).toBe(403);
  });

  it('counts quotes and sales per day, the funnel and the groups, by hand', async () => {
    const answer = await get(`/admin/dashboard?from=${day(-5)}&to=${day(1)}`, marketing);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const premiums = [direct, agent, campaign].map((bought) => bought.row.premiumCents!);
    const total = premiums[0]! + premiums[1]! + premiums[2]!;
    expect(body.from).toBe(day(-5));
    expect(body.days).toHaveLength(7);
    expect(body.currencies).toEqual(['SGD']);
    // Four rated quotes (three bought, one left), three sales, all today.
    expect(body.totals).toEqual({ quotes: 4, sales: 3, premiumCents: { SGD: total } });
    const onToday = body.days.find((entry: { date: string }) => entry.date === day(0));
    expect(onToday).toEqual({ date: day(0), quotes: 4, sales: 3, premiumCents: { SGD: total } });
    expect(body.days.filter((entry: { quotes: number }) => entry.quotes > 0)).toHaveLength(1);
    expect(body.funnel).toEqual([
      {
        product: 'PTR',
        label: 'Travel',
        // No landing documents or quote-page beacons in this test (decision 090: visit counts).
        steps: [
          { step: 'landing', count: 0 },
          { step: 'quoteForm', count: 0 },
          { step: 'quoted', count: 4 },
          { step: 'toPayment', count: 3 },
          { step: 'paymentAnswered', count: 3 },
          { step: 'issued', count: 3 },
        ],
      },
    ]);
    expect(body.byProduct).toEqual([{ key: 'PTR', label: 'Travel', sales: 3, premiumCents: { SGD: total } }]);
    expect(body.byMarket).toEqual([
      { key: 'SGP', label: 'Singapore', sales: 3, premiumCents: { SGD: total } },
    ]);
    // The agent's sale is the agent channel; the default agent (or none) is direct.
    expect(body.byChannel).toEqual([
      { key: 'direct', label: 'Direct', sales: 2, premiumCents: { SGD: premiums[0]! + premiums[2]! } },
      { key: 'agent', label: 'Agent', sales: 1, premiumCents: { SGD: premiums[1]! } },
    ]);
    expect(body.byAgent).toHaveLength(1);
    expect(body.byAgent[0]).toMatchObject({ key: 'AG1001', sales: 1, premiumCents: { SGD: premiums[1] } });
    const [b2c] = await database.db.select().from(campaigns).where(eq(campaigns.campaignCode, 'B2CC00'));
    expect(campaign.row.campaignId).toBe(b2c!.campaignId);
    const byCampaign = body.byCampaign.find((group: { key: string }) => group.key === 'B2CC00');
    expect(byCampaign).toMatchObject({ label: `B2CC00 ${b2c!.campaignName}` });
    expect(byCampaign.sales).toBeGreaterThanOrEqual(1);
    expect(body.byCampaign.reduce((sum: number, group: { sales: number }) => sum + group.sales, 0)).toBe(3);
  });

  it('filters by market and product, keeps the range, and refuses a range over 366 days', async () => {
    const hongKong = (
      await get(`/admin/dashboard?from=${day(-5)}&to=${day(1)}&market=HKG`, marketing)
    ).json();
    expect(hongKong.totals).toEqual({ quotes: 0, sales: 0, premiumCents: {} });
    const home = (await get(`/admin/dashboard?from=${day(-5)}&to=${day(1)}&product=PHM`, marketing)).json();
    expect(home.totals.sales).toBe(0);
    expect(home.funnel).toEqual([]);
    const before = (await get(`/admin/dashboard?from=${day(-24)}&to=${day(-1)}`, marketing)).json();
    expect(before.totals).toEqual({ quotes: 0, sales: 0, premiumCents: {} });

    const byDefault = (await get('/admin/dashboard', marketing)).json();
    expect(byDefault).toMatchObject({ from: day(-29), to: day(0) });
    expect(byDefault.days).toHaveLength(30);
    expect(byDefault.totals.sales).toBe(3);

    const year = await get(`/admin/dashboard?from=${day(-365)}&to=${day(0)}`, marketing);
    expect(year.statusCode).toBe(200);
    const tooLong = await get(`/admin/dashboard?from=${day(-366)}&to=${day(0)}`, marketing);
    expect([tooLong.statusCode, tooLong.json().field]).toEqual([400, 'from']);
    const backwards = await get(`/admin/dashboard?from=${day(1)}&to=${day(0)}`, marketing);
    expect([backwards.statusCode, backwards.json().field]).toEqual([400, 'from']);
  });
});
