import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, mailOutbox, staffAccounts } from '../src/db/schema.ts';
import { STAFF_COOKIE } from '../src/modules/back-office/staff-access.ts';
import { hotp, matchTotp, totpCode } from '../src/modules/back-office/totp.ts';
import { BACK_OFFICE, signedInAs, TEST_STAFF_PASSWORD } from './helpers/back-office.ts';
import { buildTestApp, recordingMailer } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * Back-office access (issue 18, decision 078): passwords, the second factor, sessions with CSRF,
 * lockout and the reset link. Each refusal is tried the way someone breaking in would.
 */
it('computes the RFC 6238 test vectors (SHA-1, 8 digits shown as their last 6)', () => {
  const secret = Buffer.from('12345678901234567890');
  // RFC 6238 appendix B: T = 59 s → 94287082; T = 1111111109 → 07081804; T = 2000000000 → 69279037.
  expect(hotp(secret, Math.floor(59 / 30), 8)).toBe('94287082');
  expect(hotp(secret, Math.floor(1111111109 / 30), 8)).toBe('07081804');
  expect(hotp(secret, Math.floor(2000000000 / 30), 8)).toBe('69279037');
});

it('accepts a code one step either side, never one used already or further away', () => {
  const secret = 'JBSWY3DPEHPK3PXP';
  const at = new Date('2026-11-25T03:00:10Z');
  const previous = totpCode(secret, new Date(at.getTime() - 30_000));
  const step = matchTotp(secret, previous, at, null);
  expect(step).not.toBeNull();
  expect(matchTotp(secret, previous, at, step)).toBeNull();
  expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 90_000)), at, null)).toBeNull();
  expect(matchTotp(secret, 'abcdef', at, null)).toBeNull();
});

describeEachDriver('back-office access', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-25T03:00:00.000Z');
  const recorder = recordingMailer();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, mailer: recorder.mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const session = (cookie: string, csrf?: string) => ({
    cookies: { [STAFF_COOKIE]: cookie },
    ...(csrf ? { headers: { 'x-csrf-token': csrf } } : {}),
  });

  it('signs staff in with password then TOTP, and keeps the password as a scrypt hash', async () => {
    const staff = await signedInAs(app, 'operations', { at: clock });
    const me = await app.inject({ method: 'GET', url: `${BACK_OFFICE}/session`, ...session(staff.cookie) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ stage: 'ready', account: { role: 'operations' } });
    const [row] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staff.accountId));
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.passwordHash).not.toContain(TEST_STAFF_PASSWORD);
    expect(row!.totpSecret).not.toMatch(/^[A-Z2-7]{32}$/);
  });

  it('refuses the audit trail to a session that has only the password, and a change without the CSRF token', async () => {
    const account = await app.services.staffAccess.createAccount({
      username: 'half-way',
      email: 'half@insurer.example',
      displayName: 'Half',
      role: 'claims',
      password: TEST_STAFF_PASSWORD,
      createdBy: 'test',
    });
    const signIn = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/sign-in`,
      payload: { username: 'HALF-WAY', password: TEST_STAFF_PASSWORD },
    });
    expect(signIn.json()).toMatchObject({ stage: 'password', enrol: { secret: expect.any(String) } });
    const cookie = signIn.cookies.find((c) => c.name === STAFF_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: `${BACK_OFFICE}/` });
    const audit = await app.inject({
      method: 'GET',
      url: `${BACK_OFFICE}/audit?entity=account&entityId=${account.id}`,
      ...session(cookie.value),
    });
    expect(audit.statusCode).toBe(401);
    // The code without the CSRF token is refused even when right.
    const secret = (signIn.json() as { enrol: { secret: string } }).enrol.secret;
    const noCsrf = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/code`,
      ...session(cookie.value),
      payload: { code: totpCode(secret, clock) },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('backs a username off after five wrong passwords from a client, even the right one, and audits it', async () => {
    const staff = await signedInAs(app, 'marketing', { at: clock });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await app.inject({
        method: 'POST',
        url: `${BACK_OFFICE}/session/sign-in`,
        payload: { username: staff.username, password: `wrong-password-${attempt}` },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/sign-in`,
      payload: { username: staff.username, password: TEST_STAFF_PASSWORD },
    });
    expect(right.statusCode).toBe(423);
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.entityId, staff.accountId));
    expect(trail.map((row) => row.action)).toContain('lock');
    // Per username and client (decision 106): the owner elsewhere still signs in. The back-off's end is
    // in back-office-sign-in.test.ts, on a limit store with a clock of its own.
    const elsewhere = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/sign-in`,
      remoteAddress: '198.51.100.60',
      payload: { username: staff.username, password: TEST_STAFF_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers an unknown username as a wrong password', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/sign-in`,
      payload: { username: 'nobody-here', password: TEST_STAFF_PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ field: 'password' });
  });

  it('resets a password by an e-mailed link that works once and ends the old sessions', async () => {
    const staff = await signedInAs(app, 'underwriting', { at: clock });
    const asked = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/reset`,
      payload: { username: staff.username },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/reset`,
      payload: { username: 'no-such-user' },
    });
    expect(asked.body).toBe(unknown.body);
    await app.services.documents.deliverMail(20);
    const mail = recorder.sent.find((sent) => sent.to === `${staff.username}@insurer.example`);
    const token = /\/admin\/reset#([A-Za-z0-9_-]{43})/.exec(mail!.text!)![1]!;
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, mail!.to));
    expect(JSON.stringify(queued)).not.toContain(token);
    const done = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/reset/finish`,
      payload: { token, password: 'a-brand-new-password-2' },
    });
    expect(done.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/reset/finish`,
      payload: { token, password: 'yet-another-password-3' },
    });
    expect(again.statusCode).toBe(400);
    const old = await app.inject({ method: 'GET', url: `${BACK_OFFICE}/session`, ...session(staff.cookie) });
    expect(old.statusCode).toBe(401);
  });
});
