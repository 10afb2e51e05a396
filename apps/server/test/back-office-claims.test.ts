import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, claims } from '../src/db/schema.ts';
import { dataKeysFor, keyIdOf } from '../src/lib/data-encryption.ts';
import { createClaimsRepository } from '../src/modules/claims/claims-repository.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { multipartBody, TINY_PDF } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, recordingMailer, SESSION, testConfig } from './helpers/test-app.ts';
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
  let underwriter: TSignedIn;
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
    underwriter = await signedInAs(app, 'underwriting', { at: clock });
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
  /** A claim for S$450.00 (or `amountCents`) filed by the customer, with one PDF. */
  const fileClaim = async (amountCents = 45_000) => {
    holderCookie = await holderCookieFor(app, database.db, bought.policyId);
    const claimId = (await customer('POST', '/draft', { policyId: bought.policyId, lang: 'en' })).json()
      .claimId as string;
    // The payout account needs the step-up code from the policy's address (decision 102).
    const stepUp = await stepUpCode(app, mail.sent, {
      cookie: holderCookie,
      policyId: bought.policyId,
      purpose: 'claim-payout',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
    const saved = await customer('PUT', `/draft/${claimId}`, {
      stepUpCode: stepUp,
      claimType: 'medical',
      incidentDate,
      incidentPlace: 'Tokyo',
      description: 'Fell ill with a fever and saw a doctor at the hotel.',
      officials: { noOne: true, officials: {} },
      amountCents,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = multipartBody([{ name: 'receipt.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    await app.inject({
      method: 'POST',
      url: `${CLAIMS}/draft/${claimId}/documents`,
      headers: { 'session-name': SESSION, cookie: holderCookie, ...body.headers },
      payload: body.payload,
    });
    // Each test files the same claim again: confirmed as a new one (the duplicate question, issue 29).
    const submitted = await customer('POST', `/draft/${claimId}/submit`, { confirmDuplicate: true });
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

  it('lets claims and read-only read the queue; only claims change; marketing and operations nothing', async () => {
    const { claimId, claimNumber } = await fileClaim();
    expect((await staff(undefined, 'GET', '')).statusCode).toBe(401);
    // Claims are health data: operations and marketing have no claims screen (decision 106).
    for (const who of [marketing, operations]) {
      expect((await staff(who, 'GET', '')).statusCode).toBe(403);
      expect((await staff(who, 'GET', `/${claimId}`)).statusCode).toBe(403);
    }
    for (const who of [claimsOfficer, readOnly]) {
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
    // A read-only account sees the claim but never its documents (health data, decision 106).
    expect((await staff(readOnly, 'GET', `/${claimId}/documents/${document.documentId}`)).statusCode).toBe(
      403,
    );
    const file = await staff(claimsOfficer, 'GET', `/${claimId}/documents/${document.documentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt\.pdf"/);
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(
      (await staff(claimsOfficer, 'GET', `/${claimId}/documents/00000000-0000-4000-8000-000000000000`))
        .statusCode,
    ).toBe(404);
    // The download is on the claim's trail: who and which document, by id (its name may name an illness).
    const trail = (await staff(claimsOfficer, 'GET', `/${claimId}`)).json().audit;
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'download',
        after: { documentId: document.documentId },
        note: 'document',
        actor: expect.stringContaining(claimsOfficer.username),
      }),
    ]);
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
    // Cents are whole: a fraction of a cent (300.005 dollars) is refused, not rounded.
    expect((await move(claimId, { status: 'approved', amountApproved: 30_000.5 })).json()).toMatchObject({
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

  /** The claim's payout as the database holds it, read raw (no repository, no key). */
  const rawPayout = async (claimId: string) => {
    const [row] = await database.db
      .select({ payout: claims.payout })
      .from(claims)
      .where(eq(claims.claimId, claimId));
    return row!.payout as Record<string, string>;
  };
  const reveal = (claimId: string, who: TSignedIn = claimsOfficer) =>
    staff(who, 'POST', `/${claimId}/payout/reveal`);

  it('keeps the account number sealed at rest, masked beside it, and reveals it to claims staff alone, audited', async () => {
    const { claimId } = await fileClaim();
    const stored = await rawPayout(claimId);
    const text = JSON.stringify(
      await database.db.execute(sql`select payout::text from claims where claim_id = ${claimId}`),
    );
    expect(text).not.toContain('345678');
    expect(text).not.toContain('0123456789');
    expect(stored).toMatchObject({ method: 'bank', bankName: 'DBS Bank', accountNumber: '••••••6789' });
    const keys = await dataKeysFor(database.db, testConfig());
    expect(stored.sealed).toMatch(new RegExp(`^v1\\.${keys.current.id}\\.`));
    // The customer still sees it masked, and submitting checked the whole number (it passed).
    expect((await staff(claimsOfficer, 'GET', `/${claimId}`)).json().claim.payout.accountNumber).toBe(
      '••••••6789',
    );

    expect((await staff(undefined, 'POST', `/${claimId}/payout/reveal`)).statusCode).toBe(401);
    for (const who of [readOnly, operations, marketing, underwriter])
      expect((await reveal(claimId, who)).statusCode).toBe(403);
    const revealed = await reveal(claimId);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toEqual({
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
    });
    expect(revealed.headers['cache-control']).toBe('no-store');
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.entityId, claimId));
    expect(trail.map((row) => [row.action, row.note, row.actorId])).toEqual([
      ['reveal', 'payout', claimsOfficer.accountId],
    ]);
    expect(JSON.stringify(trail)).not.toContain('345678');
    // Nothing else answers it whole: the queue shows it masked, without the sealed copy.
    const list = (await staff(readOnly, 'GET', `?q=${encodeURIComponent('wei ming')}`)).json();
    expect(JSON.stringify(list)).not.toContain('345678');
    expect(JSON.stringify(list)).not.toContain(stored.sealed);
  });

  it('seals a PayNow NRIC proxy the same way', async () => {
    const claimId = (await customer('POST', '/draft', { policyId: bought.policyId, lang: 'en' })).json()
      .claimId as string;
    holderCookie = await holderCookieFor(app, database.db, bought.policyId);
    const saved = await customer('PUT', `/draft/${claimId}`, {
      payout: { method: 'paynow', proxyType: 'nric', proxy: 'S7812345A' },
      stepUpCode: await stepUpCode(app, mail.sent, {
        cookie: holderCookie,
        policyId: bought.policyId,
        purpose: 'claim-payout',
        advance: (ms) => {
          clock = new Date(clock.getTime() + ms);
        },
      }),
    });
    expect(saved.json().payout).toEqual({ method: 'paynow', proxyType: 'nric', proxy: '•••••345A' });
    const stored = await rawPayout(claimId);
    expect(JSON.stringify(stored)).not.toContain('S7812');
    expect(stored).toMatchObject({
      proxyType: 'nric',
      proxy: '•••••345A',
      sealed: expect.stringMatching(/^v1\./),
    });
    const repository = createClaimsRepository(database.db, {
      keys: () => dataKeysFor(database.db, testConfig()),
    });
    expect((await repository.findClaim(claimId))?.payout).toEqual({
      method: 'paynow',
      proxyType: 'nric',
      proxy: 'S7812345A',
    });
  });

  it('fails closed on a changed ciphertext or a changed masked value: nothing revealed', async () => {
    const { claimId } = await fileClaim();
    const stored = await rawPayout(claimId);
    const parts = stored.sealed!.split('.');
    const data = Buffer.from(parts[4]!, 'base64url');
    data[0] = data[0]! ^ 1;
    const tampered = { ...stored, sealed: [...parts.slice(0, 4), data.toString('base64url')].join('.') };
    await database.db.update(claims).set({ payout: tampered }).where(eq(claims.claimId, claimId));
    const answer = await reveal(claimId);
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('345678');
    expect((await staff(claimsOfficer, 'GET', `/${claimId}`)).statusCode).toBe(500);
    // The sealed copy is bound to what is stored beside it: a new last four does not open either.
    await database.db
      .update(claims)
      .set({ payout: { ...stored, accountNumber: '••••••1111' } })
      .where(eq(claims.claimId, claimId));
    expect((await reveal(claimId)).statusCode).toBe(500);
    await database.db.update(claims).set({ payout: stored }).where(eq(claims.claimId, claimId));
    expect((await reveal(claimId)).json().payout.accountNumber).toBe('012-345678-9');
    const reveals = await database.db.select().from(auditLog).where(eq(auditLog.entityId, claimId));
    expect(reveals).toHaveLength(1);
  });

  it('reads a payout written in clear before, and seals it under the current key at start; a new key re-seals', async () => {
    const { claimId } = await fileClaim();
    const clear = { method: 'bank', bankName: 'OCBC', accountNumber: '5012345678' };
    await database.db.update(claims).set({ payout: clear }).where(eq(claims.claimId, claimId));
    expect((await staff(claimsOfficer, 'GET', `/${claimId}`)).json().claim.payout.accountNumber).toBe(
      '••••••5678',
    );
    expect((await reveal(claimId)).json().payout).toEqual(clear);

    const sealAt = (env: Record<string, string> = {}) =>
      createClaimsRepository(database.db, {
        keys: () => dataKeysFor(database.db, testConfig(env)),
      }).resealPayouts();
    const first = await sealAt();
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(first.unreadable).toEqual([]);
    const sealed = await rawPayout(claimId);
    expect(JSON.stringify(sealed)).not.toContain('5012345678');
    expect((await sealAt()).resealed).toBe(0);

    // Rotation: a new DATA_ENCRYPTION_KEY with the made-once key among the previous ones.
    const previous = (await dataKeysFor(database.db, testConfig())).current.key.toString('base64');
    const next = Buffer.alloc(32, 0x5a);
    const rotated = { DATA_ENCRYPTION_KEY: next.toString('base64'), DATA_ENCRYPTION_PREVIOUS_KEYS: previous };
    const second = await sealAt(rotated);
    expect(second.resealed).toBeGreaterThanOrEqual(2);
    expect((await rawPayout(claimId)).sealed).toMatch(new RegExp(`^v1\\.${keyIdOf(next)}\\.`));
    const later = await buildTestApp(database, { env: { ...rotated, DATA_DIR: dataDir }, now: () => clock });
    try {
      const who = await signedInAs(later, 'claims', { at: clock });
      const answer = await later.inject({
        method: 'POST',
        url: `${ADMIN}/${claimId}/payout/reveal`,
        headers: who.headers,
      });
      expect(answer.json().payout).toEqual(clear);
    } finally {
      await later.close();
    }
    // Without the new key, what it sealed does not open: counted, left alone, never guessed.
    expect((await sealAt()).unreadable).toContain(claimId);
  });

  // Two people for money (issue 31, decision 149): above S$5,000 an approval waits for a second officer.
  it('keeps an approval above S$5,000 waiting for a second claims officer, who is not the one who asked', async () => {
    const { claimId } = await fileClaim(800_000);
    expect((await move(claimId, { status: 'underReview' })).statusCode).toBe(200);
    const second = await signedInAs(app, 'claims', { at: clock });
    const detail = async () => {
      const answer = await staff(second, 'GET', `/${claimId}`);
      if (answer.statusCode !== 200) throw new Error(answer.body);
      return answer.json();
    };

    // At the limit one officer approves alone; a wrong amount is refused at once, not after a second look.
    const tooMuch = await move(claimId, { status: 'approved', amountApproved: 800_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ field: 'amountApproved' });
    const asked = await move(claimId, {
      status: 'approved',
      amountApproved: 600_000,
      note: 'Hospital bill checked.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'underReview', waiting: true });
    expect((await detail()).claim.status).toBe('underReview');
    expect((await detail()).waitingApproval).toMatchObject({
      amountApproved: 600_000,
      note: 'Hospital bill checked.',
      requestedBy: expect.stringContaining(`(${claimsOfficer.username})`),
    });
    // The page tells the maker it is theirs (to withdraw), and the second officer it is not (to decide).
    expect((await detail()).waitingApproval.mine).toBe(false);
    expect((await staff(claimsOfficer, 'GET', `/${claimId}`)).json().waitingApproval.mine).toBe(true);
    expect(mail.sent).toEqual([]);
    // Listed for the second officer, and nothing else moves the claim meanwhile.
    const waiting = (await staff(second, 'GET', '/approvals')).json().approvals;
    expect(waiting).toEqual([
      expect.objectContaining({
        claimId,
        amountApproved: 600_000,
        amountClaimed: 800_000,
        requestedBy: expect.stringContaining(`(${claimsOfficer.username})`),
      }),
    ]);
    expect((await move(claimId, { status: 'declined', note: 'No.' }, second)).statusCode).toBe(409);
    expect((await move(claimId, { status: 'approved', amountApproved: 600_000 }, second)).statusCode).toBe(
      409,
    );

    // The maker cannot confirm or reject their own; a second officer cannot withdraw it; read-only nothing.
    const confirm = (who: TSignedIn) => staff(who, 'POST', `/${claimId}/approval/confirm`);
    const end = (who: TSignedIn, outcome: string) =>
      staff(who, 'POST', `/${claimId}/approval/end`, { outcome, note: 'Check again.' });
    expect((await confirm(claimsOfficer)).statusCode).toBe(403);
    expect((await end(claimsOfficer, 'rejected')).statusCode).toBe(403);
    expect((await end(second, 'withdrawn')).statusCode).toBe(403);
    const looker = await signedInAs(app, 'read_only', { at: clock });
    expect((await confirm(looker)).statusCode).toBe(403);
    expect((await detail()).claim.status).toBe('underReview');

    // Rejected by the second officer: the claim stays under review; asked again, then confirmed.
    expect((await end(second, 'rejected')).statusCode).toBe(200);
    expect((await detail()).waitingApproval).toBeNull();
    expect((await move(claimId, { status: 'approved', amountApproved: 550_000 })).json()).toMatchObject({
      waiting: true,
    });
    const confirmed = await confirm(second);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'approved' });
    expect((await confirm(second)).statusCode).toBe(409);
    const after = await detail();
    expect(after.claim).toMatchObject({ status: 'approved', amountApproved: 550_000 });
    expect(after.waitingApproval).toBeNull();
    // Both people are on the record: who asked, who confirmed, who rejected before.
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, claimId))
      .orderBy(auditLog.id);
    const who = (actor: string) =>
      actor.endsWith(`(${second.username})`)
        ? 'second'
        : actor.endsWith(`(${claimsOfficer.username})`)
          ? 'maker'
          : actor;
    expect(
      trail.filter((row) => row.action.endsWith('approval')).map((row) => [row.action, who(row.actor)]),
    ).toEqual([
      ['ask-approval', 'maker'],
      ['reject-approval', 'second'],
      ['ask-approval', 'maker'],
      ['confirm-approval', 'second'],
    ]);
    expect(after.decisions.at(-1)).toMatchObject({ to: 'approved', amountApproved: 550_000 });
    expect(who(after.decisions.at(-1).actor)).toBe('second');
    // The customer hears of the approval once, when it is made.
    await app.services.documents.deliverMail();
    expect(mail.sent.filter((sent) => sent.subject.includes('approved'))).toHaveLength(1);
  });

  it('approves up to S$5,000 with one officer, as before', async () => {
    const { claimId } = await fileClaim(500_000);
    expect((await move(claimId, { status: 'underReview' })).statusCode).toBe(200);
    const approved = await move(claimId, { status: 'approved', amountApproved: 500_000 });
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(approved.json().waiting).toBeUndefined();
  });
});
