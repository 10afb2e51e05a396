import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const ADMIN = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a-long-ops-password' };
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describeEachDriver('operations queues', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { env: ADMIN });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('lists open alerts by queue to operations staff only, and closes them', async () => {
    await app.services.alerts.addAlert({
      kind: 'refund',
      detail: { reason: 'unknown reference', txnRef: 'X1' },
    });
    await app.services.alerts.addAlert({ kind: 'review', detail: { reasonCode: 480 } });
    const anonymous = await app.inject({ url: '/ops/alerts' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic/);
    expect(
      (await app.inject({ url: '/ops/alerts', headers: { authorization: basic('ops', 'wrong-password!') } }))
        .statusCode,
    ).toBe(401);
    const auth = { authorization: basic(ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD) };
    const refunds = (await app.inject({ url: '/ops/alerts?queue=refund', headers: auth })).json().alerts;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ queue: 'refund', detail: { txnRef: 'X1' } });
    const all = (await app.inject({ url: '/ops/alerts', headers: auth })).json().alerts;
    expect(all.map((alert: { queue: string }) => alert.queue).sort()).toEqual(['refund', 'review']);
    const resolve = await app.inject({
      method: 'POST',
      url: `/ops/alerts/${refunds[0].id}/resolve`,
      headers: auth,
    });
    expect(resolve.json()).toEqual({ resolved: true });
    expect(
      (await app.inject({ method: 'POST', url: `/ops/alerts/${refunds[0].id}/resolve`, headers: auth }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/ops/alerts?queue=refund', headers: auth })).json().alerts).toHaveLength(
      0,
    );
    expect((await app.inject({ url: '/ops/alerts?queue=bogus', headers: auth })).statusCode).toBe(400);
  });

  it('is off without operations credentials', async () => {
    const off = await buildTestApp(database);
    try {
      expect((await off.inject({ url: '/ops/alerts' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  const answerOf = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.body,
    challenge: response.headers['www-authenticate'],
  });

  it('answers a wrong password, a wrong username, no credentials and an unknown path alike', async () => {
    const fresh = await buildTestApp(database, { env: ADMIN });
    try {
      const expected = answerOf(await fresh.inject({ url: '/ops/alerts' }));
      expect(expected.status).toBe(401);
      const attempts = [
        { url: '/ops/alerts', headers: { authorization: basic('ops', 'a-long-ops-passwore') } },
        { url: '/ops/alerts', headers: { authorization: basic('ops', 'x') } },
        { url: '/ops/alerts', headers: { authorization: basic('admin', ADMIN.ADMIN_PASSWORD) } },
        { url: '/ops/alerts', headers: { authorization: 'Basic !!not-base64' } },
        { url: '/ops/alerts', headers: { authorization: `Bearer ${ADMIN.ADMIN_PASSWORD}` } },
        { url: '/ops/users', headers: { authorization: basic('ops', 'wrong-password!') } },
        { url: '/ops/users' },
        { url: '/ops' },
        { url: '/ops/alerts/1/resolve' },
        { method: 'DELETE' as const, url: '/ops/alerts' },
      ];
      for (const attempt of attempts) expect(answerOf(await fresh.inject(attempt))).toEqual(expected);
      // Signed in, an unknown path is simply not there.
      const auth = { authorization: basic(ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD) };
      expect((await fresh.inject({ url: '/ops/users', headers: auth })).statusCode).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it('locks a client out after repeated failures, even for the right password and a rotating X-Forwarded-For', async () => {
    const fresh = await buildTestApp(database, { env: ADMIN });
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await fresh.inject({
          url: '/ops/alerts',
          headers: {
            authorization: basic(`user${attempt}`, `guess-${attempt}`),
            'x-forwarded-for': `203.0.113.${attempt}`,
          },
        });
        expect(response.statusCode).toBe(401);
      }
      const locked = await fresh.inject({
        url: '/ops/alerts',
        headers: {
          authorization: basic(ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD),
          'x-forwarded-for': '203.0.113.99',
        },
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(locked.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many failed sign-ins\. Please wait 15 minutes/),
        retryAfterSeconds: Number(locked.headers['retry-after']),
      });
    } finally {
      await fresh.close();
    }
  });

  it('locks a username out after failures spread over many clients, and not other usernames', async () => {
    const fresh = await buildTestApp(database, { env: { ...ADMIN, TRUSTED_PROXIES: '127.0.0.1' } });
    const from = (address: string, user: string, password: string) =>
      fresh.inject({
        url: '/ops/alerts',
        headers: { authorization: basic(user, password), 'x-forwarded-for': address },
      });
    try {
      for (let attempt = 0; attempt < 20; attempt += 1)
        expect((await from(`198.51.100.${attempt}`, 'ops', `guess-${attempt}`)).statusCode).toBe(401);
      expect((await from('198.51.100.200', 'ops', ADMIN.ADMIN_PASSWORD)).statusCode).toBe(429);
      // A client that has not failed, trying another name, is answered as usual.
      expect((await from('198.51.100.201', 'nobody', 'guess')).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('never counts right sign-ins against the limit', async () => {
    const fresh = await buildTestApp(database, { env: ADMIN });
    try {
      const auth = { authorization: basic(ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD) };
      for (let attempt = 0; attempt < 9; attempt += 1)
        expect(
          (
            await fresh.inject({
              url: '/ops/alerts',
              headers: { authorization: basic('ops', `typo-${attempt}`) },
            })
          ).statusCode,
        ).toBe(401);
      for (let attempt = 0; attempt < 30; attempt += 1)
        expect((await fresh.inject({ url: '/ops/alerts', headers: auth })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
