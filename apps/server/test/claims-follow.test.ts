import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { claimDecisions, policies } from '../src/db/schema.ts';
import { HOLDER_COOKIE } from '../src/modules/policyholder/holder-access.ts';
import { multipartBody, TINY_PDF } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const BASE = '/b2c-server/rest/claims';

/**
 * Claims a customer can follow (issue 29): the policy's claims with dates, decisions and amounts; the
 * mail's status link that proves the mailbox and opens the claim; "more information needed" answered
 * online; no new claim on a cancelled policy; a second identical claim questioned; the real messages.
 */
describeEachDriver('claims a customer can follow', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let mine: TBought;
  let cookie: string;
  let incidentDate: string;
  const mail = recordingMailer();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lr-claims-follow-'));
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer: mail.mailer, env: { DATA_DIR: dataDir } });
    mine = await buyTravelPolicy(app, database.db, { today: localDate(2026, 11, 25) });
    const start = parseIso(String(mine.row.startDate))!;
    incidentDate = formatIso(start);
    clock = new Date(`${formatIso(addDays(start, 2))}T02:00:00.000Z`);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    cookie = await holderCookieFor(app, database.db, mine.policyId);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = cookie) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { 'session-name': SESSION, ...(as ? { cookie: as } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (url: string, files: { name: string; type: string; bytes: Buffer }[]) => {
    const body = multipartBody(files);
    return app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { 'session-name': SESSION, cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const pdf = { name: 'receipt.pdf', type: 'application/pdf', bytes: TINY_PDF };

  /** A whole claim on my policy, submitted; `confirmDuplicate` as the customer's answer to the question. */
  async function makeClaim(claimType = 'medical', confirmDuplicate?: boolean) {
    const started = await call('POST', '/draft', { policyId: mine.policyId, lang: 'en' });
    expect(started.statusCode, started.body).toBe(200);
    const claimId = started.json().claimId as string;
    const code = await stepUpCode(app, mail.sent, {
      cookie,
      policyId: mine.policyId,
      purpose: 'claim-payout',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
    const saved = await call('PUT', `/draft/${claimId}`, {
      claimType,
      incidentDate,
      incidentPlace: 'Tokyo',
      description: 'Fell ill with a fever and saw a doctor at the hotel.',
      officials: { noOne: true, officials: {} },
      amountCents: 45_000,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
      stepUpCode: code,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(`/draft/${claimId}/documents`, [pdf])).statusCode).toBe(200);
    const submitted = await call(
      'POST',
      `/draft/${claimId}/submit`,
      confirmDuplicate === undefined ? {} : { confirmDuplicate },
    );
    return { claimId, submitted };
  }

  it('lists the claims on my policy with their dates, decisions and amounts, to my session only', async () => {
    const { claimId, submitted } = await makeClaim('baggage');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { claimNumber } = submitted.json();
    for (const to of ['underReview', 'approved'] as const)
      await app.services.claims.moveStatus(claimId, to, {
        decision: to === 'approved' ? { amountApprovedCents: 30_000 } : {},
        actor: { id: null, label: 'claims.officer' },
        alongside: async () => {},
      });
    const listed = await call('GET', `/policy/${mine.policyId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ policyNumber: mine.policyNumber, canClaim: true });
    const row = listed
      .json()
      .claims.find((claim: { claimNumber: string }) => claim.claimNumber === claimNumber);
    expect(row).toMatchObject({
      status: 'approved',
      claimType: 'baggage',
      incidentDate,
      amountCents: 45_000,
      amountApprovedCents: 30_000,
      currency: 'SGD',
    });
    expect(row.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.statusAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A draft is not a claim made; no session reaches nothing.
    expect((await call('GET', `/policy/${mine.policyId}`, undefined, '')).statusCode).toBe(401);
  });

  it('questions a second claim of the same type on the same incident date until the customer confirms it', async () => {
    const first = await makeClaim('medical', true);
    expect(first.submitted.statusCode, first.submitted.body).toBe(200);
    const second = await makeClaim('medical');
    expect(second.submitted.statusCode).toBe(409);
    expect(second.submitted.json()).toMatchObject({
      field: 'duplicate',
      messageKey: 'claims.errors.duplicate',
      values: { claimNumber: first.submitted.json().claimNumber },
    });
    const confirmed = await call('POST', `/draft/${second.claimId}/submit`, { confirmDuplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().claimNumber).not.toBe(first.submitted.json().claimNumber);
  });

  it('says an empty file is empty, and refuses a long place rather than cutting it', async () => {
    const started = await call('POST', '/draft', { policyId: mine.policyId, lang: 'en' });
    const claimId = started.json().claimId as string;
    const empty = await upload(`/draft/${claimId}/documents`, [{ ...pdf, bytes: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'file', messageKey: 'claims.errors.documentEmpty' });
    expect(empty.json().message).toContain('empty');
    // Limits are refused, never cut: a place over its length is a 400 and nothing is saved.
    const long = await call('PUT', `/draft/${claimId}`, { incidentPlace: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);
    expect((await call('GET', `/draft/${claimId}`)).json().incidentPlace).toBe('');
  });

  it('asks for more information, takes the documents and a note online, and sends the claim back to the queue', async () => {
    const { claimId, submitted } = await makeClaim('tripCancellation');
    const { claimNumber } = submitted.json();
    // Not waiting yet: nothing may be sent.
    expect((await call('POST', `/${claimNumber}/answer`, { note: 'here' })).json()).toMatchObject({
      statusCode: 409,
      messageKey: 'claims.errors.notWaiting',
    });
    await app.services.claims.moveStatus(claimId, 'underReview');
    await app.services.claims.moveStatus(claimId, 'moreInformation', {
      decision: { note: 'Please send the airline letter confirming the cancellation.' },
      actor: { id: null, label: 'claims.officer' },
      alongside: async () => {},
    });
    const waiting = await call('GET', `/${claimNumber}`);
    expect(waiting.json()).toMatchObject({
      status: 'moreInformation',
      request: 'Please send the airline letter confirming the cancellation.',
    });
    expect(waiting.json().documents.map((doc: { answering: boolean }) => doc.answering)).toEqual([false]);
    // An answer needs something in it; an empty file is refused as empty.
    expect((await call('POST', `/${claimNumber}/answer`, { note: ' ' })).json()).toMatchObject({
      statusCode: 400,
      messageKey: 'claims.errors.answerEmpty',
    });
    expect(
      (await upload(`/${claimNumber}/documents`, [{ ...pdf, bytes: Buffer.alloc(0) }])).json(),
    ).toMatchObject({ messageKey: 'claims.errors.documentEmpty' });
    const added = await upload(`/${claimNumber}/documents`, [{ ...pdf, name: 'airline-letter.pdf' }]);
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added.json().documents.map((doc: { name: string; answering: boolean }) => [doc.name, doc.answering]),
    ).toEqual([
      ['receipt.pdf', false],
      ['airline-letter.pdf', true],
    ]);
    const tooLong = await call('POST', `/${claimNumber}/answer`, { note: 'x'.repeat(401) });
    expect(tooLong.json()).toMatchObject({ messageKey: 'claims.errors.tooLong', values: { max: 400 } });
    const answered = await call('POST', `/${claimNumber}/answer`, { note: 'The letter is attached.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'underReview', request: null });
    const decisions = await database.db
      .select()
      .from(claimDecisions)
      .where(eq(claimDecisions.claimId, claimId));
    expect(decisions.at(-1)).toMatchObject({
      toStatus: 'underReview',
      note: 'The letter is attached.',
      actor: 'policyholder',
    });
    // The staff queue of claims under review has it again.
    const queue = await app.services.claims.moveStatus(claimId, 'approved', {
      decision: { amountApprovedCents: 10_000 },
      actor: { id: null, label: 'claims.officer' },
      alongside: async () => {},
    });
    expect(queue.status).toBe('approved');
    expect((await upload(`/${claimNumber}/documents`, [pdf])).statusCode).toBe(409);
  });

  it('puts a signed one-use link in the claim mail that proves the mailbox and opens that claim', async () => {
    const { claimId, submitted } = await makeClaim('other');
    const { claimNumber } = submitted.json();
    mail.sent.length = 0;
    await app.services.documents.deliverMail();
    const ack = mail.sent.find((message) => message.subject.includes(claimNumber));
    const link = /https?:\/\/\S+\/my-policy\/open\/([0-9a-f-]{36})\?(\S+)/.exec(ack!.text);
    expect(link, ack!.text).not.toBeNull();
    const query = new URLSearchParams(link![2]);
    expect(link![1]).toBe(mine.policyId);
    expect(query.get('claim')).toBe(claimNumber);
    const open = (as?: string) =>
      app.inject({
        method: 'POST',
        url: '/b2c-server/rest/my-policy/access/link',
        headers: { 'session-name': SESSION, ...(as ? { cookie: as } : {}) },
        payload: { policyId: link![1], n: query.get('n'), e: query.get('e'), sig: query.get('sig') },
      });
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    const set = opened.cookies.find((item) => item.name === HOLDER_COOKIE)!;
    const linkCookie = `${HOLDER_COOKIE}=${set.value}`;
    expect((await call('GET', `/${claimNumber}`, undefined, linkCookie)).json()).toMatchObject({
      claimNumber,
      status: 'received',
    });
    // Once only: the claim number in the link opens nothing by itself.
    expect((await open()).statusCode).not.toBe(200);
    expect((await call('GET', `/${claimNumber}`, undefined, '')).statusCode).toBe(401);
    expect(claimId).toBeTruthy();
  });

  it('offers no new claim on a cancelled policy, and refuses one', async () => {
    const started = await call('POST', '/draft', { policyId: mine.policyId, lang: 'en' });
    const claimId = started.json().claimId as string;
    await database.db
      .update(policies)
      .set({ status: 'cancelled' })
      .where(eq(policies.policyId, mine.policyId));
    try {
      expect((await call('GET', `/policy/${mine.policyId}`)).json().canClaim).toBe(false);
      const refused = await call('POST', '/draft', { policyId: mine.policyId, lang: 'en' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        field: 'policyId',
        messageKey: 'claims.errors.policyCancelled',
      });
      // A draft started before the cancellation is not submitted either.
      expect((await call('POST', `/draft/${claimId}/submit`, {})).json()).toMatchObject({
        messageKey: 'claims.errors.policyCancelled',
      });
    } finally {
      await database.db
        .update(policies)
        .set({ status: 'issued' })
        .where(eq(policies.policyId, mine.policyId));
    }
  });
});
