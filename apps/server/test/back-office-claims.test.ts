import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { multipartBody, TINY_PDF } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { buildTestApp, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const CLAIMS = '/b2c-server/rest/claims';
const ADMIN = `${BACK_OFFICE}/admin/claims`;

/** The claims queue in the back office (issue 18, decision 081), through the API as the staff pages call it. */
describeEachDriver('back-office claims', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let bought: TBought;
  let holderCookie: string;
  let incidentDate: string;
  let claimsOfficer: TSignedIn;
  let operations: TSignedIn;
  let readOnly: TSignedIn;
  let marketing: TSignedIn;
  const mail = recordingMailer();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lr-bo-claims-'));
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer: mail.mailer, env: { DATA_DIR: dataDir } });
    bought = await buyTravelPolicy(app, database.db, { today: localDate(2026, 11, 25) });
    const start = parseIso(String(bought.row.startDate))!;
    incidentDate = formatIso(start);
    clock = new Date(`${formatIso(addDays(start, 2))}T02:00:00.000Z`);
    holderCookie = await holderCookieFor(app, database.db, bought.policyId);
    claimsOfficer = await signedInAs(app, 'claims', { at: clock });
    operations = await signedInAs(app, 'operations', { at: clock });
    readOnly = await signedInAs(app, 'read_only', { at: clock });
    marketing = await signedInAs(app, 'marketing', { at: clock });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const customer = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${CLAIMS}${url}`,
      headers: { 'session-name': SESSION, cookie: holderCookie },
      ...(payload ? { payload } : {}),
    });
  /** A claim for S$450.00 filed by the customer, with one PDF. */
  const fileClaim = async () => {
    const claimId = (await customer('POST', '/draft', { policyId: bought.policyId, lang: 'en' })).json()
      .claimId as string;
    await customer('PUT', `/draft/${claimId}`, {
      claimType: 'medical',
      incidentDate,
      incidentPlace: 'Tokyo',
      description: 'Fell ill with a fever and saw a doctor at the hotel.',
      officials: { noOne: true, officials: {} },
      amountCents: 45_000,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
    });
    const body = multipartBody([{ name: 'receipt.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    await app.inject({
      method: 'POST',
      url: `${CLAIMS}/draft/${claimId}/documents`,
      headers: { 'session-name': SESSION, cookie: holderCookie, ...body.headers },
      payload: body.payload,
    });
    const submitted = await customer('POST', `/draft/${claimId}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The acknowledgement goes out now, so a test reads only the mails of the staff's moves.
    await app.services.documents.deliverMail();
    mail.sent.length = 0;
    return { claimId, claimNumber: submitted.json().claimNumber as string };
  };
  const staff = (who: TSignedIn | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${ADMIN}${url}`,
      headers: who?.headers ?? {},
      ...(payload ? { payload } : {}),
    });
  const move = (claimId: string, payload: object, who = claimsOfficer) =>
    staff(who, 'POST', `/${claimId}/status`, payload);

  it('lets claims, operations and read-only read the queue; only claims change; marketing nothing', async () => {
    const { claimId, claimNumber } = await fileClaim();
    expect((await staff(undefined, 'GET', '')).statusCode).toBe(401);
    expect((await staff(marketing, 'GET', '')).statusCode).toBe(403);
    expect((await staff(marketing, 'GET', `/${claimId}`)).statusCode).toBe(403);
    for (const who of [claimsOfficer, operations, readOnly]) {
      const list = await staff(who, 'GET', `?status=received&market=SGP&q=${claimNumber}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().claims).toHaveLength(1);
      expect(list.json().claims[0]).toMatchObject({
        claimNumber,
        policyNumber: bought.policyNumber,
        holderName: 'TAN WEI MING',
        status: 'received',
        payout: { method: 'bank', accountNumber: '••••••6789' },
      });
    }
    expect((await staff(readOnly, 'GET', '?q=wei ming')).json().claims.length).toBeGreaterThan(0);
    expect((await staff(readOnly, 'GET', '?status=paid&q=wei ming')).json().claims).toHaveLength(0);
    expect((await staff(readOnly, 'GET', '?status=nonsense')).statusCode).toBe(400);
    for (const who of [operations, readOnly, marketing])
      expect((await move(claimId, { status: 'underReview' }, who)).statusCode).toBe(403);
    expect((await staff(undefined, 'POST', `/${claimId}/status`, { status: 'underReview' })).statusCode).toBe(
      401,
    );
  });

  it('shows a claim with its policy, documents, events and allowed moves, and downloads a document', async () => {
    const { claimId } = await fileClaim();
    const answer = await staff(readOnly, 'GET', `/${claimId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json();
    expect(detail.policy).toMatchObject({ policyNumber: bought.policyNumber, holderName: 'TAN WEI MING' });
    expect(detail.claim.payout.accountNumber).not.toContain('345678');
    expect(detail.events.map((event: { to: string }) => event.to)).toEqual(['received']);
    expect(detail.allowedMoves).toEqual(['underReview']);
    const [document] = detail.claim.documents;
    const file = await staff(readOnly, 'GET', `/${claimId}/documents/${document.documentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt\.pdf"/);
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(
      (await staff(readOnly, 'GET', `/${claimId}/documents/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);
    expect((await staff(marketing, 'GET', `/${claimId}/documents/${document.documentId}`)).statusCode).toBe(
      403,
    );
  });

  it('moves a claim only as the domain allows, approval with an amount up to the claim, mailed and audited', async () => {
    const { claimId, claimNumber } = await fileClaim();
    const illegal = await move(claimId, { status: 'approved', amountApproved: 10_000 });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toBe('A claim cannot move from received to approved.');

    expect((await move(claimId, { status: 'underReview' })).statusCode).toBe(200);
    mail.sent.length = 0;
    const noNote = await move(claimId, { status: 'moreInformation' });
    expect(noNote.json()).toMatchObject({ statusCode: 400, field: 'note' });
    expect(
      (await move(claimId, { status: 'moreInformation', note: 'Please send the doctor’s report.' }))
        .statusCode,
    ).toBe(200);
    await app.services.documents.deliverMail();
    const askMail = mail.sent.find((sent) => sent.subject.includes(claimNumber));
    expect(askMail?.to).toBe('WEIMING.TAN@EXAMPLE.COM');
    expect(askMail?.text).toContain('Please send the doctor’s report.');

    expect((await move(claimId, { status: 'underReview' })).statusCode).toBe(200);
    expect((await move(claimId, { status: 'approved' })).json()).toMatchObject({
      statusCode: 400,
      field: 'amountApproved',
    });
    expect((await move(claimId, { status: 'approved', amountApproved: 45_001 })).json()).toMatchObject({
      statusCode: 400,
      field: 'amountApproved',
    });
    mail.sent.length = 0;
    const approved = await move(claimId, { status: 'approved', amountApproved: 40_000 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ claimNumber, status: 'approved' });

    // The customer's own status call shows it at once.
    const status = (await customer('GET', `/${claimNumber}`)).json();
    expect(status.status).toBe('approved');
    await app.services.documents.deliverMail();
    const approvalMail = mail.sent.find((sent) => sent.subject.includes(claimNumber));
    expect(approvalMail?.subject).toBe(`Your claim ${claimNumber} is approved`);
    expect(approvalMail?.text).toContain('S$400.00');
    expect(approvalMail?.text).not.toContain('345678');

    mail.sent.length = 0;
    expect((await move(claimId, { status: 'paid', payoutReference: 'FAST-2026-0042' })).statusCode).toBe(200);
    await app.services.documents.deliverMail();
    expect(mail.sent.find((sent) => sent.subject.includes(claimNumber))?.text).toContain('FAST-2026-0042');
    expect((await move(claimId, { status: 'declined' })).statusCode).toBe(409);

    const detail = (await staff(claimsOfficer, 'GET', `/${claimId}`)).json();
    expect(detail.allowedMoves).toEqual([]);
    expect(detail.claim.amountApproved).toBe(40_000);
    const approval = detail.audit.find(
      (entry: { after: { status: string } }) => entry.after.status === 'approved',
    );
    expect(approval).toMatchObject({
      action: 'status',
      before: { status: 'underReview' },
      after: { status: 'approved', amountApproved: 40_000 },
    });
    expect(approval.actor).toContain(claimsOfficer.username);
    expect(detail.audit).toHaveLength(5);
  });

  it('tells the customer of a decline in their language', async () => {
    const { claimId, claimNumber } = await fileClaim();
    await move(claimId, { status: 'underReview' });
    mail.sent.length = 0;
    expect((await move(claimId, { status: 'declined', note: 'The trip had not begun.' })).statusCode).toBe(
      200,
    );
    expect((await customer('GET', `/${claimNumber}`)).json().status).toBe('declined');
    await app.services.documents.deliverMail();
    const declined = mail.sent.find((sent) => sent.subject.includes(claimNumber));
    expect(declined?.subject).toBe(`Your claim ${claimNumber} has been declined`);
    expect(declined?.text).toContain('The trip had not begun.');
  });
});
