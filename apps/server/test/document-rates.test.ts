import { recordConsent } from '@lionrock/domain/consents/consents';
import { addDays, formatDmy, formatIso, localDate, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { HOME_RATE_TABLE, PA_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { buildHomePolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buildTestApp, postRest, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const UW = `${BACK_OFFICE}/admin/underwriting`;
const today = localDate(2026, 11, 25);
/** The new tables take effect 20 days from today. */
const effective = addDays(today, 20);

// In Singapore from the effective date: a family covers 4 children free (3 in force) with a 12.5 %
// family discount (10 %), Temporary Total Disablement adds 21.5 % (18 %), an office worker's Plan A
// costs S$175.00 (S$168.00), and Enhanced includes S$65,432 of contents (S$60,000).
const paChanged = structuredClone(PA_RATE_TABLE);
paChanged.markets.SGP.freeChildren = 4;
paChanged.markets.SGP.familyDiscountBasisPoints = 1250;
paChanged.markets.SGP.optionalCovers.TTD!.basisPoints = 2150;
paChanged.markets.SGP.adultAnnual['01']!.A = 17_500;
const homeChanged = structuredClone(HOME_RATE_TABLE);
homeChanged.markets.SGP.includedContentsCents.ENHANCED = 6_543_200;

const OLD_CONTENTS = 'S$60,000.00';
const NEW_CONTENTS = 'S$65,432.00';

/**
 * The documents state the rate figures in force (decision 114), not the tables bundled at build: after
 * underwriting activates a PA and a home rate table with a future date, the generic brochure and wording
 * change on that date (today in the market), and the schedule of a home policy changes for a cover
 * starting from it, not before it, and not for a policy sold before the activation (decision 098).
 */
describeEachDriver('documents: the rate figures in force', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let underwriter: TSignedIn;
  let clock = new Date('2026-11-25T03:00:00Z');
  const { sent, mailer } = recordingMailer();
  const drafts: number[] = [];
  let early: { policyId: string; policyNumber: string };

  beforeAll(async () => {
    // The figures this test changes are the bundled ones.
    expect(PA_RATE_TABLE.markets.SGP).toMatchObject({ freeChildren: 3, familyDiscountBasisPoints: 1000 });
    expect(PA_RATE_TABLE.markets.SGP.optionalCovers.TTD!.basisPoints).toBe(1800);
    expect(PA_RATE_TABLE.markets.SGP.adultAnnual['01']!.A).toBe(16_800);
    expect(HOME_RATE_TABLE.markets.SGP.includedContentsCents.ENHANCED).toBe(6_000_000);
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer });
    underwriter = await signedInAs(app, 'underwriting', { at: clock });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A Singapore document as downloaded; one space wherever pdfText broke a line. */
  const download = async (name: string) => {
    const answer = await app.inject({ url: `/b2c-server/rest/document/get/${name}?country=SGP` });
    expect(answer.statusCode).toBe(200);
    return pdfText(answer.rawPayload).replace(/\s+/g, ' ');
  };

  /** Buys the fixture's Singapore home (Enhanced, S$40,000 of contents) with its cover starting the day after `day`. */
  async function buyHome(day: TLocalDate): Promise<{ policyId: string; policyNumber: string }> {
    const policy = buildHomePolicy(day);
    const quoted = await postRest(app, 'policy/multirate', policy);
    expect(quoted.statusCode, quoted.body.slice(0, 300)).toBe(200);
    const item = quoted.json().policyHome.premiumItems[1];
    expect(item.planName).toBe('ENHANCED');
    const rated = await postRest(app, 'policy/rate', {
      ...policy,
      policyHome: { ...policy.policyHome, selectedPlan: item.planName, policyPremium: item },
    });
    expect(rated.statusCode, rated.body.slice(0, 300)).toBe(200);
    const at = `${formatIso(day)}T02:00:00.000Z`;
    const consent = recordConsent(true, at);
    const pending = await postRest(app, 'policy/updateToPending', {
      ...(rated.json() as Record<string, unknown>),
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
    });
    expect(pending.statusCode, pending.body.slice(0, 300)).toBe(200);
    const receipt = (
      await postReceipt(app, await payAtTestGateway(app, pending.json().paymentSignature))
    ).json();
    expect(receipt).toMatchObject({ paid: true });
    return { policyId: pending.json().policy.policyId, policyNumber: receipt.policyNumber };
  }

  /** The schedule of an issued policy through its signed link. */
  async function byLink(bought: { policyId: string; policyNumber: string }): Promise<string> {
    const link = new URL(await app.services.documents.scheduleLink(bought.policyId, bought.policyNumber));
    const response = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload).replace(/\s+/g, ' ');
  }

  /** The schedule attached to the policy's mail, once the outbox has sent it. */
  async function byMail(policyNumber: string): Promise<string> {
    await app.services.documents.deliverMail();
    const mail = sent.find((message) => message.subject.includes(policyNumber));
    return pdfText(mail!.attachments![0]!.content as Buffer).replace(/\s+/g, ' ');
  }

  /** What the generic documents say in Singapore, from the PA and home tables. */
  async function genericFigures() {
    const [paBrochure, paWording, homeWording, homeBrochure] = await Promise.all([
      download('pa-brochure'),
      download('pa-policyWording'),
      download('home-policyWording'),
      download('home-brochure'),
    ]);
    return { paBrochure, paWording, homeWording, homeBrochure };
  }

  function expectOld(texts: Awaited<ReturnType<typeof genericFigures>>) {
    expect(texts.paBrochure).toContain('up to 3 children covered free, and 10% off');
    expect(texts.paBrochure).toContain('Temporary Total Disablement (+18%)');
    expect(texts.paBrochure).toContain('an office worker pays from S$168.00 a year');
    expect(texts.paWording).toContain('Up to 3 children are covered without premium');
    expect(texts.paWording).toContain('brings a 10% family discount');
    expect(texts.homeWording).toContain(`Enhanced ${OLD_CONTENTS}`);
    expect(texts.homeBrochure).toContain(OLD_CONTENTS);
    for (const text of Object.values(texts)) expect(text).not.toContain(NEW_CONTENTS);
  }

  it('changes nothing while the new versions are drafts', async () => {
    for (const [product, data] of [
      ['PAN', paChanged],
      ['PHM', homeChanged],
    ] as const) {
      const uploaded = await app.inject({
        method: 'POST',
        url: `${UW}/rate-tables`,
        headers: underwriter.headers,
        payload: {
          product,
          country: 'ALL',
          kind: 'rates',
          version: `2027.1-documents-${product}`,
          effectiveDate: formatIso(effective),
          data,
        },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      drafts.push(uploaded.json().id);
    }
    expectOld(await genericFigures());
    // Sold now, its cover starting 5 days after the new tables take effect.
    early = await buyHome(addDays(effective, 4));
    expect(await byLink(early)).toContain(`Household contents ${OLD_CONTENTS}`);
  });

  it('writes a home schedule from the tables in force the day its cover starts, as they were when it was sold', async () => {
    for (const id of drafts) {
      const activated = await app.inject({
        method: 'POST',
        url: `${UW}/rate-tables/${id}/activate`,
        headers: underwriter.headers,
        payload: {},
      });
      expect(activated.statusCode, activated.body).toBe(200);
    }
    // Every instance drops its tables on the table's change notification (PostgreSQL: LISTEN).
    // The pages' rate facts read pricing's cache, as the documents do.
    await vi.waitFor(
      async () => {
        const facts = await app.inject({
          method: 'GET',
          url: `/b2c-server/rest/policy/rate-facts?country=SGP&product=PHM&on=${formatDmy(effective)}`,
          headers: { 'session-name': 'document-rates-session' },
        });
        expect(facts.json().includedContentsCents.ENHANCED).toBe(6_543_200);
      },
      { timeout: 15_000, interval: 200 },
    );
    // Starting on the effective day, and the day before it.
    const from = await buyHome(addDays(effective, -1));
    const before = await buyHome(addDays(effective, -2));
    expect(await byLink(from)).toContain(`Household contents ${NEW_CONTENTS}`);
    expect(await byMail(from.policyNumber)).toContain(`Household contents ${NEW_CONTENTS}`);
    const kept = await byLink(before);
    expect(kept).toContain(`Household contents ${OLD_CONTENTS}`);
    expect(kept).not.toContain(NEW_CONTENTS);
    expect(await byMail(before.policyNumber)).toContain(`Household contents ${OLD_CONTENTS}`);
    // Sold before the activation, starting after the effective date: what it was sold with (decision 098).
    const sold = await byLink(early);
    expect(sold).toContain(`Household contents ${OLD_CONTENTS}`);
    expect(sold).not.toContain(NEW_CONTENTS);
  });

  it('writes the generic brochures and wordings from the tables in force today in the market', async () => {
    // Until the effective day: the version in force today.
    expectOld(await genericFigures());
    clock = new Date(`${formatIso(effective)}T01:00:00Z`);
    const texts = await genericFigures();
    expect(texts.paBrochure).toContain('up to 4 children covered free, and 12.5% off');
    expect(texts.paBrochure).toContain('Temporary Total Disablement (+21.5%)');
    expect(texts.paBrochure).toContain('an office worker pays from S$175.00 a year');
    expect(texts.paWording).toContain('Up to 4 children are covered without premium');
    expect(texts.paWording).toContain('brings a 12.5% family discount');
    expect(texts.homeWording).toContain(`Enhanced ${NEW_CONTENTS}`);
    expect(texts.homeBrochure).toContain(NEW_CONTENTS);
    expect(texts.homeBrochure).not.toContain(OLD_CONTENTS);
  });
});
