import { Writable } from 'node:stream';
import { addDays, formatIso, localDate, parseDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { ACCESS_CODE_MAX_TRIES, ACCESS_STARTS_PER_POLICY } from '@lionrock/domain/self-service/access-rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox, policies, policyholderAccessCodes } from '../src/db/schema.ts';
import { createAccessRepository } from '../src/modules/policyholder/access-repository.ts';
import { HOLDER_COOKIE } from '../src/modules/policyholder/holder-access.ts';
import { createMyPolicyService } from '../src/modules/policyholder/my-policy-service.ts';
import { createRenewalRepository } from '../src/modules/renewal/renewal-repository.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { buildTestApp, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const REST = '/b2c-server/rest/my-policy';
const HOLDER = { idNumber: 'S8512345I', dateOfBirth: '15/06/1985' };

/**
 * Finding my policy without an account (design section 12, decision 067): the three facts, the e-mailed
 * code, the signed link. Every refusal answers the same bytes, whichever part was wrong.
 */
describeEachDriver('my policy: access by code and link', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  const recorder = recordingMailer();
  let logs = '';
  let mine: TBought;
  let annual: TBought;
  let theirs: TBought;
  let spare: TBought;
  let client = 0;
  const today: TLocalDate = localDate(2026, 11, 25);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    app = await buildTestApp(database, {
      now: () => clock,
      mailer: recorder.mailer,
      logStream: stream,
      env: { LOG_LEVEL: 'trace' },
    });
    mine = await buyTravelPolicy(app, database.db, { today });
    annual = await buyTravelPolicy(app, database.db, { today, annual: true, session: 'annual-0000002' });
    spare = await buyTravelPolicy(app, database.db, { today, session: 'spare-00000003' });
    theirs = await buyTravelPolicy(app, database.db, {
      today,
      session: 'someone-else-0004',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, { hkId: 'S7812345A', dateOfBirth: '02/03/1978' });
      },
    });
    await app.services.documents.deliverMail(50);
    recorder.sent.length = 0;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  // Each caller its own address, so the per-address limit is tested on its own.
  const nextAddress = () => {
    client += 1;
    return `10.0.0.${client % 250}`;
  };
  const post = (path: string, payload: object, options: { cookie?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `${REST}/${path}`,
      remoteAddress: options.ip ?? nextAddress(),
      headers: { 'session-name': SESSION, ...(options.cookie ? { cookie: options.cookie } : {}) },
      payload,
    });
  const get = (path: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url: `${REST}/${path}`,
      headers: { 'session-name': SESSION, ...(cookie ? { cookie } : {}) },
    });

  /** Starts a code for `bought` and reads it from the e-mail the outbox delivers. */
  async function codeFor(bought: TBought): Promise<string> {
    recorder.sent.length = 0;
    const started = await post('access/start', {
      policyNumber: bought.policyNumber,
      ...HOLDER,
      language: 'en',
    });
    expect(started.statusCode).toBe(200);
    await app.services.documents.deliverMail(10);
    // The newest code is the live one (an earlier start's mail may go out in the same delivery).
    const mail = recorder.sent.findLast((message) => message.subject.includes(bought.policyNumber));
    expect(mail, 'the code e-mail').toBeDefined();
    return /\b(\d{6})\b/.exec(mail!.text)![1]!;
  }

  it('answers the same whether or not the three facts match, and mails only on a match', async () => {
    recorder.sent.length = 0;
    const right = await post('access/start', { policyNumber: mine.policyNumber, ...HOLDER });
    const wrong = [
      { policyNumber: 'TSG26-9999999', ...HOLDER },
      { policyNumber: mine.policyNumber, ...HOLDER, idNumber: 'S7812345A' },
      { policyNumber: mine.policyNumber, ...HOLDER, dateOfBirth: '16/06/1985' },
    ];
    for (const payload of wrong) {
      const answer = await post('access/start', payload);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(right.body);
    }
    await app.services.documents.deliverMail(10);
    expect(recorder.sent).toHaveLength(1);
    expect(recorder.sent[0]!.to).toBe('WEIMING.TAN@EXAMPLE.COM');
    expect(recorder.sent[0]!.text).not.toContain('S8512345I');
    // Sent, the sealed code is gone from the outbox.
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'access-code'));
    expect(rows.every((row) => row.sealed === null)).toBe(true);
  });

  it('matches the ID in any case and spacing, and names the field of a malformed one', async () => {
    const loose = await post('access/start', {
      policyNumber: ` ${mine.policyNumber.toLowerCase()}`,
      idNumber: 's 8512345i',
      dateOfBirth: '15/06/1985',
    });
    expect(loose.statusCode).toBe(200);
    const bad = await post('access/start', {
      policyNumber: mine.policyNumber,
      ...HOLDER,
      dateOfBirth: '1985-06-15',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'dateOfBirth',
      messageKey: 'myPolicy.errors.dateOfBirthFormat',
    });
  });

  it('opens a session with the right code, once; a replay, a wrong, an unknown or a missing code answer alike', async () => {
    const code = await codeFor(mine);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('access/verify', { policyNumber: mine.policyNumber, code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    const unknown = await post('access/verify', { policyNumber: 'TSG26-9999999', code });
    const none = await post('access/verify', { policyNumber: theirs.policyNumber, code });
    expect(unknown.body).toBe(wrong.body);
    expect(none.body).toBe(wrong.body);

    const right = await post('access/verify', { policyNumber: mine.policyNumber, code });
    expect(right.statusCode).toBe(200);
    expect(String(right.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(right.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    const numbers = right.json().policies.map((policy: { policyNumber: string }) => policy.policyNumber);
    expect(numbers).toContain(mine.policyNumber);
    expect(numbers).not.toContain(theirs.policyNumber);

    const replay = await post('access/verify', { policyNumber: mine.policyNumber, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toBe(wrong.body);
    // Never the code in a log line.
    expect(logs).not.toContain(code);
    expect(logs).not.toContain('S8512345I');
  });

  it('kills a code after the wrong tries: the right one is refused too, and a new one waits', async () => {
    const code = await codeFor(spare);
    const wrongCode = code === '000000' ? '111111' : '000000';
    let first = '';
    for (let index = 0; index < ACCESS_CODE_MAX_TRIES; index += 1) {
      const wrong = await post('access/verify', { policyNumber: spare.policyNumber, code: wrongCode });
      expect(wrong.statusCode).toBe(401);
      first ||= wrong.body;
    }
    const late = await post('access/verify', { policyNumber: spare.policyNumber, code });
    expect(late.statusCode).toBe(401);
    expect(late.body).toBe(first);
    // The policy waits: a start answers as always but no code is mailed.
    recorder.sent.length = 0;
    expect((await post('access/start', { policyNumber: spare.policyNumber, ...HOLDER })).statusCode).toBe(
      200,
    );
    await app.services.documents.deliverMail(10);
    expect(recorder.sent).toHaveLength(0);
  });

  it('mails only the live code: one replaced before it was sent is not', async () => {
    recorder.sent.length = 0;
    for (let index = 0; index < 2; index += 1)
      expect((await post('access/start', { policyNumber: annual.policyNumber, ...HOLDER })).statusCode).toBe(
        200,
      );
    await app.services.documents.deliverMail(10);
    expect(recorder.sent.filter((mail) => mail.subject.includes(annual.policyNumber))).toHaveLength(1);
  });

  it('refuses an expired code the same way', async () => {
    const code = await codeFor(annual);
    const wrong = await post('access/verify', {
      policyNumber: annual.policyNumber,
      code: code === '000000' ? '111111' : '000000',
    });
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      const expired = await post('access/verify', { policyNumber: annual.policyNumber, code });
      expect(expired.statusCode).toBe(401);
      expect(expired.body).toBe(wrong.body);
    } finally {
      clock = new Date(clock.getTime() - 11 * 60_000);
    }
    await database.db.delete(policyholderAccessCodes);
  });

  it('limits starts per policy number (known or not) and per address', async () => {
    const number = 'TSG26-8888888';
    const answers = [];
    for (let index = 0; index <= ACCESS_STARTS_PER_POLICY; index += 1)
      answers.push(await post('access/start', { policyNumber: number, ...HOLDER }));
    expect(answers.slice(0, -1).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
    const byAddress = [];
    for (let index = 0; index < 25; index += 1)
      byAddress.push(
        await post(
          'access/start',
          { policyNumber: `TSG26-77777${String(index).padStart(2, '0')}`, ...HOLDER },
          { ip: '10.9.9.9' },
        ),
      );
    expect(byAddress.some((answer) => answer.statusCode === 429)).toBe(true);
  });

  it('opens the policy from the signed link; a changed or expired link is refused alike', async () => {
    const url = new URL(await app.services.access.manageLink(mine.policyId, mine.policyNumber));
    const parts = {
      policyId: url.pathname.split('/').at(-1)!,
      s: url.searchParams.get('s')!,
      e: url.searchParams.get('e')!,
      sig: url.searchParams.get('sig')!,
    };
    expect(parts.policyId).toBe(mine.policyId);
    const opened = await post('access/link', parts);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().policyId).toBe(mine.policyId);
    const tampered = await post('access/link', { ...parts, s: theirs.policyNumber });
    const moved = await post('access/link', { ...parts, policyId: theirs.policyId });
    const longer = await post('access/link', { ...parts, e: String(Number(parts.e) + 86_400) });
    for (const answer of [tampered, moved, longer]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toBe(tampered.body);
    }
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    try {
      const expired = await post('access/link', parts);
      expect(expired.statusCode).toBe(401);
      expect(expired.body).toBe(tampered.body);
    } finally {
      clock = new Date(clock.getTime() - 31 * 86_400_000);
    }
  });

  it("shows the holder's policy, masked, and another holder's only as a 404 like none", async () => {
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    const details = await get(`policies/${mine.policyId}`, cookie);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ policyNumber: mine.policyNumber, status: 'issued' });
    expect(details.body).not.toContain('S8512345I');
    expect(details.json().insuredPersons[0].idNumber).toMatch(/^S\*{4}\d{3}[A-Z]$/);
    const theirsAnswer = await get(`policies/${theirs.policyId}`, cookie);
    const noneAnswer = await get('policies/00000000-0000-4000-8000-000000000000', cookie);
    expect(theirsAnswer.statusCode).toBe(404);
    expect(theirsAnswer.body).toBe(noneAnswer.body);
    expect((await get(`policies/${theirs.policyId}/schedule`, cookie)).statusCode).toBe(404);
    expect(
      (await post(`policies/${theirs.policyId}/auto-renewal`, { on: false }, { cookie })).statusCode,
    ).toBe(404);
    expect((await post(`policies/${theirs.policyId}/resend`, {}, { cookie })).statusCode).toBe(404);
    expect((await get(`policies/${mine.policyId}`)).statusCode).toBe(401);
    expect((await get(`policies/${mine.policyId}`, `${HOLDER_COOKIE}=forged`)).statusCode).toBe(401);
  });

  it('downloads the schedule as a PDF', async () => {
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    const pdf = await get(`policies/${mine.policyId}/schedule`, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends the policy e-mail again, a few times an hour at most', async () => {
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    const answers = [];
    for (let index = 0; index < 4; index += 1)
      answers.push(await post(`policies/${mine.policyId}/resend`, {}, { cookie }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    recorder.sent.length = 0;
    await app.services.documents.deliverMail(10);
    const mails = recorder.sent.filter((mail) => mail.subject.includes(mine.policyNumber));
    expect(mails).toHaveLength(3);
    // Every policy e-mail carries the "Manage your policy" link, and it opens the policy.
    const link = /(http\S+\/my-policy\/open\/\S+)/.exec(mails[0]!.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const opened = await post('access/link', {
      policyId: url.pathname.split('/').at(-1)!,
      s: url.searchParams.get('s')!,
      e: url.searchParams.get('e')!,
      sig: url.searchParams.get('sig')!,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().policyId).toBe(mine.policyId);
  });

  it('turns auto-renewal off, and the renewal scan skips the policy; on again says why not when it cannot', async () => {
    const cookie = await holderCookieFor(app, database.db, annual.policyId);
    const before = await get(`policies/${annual.policyId}`, cookie);
    expect(before.json().autoRenewal).toMatchObject({ on: true });
    const noticeDay = addDays(parseDmy(before.json().endDate as string)!, -30);
    const off = await post(`policies/${annual.policyId}/auto-renewal`, { on: false }, { cookie });
    expect(off.statusCode).toBe(200);
    expect(off.json().autoRenewal).toMatchObject({ on: false, canTurnOn: true });

    const end = parseDmy(before.json().endDate as string)!;
    clock = new Date(`${formatIso(noticeDay)}T02:00:00.000Z`);
    try {
      const scan = await app.services.renewal.runRenewalScan(noticeDay, 'SGP');
      expect(scan.notices).toBe(0);
      const notices = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.policyId, annual.policyId));
      expect(notices.map((row) => row.kind)).not.toContain('renewal-notice');
      // In the charge window it is too late to turn it back on.
      clock = new Date(`${formatIso(addDays(end, -10))}T02:00:00.000Z`);
      const late = await post(
        `policies/${annual.policyId}/auto-renewal`,
        { on: true },
        { cookie: await holderCookieFor(app, database.db, annual.policyId) },
      );
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ messageKey: 'myPolicy.autoRenewal.blocked.charge-window' });
    } finally {
      clock = new Date('2026-11-25T02:00:00.000Z');
    }
    const on = await post(
      `policies/${annual.policyId}/auto-renewal`,
      { on: true },
      { cookie: await holderCookieFor(app, database.db, annual.policyId) },
    );
    expect(on.statusCode).toBe(200);
    expect(on.json().autoRenewal.on).toBe(true);
    // On again, the renewal scan sends its notice.
    clock = new Date(`${formatIso(noticeDay)}T02:00:00.000Z`);
    try {
      expect((await app.services.renewal.runRenewalScan(noticeDay, 'SGP')).notices).toBe(1);
    } finally {
      clock = new Date('2026-11-25T02:00:00.000Z');
    }
    // A single-trip policy cannot renew at all.
    const single = await post(
      `policies/${mine.policyId}/auto-renewal`,
      { on: true },
      { cookie: await holderCookieFor(app, database.db, mine.policyId) },
    );
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({ messageKey: 'myPolicy.autoRenewal.blocked.not-eligible' });
  });

  it('turns auto-renewal on only over the policy as it was read, and never on a cancelled one', async () => {
    const cookie = await holderCookieFor(app, database.db, annual.policyId);
    expect(
      (await post(`policies/${annual.policyId}/auto-renewal`, { on: false }, { cookie })).statusCode,
    ).toBe(200);
    const service = createMyPolicyService({
      db: database.db,
      access: createAccessRepository(database.db),
      renewals: createRenewalRepository(database.db),
      documents: app.services.documents,
      now: () => clock,
      log: app.log,
      onMailQueued: () => {},
    });
    const rowOf = async () =>
      (await database.db.select().from(policies).where(eq(policies.policyId, annual.policyId)))[0]!;
    const stale = await rowOf();
    // A change of e-mail lands between the read and the write: the write must not undo it.
    const changed = structuredClone(stale.document) as { policyTravel: { applicant: { email: string } } };
    changed.policyTravel.applicant.email = 'NEW.ADDRESS@EXAMPLE.COM';
    await database.db
      .update(policies)
      .set({ document: changed })
      .where(eq(policies.policyId, annual.policyId));
    await expect(service.setAutoRenewal(stale, true)).rejects.toMatchObject({ statusCode: 409 });
    const after = await rowOf();
    expect(after.autoRenewal).toBe(false);
    expect(JSON.stringify(after.document)).toContain('NEW.ADDRESS@EXAMPLE.COM');
    // Read again, it turns on and keeps the new address.
    await service.setAutoRenewal(after, true);
    expect((await rowOf()).autoRenewal).toBe(true);
    expect(JSON.stringify((await rowOf()).document)).toContain('NEW.ADDRESS@EXAMPLE.COM');
    // A policy cancelled after it was read is never turned back on.
    await service.setAutoRenewal(await rowOf(), false);
    const beforeCancel = await rowOf();
    await database.db
      .update(policies)
      .set({ status: 'cancelled' })
      .where(eq(policies.policyId, annual.policyId));
    await expect(service.setAutoRenewal(beforeCancel, true)).rejects.toMatchObject({ statusCode: 409 });
    expect((await rowOf()).autoRenewal).toBe(false);
  });
});
