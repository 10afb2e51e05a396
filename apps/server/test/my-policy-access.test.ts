import { addDays, formatIso, localDate, parseDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import {
  ACCESS_CODE_MAX_TRIES,
  ACCESS_TRIES_PER_CLIENT,
  CODE_SENDS_PER_POLICY,
  MANAGE_LINK_VALID_HOURS,
} from '@lionrock/domain/self-service/access-rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox, policies, policyholderAccessCodes } from '../src/db/schema.ts';
import { createAccessRepository } from '../src/modules/policyholder/access-repository.ts';
import { HOLDER_COOKIE } from '../src/modules/policyholder/holder-access.ts';
import { createMyPolicyRepository } from '../src/modules/policyholder/my-policy-repository.ts';
import { createMyPolicyService } from '../src/modules/policyholder/my-policy-service.ts';
import { createRenewalRepository } from '../src/modules/renewal/renewal-repository.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { buildTestApp, logSink, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const REST = '/b2c-server/rest/my-policy';
const HOLDER = { idNumber: 'S8512345I', dateOfBirth: '15/06/1985' };
const EPOCH = new Date('2026-11-25T02:00:00.000Z');

/**
 * Finding my policy without an account (design section 12, decisions 067 and 101): the three facts
 * locate a policy; only the code mailed to its address, typed back by the browser that asked, or the
 * mailed link, opened once, proves who someone is. No stranger can use up, lock or slow a holder's way in.
 */
describeEachDriver('my policy: access by code and link', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = EPOCH;
  const recorder = recordingMailer();
  let logs = '';
  let mine: TBought;
  let annual: TBought;
  let theirs: TBought;
  let spare: TBought;
  let other: TBought;
  let client = 0;
  const today: TLocalDate = localDate(2026, 11, 25);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const stream = logSink((text) => {
      logs += text;
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
        Object.assign(policy.policyTravel.applicant, {
          hkId: 'S7812345A',
          dateOfBirth: '02/03/1978',
          email: 'MEI.LING@EXAMPLE.COM',
        });
      },
    });
    // The same person (same ID and birth date) with another address on this policy.
    other = await buyTravelPolicy(app, database.db, {
      today,
      session: 'other-address-05',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, { email: 'WEIMING.WORK@EXAMPLE.COM' });
      },
    });
    await app.services.documents.deliverMail(50);
    recorder.sent.length = 0;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  // Each caller its own address, so the per-address back-off is tested on its own.
  const nextAddress = () => {
    client += 1;
    return `10.0.${Math.floor(client / 250)}.${client % 250}`;
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
  const cookieOf = (answer: { headers: Record<string, unknown> }) =>
    String(answer.headers['set-cookie']).split(';')[0]!;
  /** Moves the clock past the policy's send back-off, so the next start mails. */
  const pastBackoff = () => {
    clock = new Date(clock.getTime() + CODE_SENDS_PER_POLICY.windowMs + 60_000);
  };

  /** Starts a sign-in for `bought` and reads the code from the e-mail the outbox delivers. */
  async function codeFor(bought: TBought, wait = true): Promise<{ challenge: string; code: string }> {
    if (wait) pastBackoff();
    recorder.sent.length = 0;
    const started = await post('access/start', {
      policyNumber: bought.policyNumber,
      ...HOLDER,
      language: 'en',
    });
    expect(started.statusCode).toBe(200);
    await app.services.documents.deliverMail(10);
    const mail = recorder.sent.findLast((message) => message.subject.includes(bought.policyNumber));
    expect(mail, 'the code e-mail').toBeDefined();
    return { challenge: started.json().challenge, code: /\b(\d{6})\b/.exec(mail!.text)![1]! };
  }
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers alike whether or not the three facts match, and mails only on a match', async () => {
    pastBackoff();
    recorder.sent.length = 0;
    const right = await post('access/start', { policyNumber: mine.policyNumber, ...HOLDER });
    const wrong = [
      { policyNumber: 'TSG26-9999999', ...HOLDER },
      { policyNumber: mine.policyNumber, ...HOLDER, idNumber: 'S7812345A' },
      { policyNumber: mine.policyNumber, ...HOLDER, dateOfBirth: '16/06/1985' },
    ];
    const shape = (body: string) => body.replace(/"challenge":"[A-Za-z0-9_-]{43}"/, '"challenge":"…"');
    for (const payload of wrong) {
      const answer = await post('access/start', payload);
      expect(answer.statusCode).toBe(200);
      expect(shape(answer.body)).toBe(shape(right.body));
      expect(answer.json().challenge).not.toBe(right.json().challenge);
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

  it('proves the address with the right code and its challenge, once; every other answer is the one refusal', async () => {
    const { challenge, code } = await codeFor(mine);
    const wrong = await post('access/verify', { challenge, code: wrongOf(code) });
    expect(wrong.statusCode).toBe(401);
    // The same code with another browser's challenge (a stranger's own start) opens nothing.
    const strangers = await post('access/start', {
      policyNumber: mine.policyNumber,
      ...HOLDER,
      idNumber: 'S7812345A',
    });
    const elsewhere = await post('access/verify', { challenge: strangers.json().challenge, code });
    const made = await post('access/verify', { challenge: 'x'.repeat(43), code });
    expect(elsewhere.body).toBe(wrong.body);
    expect(made.body).toBe(wrong.body);

    const right = await post('access/verify', { challenge, code });
    expect(right.statusCode).toBe(200);
    expect(String(right.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(right.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    expect(right.headers['cache-control']).toMatch(/no-store/);
    const numbers = right.json().policies.map((policy: { policyNumber: string }) => policy.policyNumber);
    // Every policy at the proved address; not the same person's policy at another address, nor anyone else's.
    expect(numbers).toEqual(
      expect.arrayContaining([mine.policyNumber, annual.policyNumber, spare.policyNumber]),
    );
    expect(numbers).not.toContain(other.policyNumber);
    expect(numbers).not.toContain(theirs.policyNumber);

    const replay = await post('access/verify', { challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toBe(wrong.body);
    // Never the code or the ID in a log line.
    expect(logs).not.toContain(code);
    expect(logs).not.toContain('S8512345I');
  });

  it('reaches another policy of the same person only once its own address answers, in the same session', async () => {
    const first = await codeFor(mine);
    const signedIn = await post('access/verify', first);
    const cookie = cookieOf(signedIn);
    expect((await get(`policies/${other.policyId}`, cookie)).statusCode).toBe(404);
    // The second policy's own code, typed in the same session, adds its address.
    // No wait: the session idles out after 30 minutes, and this policy's sends are its own.
    const second = await codeFor(other, false);
    const added = await post('access/verify', second, { cookie });
    expect(added.statusCode).toBe(200);
    expect(added.headers['set-cookie']).toBeUndefined();
    const numbers = added.json().policies.map((policy: { policyNumber: string }) => policy.policyNumber);
    expect(numbers).toEqual(expect.arrayContaining([mine.policyNumber, other.policyNumber]));
    expect((await get(`policies/${other.policyId}`, cookie)).statusCode).toBe(200);
  });

  it("kills a code after its wrong tries, and a stranger's wrong codes never touch the holder's", async () => {
    const holders = await codeFor(spare);
    // A stranger with the policy number (and even the facts) tries codes from many addresses: each
    // try is spent on the stranger's own challenge, never the holder's.
    for (let index = 0; index < ACCESS_CODE_MAX_TRIES * 3; index += 1) {
      const own = await post('access/start', { policyNumber: spare.policyNumber, ...HOLDER });
      await post('access/verify', { challenge: own.json().challenge, code: wrongOf(holders.code) });
    }
    expect((await post('access/verify', holders)).statusCode).toBe(200);

    const dead = await codeFor(spare);
    for (let index = 0; index < ACCESS_CODE_MAX_TRIES; index += 1)
      expect((await post('access/verify', { ...dead, code: wrongOf(dead.code) })).statusCode).toBe(401);
    expect((await post('access/verify', dead)).statusCode).toBe(401);
    // No lock: a new code comes at once and works.
    const fresh = await codeFor(spare);
    expect((await post('access/verify', fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code the same way', async () => {
    const { challenge, code } = await codeFor(annual);
    const wrong = await post('access/verify', { challenge, code: wrongOf(code) });
    clock = new Date(clock.getTime() + 11 * 60_000);
    const expired = await post('access/verify', { challenge, code });
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toBe(wrong.body);
  });

  it('backs off codes per policy (mailed ones only), so details that do not match never slow the holder', async () => {
    pastBackoff();
    await database.db.delete(policyholderAccessCodes);
    recorder.sent.length = 0;
    // Fifty starts with wrong facts for the holder's number, from fifty addresses: nothing mailed, nothing counted.
    for (let index = 0; index < 50; index += 1)
      await post('access/start', { policyNumber: annual.policyNumber, ...HOLDER, dateOfBirth: '01/01/1970' });
    const mailed = async () => {
      recorder.sent.length = 0;
      expect((await post('access/start', { policyNumber: annual.policyNumber, ...HOLDER })).statusCode).toBe(
        200,
      );
      await app.services.documents.deliverMail(10);
      return recorder.sent.filter((mail) => mail.subject.includes(annual.policyNumber)).length;
    };
    for (let index = 0; index < CODE_SENDS_PER_POLICY.free; index += 1) expect(await mailed()).toBe(1);
    // The next waits a minute, then two; the answer is the same, so it tells nobody the facts matched.
    expect(await mailed()).toBe(0);
    clock = new Date(clock.getTime() + CODE_SENDS_PER_POLICY.baseMs);
    expect(await mailed()).toBe(1);
    expect(await mailed()).toBe(0);
    clock = new Date(clock.getTime() + CODE_SENDS_PER_POLICY.baseMs);
    expect(await mailed()).toBe(0);
    clock = new Date(clock.getTime() + CODE_SENDS_PER_POLICY.baseMs);
    expect(await mailed()).toBe(1);
  });

  it('backs off one client address over many policies, then lets it try again', async () => {
    const ip = '10.250.0.1';
    const answers = [];
    for (let index = 0; index <= ACCESS_TRIES_PER_CLIENT.free; index += 1)
      answers.push(
        await post(
          'access/start',
          { policyNumber: `TSG26-77${String(index).padStart(5, '0')}`, ...HOLDER },
          { ip },
        ),
      );
    expect(answers.slice(0, -1).every((answer) => answer.statusCode === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.json().retryAfterSeconds * 1000).toBeLessThanOrEqual(ACCESS_TRIES_PER_CLIENT.baseMs);
    expect(refused.headers['retry-after']).toBe(String(refused.json().retryAfterSeconds));
    // Another address is not slowed; this one may try again once its wait has passed.
    expect((await post('access/start', { policyNumber: mine.policyNumber, ...HOLDER })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + ACCESS_TRIES_PER_CLIENT.baseMs);
    expect(
      (await post('access/start', { policyNumber: mine.policyNumber, ...HOLDER }, { ip })).statusCode,
    ).toBe(200);
  });

  /** The "Manage your policy" link of the policy e-mail sent again to its holder. */
  async function mailedLink(bought: TBought, language = 'en'): Promise<URL> {
    clock = new Date(clock.getTime() + 3_600_000);
    const cookie = await holderCookieFor(app, database.db, bought.policyId);
    const resend = await post(`policies/${bought.policyId}/resend`, {}, { cookie });
    expect(resend.statusCode).toBe(200);
    recorder.sent.length = 0;
    await app.services.documents.deliverMail(10);
    const mail = recorder.sent.findLast((message) => message.subject.includes(bought.policyNumber))!;
    expect(mail.to).toBe('WEIMING.TAN@EXAMPLE.COM');
    const link = /(http\S+\/my-policy\/open\/\S+)/.exec(mail.text)?.[1];
    expect(link, 'the manage link').toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('lang')).toBe(language);
    return url;
  }
  const linkParts = (url: URL) => ({
    policyId: url.pathname.split('/').at(-1)!,
    n: url.searchParams.get('n')!,
    e: url.searchParams.get('e')!,
    sig: url.searchParams.get('sig')!,
  });

  it('opens the policy from its mailed link once; a used, expired or forged link says which', async () => {
    const parts = linkParts(await mailedLink(mine));
    expect(parts.policyId).toBe(mine.policyId);
    expect(Number(parts.e) * 1000 - clock.getTime()).toBeLessThanOrEqual(MANAGE_LINK_VALID_HOURS * 3_600_000);
    const opened = await post('access/link', parts);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().policyId).toBe(mine.policyId);
    const used = await post('access/link', parts);
    expect(used.statusCode).toBe(401);
    expect(used.json()).toMatchObject({ field: 'link', messageKey: 'myPolicy.open.used' });

    const fresh = linkParts(await mailedLink(mine));
    for (const forged of [
      { ...fresh, policyId: theirs.policyId },
      { ...fresh, n: `${fresh.n.slice(0, -1)}${fresh.n.endsWith('A') ? 'B' : 'A'}` },
      { ...fresh, e: String(Number(fresh.e) + 86_400) },
      { ...fresh, sig: 'A'.repeat(43) },
    ]) {
      const answer = await post('access/link', forged);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ messageKey: 'myPolicy.open.invalid' });
    }
    clock = new Date(clock.getTime() + MANAGE_LINK_VALID_HOURS * 3_600_000);
    const expired = await post('access/link', fresh);
    expect(expired.json()).toMatchObject({ messageKey: 'myPolicy.open.expired' });
  });

  it('sends no opening link to anyone but the policy’s own address, and a link dies with a change of address', async () => {
    const url = await mailedLink(annual);
    const document = structuredClone(annual.row.document) as {
      policyTravel: { applicant: { email: string } };
    };
    document.policyTravel.applicant.email = 'SOMEONE.NEW@EXAMPLE.COM';
    await database.db.update(policies).set({ document }).where(eq(policies.policyId, annual.policyId));
    try {
      const answer = await post('access/link', linkParts(url));
      expect(answer.json()).toMatchObject({ messageKey: 'myPolicy.open.invalid' });
    } finally {
      await database.db
        .update(policies)
        .set({ document: annual.row.document })
        .where(eq(policies.policyId, annual.policyId));
    }
    const policy = { policyId: mine.policyId, country: 'SGP', contactEmail: 'weiming.tan@example.com' };
    expect(await app.services.access.manageLink(policy, 'agent@agency.example', 'en')).toBeNull();
    expect(await app.services.access.manageLink(policy, ' WEIMING.TAN@example.com ', 'zh')).toMatch(
      /lang=zh/,
    );
  });

  it('ends the session on the server at sign-out: the same cookie opens nothing after', async () => {
    const signedIn = await post('access/verify', await codeFor(mine));
    const cookie = cookieOf(signedIn);
    expect((await get('session', cookie)).statusCode).toBe(200);
    const out = await post('sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${HOLDER_COOKIE}=;`));
    expect((await get('session', cookie)).statusCode).toBe(401);
    expect((await get(`policies/${mine.policyId}`, cookie)).statusCode).toBe(401);
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
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    const cookie = await holderCookieFor(app, database.db, spare.policyId);
    const answers = [];
    for (let index = 0; index < 4; index += 1)
      answers.push(await post(`policies/${spare.policyId}/resend`, {}, { cookie }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    recorder.sent.length = 0;
    await app.services.documents.deliverMail(10);
    expect(recorder.sent.filter((mail) => mail.subject.includes(spare.policyNumber))).toHaveLength(3);
  });

  it('turns auto-renewal off, and the renewal scan skips the policy; on again says why not when it cannot', async () => {
    clock = EPOCH;
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
      clock = EPOCH;
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
      clock = EPOCH;
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
      repository: createMyPolicyRepository(database.db),
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
