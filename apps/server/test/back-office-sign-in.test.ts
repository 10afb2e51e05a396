import { STAFF_SIGN_IN } from '@lionrock/domain/back-office/staff-rules';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '../src/db/schema.ts';
import { createMemoryLimitStore, type TLimitStore } from '../src/lib/limit-store.ts';
import { DECOY_HASH, verifyPassword } from '../src/modules/back-office/password-hash.ts';
import { createStaffAccess } from '../src/modules/back-office/staff-access.ts';
import { BACK_OFFICE, enterWrongCodes, TEST_STAFF_PASSWORD } from './helpers/back-office.ts';
import { buildTestApp, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * The staff sign-in tells no one whether a username exists (issue 27 section 2, decision 106): a known
 * and an unknown username get the same status and body at every wrong try, and the back-off after
 * five failures applies to both, per username and client, so a stranger elsewhere cannot lock a
 * staff member out. No timing is measured: the test proves the same work runs for both instead.
 */
describeEachDriver('staff sign-in: a known and an unknown username answer alike', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const makeAccount = (username: string) =>
    app.services.staffAccess.createAccount({
      username,
      email: `${username}@insurer.example`,
      displayName: 'Known',
      role: 'claims',
      password: TEST_STAFF_PASSWORD,
      createdBy: 'test',
    });
  const signIn = (username: string, password: string, from: string) =>
    app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/sign-in`,
      remoteAddress: from,
      payload: { username, password },
    });

  it('answers six wrong passwords on a real and an unknown username with the same status and body', async () => {
    const known = await makeAccount('known.staff');
    const from = '198.51.100.30';
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= STAFF_SIGN_IN.maxFailures + 1; attempt += 1) {
      const real = await signIn('Known.Staff', `wrong-password-${attempt}`, from);
      const unknown = await signIn('nobody.here', `wrong-password-${attempt}`, from);
      expect(unknown.statusCode, `try ${attempt}`).toBe(real.statusCode);
      // The same words; a back-off's own countdown (its seconds left) runs from each name's own fifth try.
      const { retryAfterSeconds: realWait, ...realBody } = real.json();
      const { retryAfterSeconds: unknownWait, ...unknownBody } = unknown.json();
      expect(unknownBody, `try ${attempt}`).toEqual(realBody);
      expect(Math.abs((unknownWait ?? 0) - (realWait ?? 0)), `try ${attempt}`).toBeLessThanOrEqual(5);
      expect(unknownWait === undefined, `try ${attempt}`).toBe(realWait === undefined);
      statuses.push(real.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 423]);
    // Backed off, even the right password answers as an unknown username does: nothing to learn.
    const right = await signIn('known.staff', TEST_STAFF_PASSWORD, from);
    const stranger = await signIn('nobody.here', TEST_STAFF_PASSWORD, from);
    // The same words; the seconds left may differ by the one that passes between the two answers.
    const { retryAfterSeconds: rightWait, ...rightBody } = right.json();
    const { retryAfterSeconds: strangerWait, ...strangerBody } = stranger.json();
    expect([right.statusCode, rightBody]).toEqual([423, strangerBody]);
    expect(Math.abs((rightWait ?? 0) - (strangerWait ?? 0))).toBeLessThanOrEqual(1);
    expect(rightWait === undefined).toBe(strangerWait === undefined);
    expect(right.cookies).toEqual([]);

    // The wrong tries did not touch the account: a stranger elsewhere cannot lock its owner out.
    const [row] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, known.id));
    expect(row).toMatchObject({ failedSignIns: 0, lockedUntil: null });
    const owner = await signIn('known.staff', TEST_STAFF_PASSWORD, '198.51.100.31');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ stage: 'password' });

    // Each back-off is on the trail, for the known account and for the unknown name alike.
    const locks = await database.db.select().from(auditLog).where(eq(auditLog.action, 'lock'));
    expect(locks.map((entry) => entry.entityId)).toContain(known.id);
    expect(locks.filter((entry) => entry.entityId.startsWith('unknown:'))).toHaveLength(1);
    expect(JSON.stringify(locks)).not.toContain('nobody.here');
    // Sixteen scrypt checks of ~100 ms each, on a shared machine.
  }, 120_000);

  it('runs the same work for both: one scrypt check a try and the same limit counters', async () => {
    const known = await makeAccount('same.path');
    let clock = Date.parse('2026-11-25T03:00:00.000Z');
    const store = createMemoryLimitStore(() => clock);
    const operations: string[] = [];
    // The counters' keys with the username's part named, so the two sequences can be compared.
    const recording: TLimitStore = {
      ...store,
      add: async (key, amount, windowMs) => {
        operations.push(`${key.replace(/:[A-Za-z0-9_-]{43}:/, ':<username>:')} ${amount} ${windowMs}`);
        return store.add(key, amount, windowMs);
      },
    };
    const hashes: string[] = [];
    const access = createStaffAccess({
      db: database.db,
      config: testConfig(),
      store: recording,
      now: () => new Date(clock),
      onMailQueued: () => {},
      verifyPassword: (password, hash) => {
        hashes.push(hash);
        return verifyPassword(password, hash);
      },
    });
    const request = { clientKey: '198.51.100.40' } as FastifyRequest;
    const reply = { setCookie: () => reply } as unknown as FastifyReply;
    const attempt = async (username: string, password: string) => {
      operations.length = 0;
      hashes.length = 0;
      const outcome = await access.signIn(request, reply, { username, password }).then(
        () => 200,
        (error: { statusCode: number; message: string }) => `${error.statusCode} ${error.message}`,
      );
      return { outcome, operations: [...operations], hashes: [...hashes] };
    };

    const [account] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, known.id));
    for (let index = 1; index <= STAFF_SIGN_IN.maxFailures + 1; index += 1) {
      const real = await attempt('same.path', `wrong-${index}`);
      const unknown = await attempt('not.a.user', `wrong-${index}`);
      expect(unknown.outcome).toEqual(real.outcome);
      expect(unknown.operations).toEqual(real.operations);
      // One check each, with the same cost: the account's own hash, or the decoy for a name nobody has.
      expect(real.hashes).toHaveLength(1);
      expect(unknown.hashes).toEqual([DECOY_HASH]);
      expect(real.hashes[0]!.split('$').slice(0, 4)).toEqual(DECOY_HASH.split('$').slice(0, 4));
      expect(real.hashes[0]).toBe(index <= STAFF_SIGN_IN.maxFailures ? account!.passwordHash : DECOY_HASH);
    }
    // The back-off lasts its minutes, then the right password signs in.
    expect((await attempt('same.path', TEST_STAFF_PASSWORD)).outcome).toMatch(/^423 /);
    clock += STAFF_SIGN_IN.lockMinutes * 60_000 + 1000;
    expect((await attempt('same.path', TEST_STAFF_PASSWORD)).outcome).toBe(200);
  }, 120_000);

  it('still locks an account after five wrong second-factor codes, said only to whoever has the password', async () => {
    const known = await makeAccount('code.guesser');
    const from = '198.51.100.50';
    const first = await signIn('code.guesser', TEST_STAFF_PASSWORD, from);
    await enterWrongCodes(app, first, STAFF_SIGN_IN.maxFailures);
    const [row] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, known.id));
    expect(row!.lockedUntil).not.toBeNull();
    // A wrong password on the locked account answers as for any username: the lock is not told.
    const wrong = await signIn('code.guesser', 'not-the-password', '198.51.100.51');
    const unknown = await signIn('no.such.name', 'not-the-password', '198.51.100.51');
    expect([wrong.statusCode, wrong.json()]).toEqual([401, unknown.json()]);
    const right = await signIn('code.guesser', TEST_STAFF_PASSWORD, '198.51.100.52');
    expect(right.statusCode).toBe(423);
    const trail = await database.db.select().from(auditLog).where(like(auditLog.entityId, known.id));
    expect(trail.map((entry) => entry.action)).toContain('lock');
  });
});
