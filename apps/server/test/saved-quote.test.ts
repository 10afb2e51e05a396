import { createHash } from 'node:crypto';
import { recordConsent } from '@lionrock/domain/consents/consents';
import { addDays, formatIso, localDate } from '@lionrock/domain/dates/local-date';
import { TRAVEL_RATE_TABLES } from '@lionrock/domain/rating/bundled-rate-tables';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import {
  SAVED_QUOTE_REMINDER_HOURS,
  SAVED_QUOTE_SAVES_PER_WINDOW,
  SAVED_QUOTE_VALID_DAYS,
} from '@lionrock/domain/self-service/saved-quote-rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateTables, savedQuotes } from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { buyTravelPolicy } from './helpers/purchase.ts';
import { buildTestApp, logSink, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const HOUR = 3_600_000;
// 02:00 UTC (10:00 in Singapore) of the real day: the database stamps a quote's updated_at with its own
// now(), which the abandoned-journey scan compares with the shop's clock, so the two must agree on the day.
const REAL = new Date();
const START = new Date(Date.UTC(REAL.getUTCFullYear(), REAL.getUTCMonth(), REAL.getUTCDate(), 2));
const TODAY = localDate(REAL.getUTCFullYear(), REAL.getUTCMonth() + 1, REAL.getUTCDate());

/** Quotes saved for later (decisions 076, 077): the link, its token, re-rating and the one reminder. */
describeEachDriver('saved quotes', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = START;
  const logs: string[] = [];
  const { sent, mailer } = recordingMailer();
  let session = 0;
  const newSession = () => {
    session += 1;
    return `saved-quote-test-${String(session).padStart(4, '0')}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const logStream = logSink((text) => logs.push(text));
    app = await buildTestApp(database, {
      now: () => clock,
      mailer,
      logStream,
      env: { LOG_LEVEL: 'info' },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A travel journey through an agent's link with the campaign's promo code, rated as the quote page does. */
  async function ratedJourney(sessionName: string, options: { marketing?: boolean } = {}) {
    const input = buildTravelPolicy(TODAY, {
      agentCode: 'AG1001',
      subAgentId: 'S02',
      campaign: { campaignCode: 'YEAREND' },
      promo: 'YEAREND25',
      lang: 'zh',
    } as never);
    const plans = await postRest(app, 'policy/multirate', input, sessionName);
    expect(plans.statusCode, plans.body).toBe(200);
    const rated = await postRest(
      app,
      'policy/rate',
      {
        ...input,
        policyTravel: { ...input.policyTravel, policyPremium: plans.json().policyTravel.premiumItems[0] },
      },
      sessionName,
    );
    expect(rated.statusCode, rated.body).toBe(200);
    const policy = rated.json();
    if (options.marketing !== undefined) {
      const at = clock.toISOString();
      policy.consents = {
        declaration1: recordConsent(true, at),
        declaration2: recordConsent(true, at),
        marketing: recordConsent(options.marketing, at),
      };
    }
    return policy;
  }

  const save = (sessionName: string, policy: unknown, extra: Record<string, unknown> = {}) =>
    postRest(
      app,
      'saved-quote',
      { policy, step: 'confirm', email: `${sessionName}@example.com`, language: 'zh', ...extra },
      sessionName,
    );
  const open = (token: string, sessionName: string) =>
    postRest(app, 'saved-quote/open', { token }, sessionName);

  async function deliver(): Promise<TMailMessage[]> {
    const before = sent.length;
    await app.services.documents.deliverMail(50);
    return sent.slice(before);
  }
  const tokenIn = (mail: TMailMessage) => /\/travel\/resume#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

  async function saveAndRead(sessionName: string, policy: unknown, extra: Record<string, unknown> = {}) {
    const answer = await save(sessionName, policy, extra);
    expect(answer.statusCode, answer.body).toBe(200);
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    return { mail: mails[0]!, token: tokenIn(mails[0]!)! };
  }

  it('mails a link whose token is random, 256 bits, and kept only as its hash', async () => {
    clock = START;
    const mine = newSession();
    const policy = await ratedJourney(mine);
    const { mail, token } = await saveAndRead(mine, policy, { email: 'Wei.Ming@Example.com' });
    expect(mail.to).toBe('Wei.Ming@Example.com');
    // In the customer's language: Simplified Chinese for Singapore, the product's word from the catalogue.
    expect(mail.subject).toContain('旅游保险');
    expect(mail.text).toMatch(/\/travel\/resume#/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(savedQuotes).where(eq(savedQuotes.sessionName, mine));
    expect(row!.tokenHash).toBe(sha256(token));
    // Once mailed, the token is nowhere in the database: not sealed, not in the document.
    expect(row!.sealedToken).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
    // Never trusted: the document keeps no policy id, payment or token field of the browser's.
    expect(row!.document).not.toHaveProperty('policyId');
    expect(row!.document).not.toHaveProperty('saveForLaterToken');
    // Another save makes another, unrelated token.
    const other = newSession();
    const second = await saveAndRead(other, await ratedJourney(other));
    expect(second.token).not.toBe(token);
  });

  it('reopens on another session at the step it was saved, with the agent, campaign and promo, as that session’s quote', async () => {
    clock = START;
    const mine = newSession();
    const policy = await ratedJourney(mine);
    const { token } = await saveAndRead(mine, policy);
    const elsewhere = newSession();
    const opened = await open(token, elsewhere);
    expect(opened.statusCode, opened.body).toBe(200);
    const body = opened.json();
    expect(body).toMatchObject({ step: 'confirm', previousTotalCents: null, invalid: null, language: 'zh' });
    expect(body.policy).toMatchObject({
      agentCode: 'AG1001',
      subAgentId: 'S02',
      promo: 'YEAREND25',
      lang: 'zh',
      country: 'SGP',
      campaign: { campaignCode: 'YEAREND' },
    });
    expect(body.policy.policyTravel.applicant.fullName).toBe('TAN WEI MING');
    expect(body.policy.policyTravel.policyPremium.totalPremium).toBe(
      policy.policyTravel.policyPremium.totalPremium,
    );
    // A new quote owned by the session that opened it, not the saver's.
    expect(body.policy.policyId).not.toBe(policy.policyId);
    const again = await postRest(app, 'policy/rate', body.policy, elsewhere);
    expect(again.statusCode, again.body).toBe(200);
    expect((await postRest(app, 'policy/rate', body.policy, mine)).statusCode).toBe(403);
    // The customer may open the same link twice.
    expect((await open(token, newSession())).statusCode).toBe(200);
  });

  it('keeps one live token per journey: a second save voids the first', async () => {
    clock = START;
    const mine = newSession();
    const policy = await ratedJourney(mine);
    const first = await saveAndRead(mine, policy);
    const second = await saveAndRead(mine, policy, { step: 'applicant' });
    const refused = await open(first.token, newSession());
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ field: 'token', messageKey: 'savedQuote.linkNotValid' });
    const opened = await open(second.token, newSession());
    expect(opened.json().step).toBe('applicant');
    // A save from the session that reopened it replaces that token too.
    const resumer = newSession();
    expect((await open(second.token, resumer)).statusCode).toBe(200);
    const third = await saveAndRead(resumer, policy);
    expect((await open(second.token, newSession())).statusCode).toBe(404);
    expect((await open(third.token, newSession())).statusCode).toBe(200);
  });

  it('refuses forged, unknown and expired tokens alike', async () => {
    clock = START;
    const mine = newSession();
    const { token } = await saveAndRead(mine, await ratedJourney(mine));
    expect((await open('A'.repeat(43), newSession())).statusCode).toBe(404);
    expect(
      (await open(`${token.slice(0, 42)}${token[42] === 'A' ? 'B' : 'A'}`, newSession())).statusCode,
    ).toBe(404);
    expect((await open('short', newSession())).statusCode).toBe(400);
    clock = new Date(START.getTime() + SAVED_QUOTE_VALID_DAYS * 24 * HOUR - 1000);
    // Still open the second before its 30 days end (the trip has left by then: back to the quote step).
    expect((await open(token, newSession())).statusCode).toBe(200);
    clock = new Date(START.getTime() + SAVED_QUOTE_VALID_DAYS * 24 * HOUR + 1000);
    const expired = await open(token, newSession());
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ field: 'token', messageKey: 'savedQuote.linkNotValid' });
    clock = START;
  });

  it('re-rates with the rates in force for its cover and says the price changed, as the 409 flow does', async () => {
    clock = START;
    const mine = newSession();
    const policy = await ratedJourney(mine);
    const shownCents = Math.round(policy.policyTravel.policyPremium.totalPremium * 100);
    const { token } = await saveAndRead(mine, policy);
    expect((await open(token, newSession())).json().previousTotalCents).toBeNull();
    // New single-trip rates, 20% up, in force from the 27th: before the trip begins, so its cover is
    // priced by them (a table is chosen by the day cover starts, decision 085).
    const table = structuredClone(TRAVEL_RATE_TABLES.SGP) as unknown as {
      version: string;
      effectiveDate: string;
      single: { areas: Record<string, Record<string, number[]>> };
    };
    table.version = '2026.9-test';
    table.effectiveDate = formatIso(addDays(TODAY, 2));
    for (const area of Object.values(table.single.areas))
      for (const plan of Object.keys(area)) area[plan] = area[plan]!.map((cents) => Math.round(cents * 1.2));
    await database.db.insert(rateTables).values({
      product: 'PTR',
      country: 'SGP',
      kind: 'rates',
      version: table.version,
      effectiveDate: table.effectiveDate,
      checksum: 'test',
      data: table,
    });
    // The rate-table cache is dropped by the change notification, which may take a moment.
    const reopened = async (changed: boolean) => {
      let body = (await open(token, newSession())).json();
      for (let tries = 0; (body.previousTotalCents !== null) !== changed && tries < 30; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        body = (await open(token, newSession())).json();
      }
      return body;
    };
    try {
      const body = await reopened(true);
      expect(body.step).toBe('confirm');
      expect(body.previousTotalCents).toBe(shownCents);
      const todayCents = Math.round(body.policy.policyTravel.policyPremium.totalPremium * 100);
      expect(todayCents).toBe(Math.round(shownCents * 1.2));
    } finally {
      await database.db.delete(rateTables).where(eq(rateTables.version, table.version));
      // Gone again before the next test rates a journey.
      expect((await reopened(false)).previousTotalCents).toBeNull();
      clock = START;
    }
  });

  it('says a changed price only against the price the server gave when the journey was saved', async () => {
    // Issue 27 section 5: a saved journey whose own total says S$0.01 reopened with "was S$0.01".
    clock = START;
    for (const step of ['confirm', 'applicant'] as const) {
      const mine = newSession();
      const policy = await ratedJourney(mine);
      const serverCents = Math.round(policy.policyTravel.policyPremium.totalPremium * 100);
      const forged = {
        ...policy,
        policyTravel: {
          ...policy.policyTravel,
          policyPremium: { ...policy.policyTravel.policyPremium, premium: 0.01, totalPremium: 0.01 },
          premiumItems: policy.policyTravel.premiumItems?.map((item: object) => ({
            ...item,
            totalPremium: 0.01,
          })),
        },
      };
      const { token } = await saveAndRead(mine, forged, { step });
      const opened = await open(token, newSession());
      expect(opened.statusCode, opened.body).toBe(200);
      const body = opened.json();
      expect(body.previousTotalCents, step).toBeNull();
      expect(Math.round(body.policy.policyTravel.policyPremium.totalPremium * 100), step).toBe(serverCents);
      expect(JSON.stringify(body), step).not.toMatch(/"(?:totalPremium|premium)":0\.01\b/);
      // What is kept is the server's own figure, not the page's.
      const [row] = await database.db.select().from(savedQuotes).where(eq(savedQuotes.sessionName, mine));
      const kept = (row!.document as { policyTravel: { policyPremium: { totalPremium?: number } } })
        .policyTravel;
      expect(kept.policyPremium.totalPremium, step).toBe(serverCents / 100);
    }
  });

  it('keeps no price for a journey the server could not price when it was saved', async () => {
    clock = START;
    const mine = newSession();
    const policy = await ratedJourney(mine);
    // A plan the rate tables do not have: nothing to price, so nothing of the page's is kept either.
    const unknownPlan = {
      ...policy,
      policyTravel: {
        ...policy.policyTravel,
        policyPremium: { ...policy.policyTravel.policyPremium, planName: 'No Such Plan', totalPremium: 0.01 },
      },
    };
    expect((await save(mine, unknownPlan)).statusCode).toBe(200);
    await deliver();
    const [row] = await database.db.select().from(savedQuotes).where(eq(savedQuotes.sessionName, mine));
    const kept = (row!.document as { policyTravel: { policyPremium: Record<string, unknown> } }).policyTravel;
    expect(kept.policyPremium).not.toHaveProperty('totalPremium');
  });

  it('reopens a journey whose departure has passed at the quote step, with the date error', async () => {
    clock = START;
    const mine = newSession();
    const { token } = await saveAndRead(mine, await ratedJourney(mine));
    clock = new Date(START.getTime() + 20 * 24 * HOUR);
    const opened = await open(token, newSession());
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      step: 'quote',
      invalid: { field: expect.stringMatching(/deptDate/) },
    });
    clock = START;
  });

  it('checks the address, refuses an issued policy, and limits saves per session and mails per address', async () => {
    clock = START;
    const mine = newSession();
    const policy = await ratedJourney(mine);
    const bad = await save(mine, policy, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'email' });
    // A price in the document is not a reason to refuse: it is never trusted, only compared on reopening.
    const hurried = newSession();
    for (let index = 0; index < SAVED_QUOTE_SAVES_PER_WINDOW; index += 1)
      expect((await save(hurried, policy, { email: `hurry${index}@example.com` })).statusCode).toBe(200);
    const over = await save(hurried, policy, { email: 'hurry-more@example.com' });
    expect(over.statusCode).toBe(429);
    await deliver();
    // Many sessions, one address: the answer stays 200, but the address gets no more mail.
    for (let index = 0; index < SAVED_QUOTE_SAVES_PER_WINDOW + 2; index += 1)
      expect((await save(newSession(), policy, { email: 'target@example.com' })).statusCode).toBe(200);
    const toTarget = (await deliver()).filter((mail) => mail.to === 'target@example.com');
    expect(toTarget).toHaveLength(SAVED_QUOTE_SAVES_PER_WINDOW);

    const buyer = 'saved-quote-bought-0001';
    const bought = await buyTravelPolicy(app, database.db, { today: TODAY, session: buyer });
    const issued = await save(
      buyer,
      { ...policy, policyId: bought.policyId },
      { email: 'buyer@example.com' },
    );
    expect(issued.statusCode).toBe(409);
  }, 60_000);

  it('writes no e-mail address or token in any log line', async () => {
    const joined = logs.join('\n');
    expect(joined).toContain('quote saved for later');
    expect(joined).toContain('saved quote reopened');
    expect(joined.toLowerCase()).not.toContain('wei.ming@example.com');
    expect(joined).not.toContain('target@example.com');
    for (const mail of sent) {
      const token = tokenIn(mail);
      if (token) expect(joined).not.toContain(token);
    }
  });

  describe('the reminder', () => {
    it('goes once, 24 hours after the journey was left, with a working link; never to an opted-out or bought journey', async () => {
      // Decide every earlier test's journey first, so this test counts only its own.
      clock = new Date(START.getTime() + 2 * SAVED_QUOTE_REMINDER_HOURS * HOUR);
      await app.services.savedQuotes.runReminderScan(1000);
      await deliver();
      const base = new Date(START.getTime() + 3 * SAVED_QUOTE_REMINDER_HOURS * HOUR);
      clock = base;
      const today = addDays(TODAY, 3);
      const journey = async (sessionName: string, marketing?: boolean) => {
        const input = buildTravelPolicy(today, { lang: 'en' } as never);
        const plans = await postRest(app, 'policy/multirate', input, sessionName);
        const rated = await postRest(
          app,
          'policy/rate',
          {
            ...input,
            policyTravel: { ...input.policyTravel, policyPremium: plans.json().policyTravel.premiumItems[0] },
          },
          sessionName,
        );
        const policy = rated.json();
        if (marketing !== undefined) {
          const consent = recordConsent(true, base.toISOString());
          policy.consents = {
            declaration1: consent,
            declaration2: consent,
            marketing: recordConsent(marketing, ''),
          };
        }
        return policy;
      };
      const willing = newSession();
      const unwilling = newSession();
      const buyer = 'saved-quote-reminder-buyer-0001';
      expect(
        (await save(willing, await journey(willing), { email: 'willing@example.com', language: 'en' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await save(unwilling, await journey(unwilling, false), { email: 'no-marketing@example.com' }))
          .statusCode,
      ).toBe(200);
      expect((await save(buyer, await journey(buyer), { email: 'buyer@example.com' })).statusCode).toBe(200);
      await buyTravelPolicy(app, database.db, { today, session: buyer });
      // The links, and the bought policy's own e-mail.
      await deliver();

      clock = new Date(base.getTime() + (SAVED_QUOTE_REMINDER_HOURS - 1) * HOUR);
      expect(await app.services.savedQuotes.runReminderScan()).toEqual({ sent: 0, optedOut: 0, bought: 0 });
      clock = new Date(base.getTime() + SAVED_QUOTE_REMINDER_HOURS * HOUR + 1000);
      const first = await app.services.savedQuotes.runReminderScan();
      expect(first).toMatchObject({ sent: 1, optedOut: 1, bought: 1 });
      const reminders = await deliver();
      expect(reminders.map((mail) => mail.to)).toEqual(['willing@example.com']);
      expect(reminders[0]!.subject).toContain('still waiting');
      const token = tokenIn(reminders[0]!)!;
      expect((await open(token, newSession())).statusCode).toBe(200);
      // Never twice, however often the scan runs or the customer saves again.
      expect(await app.services.savedQuotes.runReminderScan()).toEqual({ sent: 0, optedOut: 0, bought: 0 });
      clock = new Date(clock.getTime() + 3 * SAVED_QUOTE_REMINDER_HOURS * HOUR);
      expect(await app.services.savedQuotes.runReminderScan()).toEqual({ sent: 0, optedOut: 0, bought: 0 });
      expect((await deliver()).length).toBe(0);
    }, 60_000);

    it('reaches an abandoned quote with the applicant’s e-mail, never saved, once', async () => {
      // A policy row's updatedAt is the database's clock: the scan runs a day past it.
      const abandoned = newSession();
      const input = buildTravelPolicy(TODAY, {} as never);
      const plans = await postRest(app, 'policy/multirate', input, abandoned);
      const rated = await postRest(
        app,
        'policy/rate',
        {
          ...input,
          policyTravel: { ...input.policyTravel, policyPremium: plans.json().policyTravel.premiumItems[0] },
        },
        abandoned,
      );
      expect(rated.statusCode).toBe(200);
      clock = new Date(Date.now() + (SAVED_QUOTE_REMINDER_HOURS + 1) * HOUR);
      const result = await app.services.savedQuotes.runReminderScan();
      expect(result.sent).toBeGreaterThanOrEqual(1);
      const mails = await deliver();
      const mine = mails.filter((mail) => mail.to === 'WEIMING.TAN@EXAMPLE.COM');
      expect(mine.length).toBeGreaterThanOrEqual(1);
      const [row] = await database.db
        .select()
        .from(savedQuotes)
        .where(eq(savedQuotes.sessionName, abandoned));
      expect(row).toMatchObject({ source: 'abandoned', reminderOutcome: 'sent', step: 'confirm' });
      expect(await app.services.savedQuotes.runReminderScan()).toEqual({ sent: 0, optedOut: 0, bought: 0 });
      // Once its link has ended, the journey and the personal details it holds are deleted, and the
      // abandoned policy is not reminded again.
      clock = new Date(clock.getTime() + (SAVED_QUOTE_VALID_DAYS + 1) * 24 * HOUR);
      const later = await app.services.savedQuotes.runReminderScan();
      expect(later).toMatchObject({ sent: 0 });
      expect(later.deleted).toBeGreaterThanOrEqual(1);
      expect(
        await database.db.select().from(savedQuotes).where(eq(savedQuotes.sessionName, abandoned)),
      ).toEqual([]);
      expect(await app.services.savedQuotes.runReminderScan()).toMatchObject({ sent: 0 });
      clock = START;
    });
  });
});
