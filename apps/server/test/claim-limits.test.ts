import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_DRAFT_BYTES_MAX,
  CLAIM_DRAFT_KEPT_DAYS,
  CLAIM_MESSAGE_KEYS,
  CLAIM_OPEN_DRAFTS_PER_POLICY,
  CLAIM_UPLOAD_BODY_MAX_BYTES,
  CLAIM_UPLOAD_BYTES_PER_HOUR,
} from '@lionrock/domain/claims/claim-rules';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDocuments, claimDrafts, claims, mailOutbox } from '../src/db/schema.ts';
import { pruneClaimDraftsJob } from '../src/jobs/claim-draft-jobs.ts';
import { dataKeysFor } from '../src/lib/data-encryption.ts';
import { createClaimsRepository } from '../src/modules/claims/claims-repository.ts';
import { newFileKey } from '../src/storage/file-store.ts';
import { multipartBody, TINY_PDF, tinyPng } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, recordingMailer, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const BASE = '/b2c-server/rest/claims';
const MB = 1024 * 1024;
type TFile = { name: string; type: string; bytes: Buffer };

/** A PDF (by its first bytes) of `size` bytes. */
const pdfOf = (size: number): TFile => ({
  name: 'scan.pdf',
  type: 'application/pdf',
  bytes: Buffer.concat([TINY_PDF, Buffer.alloc(size - TINY_PDF.length)]),
});

/**
 * What one policyholder's unfinished claims may hold (issue 27, decision 105): open drafts per policy,
 * drafts pruned after CLAIM_DRAFT_KEPT_DAYS with their files, the bytes sent an hour and held in open
 * drafts, and a body's size checked before a byte of it is read.
 */
describeEachDriver('claim limits', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  const mail = recordingMailer();
  let incidentDate: string;
  /** One policyholder per limit, so what one test spends is not another's. */
  const holders: Record<'drafts' | 'prune' | 'full' | 'hour' | 'raw', TBought & { cookie: string }> =
    {} as never;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lr-claim-limits-'));
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer: mail.mailer, env: { DATA_DIR: dataDir } });
    const today = localDate(2026, 11, 25);
    const people = [
      ['drafts', 'S8512345I', '15/06/1985'],
      ['prune', 'S7012345B', '02/03/1970'],
      ['full', 'S6612345F', '11/11/1966'],
      ['hour', 'S9012345I', '09/09/1990'],
      ['raw', 'S8823456A', '23/01/1988'],
    ] as const;
    const bought: [keyof typeof holders, TBought][] = [];
    for (const [role, idNumber, dateOfBirth] of people)
      bought.push([
        role,
        await buyTravelPolicy(app, database.db, {
          today,
          session: `limits-${role}-0001`,
          edit: (policy) => {
            // Each its own mailbox: a session reaches the policies at the address it proved (decision 101).
            Object.assign(policy.policyTravel.applicant, {
              hkId: idNumber,
              dateOfBirth,
              email: `${role.toUpperCase()}@EXAMPLE.COM`,
            });
          },
        }),
      ]);
    // The trip has begun and something happened on its first day.
    const start = parseIso(String(bought[0]![1].row.startDate))!;
    incidentDate = formatIso(start);
    clock = new Date(`${formatIso(addDays(start, 2))}T02:00:00.000Z`);
    for (const [role, policy] of bought)
      holders[role] = { ...policy, cookie: await holderCookieFor(app, database.db, policy.policyId) };
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { 'session-name': SESSION, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const start = (holder: TBought & { cookie: string }) =>
    call('POST', '/draft', holder.cookie, { policyId: holder.policyId, lang: 'en' });
  const draftOf = async (holder: TBought & { cookie: string }) => {
    const started = await start(holder);
    expect(started.statusCode, started.body).toBe(200);
    return started.json().claimId as string;
  };
  /** An upload as the browser sends it, or `chunked`: no Content-Length, nothing known of its size before it arrives. */
  const upload = (claimId: string, files: TFile[], cookie: string, chunked = false) => {
    const body = multipartBody(files);
    return app.inject({
      method: 'POST',
      url: `${BASE}/draft/${claimId}/documents`,
      headers: { 'session-name': SESSION, cookie, ...body.headers },
      payload: chunked ? Readable.from([body.payload]) : body.payload,
    });
  };
  const uploadChunked = (claimId: string, files: TFile[], cookie: string) =>
    upload(claimId, files, cookie, true);
  const submit = async (holder: TBought & { cookie: string }, claimId: string) => {
    // The payout account needs the code from the policy's address (decision 102).
    const stepUp = await stepUpCode(app, mail.sent, {
      cookie: holder.cookie,
      policyId: holder.policyId,
      purpose: 'claim-payout',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
    const saved = await call('PUT', `/draft/${claimId}`, holder.cookie, {
      stepUpCode: stepUp,
      claimType: 'medical',
      incidentDate,
      incidentPlace: 'Tokyo',
      description: 'Fell ill and saw a doctor.',
      officials: { noOne: true, officials: {} },
      amountCents: 45_000,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(claimId, [pdfOf(2000)], holder.cookie)).statusCode).toBe(200);
    // Confirmed as a new claim: a holder's claims here are alike (the duplicate question, issue 29).
    const submitted = await call('POST', `/draft/${claimId}/submit`, holder.cookie, {
      confirmDuplicate: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
  };
  const storedFiles = async () =>
    (await readdir(path.join(dataDir, 'files', 'claims')).catch(() => [])).length;
  const documentRows = async (claimId: string) =>
    (await database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId))).length;
  const openDrafts = async (policyId: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(claims)
        .where(and(eq(claims.policyId, policyId), eq(claims.status, 'draft')))
    )[0]!.n;

  const listening = async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  };
  /**
   * A request over a real connection that declares `length` bytes and sends only its headers and the
   * first part's: what the server answers, and how much of the body it had been sent by then.
   */
  async function declareOnly(claimId: string, cookie: string, length: number) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const boundary = '----lrprobe';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    return new Promise<{ status: number; headers: string; body: string; bodyBytesSent: number }>(
      (resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`no answer before the body: ${answer}`));
        }, 10_000);
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
        });
        socket.on('close', () => {
          clearTimeout(timer);
          const [headers = '', body = ''] = answer.split('\r\n\r\n');
          resolve({
            status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]),
            headers: headers.toLowerCase(),
            body,
            bodyBytesSent: head.length,
          });
        });
        socket.on('error', reject);
        socket.write(
          [
            `POST ${BASE}/draft/${claimId}/documents HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            `Session-Name: ${SESSION}`,
            `Cookie: ${cookie}`,
            `Content-Type: multipart/form-data; boundary=${boundary}`,
            `Content-Length: ${length}`,
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(head);
      },
    );
  }

  describe('open drafts per policy', () => {
    it(`allows ${CLAIM_OPEN_DRAFTS_PER_POLICY} open drafts a policy; the next is a 409 naming policyId, and the open ones are offered`, async () => {
      const holder = holders.drafts;
      const ids: string[] = [];
      for (let n = 0; n < CLAIM_OPEN_DRAFTS_PER_POLICY; n += 1) ids.push(await draftOf(holder));
      const refused = await start(holder);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        statusCode: 409,
        field: 'policyId',
        messageKey: CLAIM_MESSAGE_KEYS.tooManyDrafts,
      });
      expect(await openDrafts(holder.policyId)).toBe(CLAIM_OPEN_DRAFTS_PER_POLICY);

      // The page offers the drafts left open, the one worked on last first.
      expect((await upload(ids[0]!, [pdfOf(2000)], holder.cookie)).statusCode).toBe(200);
      const offered = await call('GET', `/drafts?policyId=${holder.policyId}`, holder.cookie);
      expect(offered.statusCode, offered.body).toBe(200);
      expect(
        offered
          .json()
          .drafts.map((draft: { claimId: string }) => draft.claimId)
          .sort(),
      ).toEqual([...ids].sort());
      expect(offered.json().drafts[0]).toMatchObject({ claimId: ids[0], documents: 1 });
      const elsewhere = await call('GET', `/drafts?policyId=${holders.prune.policyId}`, holder.cookie);
      expect(elsewhere.statusCode).toBe(404);
      expect((await call('GET', `/drafts?policyId=${holder.policyId}`, '')).statusCode).toBe(401);

      // A submitted claim is no longer a draft: its place is free again.
      await submit(holder, ids[0]!);
      expect((await start(holder)).statusCode).toBe(200);
      expect(await openDrafts(holder.policyId)).toBe(CLAIM_OPEN_DRAFTS_PER_POLICY);
    });

    it('lets only one of several drafts started at once take the last place', async () => {
      const holder = holders.drafts;
      // One place left, whatever the test before left open.
      while ((await openDrafts(holder.policyId)) < CLAIM_OPEN_DRAFTS_PER_POLICY - 1) await draftOf(holder);
      for (const { claimId } of (
        await call('GET', `/drafts?policyId=${holder.policyId}`, holder.cookie)
      ).json().drafts as { claimId: string }[])
        if ((await openDrafts(holder.policyId)) > CLAIM_OPEN_DRAFTS_PER_POLICY - 1)
          await submit(holder, claimId);
      expect(await openDrafts(holder.policyId)).toBe(CLAIM_OPEN_DRAFTS_PER_POLICY - 1);
      const answers = await Promise.all([start(holder), start(holder), start(holder)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await openDrafts(holder.policyId)).toBe(CLAIM_OPEN_DRAFTS_PER_POLICY);

      // The same race at the database itself, where the requests' own pace cannot keep them apart.
      const [open] = await database.db
        .select()
        .from(claims)
        .where(eq(claims.policyId, holder.policyId))
        .limit(1);
      const [newest] = (await call('GET', `/drafts?policyId=${holder.policyId}`, holder.cookie)).json()
        .drafts;
      await submit(holder, newest.claimId);
      const repository = createClaimsRepository(database.db, {
        keys: () => dataKeysFor(database.db, testConfig()),
      });
      const values = {
        policyId: holder.policyId,
        holderKey: open!.holderKey,
        country: open!.country,
        productType: open!.productType,
        currency: open!.currency,
      };
      const made = await Promise.all(
        Array.from({ length: 5 }, () => repository.createDraft(values, CLAIM_OPEN_DRAFTS_PER_POLICY)),
      );
      expect(made.filter((row) => !('tooMany' in row))).toHaveLength(1);
      expect(await openDrafts(holder.policyId)).toBe(CLAIM_OPEN_DRAFTS_PER_POLICY);
    });
  });

  it(`prunes drafts untouched for ${CLAIM_DRAFT_KEPT_DAYS} days with their files, on several instances at once, and keeps the rest`, async () => {
    const holder = holders.prune;
    const age = (claimId: string, days: number) =>
      database.db
        .update(claims)
        // Aged from the app's clock, which the pruner counts back from (a business date's instant, decision 129).
        .set({ updatedAt: new Date(clock.getTime() - days * 86_400_000) })
        .where(eq(claims.claimId, claimId));
    const keysOf = async (claimId: string) =>
      (await database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId))).map(
        (row) => row.storeKey,
      );
    const exists = (key: string) =>
      access(path.join(dataDir, 'files', key)).then(
        () => true,
        () => false,
      );

    // A submitted claim, however old, is not a draft.
    const submitted = await draftOf(holder);
    await submit(holder, submitted);
    await age(submitted, CLAIM_DRAFT_KEPT_DAYS + 10);
    // Stale, its link dead, a "finish later" mail never sent: it goes.
    const stale = await draftOf(holder);
    expect(
      (
        await upload(
          stale,
          [pdfOf(3000), { name: 'x.png', type: 'image/png', bytes: tinyPng() }],
          holder.cookie,
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', `/draft/${stale}/finish-later`, holder.cookie)).statusCode).toBe(200);
    await database.db
      .update(claimDrafts)
      .set({ expiresAt: new Date(clock.getTime() - 1000) })
      .where(eq(claimDrafts.claimId, stale));
    await age(stale, CLAIM_DRAFT_KEPT_DAYS + 1);
    // Just short of the time: it stays.
    const recent = await draftOf(holder);
    expect((await upload(recent, [pdfOf(3000)], holder.cookie)).statusCode).toBe(200);
    await age(recent, CLAIM_DRAFT_KEPT_DAYS - 1);
    // Stale, but its resume link still opens it: it stays.
    const linked = await draftOf(holder);
    expect((await upload(linked, [pdfOf(3000)], holder.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/draft/${linked}/finish-later`, holder.cookie)).statusCode).toBe(200);
    await age(linked, CLAIM_DRAFT_KEPT_DAYS + 1);

    const staleKeys = await keysOf(stale);
    const keptKeys = [...(await keysOf(submitted)), ...(await keysOf(recent)), ...(await keysOf(linked))];
    expect(staleKeys).toHaveLength(2);
    for (const key of [...staleKeys, ...keptKeys]) expect(await exists(key)).toBe(true);

    // Two instances' runs at once: each draft is deleted once, by one of them.
    const job = pruneClaimDraftsJob(app);
    const runs = (await Promise.all([job.handle(undefined), job.handle(undefined)])) as {
      drafts: number;
      files: number;
    }[];
    expect(runs.reduce((sum, run) => sum + run.drafts, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.files, 0)).toBe(2);

    expect(await database.db.select().from(claims).where(eq(claims.claimId, stale))).toEqual([]);
    expect(await documentRows(stale)).toBe(0);
    expect(await database.db.select().from(claimDrafts).where(eq(claimDrafts.claimId, stale))).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.claimId, stale))).toEqual([]);
    for (const key of staleKeys) expect(await exists(key), key).toBe(false);
    for (const claimId of [submitted, recent, linked])
      expect(await database.db.select().from(claims).where(eq(claims.claimId, claimId))).toHaveLength(1);
    for (const key of keptKeys) expect(await exists(key), key).toBe(true);
    expect(await job.handle(undefined)).toEqual({ drafts: 0, files: 0 });
  });

  describe('the bytes a holder may upload', () => {
    it('refuses an upload the open drafts have no room for, nothing stored, and lets one of two at once fill the last room', async () => {
      const holder = holders.full;
      const held = await draftOf(holder);
      // Documents the holder's drafts hold already, all but a megabyte of what they may.
      await database.db.insert(claimDocuments).values({
        claimId: held,
        storeKey: newFileKey('claims'),
        contentType: 'application/pdf',
        sizeBytes: CLAIM_DRAFT_BYTES_MAX - MB,
        originalName: 'held.pdf',
      });
      const claimId = await draftOf(holder);
      const before = await storedFiles();
      const refused = await upload(claimId, [pdfOf(2 * MB)], holder.cookie);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ field: 'file', messageKey: CLAIM_MESSAGE_KEYS.draftsFull });
      expect(await storedFiles()).toBe(before);
      expect(await documentRows(claimId)).toBe(0);

      // Each fits the last megabyte alone; together they do not.
      const both = await Promise.all([
        upload(claimId, [pdfOf(600 * 1024)], holder.cookie),
        upload(claimId, [pdfOf(600 * 1024)], holder.cookie),
      ]);
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
      expect(both.find((answer) => answer.statusCode === 413)!.json()).toMatchObject({
        field: 'file',
        messageKey: CLAIM_MESSAGE_KEYS.draftsFull,
      });
      expect(await documentRows(claimId)).toBe(1);
      expect(await storedFiles()).toBe(before + 1);

      // A body without a length is held to the room left as it arrives.
      const chunked = await uploadChunked(claimId, [pdfOf(500 * 1024)], holder.cookie);
      expect(chunked.statusCode, chunked.body).toBe(413);
      expect(chunked.json()).toMatchObject({ field: 'file', messageKey: CLAIM_MESSAGE_KEYS.draftsFull });
      expect(await storedFiles()).toBe(before + 1);
      expect((await uploadChunked(claimId, [pdfOf(100 * 1024)], holder.cookie)).statusCode).toBe(200);
      expect(await storedFiles()).toBe(before + 2);

      // The last check, at the database itself, where the requests' own pace cannot keep them apart:
      // about 324 KB are left, and five writes of 200 KB arrive at once.
      const [claim] = await database.db.select().from(claims).where(eq(claims.claimId, claimId));
      const repository = createClaimsRepository(database.db, {
        keys: () => dataKeysFor(database.db, testConfig()),
      });
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () =>
          repository.addDocuments(
            claim!,
            [
              {
                storeKey: newFileKey('claims'),
                contentType: 'application/pdf',
                sizeBytes: 200 * 1024,
                originalName: 'race.pdf',
              },
            ],
            { maxFiles: 10, maxDraftBytes: CLAIM_DRAFT_BYTES_MAX },
          ),
        ),
      );
      expect(outcomes.sort()).toEqual(['added', 'draftsFull', 'draftsFull', 'draftsFull', 'draftsFull']);
    });

    it(`refuses uploads past ${CLAIM_UPLOAD_BYTES_PER_HOUR / MB} MB an hour before reading them, and lets one of two at once take the hour's last room`, async () => {
      const holder = holders.hour;
      const first = await draftOf(holder);
      const second = await draftOf(holder);
      // A body without a length holds the most it might be, and gives back what it did not send.
      expect((await uploadChunked(first, [pdfOf(2000)], holder.cookie)).statusCode).toBe(200);
      // A whole claim's documents in one body: 100 MB of the hour's 150.
      const ten = Array.from({ length: 10 }, () => pdfOf(CLAIM_DOCUMENT_MAX_BYTES - 1024));
      const whole = await upload(second, ten, holder.cookie);
      expect(whole.statusCode, whole.body).toBe(200);
      const before = await storedFiles();

      const refused = await upload(first, ten.slice(0, 6), holder.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ field: 'file', messageKey: CLAIM_MESSAGE_KEYS.uploadHourSpent });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await storedFiles()).toBe(before);

      // 30 MB each fits the hour's last room alone; together they do not.
      const both = await Promise.all([
        upload(first, ten.slice(0, 3), holder.cookie),
        upload(first, ten.slice(0, 3), holder.cookie),
      ]);
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
      expect(await documentRows(first)).toBe(1 + 3);
      expect(await storedFiles()).toBe(before + 3);

      // Over a connection, a declared length past the hour's room is answered before its body is sent.
      await listening();
      const declared = await declareOnly(first, holder.cookie, 30 * MB);
      expect(declared.status).toBe(429);
      expect(JSON.parse(declared.body)).toMatchObject({ messageKey: CLAIM_MESSAGE_KEYS.uploadHourSpent });
      expect(await storedFiles()).toBe(before + 3);
    });

    it('answers a declared length larger than any upload before reading a byte of it, and closes the connection', async () => {
      const holder = holders.raw;
      const claimId = await draftOf(holder);
      const before = await storedFiles();
      await listening();
      const answer = await declareOnly(claimId, holder.cookie, CLAIM_UPLOAD_BODY_MAX_BYTES + 1);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        field: 'file',
        messageKey: CLAIM_MESSAGE_KEYS.documentTooLarge,
      });
      expect(answer.headers).toContain('connection: close');
      expect(answer.bodyBytesSent).toBeLessThan(1024);
      expect(await storedFiles()).toBe(before);
      expect(await documentRows(claimId)).toBe(0);
      // A body within the limits is read as before.
      expect((await upload(claimId, [pdfOf(2000)], holder.cookie)).statusCode).toBe(200);
    });
  });
});
