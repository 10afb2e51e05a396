import { localDate } from '@lionrock/domain/dates/local-date';
import { HOLDER_SESSION_IDLE_MINUTES } from '@lionrock/domain/self-service/access-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDER_COOKIE } from '../src/modules/policyholder/holder-access.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** The policyholder's session (design section 12, decision 101): what it opens, for whom, and for how long. */
describeEachDriver('policyholder session', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let mine: TBought;
  let alsoMine: TBought;
  let theirs: TBought;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    const today = localDate(2026, 11, 25);
    mine = await buyTravelPolicy(app, database.db, { today });
    // Another policy at the same address (the ID typed in lower case): the same mailbox reaches it.
    alsoMine = await buyTravelPolicy(app, database.db, {
      today,
      session: 'second-visit-0002',
      edit: (policy) => {
        policy.policyTravel.applicant.hkId = 's8512345i';
      },
    });
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
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const session = (cookie?: string) =>
    app.inject({
      method: 'GET',
      url: '/b2c-server/rest/my-policy/session',
      headers: { 'session-name': SESSION, ...(cookie ? { cookie } : {}) },
    });

  it('refuses without a session, and with a made-up one', async () => {
    expect((await session()).statusCode).toBe(401);
    const forged = await session(`${HOLDER_COOKIE}=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ field: 'session' });
  });

  it("lists the policies at the proved address and none of another policyholder's", async () => {
    const answer = await session(await holderCookieFor(app, database.db, mine.policyId));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const numbers = answer.json().policies.map((policy: { policyNumber: string }) => policy.policyNumber);
    expect(numbers.sort()).toEqual([mine.policyNumber, alsoMine.policyNumber].sort());
    expect(numbers).not.toContain(theirs.policyNumber);
  });

  it("reaches another policyholder's policy only as a 404, like one that does not exist", async () => {
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    const holder = await app.services.holderAccess.currentHolder({ cookies: parse(cookie) } as never);
    expect(holder).not.toBeNull();
    await expect(app.services.holderAccess.policyOfHolder(holder!, mine.policyId)).resolves.toMatchObject({
      policyNumber: mine.policyNumber,
    });
    for (const policyId of [theirs.policyId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(app.services.holderAccess.policyOfHolder(holder!, policyId)).rejects.toMatchObject({
        statusCode: 404,
      });
    }
  });

  it('ends after 30 idle minutes, and is kept alive by each call', async () => {
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    const start = clock;
    clock = new Date(start.getTime() + (HOLDER_SESSION_IDLE_MINUTES - 1) * 60_000);
    expect((await session(cookie)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + (HOLDER_SESSION_IDLE_MINUTES - 1) * 60_000);
    expect((await session(cookie)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + HOLDER_SESSION_IDLE_MINUTES * 60_000 + 1000);
    expect((await session(cookie)).statusCode).toBe(401);
    clock = start;
  });

  it('signs out: the cookie is cleared and the token no longer opens anything', async () => {
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    const out = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/my-policy/sign-out',
      headers: { cookie, 'session-name': SESSION },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${HOLDER_COOKIE}=;`));
    expect((await session(cookie)).statusCode).toBe(401);
  });
});

describe('policyholder cookie', () => {
  it('is HttpOnly and SameSite=Strict, and Secure when the shop is on https', async () => {
    const { cookieOptions } = await import('../src/modules/policyholder/holder-access.ts');
    const { testConfig } = await import('./helpers/test-app.ts');
    expect(cookieOptions(testConfig())).toMatchObject({ httpOnly: true, sameSite: 'strict', secure: false });
    expect(cookieOptions(testConfig({ PUBLIC_URL: 'https://shop.example' }))).toMatchObject({ secure: true });
  });
});

function parse(cookie: string): Record<string, string> {
  const [name, value] = cookie.split('=') as [string, string];
  return { [name]: value };
}
