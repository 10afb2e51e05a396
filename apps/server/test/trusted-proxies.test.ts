import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, logSink, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** The unknown-path limit (120 a minute) is counted per client address, before anything else runs. */
const probe = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({ url: `/no-such-page-${randomUUID()}`, headers: { 'x-forwarded-for': forwardedFor } });
const clientLog = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/b2c-server/b2c/log/info',
    headers: { 'session-name': SESSION, 'x-forwarded-for': forwardedFor },
    payload: { data: 'a client error' },
  });
const rotating = (index: number) => `198.51.100.${index % 250}, 10.0.0.${index % 250}`;

describeEachDriver('forwarded addresses are believed only from TRUSTED_PROXIES', (driver) => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('without TRUSTED_PROXIES, a rotating X-Forwarded-For does not reset a limit', async () => {
    const app = await buildTestApp(database);
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 125; index += 1)
        statuses.push((await probe(app, rotating(index))).statusCode);
      expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
      const logs: number[] = [];
      for (let index = 0; index < 31; index += 1)
        logs.push((await clientLog(app, rotating(index))).statusCode);
      expect(logs.filter((status) => status === 429).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('with TRUSTED_PROXIES=127.0.0.1 (app.inject’s address), the forwarded client is counted', async () => {
    const app = await buildTestApp(database, { env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      for (let index = 0; index < 120; index += 1)
        expect((await probe(app, '198.51.100.7')).statusCode).toBe(404);
      expect((await probe(app, '198.51.100.7')).statusCode).toBe(429);
      // Another client behind the proxy has its own count…
      expect((await probe(app, '198.51.100.8')).statusCode).toBe(404);
      // …and an address the client put in front of the proxy's own entry changes nothing:
      // only the proxy's last hop is believed, the rest is the client's word.
      expect((await probe(app, '10.9.9.9, 198.51.100.7')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('with a trusted proxy that is not the sender, the header is ignored', async () => {
    const app = await buildTestApp(database, { env: { TRUSTED_PROXIES: '10.0.0.0/8' } });
    try {
      for (let index = 0; index < 120; index += 1)
        expect((await probe(app, rotating(index))).statusCode).toBe(404);
      expect((await probe(app, rotating(121))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('says once in the log that a forwarded address came from a proxy it does not trust', async () => {
    const lines: string[] = [];
    const logStream = logSink((text) => lines.push(text));
    const app = await buildTestApp(database, { env: { LOG_LEVEL: 'warn' }, logStream });
    try {
      await probe(app, '198.51.100.1');
      await probe(app, '198.51.100.2');
      const warnings = lines.filter((line) => line.includes('TRUSTED_PROXIES'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, proxy: '127.0.0.1' });
    } finally {
      await app.close();
    }
  });
});
