import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, savedQuotes } from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { DESK_QUOTES_PER_HOUR } from '../src/modules/back-office/desk/desk-quote-routes.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * An agent's quote for a customer (issue 18, decision 087): rated at the desk, saved as a quote saved
 * for later, and mailed to the customer, who reopens it with the agent and the price the agent saw.
 */
describeEachDriver('agents desk: quote for a customer', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-25T02:00:00.000Z');
  const { sent, mailer } = recordingMailer();
  let ag1001: TSignedIn;
  let hk2001: TSignedIn;

  const travel = {
    product: 'travel',
    market: 'SGP',
    customerEmail: 'Wei.Ming@Example.com',
    language: 'en',
    subAgentCode: 'S02',
    travel: {
      tripType: 'S',
      destination: '6',
      departureDate: '2026-12-10',
      returnDate: '2026-12-16',
      travellers: { travellerType: 'ID', individuals: 2 },
    },
  };
  const pa = {
    product: 'pa',
    market: 'SGP',
    customerEmail: 'mei.ling@example.com',
    language: 'zh',
    pa: {
      occupation: '01',
      insuredPersonType: 'individual',
      effectiveDate: '2026-11-26',
      residency: 'CITIZEN',
    },
  };

  const quote = (who: TSignedIn, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `${BACK_OFFICE}/desk/quotes`, headers: who.headers, payload });

  async function deliver(): Promise<TMailMessage[]> {
    const before = sent.length;
    await app.services.documents.deliverMail(50);
    return sent.slice(before);
  }
  const tokenIn = (mail: TMailMessage, product: string) =>
    new RegExp(`/${product}/resume#([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer });
    ag1001 = await signedInAs(app, 'agent', { agentCode: 'AG1001', at: clock });
    hk2001 = await signedInAs(app, 'agent', { agentCode: 'HK2001', at: clock });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('mails the customer a link that reopens the quote with the agent and the price the agent saw', async () => {
    const answer = await quote(ag1001, travel);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    // The desk learns where it went, masked; never the link or its token.
    expect(body.sentTo).toBe(maskEmail('Wei.Ming@Example.com'));
    expect(body.sentTo).not.toContain('Wei.Ming');
    expect(JSON.stringify(body)).not.toMatch(/resume|#/);
    expect(body.plans.length).toBeGreaterThan(0);

    const mails = await deliver();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('Wei.Ming@Example.com');
    expect(mail.subject).toContain('Your agent prepared');
    expect(mail.text).toContain('Tan Wei Ling');
    expect(mail.text).toContain('RNF-TWL-1001');
    const token = tokenIn(mail, 'travel')!;
    expect(token).toBeTruthy();

    const opened = await postRest(app, 'saved-quote/open', { token }, 'customer-of-ag1001');
    expect(opened.statusCode, opened.body).toBe(200);
    const journey = opened.json();
    expect(journey.step).toBe('quote');
    expect(journey.policy).toMatchObject({ agentCode: 'AG1001', subAgentId: 'S02', country: 'SGP' });
    expect(journey.policy.policyTravel).toMatchObject({
      paPolicyType: 'S',
      travellerType: 'ID',
      travellerIndividual: 2,
      journeyCode: '6',
      deptDate: '10/12/2026',
      returnDate: '16/12/2026',
    });
    const prices = (items: Array<{ planCode: string; totalPremium: number }>) =>
      Object.fromEntries(items.map((item) => [item.planCode, item.totalPremium]));
    expect(prices(journey.policy.policyTravel.premiumItems)).toEqual(prices(body.plans));

    const [row] = await database.db.select().from(savedQuotes).where(eq(savedQuotes.source, 'agent'));
    expect(row!.email).toBe('Wei.Ming@Example.com');
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'quote-for-customer'), eq(auditLog.entityId, 'AG1001')));
    expect(audit).toBeTruthy();
    expect(JSON.stringify(audit)).not.toContain('Wei.Ming@Example.com');
  });

  it('mails a PA quote in Chinese, and names the occupation field when the rating declines it', async () => {
    const answer = await quote(ag1001, pa);
    expect(answer.statusCode, answer.body).toBe(200);
    const [mail] = await deliver();
    expect(mail!.subject).toContain('代理人');
    const opened = await postRest(app, 'saved-quote/open', { token: tokenIn(mail!, 'pa') }, 'pa-customer');
    expect(opened.statusCode, opened.body).toBe(200);
    // The risk statement stays the customer's to declare: the quote step reopens asking for it.
    expect(opened.json()).toMatchObject({
      step: 'quote',
      language: 'zh',
      invalid: { field: 'policyPAN.riskStatementDeclared' },
    });
    expect(opened.json().policy).toMatchObject({
      agentCode: 'AG1001',
      policyPAN: { riskStatementDeclared: false, insured: { adult1: { occupation: '01' } } },
    });
    const declined = await quote(ag1001, { ...pa, pa: { ...pa.pa, occupation: '04' } });
    expect(declined.statusCode, declined.body).toBe(400);
    expect(declined.json()).toMatchObject({ field: 'pa.occupation' });
    expect(await deliver()).toHaveLength(0);
  });

  it('mails a home quote for a Singapore HDB flat, reopened with the agent', async () => {
    const answer = await quote(ag1001, {
      product: 'home',
      market: 'SGP',
      customerEmail: 'home.owner@example.com',
      language: 'en',
      home: {
        dwellingType: 'HDB',
        hdbFlatType: '4_ROOM',
        ownership: 'OWNER',
        contentsSumInsured: 40_000,
        effectiveDate: '2026-11-26',
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().plans.length).toBeGreaterThan(0);
    const [mail] = await deliver();
    const opened = await postRest(
      app,
      'saved-quote/open',
      { token: tokenIn(mail!, 'home') },
      'home-customer',
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ step: 'quote', invalid: null });
    expect(opened.json().policy).toMatchObject({
      agentCode: 'AG1001',
      policyHome: { dwellingType: 'HDB', hdbFlatType: '4_ROOM', contentsSumInsured: 40_000 },
    });
  });

  it("refuses another agent's sub-agent, a bad e-mail, and staff roles", async () => {
    // Hong Kong's agent in its own market, with a sub-agent of AG1001's (S02; its own is S01).
    const other = await quote(hk2001, { ...travel, market: 'HKG', subAgentCode: 'S02' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ field: 'subAgentCode' });
    // And in Singapore's, refused first for the market (agent licensing, issue 28).
    const abroad = await quote(hk2001, travel);
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json()).toMatchObject({ field: 'market' });
    const email = await quote(ag1001, { ...travel, customerEmail: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ field: 'customerEmail' });
    for (const role of ['operations', 'marketing', 'read_only'] as const) {
      const staff = await signedInAs(app, role, { at: clock });
      expect((await quote(staff, travel)).statusCode).toBe(403);
    }
    expect(
      (await app.inject({ method: 'POST', url: `${BACK_OFFICE}/desk/quotes`, payload: travel })).statusCode,
    ).toBe(401);
    expect(await deliver()).toHaveLength(0);
  });

  it('allows an agent 50 quotes an hour', async () => {
    const agent = await signedInAs(app, 'agent', { agentCode: 'AG1001', at: clock });
    const statuses: number[] = [];
    // The earlier tests' quotes count too: the agent code is the key, not the account.
    for (let i = 0; i < DESK_QUOTES_PER_HOUR; i += 1) {
      const answer = await quote(agent, { ...travel, customerEmail: `limit-${i}@example.com` });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(DESK_QUOTES_PER_HOUR);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  }, 120_000);
});
