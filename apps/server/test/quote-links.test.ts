import { parseIso } from '@lionrock/domain/dates/local-date';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, campaigns, funnelCounts, quoteLinks, subAgents } from '../src/db/schema.ts';
import { BACK_OFFICE, insertTravelCampaign, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy } from './helpers/purchase.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const OPEN = 'quote-link/open';
const TRAVEL_PREFILL = {
  travel: {
    tripType: 'S',
    destination: '3',
    travellers: { travellerType: 'FM', adults: 2, children: 1 },
    plan: 'SUPER',
  },
};

/**
 * Pre-filled quote links (issue 18, decision 090): the desk stores them for the agent's own code,
 * checks every choice with the domain's rules, and the customer's page opens them by code, counted.
 */
describeEachDriver('pre-filled quote links', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-25T02:00:00.000Z');
  const today = parseIso('2026-11-25')!;
  let ag1001: TSignedIn;
  let ag1002: TSignedIn;

  const make = (payload: Record<string, unknown>, who: TSignedIn = ag1001) =>
    app.inject({ method: 'POST', url: `${BACK_OFFICE}/desk/quote-links`, headers: who.headers, payload });
  const list = (who: TSignedIn = ag1001) =>
    app.inject({ method: 'GET', url: `${BACK_OFFICE}/desk/quote-links`, headers: who.headers });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    ag1001 = await signedInAs(app, 'agent', { agentCode: 'AG1001', at: clock });
    ag1002 = await signedInAs(app, 'agent', { agentCode: 'AG1002', at: clock });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is the agents’ only: 401 without a session, 403 to staff', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/desk/quote-links`,
      payload: { product: 'travel', market: 'SGP' },
    });
    expect(anonymous.statusCode).toBe(401);
    const marketing = await signedInAs(app, 'marketing', { at: clock });
    expect((await make({ product: 'travel', market: 'SGP' }, marketing)).statusCode).toBe(403);
    expect((await list(marketing)).statusCode).toBe(403);
  });

  it('stores a travel link with its agent, sub-agent and campaign, audited, and opens it counted', async () => {
    const made = await make({
      product: 'travel',
      market: 'SGP',
      lang: 'zh',
      subAgentCode: 'S01',
      campaignCode: 'YEAREND',
      prefill: TRAVEL_PREFILL,
    });
    expect(made.statusCode).toBe(200);
    const { code, path } = made.json();
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(path).toBe(`/travel/link/${code}`);
    const [row] = await database.db.select().from(quoteLinks).where(eq(quoteLinks.code, code));
    expect(row).toMatchObject({
      agentCode: 'AG1001',
      subAgentCode: 'S01',
      campaignCode: 'YEAREND',
      opens: 0,
    });
    // The picker's own closing: two adults and a child is a family.
    expect(row!.prefill).toEqual({
      travel: {
        tripType: 'S',
        destination: '3',
        travellers: { travellerType: 'FM', individuals: 0, adults: 2, children: 1 },
        plan: 'SUPER',
      },
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'quote-link'), eq(auditLog.entityId, code)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor: expect.stringContaining('agent') });

    // The customer's page: no desk session, its own Session-Name.
    const opened = await postRest(app, OPEN, { code }, 'link-customer-01');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      code,
      product: 'travel',
      market: 'SGP',
      language: 'zh',
      agentCode: 'AG1001',
      subAgentCode: 'S01',
      campaignCode: 'YEAREND',
      prefill: row!.prefill,
      dropped: [],
    });
    await postRest(app, OPEN, { code }, 'link-customer-02');
    // Each open is the customer's landing visit on the dashboard's funnel, in the link's market.
    await app.services.funnel.flush();
    const landings = await database.db.select().from(funnelCounts).where(eq(funnelCounts.step, 'landing'));
    expect(landings.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
      { day: '2026-11-25', product: 'PTR', market: 'SGP', step: 'landing', count: 2 },
    ]);
    const listed = (await list()).json().items.find((item: { code: string }) => item.code === code);
    expect(listed).toMatchObject({ opens: 2, quotes: 0, sales: 0, path });
  });

  it('answers an unknown or malformed code with the same 404 or a 400, telling nothing', async () => {
    const unknown = await postRest(app, OPEN, { code: 'AAAAAAAAAAAAAAAA' }, 'link-customer-03');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'code', messageKey: 'quoteLink.notValid' });
    expect(unknown.body).not.toContain('AG1001');
    const malformed = await postRest(app, OPEN, { code: '../../etc' }, 'link-customer-03');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('code');
  });

  it('refuses bad choices with a 400 naming the field', async () => {
    // Starts tomorrow (the clock is 25 Nov 2026 in Singapore): not yet a campaign the shop prices under.
    await insertTravelCampaign(database.db, {
      campaignCode: 'LINKSOON',
      startDate: '2026-11-26',
      endDate: '2026-12-31',
    });
    const soon = await make({ product: 'travel', market: 'SGP', campaignCode: 'LINKSOON' });
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toMatchObject({
      field: 'campaignCode',
      message: expect.stringContaining('not started'),
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ product: 'travel', market: 'SGP', subAgentCode: 'S01' }, ''],
      [{ product: 'travel', market: 'SGP', subAgentCode: 'NOPE' }, 'subAgentCode'],
      [{ product: 'travel', market: 'SGP', campaignCode: 'PAUSED' }, 'campaignCode'],
      [{ product: 'travel', market: 'SGP', campaignCode: 'SUMMER25' }, 'campaignCode'],
      [{ product: 'pa', market: 'SGP', campaignCode: 'YEAREND' }, 'campaignCode'],
      [{ product: 'travel', market: 'SGP', prefill: { travel: { plan: 'GOLD' } } }, 'prefill.travel.plan'],
      [
        {
          product: 'travel',
          market: 'SGP',
          prefill: { travel: { travellers: { travellerType: 'ID', individuals: 0 } } },
        },
        'prefill.travel.travellers',
      ],
      [
        { product: 'travel', market: 'SGP', prefill: { travel: { tripType: 'X' } } },
        'prefill.travel.tripType',
      ],
      [{ product: 'travel', market: 'SGP', prefill: { pa: { occupation: '01' } } }, 'prefill.pa'],
      [{ product: 'pa', market: 'SGP', prefill: { pa: { occupation: '04' } } }, 'prefill.pa.occupation'],
      [{ product: 'pa', market: 'SGP', prefill: { pa: { occupation: '03', plan: 'D' } } }, 'prefill.pa.plan'],
      [
        { product: 'home', market: 'SGP', prefill: { home: { contentsSumInsured: 10 } } },
        'prefill.home.contentsSumInsured',
      ],
      // Nothing personal has a field to go in.
      [{ product: 'travel', market: 'SGP', prefill: { travel: { email: 'a@b.example' } } }, 'prefill.travel'],
    ];
    for (const [payload, field] of cases) {
      const answer = await make(payload);
      if (field === '') {
        expect(answer.statusCode).toBe(200);
        continue;
      }
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().field, JSON.stringify(payload)).toContain(field);
    }
  });

  it('links only in the agent’s own market, then checks the choices by that market’s rules', async () => {
    const hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
    const hongKongHome = {
      product: 'home',
      market: 'HKG',
      prefill: { home: { dwellingType: 'CONDO' } },
    };
    // A Singapore agent does not sell in Hong Kong: refused at the market, before any choice is checked.
    const refused = await make(hongKongHome);
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'market']);
    expect((await make({ product: 'travel', market: 'SGP' }, hk2001)).json().field).toBe('market');
    expect((await make(hongKongHome, hk2001)).statusCode).toBe(200);
    const hdb = await make(
      { product: 'home', market: 'HKG', prefill: { home: { dwellingType: 'HDB', hdbFlatType: '4_ROOM' } } },
      hk2001,
    );
    expect([hdb.statusCode, hdb.json().field]).toEqual([400, 'prefill.home.hdbFlatType']);
    const links = await database.db.select().from(quoteLinks).where(eq(quoteLinks.agentCode, 'AG1001'));
    expect(links.filter((link) => link.market === 'HKG')).toEqual([]);
  });

  it('keeps another agent’s sub-agent and links out of reach', async () => {
    // HK2001's S01 is not AG1002's; AG1002 has no sub-agents at all.
    expect((await make({ product: 'travel', market: 'SGP', subAgentCode: 'S01' }, ag1002)).statusCode).toBe(
      400,
    );
    const mine = (await make({ product: 'pa', market: 'SGP', prefill: { pa: { occupation: '01' } } })).json();
    const theirs = (await list(ag1002)).json().items.map((item: { code: string }) => item.code);
    expect(theirs).not.toContain(mine.code);
  });

  it('opens with what still holds and names what no longer does', async () => {
    const made = (
      await make({
        product: 'pa',
        market: 'SGP',
        subAgentCode: 'S02',
        campaignCode: 'PAFAMILY',
        prefill: { pa: { occupation: '02', insuredPersonType: 'family', adults: 2, children: 2, plan: 'B' } },
      })
    ).json();
    await database.db
      .update(campaigns)
      .set({ status: 'INACTIVE' })
      .where(eq(campaigns.campaignCode, 'PAFAMILY'));
    await database.db
      .update(subAgents)
      .set({ active: false })
      .where(and(eq(subAgents.agentCode, 'AG1001'), eq(subAgents.subAgentCode, 'S02')));
    // A stored choice the rules no longer take (as if the occupation list had changed).
    await database.db
      .update(quoteLinks)
      .set({
        prefill: { pa: { occupation: '04', insuredPersonType: 'family', adults: 2, children: 2, plan: 'B' } },
      })
      .where(eq(quoteLinks.code, made.code));
    const opened = (await postRest(app, OPEN, { code: made.code }, 'link-customer-04')).json();
    expect(opened).toMatchObject({
      agentCode: 'AG1001',
      subAgentCode: null,
      campaignCode: null,
      prefill: { pa: { insuredPersonType: 'family', adults: 2, children: 2, plan: 'B' } },
    });
    expect(opened.dropped).toEqual(['subAgentCode', 'campaignCode', 'pa.occupation']);
  });

  it('counts the quotes and sales of the journeys that came by the link, with commission', async () => {
    const made = (await make({ product: 'travel', market: 'SGP', prefill: TRAVEL_PREFILL })).json();
    const bought = await buyTravelPolicy(app, database.db, {
      today,
      session: 'link-buyer-0001',
      agent: { agentCode: 'AG1001' },
      quote: { quoteLink: made.code },
    });
    expect((bought.row.document as { quoteLink?: string }).quoteLink).toBe(made.code);
    // Another agent's journey carrying the code counts nowhere.
    await buyTravelPolicy(app, database.db, {
      today,
      session: 'link-buyer-0002',
      agent: { agentCode: 'AG1002' },
      quote: { quoteLink: made.code },
    });
    const listed = (await list()).json().items.find((item: { code: string }) => item.code === made.code);
    const premium = bought.row.premiumCents!;
    // AG1001's agent campaign prices travel commission at 15 % (seed agents.json).
    expect(listed).toMatchObject({ quotes: 1, sales: 1, premiumCents: premium, currency: 'SGD' });
    expect(listed.commissionCents).toBe(Math.floor((premium * 1500 + 5000) / 10000));
  });
});
