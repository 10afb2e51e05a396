import type { FastifyInstance } from 'fastify';
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
    await app.services.payments.addAlert({
      kind: 'refund',
      detail: { reason: 'unknown reference', txnRef: 'X1' },
    });
    await app.services.payments.addAlert({ kind: 'review', detail: { reasonCode: 480 } });
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
});
