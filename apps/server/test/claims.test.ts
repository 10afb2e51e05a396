import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLAIM_DOCUMENT_MAX_FILES, CLAIM_DRAFT_LINK_VALID_DAYS } from '@lionrock/domain/claims/claim-rules';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { CANCELLATION_REASON_KEYS } from '@lionrock/domain/self-service/cancellation-rules';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { claimDocuments, claimDrafts, claims, mailOutbox, policies } from '../src/db/schema.ts';
import { dataKeysFor } from '../src/lib/data-encryption.ts';
import { createClaimsRepository } from '../src/modules/claims/claims-repository.ts';
import { HOLDER_COOKIE } from '../src/modules/policyholder/holder-access.ts';
import { multipartBody, pngHeader, TINY_PDF, tinyPng, zipBomb } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, logSink, recordingMailer, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const BASE = '/b2c-server/rest/claims';

/** Claims online (issue "After the sale", decisions 073 to 075), through the API as the browser calls it. */
describeEachDriver('claims', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let mine: TBought;
  let theirs: TBought;
  let myCookie: string;
  let theirCookie: string;
  let incidentDate: string;
  const mail = recordingMailer();
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lr-claims-'));
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, {
      now: () => clock,
      mailer: mail.mailer,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      logStream: logSink((text) => logLines.push(text)),
    });
    const today = localDate(2026, 11, 25);
    mine = await buyTravelPolicy(app, database.db, { today });
    theirs = await buyTravelPolicy(app, database.db, {
      today,
      session: 'someone-else-0003',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, {
          hkId: 'S7812345A',
          dateOfBirth: '02/03/1978',
          email: 'MEI.LING@EXAMPLE.COM',
        });
      },
    });
    // The trip has begun and something happened on its first day.
    const start = parseIso(String(mine.row.startDate))!;
    incidentDate = formatIso(start);
    clock = new Date(`${formatIso(addDays(start, 2))}T02:00:00.000Z`);
    myCookie = await holderCookieFor(app, database.db, mine.policyId);
    theirCookie = await holderCookieFor(app, database.db, theirs.policyId);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  // Each test starts on policies with no draft left open: a policy may have only a few (claim-limits.test.ts).
  afterEach(async () => {
    const open = (
      await database.db.select({ claimId: claims.claimId }).from(claims).where(eq(claims.status, 'draft'))
    ).map((row) => row.claimId);
    if (open.length === 0) return;
    await database.db.delete(claimDocuments).where(inArray(claimDocuments.claimId, open));
    await database.db.delete(claimDrafts).where(inArray(claimDrafts.claimId, open));
    await database.db
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.claimId, open), ne(mailOutbox.status, 'sent')));
    await database.db.delete(claims).where(inArray(claims.claimId, open));
  });

  // Step-up back-offs move the clock; each test starts with live sessions (they idle out after 30 minutes).
  beforeEach(async () => {
    myCookie = await holderCookieFor(app, database.db, mine.policyId);
    theirCookie = await holderCookieFor(app, database.db, theirs.policyId);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { 'session-name': SESSION, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (
    claimId: string,
    files: { name: string; type: string; bytes: Buffer }[],
    cookie = myCookie,
  ) => {
    const body = multipartBody(files);
    return app.inject({
      method: 'POST',
      url: `${BASE}/draft/${claimId}/documents`,
      headers: { 'session-name': SESSION, cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const storedFiles = async () =>
    (await readdir(path.join(dataDir, 'files', 'claims')).catch(() => [])).length;
  const documentRows = async (claimId: string) =>
    (await database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId))).length;
  const startDraft = async (cookie = myCookie, extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', '/draft', cookie, { policyId: mine.policyId, lang: 'en', ...extra });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().claimId as string;
  };
  const complete = {
    claimType: 'medical',
    incidentDate: '',
    incidentPlace: 'Tokyo',
    description: 'Fell ill with a fever and saw a doctor at the hotel.',
    officials: { noOne: false, officials: { police: 'Officer Sato', doctor: '' } },
    amountCents: 45_000,
    payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
  };
  /** The step-up code a payout account needs (decision 102), asked in the holder's session. */
  const payoutCode = (cookie: string, policyId: string) =>
    stepUpCode(app, mail.sent, {
      cookie,
      policyId,
      purpose: 'claim-payout',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
  const withPayout = new Set<string>();
  /** Every field of a whole claim; its payout account with a step-up code the first time only. */
  const fill = async (claimId: string, cookie = myCookie, policyId = mine.policyId) => {
    const code = withPayout.has(claimId) ? undefined : await payoutCode(cookie, policyId);
    const saved = await call('PUT', `/draft/${claimId}`, cookie, {
      ...complete,
      incidentDate,
      ...(code ? { stepUpCode: code } : {}),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    withPayout.add(claimId);
    return saved;
  };

  it("needs a session, and reaches no one else's policy", async () => {
    expect((await call('POST', '/draft', undefined, { policyId: mine.policyId })).statusCode).toBe(401);
    const other = await call('POST', '/draft', myCookie, { policyId: theirs.policyId });
    expect(other.statusCode).toBe(404);
    const made = await call('POST', '/draft', myCookie, { policyId: '00000000-0000-4000-8000-000000000000' });
    expect(made.statusCode).toBe(404);
    expect(made.json().message).toBe(other.json().message);
  });

  it('records a valid agent and refuses an unknown one', async () => {
    expect(
      (await call('POST', '/draft', myCookie, { policyId: mine.policyId, agentCode: 'NOPE99' })).json(),
    ).toMatchObject({
      statusCode: 400,
      field: 'agentCode',
    });
    const claimId = await startDraft(myCookie, { agentCode: 'ag1001' });
    const [row] = await database.db.select().from(claims).where(eq(claims.claimId, claimId));
    expect(row?.agentCode).toBe('AG1001');
  });

  it('saves a draft and answers the payout masked, keeping it when the mask comes back', async () => {
    const claimId = await startDraft();
    const saved = await fill(claimId);
    expect(saved.json().payout).toEqual({
      method: 'bank',
      bankName: 'DBS Bank',
      accountNumber: '••••••6789',
    });
    expect(saved.body).not.toContain('345678');
    const again = await call('PUT', `/draft/${claimId}`, myCookie, { payout: saved.json().payout });
    expect(again.json().payout.accountNumber).toBe('••••••6789');
    // The whole number is kept, sealed (decision 106): masked in the row, whole once opened with the key.
    const [row] = await database.db.select().from(claims).where(eq(claims.claimId, claimId));
    expect(row?.payout).toMatchObject({
      accountNumber: '••••••6789',
      sealed: expect.stringMatching(/^v1\./),
    });
    const repository = createClaimsRepository(database.db, {
      keys: () => dataKeysFor(database.db, testConfig()),
    });
    expect((await repository.findClaim(claimId))?.payout).toMatchObject({ accountNumber: '012-345678-9' });
    expect((await call('GET', `/draft/${claimId}`, theirCookie)).statusCode).toBe(404);
    expect((await call('GET', `/draft/${claimId}`)).statusCode).toBe(401);
    expect(
      (await call('PUT', `/draft/${claimId}`, theirCookie, { description: 'mine now' })).statusCode,
    ).toBe(404);
    const long = await call('PUT', `/draft/${claimId}`, myCookie, {
      officials: { noOne: false, officials: { police: 'x'.repeat(31) } },
    });
    expect(long.statusCode).toBe(400);
  });

  it('sets or changes the payout account only with a fresh code from the policy address', async () => {
    const claimId = await startDraft();
    const payout = { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' };
    const without = await call('PUT', `/draft/${claimId}`, myCookie, { description: 'x', payout });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      field: 'stepUpCode',
      messageKey: 'myPolicy.stepUp.errors.required',
    });
    const [before] = await database.db.select().from(claims).where(eq(claims.claimId, claimId));
    expect(before!.payout).toBeNull();
    expect(before!.description).toBe('');
    const code = await payoutCode(myCookie, mine.policyId);
    const wrong = await call('PUT', `/draft/${claimId}`, myCookie, {
      payout,
      stepUpCode: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.json()).toMatchObject({ field: 'stepUpCode', messageKey: 'myPolicy.stepUp.errors.wrong' });
    expect((await call('PUT', `/draft/${claimId}`, myCookie, { payout, stepUpCode: code })).statusCode).toBe(
      200,
    );
    // The same account again (as the form sends it back, masked or whole) needs no code.
    const same = await call('PUT', `/draft/${claimId}`, myCookie, { payout, description: 'fever' });
    expect(same.statusCode).toBe(200);
    const masked = await call('PUT', `/draft/${claimId}`, myCookie, { payout: same.json().payout });
    expect(masked.statusCode).toBe(200);
    // Another account is another change: a new code, the spent one no longer works.
    const moved = { ...payout, accountNumber: '999-999999-9' };
    expect(
      (await call('PUT', `/draft/${claimId}`, myCookie, { payout: moved, stepUpCode: code })).statusCode,
    ).toBe(403);
    // Still the first account (opened from its sealed copy).
    const repository = createClaimsRepository(database.db, {
      keys: () => dataKeysFor(database.db, testConfig()),
    });
    expect((await repository.findClaim(claimId))?.payout).toMatchObject({ accountNumber: '012-345678-9' });
  });

  it('stores a PDF and a PNG by their content, and refuses the rest with nothing stored', async () => {
    const claimId = await startDraft();
    const ok = await upload(claimId, [
      { name: 'receipt.pdf', type: 'application/pdf', bytes: TINY_PDF },
      { name: '../../x-ray.png', type: 'image/png', bytes: tinyPng() },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json().documents.map((d: { name: string; contentType: string }) => [d.name, d.contentType]),
    ).toEqual([
      ['receipt.pdf', 'application/pdf'],
      ['x-ray.png', 'image/png'],
    ]);
    const files = await storedFiles();
    expect(files).toBe(2);

    const refusals: [string, { name: string; type: string; bytes: Buffer }[], number][] = [
      [
        'a renamed .exe',
        [
          {
            name: 'invoice.pdf',
            type: 'application/pdf',
            bytes: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(1000)]),
          },
        ],
        415,
      ],
      ['a zip bomb named .png', [{ name: 'photo.png', type: 'image/png', bytes: zipBomb() }], 415],
      [
        'a PNG bomb',
        [
          {
            name: 'scan.png',
            type: 'image/png',
            bytes: Buffer.concat([pngHeader(60_000, 60_000), Buffer.alloc(100)]),
          },
        ],
        415,
      ],
      [
        'an 11 MB file',
        [
          {
            name: 'big.pdf',
            type: 'application/pdf',
            bytes: Buffer.concat([TINY_PDF, Buffer.alloc(11 * 1024 * 1024)]),
          },
        ],
        413,
      ],
      [
        'a good file then a bad one',
        [
          { name: 'ok.pdf', type: 'application/pdf', bytes: TINY_PDF },
          { name: 'bad.pdf', type: 'application/pdf', bytes: Buffer.from('PK\x03\x04', 'latin1') },
        ],
        415,
      ],
    ];
    for (const [what, sent, status] of refusals) {
      const answer = await upload(claimId, sent);
      expect(answer.statusCode, what).toBe(status);
      expect(answer.json(), what).toMatchObject({ field: 'file' });
      expect(await storedFiles(), what).toBe(files);
      expect(await documentRows(claimId), what).toBe(2);
    }
  });

  it('refuses an 11th file, and more than 10 in one request', async () => {
    const claimId = await startDraft();
    const before = await storedFiles();
    const pdf = { name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF };
    const tooMany = await upload(
      claimId,
      Array.from({ length: CLAIM_DOCUMENT_MAX_FILES + 1 }, () => pdf),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(await storedFiles()).toBe(before);
    expect(
      (
        await upload(
          claimId,
          Array.from({ length: CLAIM_DOCUMENT_MAX_FILES }, () => pdf),
        )
      ).statusCode,
    ).toBe(200);
    const eleventh = await upload(claimId, [pdf]);
    expect(eleventh.statusCode).toBe(413);
    expect(eleventh.json()).toMatchObject({ field: 'file', messageKey: 'claims.errors.tooManyDocuments' });
    expect(await documentRows(claimId)).toBe(CLAIM_DOCUMENT_MAX_FILES);
    expect(await storedFiles()).toBe(before + CLAIM_DOCUMENT_MAX_FILES);
    // Removing one frees its place and its file.
    const docs = (await call('GET', `/draft/${claimId}`, myCookie)).json().documents;
    expect(
      (await call('DELETE', `/draft/${claimId}/documents/${docs[0].documentId}`, theirCookie)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/draft/${claimId}/documents/${docs[0].documentId}`, myCookie)).statusCode,
    ).toBe(200);
    expect(await storedFiles()).toBe(before + CLAIM_DOCUMENT_MAX_FILES - 1);
  });

  it("submits only a complete claim, numbers it once, and acknowledges it in the customer's language", async () => {
    const claimId = await startDraft(myCookie, { lang: 'zh' });
    const empty = await call('POST', `/draft/${claimId}/submit`, myCookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'claimType', messageKey: 'claims.errors.required' });
    await fill(claimId);
    const noDocs = await call('POST', `/draft/${claimId}/submit`, myCookie);
    expect(noDocs.json()).toMatchObject({
      field: 'documents',
      messageKey: 'claims.errors.documentsRequired',
    });
    const future = await call('PUT', `/draft/${claimId}`, myCookie, {
      incidentDate: formatIso(addDays(parseIso(incidentDate)!, 30)),
    });
    expect(future.statusCode).toBe(200);
    await upload(claimId, [{ name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    expect((await call('POST', `/draft/${claimId}/submit`, myCookie)).json()).toMatchObject({
      field: 'incidentDate',
      messageKey: 'claims.errors.dateInFuture',
    });
    await fill(claimId);

    const [first, second] = await Promise.all([
      call('POST', `/draft/${claimId}/submit`, myCookie),
      call('POST', `/draft/${claimId}/submit`, myCookie),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().claimNumber).toMatch(/^CSG26-\d{7}$/);
    expect(second.json().claimNumber).toBe(first.json().claimNumber);
    // A second press that read the draft before the first landed is the same claim, not a twin of it
    // (CI once answered it 409 "looks like claim …, made already" naming the very claim).
    const [landed] = await database.db.select().from(claims).where(eq(claims.claimId, claimId));
    await expect(app.services.claims.submit({ ...landed!, status: 'draft' })).resolves.toMatchObject({
      claimNumber: first.json().claimNumber,
    });
    expect((await call('PUT', `/draft/${claimId}`, myCookie, { description: 'changed' })).statusCode).toBe(
      409,
    );
    expect(
      (await upload(claimId, [{ name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF }])).statusCode,
    ).toBe(409);

    const queued = await database.db.select().from(mailOutbox).where(eq(mailOutbox.claimId, claimId));
    expect(queued.map((row) => row.kind)).toEqual(['claim-received']);
    mail.sent.length = 0;
    await app.services.documents.deliverMail();
    const ack = mail.sent.find((message) => message.subject.includes(first.json().claimNumber));
    expect(ack?.to).toBe('WEIMING.TAN@EXAMPLE.COM');
    expect(ack?.subject).toBe(`我们已收到您的索偿 ${first.json().claimNumber}`);
    // Greeted by name, as every mail of the policy is (issue 29).
    expect(ack?.text).toContain('尊敬的TAN WEI MING：');
    expect(ack?.text).toContain('S$450.00');
    expect(ack?.text).not.toContain('345678');
  });

  it('gives different claims different numbers when submitted at once', async () => {
    const ids = await Promise.all([startDraft(), startDraft(), startDraft()]);
    for (const id of ids) {
      await fill(id);
      await upload(id, [{ name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    }
    // Alike on purpose: each confirmed as a new claim (the duplicate question, issue 29).
    const answers = await Promise.all(
      ids.map((id) => call('POST', `/draft/${id}/submit`, myCookie, { confirmDuplicate: true })),
    );
    const numbers = answers.map((answer) => answer.json().claimNumber);
    expect(new Set(numbers).size).toBe(ids.length);
  });

  it('shows the status by claim number to its holder only, and moves only along the status machine', async () => {
    const claimId = await startDraft();
    await fill(claimId);
    await upload(claimId, [{ name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    const { claimNumber } = (
      await call('POST', `/draft/${claimId}/submit`, myCookie, { confirmDuplicate: true })
    ).json();
    const status = await call('GET', `/${claimNumber}`, myCookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ claimNumber, status: 'received', policyNumber: mine.policyNumber });
    expect((await call('GET', `/${claimNumber.toLowerCase()}`, myCookie)).statusCode).toBe(200);
    expect((await call('GET', `/${claimNumber}`)).statusCode).toBe(401);
    const other = await call('GET', `/${claimNumber}`, theirCookie);
    expect(other.statusCode).toBe(404);
    expect((await call('GET', '/CSG26-9999999', myCookie)).json().message).toBe(other.json().message);
    expect((await call('GET', '/not-a-number', myCookie)).statusCode).toBe(400);

    await expect(app.services.claims.moveStatus(claimId, 'paid')).rejects.toMatchObject({ statusCode: 409 });
    for (const to of ['underReview', 'moreInformation', 'underReview', 'approved', 'paid'] as const)
      await app.services.claims.moveStatus(claimId, to);
    await expect(app.services.claims.moveStatus(claimId, 'declined')).rejects.toMatchObject({
      statusCode: 409,
    });
    const history = (await call('GET', `/${claimNumber}`, myCookie)).json();
    expect(history.status).toBe('paid');
    expect(history.events.map((event: { status: string }) => event.status)).toEqual([
      'received',
      'underReview',
      'moreInformation',
      'underReview',
      'approved',
      'paid',
    ]);
  });

  it('e-mails a link that opens the draft once, for seven days, while the address is the one it went to', async () => {
    const claimId = await startDraft();
    await fill(claimId);
    const mailedLink = async () => {
      clock = new Date(clock.getTime() + 1000);
      const later = await call('POST', `/draft/${claimId}/finish-later`, myCookie);
      expect(later.statusCode).toBe(200);
      expect(later.json().sentTo).toBe('W***@E***.COM');
      mail.sent.length = 0;
      await app.services.documents.deliverMail();
      const message = mail.sent.find((sent) => sent.text.includes('/claims/resume#'));
      expect(message?.to).toBe('WEIMING.TAN@EXAMPLE.COM');
      return /\/claims\/resume#([A-Za-z0-9_-]+)/.exec(message!.text)![1]!;
    };
    const token = await mailedLink();
    // The table keeps only the token's hash.
    const drafts = await database.db.execute('select token_hash from claim_drafts' as never);
    expect(JSON.stringify(drafts)).not.toContain(token);

    expect((await call('POST', '/resume', undefined, { token: `${token}x` })).json()).toMatchObject({
      messageKey: 'claims.errors.linkInvalid',
    });
    const opened = await call('POST', '/resume', undefined, { token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().claimId).toBe(claimId);
    // It proved the mailbox: a policyholder session, as a code would open.
    const set = opened.cookies.find((cookie) => cookie.name === HOLDER_COOKIE)!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const linkCookie = `${HOLDER_COOKIE}=${set.value}`;
    expect((await call('GET', `/draft/${claimId}`, linkCookie)).statusCode).toBe(200);
    expect((await call('GET', `/draft/${claimId}`, theirCookie)).statusCode).toBe(404);
    // Once only.
    expect((await call('POST', '/resume', undefined, { token })).json()).toMatchObject({
      messageKey: 'claims.errors.linkUsed',
    });

    const unopened = await mailedLink();
    const saved = clock;
    clock = new Date(clock.getTime() + CLAIM_DRAFT_LINK_VALID_DAYS * 86_400_000 + 1000);
    try {
      expect((await call('POST', '/resume', undefined, { token: unopened })).json()).toMatchObject({
        messageKey: 'claims.errors.linkExpired',
      });
    } finally {
      clock = saved;
    }
    // A link mailed to an address the policy no longer has opens nothing.
    const stale = await mailedLink();
    const [policy] = await database.db.select().from(policies).where(eq(policies.policyId, mine.policyId));
    const moved = structuredClone(policy!.document) as { policyTravel: { applicant: { email: string } } };
    moved.policyTravel.applicant.email = 'SOMEONE.ELSE@EXAMPLE.COM';
    await database.db.update(policies).set({ document: moved }).where(eq(policies.policyId, mine.policyId));
    try {
      expect((await call('POST', '/resume', undefined, { token: stale })).json()).toMatchObject({
        messageKey: 'claims.errors.linkInvalid',
      });
    } finally {
      await database.db
        .update(policies)
        .set({ document: policy!.document })
        .where(eq(policies.policyId, mine.policyId));
    }
  });

  it('a claim made, not a draft, stops the policy being cancelled online (decision 071)', async () => {
    const reason = async () => {
      const quote = await app.inject({
        method: 'GET',
        url: `/b2c-server/rest/my-policy/policies/${theirs.policyId}/cancellation`,
        headers: { 'session-name': SESSION, cookie: theirCookie },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      return quote.json().reasonKey as string;
    };
    const draft = await call('POST', '/draft', theirCookie, { policyId: theirs.policyId, lang: 'en' });
    const claimId = draft.json().claimId as string;
    expect(await reason()).not.toBe(CANCELLATION_REASON_KEYS.claimMade);
    await fill(claimId, theirCookie, theirs.policyId);
    await upload(claimId, [{ name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF }], theirCookie);
    const submitted = await call('POST', `/draft/${claimId}/submit`, theirCookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await reason()).toBe(CANCELLATION_REASON_KEYS.claimMade);
  });

  it('writes no payout details, ID, e-mail or token into any log line', async () => {
    const joined = logLines.join('');
    expect(joined).toContain('claim submitted');
    for (const secret of [
      '012-345678-9',
      '345678',
      'S8512345I',
      'WEIMING.TAN@EXAMPLE.COM',
      'weiming.tan@example.com',
      `${HOLDER_COOKIE}=`,
    ])
      expect(joined).not.toContain(secret);
  });
});
