import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claims, contactChanges, mailOutbox, policies, stepUpCodes } from '../src/db/schema.ts';
import { dataKeysFor } from '../src/lib/data-encryption.ts';
import { createClaimsRepository } from '../src/modules/claims/claims-repository.ts';
import { multipartBody, TINY_PDF } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { listRoutes } from './helpers/routes.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, recordingMailer, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const REST = '/b2c-server/rest';
const VICTIM = { idNumber: 'S8512345I', dateOfBirth: '15/06/1985' };

/**
 * Issue 27's takeover, replayed (decision 101): a stranger who knows a customer's NRIC and birth date
 * buys the cheapest policy declaring them with the stranger's own e-mail, signs in with it, and tries
 * every after-sale call with the customer's ids. Knowing someone's identity opens, lists, changes,
 * claims on and cancels nothing of theirs.
 */
describeEachDriver('identity after the sale: a stranger with the NRIC and birth date', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  const mail = recordingMailer();
  let victim: TBought;
  let victimAnnual: TBought;
  let attacker: TBought;
  let attackerCookie: string;
  let victimCookie: string;
  /** The victim's own things the stranger aims at. */
  const ids = { draftId: '', claimId: '', claimNumber: '', documentId: '' };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lr-takeover-'));
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, {
      now: () => clock,
      mailer: mail.mailer,
      env: { DATA_DIR: dataDir },
    });
    const today = localDate(2026, 11, 25);
    victim = await buyTravelPolicy(app, database.db, { today });
    victimAnnual = await buyTravelPolicy(app, database.db, {
      today,
      annual: true,
      session: 'victim-annual-02',
    });
    attacker = await buyTravelPolicy(app, database.db, {
      today,
      session: 'attacker-000003',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, { ...VICTIM, email: 'MALLORY@ATTACKER.EXAMPLE' });
      },
    });
    await app.services.documents.deliverMail(50);
    const start = parseIso(String(victim.row.startDate))!;
    clock = new Date(`${formatIso(addDays(start, 2))}T02:00:00.000Z`);

    // The victim has a claim under way, with a document and a payout account, and a submitted one.
    victimCookie = await holderCookieFor(app, database.db, victim.policyId);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({
        method,
        url: `${REST}${url}`,
        headers: { 'session-name': SESSION, cookie: victimCookie },
        payload,
      });
    ids.draftId = (
      await call('POST', '/claims/draft', { policyId: victim.policyId, lang: 'en' })
    ).json().claimId;
    const code = await stepUpCode(app, mail.sent, {
      cookie: victimCookie,
      policyId: victim.policyId,
      purpose: 'claim-payout',
    });
    const saved = await call('PUT', `/claims/draft/${ids.draftId}`, {
      claimType: 'medical',
      incidentDate: formatIso(start),
      incidentPlace: 'Tokyo',
      description: 'Fever, saw a doctor.',
      officials: { noOne: true, officials: {} },
      amountCents: 45_000,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
      stepUpCode: code,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = multipartBody([{ name: 'receipt.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `${REST}/claims/draft/${ids.draftId}/documents`,
      headers: { 'session-name': SESSION, cookie: victimCookie, ...body.headers },
      payload: body.payload,
    });
    ids.documentId = uploaded.json().documents[0].documentId;
    ids.claimId = (
      await call('POST', '/claims/draft', { policyId: victim.policyId, lang: 'en' })
    ).json().claimId;
    ids.claimNumber = 'CSG26-0099999';
    await database.db
      .update(claims)
      .set({ status: 'submitted', claimNumber: ids.claimNumber, submittedAt: clock })
      .where(eq(claims.claimId, ids.claimId));

    // The stranger signs in with their own policy and the victim's facts: the code goes to the stranger.
    mail.sent.length = 0;
    const started = await app.inject({
      method: 'POST',
      url: `${REST}/my-policy/access/start`,
      headers: { 'session-name': SESSION },
      payload: { policyNumber: attacker.policyNumber, ...VICTIM, language: 'en' },
    });
    await app.services.documents.deliverMail(10);
    const codeMail = mail.sent.find((message) => message.to === 'MALLORY@ATTACKER.EXAMPLE')!;
    const verified = await app.inject({
      method: 'POST',
      url: `${REST}/my-policy/access/verify`,
      headers: { 'session-name': SESSION },
      payload: { challenge: started.json().challenge, code: /\b(\d{6})\b/.exec(codeMail.text)![1] },
    });
    expect(verified.statusCode).toBe(200);
    attackerCookie = String(verified.headers['set-cookie']).split(';')[0]!;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const as = (cookie: string, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { 'session-name': SESSION, cookie },
      ...(payload === undefined ? {} : { payload }),
    });

  it("lists the stranger's own policy only", async () => {
    const session = await as(attackerCookie, 'GET', `${REST}/my-policy/session`);
    expect(session.statusCode).toBe(200);
    const numbers = session.json().policies.map((policy: { policyNumber: string }) => policy.policyNumber);
    expect(numbers).toEqual([attacker.policyNumber]);
  });

  it('reaches nothing of the victim on any my-policy, claims or cancellation route, whatever is sent', async () => {
    const routes = listRoutes(app).filter(
      (route) =>
        /^\/b2c-server\/rest\/(my-policy|claims)\//.test(route.url) &&
        /:(policyId|claimId|documentId|claimNumber)/.test(route.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const bodies = [
      {},
      { on: false },
      { confirm: true, reason: 'takeover' },
      { mobileNoCountryCode: '65', mobileNo: '91234567', email: 'MALLORY@ATTACKER.EXAMPLE' },
      { code: '123456' },
      { purpose: 'cancellation', language: 'en' },
      {
        payout: { method: 'bank', bankName: 'Evil Bank', accountNumber: '999-999999-9' },
        stepUpCode: '123456',
      },
    ];
    const targets = fc.record({
      route: fc.constantFrom(...routes),
      policyId: fc.constantFrom(victim.policyId, victimAnnual.policyId),
      claimId: fc.constantFrom(ids.draftId, ids.claimId),
      body: fc.constantFrom(...bodies),
    });
    await fc.assert(
      fc.asyncProperty(targets, async ({ route, policyId, claimId, body }) => {
        const values: Record<string, string> = {
          ':policyId': policyId,
          ':claimId': claimId,
          ':documentId': ids.documentId,
          ':claimNumber': ids.claimNumber,
        };
        const url = route.url
          .split('/')
          .map((segment) => values[segment] ?? segment)
          .join('/');
        const answer = await as(attackerCookie, route.method, url, route.method === 'GET' ? undefined : body);
        // Refused as if the victim's things did not exist: never a 2xx, never a 403 or 409 that tells it does.
        // A 415 (wrong body type) is answered before any record is looked up, so it tells nothing either.
        expect([400, 404, 415], `${route.method} ${route.url}: ${answer.body}`).toContain(answer.statusCode);
        expect(answer.body).not.toContain(victim.policyNumber);
        expect(answer.body).not.toContain(ids.claimNumber);
      }),
      { numRuns: 120 },
    );
    // The draft is started on the victim's policy by id in the body: refused alike.
    const started = await as(attackerCookie, 'POST', `${REST}/claims/draft`, {
      policyId: victim.policyId,
      lang: 'en',
    });
    expect(started.statusCode).toBe(404);
  });

  it("changed nothing of the victim's: address, mobile, status, claims, payout, codes", async () => {
    const [row] = await database.db.select().from(policies).where(eq(policies.policyId, victim.policyId));
    expect(row!.status).toBe('issued');
    expect(row!.contactEmail).toBe('weiming.tan@example.com');
    expect(JSON.stringify(row!.document)).toBe(JSON.stringify(victim.row.document));
    expect(
      await database.db.select().from(contactChanges).where(eq(contactChanges.policyId, victim.policyId)),
    ).toEqual([]);
    const victimClaims = await database.db.select().from(claims).where(eq(claims.policyId, victim.policyId));
    expect(victimClaims).toHaveLength(2);
    // The payout is sealed at rest (decision 106): read as the claims module reads it.
    const repository = createClaimsRepository(database.db, {
      keys: () => dataKeysFor(database.db, testConfig()),
    });
    expect((await repository.findClaim(ids.draftId))?.payout).toMatchObject({
      accountNumber: '012-345678-9',
    });
    // No step-up code was mailed for the victim's policies, and nothing went to the stranger about them.
    const codes = await database.db
      .select()
      .from(stepUpCodes)
      .where(eq(stepUpCodes.policyId, victimAnnual.policyId));
    expect(codes).toEqual([]);
    const toStranger = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'MALLORY@ATTACKER.EXAMPLE'));
    expect(toStranger.every((row) => row.policyId === attacker.policyId)).toBe(true);
  });

  it("reaches the victim's policies from the victim's own address alone", async () => {
    const session = await as(victimCookie, 'GET', `${REST}/my-policy/session`);
    const numbers = session.json().policies.map((policy: { policyNumber: string }) => policy.policyNumber);
    expect(numbers).toEqual(expect.arrayContaining([victim.policyNumber, victimAnnual.policyNumber]));
    expect(numbers).not.toContain(attacker.policyNumber);
    expect((await as(victimCookie, 'GET', `${REST}/claims/${ids.claimNumber}`)).statusCode).toBe(200);
  });
});
