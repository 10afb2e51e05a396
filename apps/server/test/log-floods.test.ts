import { randomUUID } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { clientLogs, paymentLifecycleLogs } from '../src/db/schema.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** Each request from a new Session-Name and a new claimed address, as a flood would come. */
const rotating = () => ({
  'session-name': `flood-${randomUUID()}`,
  'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
});

describeEachDriver('the logs the browser writes are bounded per client', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let marker: string;

  const clientLog = (data: string, headers: Record<string, string> = rotating()) =>
    app.inject({ method: 'POST', url: '/b2c-server/b2c/log/error', headers, payload: { data } });
  const lifecycle = (entry: Record<string, unknown>, headers: Record<string, string> = rotating()) =>
    app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/logPaymentLifeCycle',
      headers,
      payload: entry,
    });
  const clientRows = async () =>
    (
      await database.db
        .select({ n: count() })
        .from(clientLogs)
        .where(like(clientLogs.data, `${marker}%`))
    )[0]!.n;
  const lifecycleRows = async () =>
    (
      await database.db
        .select({ n: count() })
        .from(paymentLifecycleLogs)
        .where(eq(paymentLifecycleLogs.policyId, marker))
    )[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    // A fresh app each time: its counters start empty (no REDIS_URL).
    app = await buildTestApp(database);
    // Letters only: a marker with digits can look like an HKID or a phone number and be scrubbed.
    marker = `m${randomUUID().replace(/[\d-]/g, '').slice(0, 8)}`;
  });
  afterEach(async () => {
    await app.close();
  });

  it('refuses a flood of large client-log entries by bytes, long before the request count', async () => {
    const statuses: number[] = [];
    // 3,900 bytes each: 8 fit in the 32 KB a client may write a minute, the 9th does not.
    for (let index = 0; index < 12; index += 1)
      statuses.push((await clientLog(`${marker} ${'x'.repeat(3880)} ${index}`)).statusCode);
    expect(statuses).toEqual([...Array(8).fill(204), ...Array(4).fill(429)]);
    expect(await clientRows()).toBe(8);
  });

  it('refuses a flood of small client-log entries by rows, with the 429 of design section 5', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1)
      statuses.push((await clientLog(`${marker} ${index}`)).statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    const refused = await clientLog(`${marker} after`);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await clientRows()).toBe(30);
  });

  it('refuses a flood of payment-lifecycle entries by bytes and rows, and an oversized entry outright', async () => {
    const big = (index: number) => ({ policyId: marker, step: 'card', detail: 'y'.repeat(6000), index });
    const statuses: number[] = [];
    // About 6 KB each: 5 fit in the 32 KB a client may write a minute.
    for (let index = 0; index < 8; index += 1) statuses.push((await lifecycle(big(index))).statusCode);
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(3).fill(429)]);
    expect(await lifecycleRows()).toBe(5);

    const oversized = await lifecycle({ policyId: marker, detail: 'z'.repeat(9000) });
    expect(oversized.statusCode).toBe(413);
    // The message names this call's own limit, not the app's 100 KB.
    expect(oversized.json()).toMatchObject({ field: 'body', message: expect.stringContaining(' 8 KB ') });
    expect(await lifecycleRows()).toBe(5);
  });

  it('refuses a flood of small lifecycle entries past 30 rows a minute', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1)
      statuses.push((await lifecycle({ policyId: marker, step: 'card', index })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(await lifecycleRows()).toBe(30);
  });
});

describeEachDriver('other customers keep their own log budget behind a proxy', (driver) => {
  it('counts each forwarded client on its own', async () => {
    const database = await createTestDatabase(driver);
    const app = await buildTestApp(database, { env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const post = (address: string) =>
        app.inject({
          method: 'POST',
          url: '/b2c-server/b2c/log/error',
          headers: { 'session-name': `client-${randomUUID()}`, 'x-forwarded-for': address },
          payload: { data: 'e'.repeat(3900) },
        });
      for (let index = 0; index < 8; index += 1) expect((await post('198.51.100.1')).statusCode).toBe(204);
      expect((await post('198.51.100.1')).statusCode).toBe(429);
      expect((await post('198.51.100.2')).statusCode).toBe(204);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
