import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { buildTestApp, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const REMOTE = '203.0.113.9';

const metrics = (app: FastifyInstance, options: { from?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ url: '/metrics', remoteAddress: options.from ?? '127.0.0.1', headers: options.headers ?? {} });

/**
 * `/metrics` is not public (issue 27 section 4, decision 106): it answers a client on this host, or one
 * with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the 404 of an unknown path. A
 * forwarded address never makes a remote client look local, whatever TRUSTED_PROXIES says.
 */
describe('who may read /metrics', () => {
  let database: TTestDatabase;
  const apps: FastifyInstance[] = [];
  const appWith = async (env: Record<string, string> = {}) => {
    const app = await buildTestApp(database, { env });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('answers a client on this host and no remote one', async () => {
    const app = await appWith();
    const local = await metrics(app);
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('http_request_duration_seconds');
    expect((await metrics(app, { from: '::1' })).statusCode).toBe(200);
    const remote = await metrics(app, { from: REMOTE });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_request_duration_seconds');
    // The same answer as a path that does not exist.
    const unknown = await app.inject({ url: '/no-such-metrics', remoteAddress: REMOTE });
    expect(remote.json()).toMatchObject({ statusCode: 404, error: unknown.json().error });
  });

  it('does not take a forwarded address for the client, trusted proxy or not', async () => {
    const untrusted = await appWith();
    expect(
      (await metrics(untrusted, { from: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode,
    ).toBe(404);
    // A proxy on this host, trusted: what it forwards comes from elsewhere, even when it says 127.0.0.1.
    const behindLocalProxy = await appWith({ TRUSTED_PROXIES: 'loopback' });
    for (const forwarded of [REMOTE, '127.0.0.1', `127.0.0.1, ${REMOTE}`])
      expect(
        (await metrics(behindLocalProxy, { headers: { 'x-forwarded-for': forwarded } })).statusCode,
        forwarded,
      ).toBe(404);
    for (const header of ['forwarded', 'x-real-ip'])
      expect(
        (await metrics(behindLocalProxy, { headers: { [header]: 'for=127.0.0.1' } })).statusCode,
        header,
      ).toBe(404);
    // A trusted proxy elsewhere forwarding "127.0.0.1": request.ip says loopback, the socket does not.
    const remoteProxy = await appWith({ TRUSTED_PROXIES: '203.0.113.0/24' });
    expect(
      (await metrics(remoteProxy, { from: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a remote scraper with the bearer token, and no other token', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN, TRUSTED_PROXIES: 'loopback' });
    expect(
      (await metrics(app, { from: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(200);
    // Through the proxy on this host, the token is what lets it in.
    expect(
      (await metrics(app, { headers: { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': REMOTE } }))
        .statusCode,
    ).toBe(200);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ])
      expect(
        (await metrics(app, { from: REMOTE, headers: { authorization } })).statusCode,
        authorization,
      ).toBe(404);
    expect((await metrics(app, { from: REMOTE })).statusCode).toBe(404);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at start', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short-token' })).toThrow(ConfigError);
    expect(() => testConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN/);
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(testConfig({}).metricsToken).toBeUndefined();
  });
});
