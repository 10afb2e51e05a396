import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDigest } from '../src/lib/redaction.ts';
import { createSystemRepository } from '../src/modules/system/system-repository.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

describeEachDriver('system calls', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const headers = { 'session-name': SESSION };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const post = (url: string, payload: object, extraHeaders: Record<string, string> = headers) =>
    app.inject({ method: 'POST', url, payload, headers: extraHeaders });

  it('answers the seeded flags per country', async () => {
    expect((await post('/b2c-server/rest/system/getStatus', { countryCode: 'SGP' })).body).toBe('true');
    expect((await post('/b2c-server/rest/system/getPaynowStatus', { countryCode: 'SGP' })).body).toBe('true');
    // PayNow is Singapore only.
    expect((await post('/b2c-server/rest/system/getPaynowStatus', { countryCode: 'HKG' })).body).toBe(
      'false',
    );
    expect((await post('/b2c-server/rest/system/getSeniorLoadingStatus', { countryCode: 'HKG' })).body).toBe(
      'true',
    );
    const pvt = await app.inject({ url: '/b2c-server/rest/system/pvt-status?countryCode=SGP', headers });
    expect(pvt.statusCode).toBe(200);
    expect(pvt.headers['content-type']).toMatch(/^text\/plain/);
    expect(pvt.body).toBe('false');
  });

  it('caches flags, yet a change in the database shows on the next call', async () => {
    const repository = createSystemRepository(database.db);
    await repository.updateFlags('HKG', {
      systemAvailable: false,
      privateMode: true,
      seniorLoadingAvailable: false,
    });
    try {
      // On PostgreSQL the change arrives by LISTEN/NOTIFY, a moment after the commit.
      await expect
        .poll(async () => (await post('/b2c-server/rest/system/getStatus', { countryCode: 'HKG' })).body, {
          timeout: 2000,
        })
        .toBe('false');
      expect(
        (await app.inject({ url: '/b2c-server/rest/system/pvt-status?countryCode=HKG', headers })).body,
      ).toBe('true');
      expect(
        (await post('/b2c-server/rest/system/getSeniorLoadingStatus', { countryCode: 'HKG' })).body,
      ).toBe('false');
    } finally {
      await repository.updateFlags('HKG', {
        systemAvailable: true,
        privateMode: false,
        seniorLoadingAvailable: true,
      });
    }
  });

  it('lists the seeded banners of a country and product, in either language (Traditional for Hong Kong)', async () => {
    const en = await app.inject({
      url: '/b2c-server/rest/system/getBanners?country=SGP&product=PTR',
      headers,
    });
    expect(en.statusCode).toBe(200);
    const banners = en.json() as { id: number; title: string; content: string; url: string | null }[];
    // The year-end banner shows while its campaign runs (to 31 January 2027), its Read More the shop's
    // link that gives the campaign and its code (decision 130, banner-campaigns.test.ts).
    const yearEnd = 'Year-end getaway: 25% off single trips';
    expect(banners.map((banner) => banner.title).filter((title) => title !== yearEnd)).toEqual([
      'Travel often? One annual plan covers every trip',
      'COVID-19 cover included',
    ]);
    const shownYearEnd = banners.find((banner) => banner.title === yearEnd);
    if (shownYearEnd) expect(shownYearEnd.url).toBe('/travel/campaign/YEAREND/promo/YEAREND25');
    const zh = await app.inject({
      url: '/b2c-server/rest/system/getBanners?country=HKG&product=PTR&lang=tc',
      headers,
    });
    expect((zh.json() as { title: string }[])[0]!.title).toBe('冬日出遊：最高八折優惠再送150港元超市禮券');
    const pa = await app.inject({
      url: '/b2c-server/rest/system/getBanners?country=SGP&product=PAN',
      headers,
    });
    expect(pa.json()).toHaveLength(1);
  });

  it('answers {} when no maintenance is scheduled and the notice when one is switched on', async () => {
    const none = await post('/b2c-server/rest/system/getScheduledMaintenance', { countryCode: 'SGP' });
    expect(none.json()).toEqual({});
    const repository = createSystemRepository(database.db);
    await repository.setNoticeActive('SGP-QUARTERLY-2026Q4', true);
    try {
      await expect
        .poll(async () =>
          (await post('/b2c-server/rest/system/getScheduledMaintenance', { countryCode: 'SGP' })).json(),
        )
        .toMatchObject({ message: expect.stringContaining('13 December 2026') });
      const zh = await post('/b2c-server/rest/system/getScheduledMaintenance', {
        countryCode: 'SGP',
        lang: 'zh',
      });
      expect(zh.json()).toMatchObject({ longMessage: expect.stringContaining('升级系统') });
    } finally {
      await repository.setNoticeActive('SGP-QUARTERLY-2026Q4', false);
    }
  });

  it('refuses a call without Session-Name with a 400 naming the header', async () => {
    const response = await post('/b2c-server/rest/system/getStatus', { countryCode: 'SGP' }, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The Session-Name header is required on this call.',
      field: 'Session-Name',
    });
    const malformed = await post(
      '/b2c-server/rest/system/getStatus',
      { countryCode: 'SGP' },
      { 'session-name': 'a b' },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'Session-Name' });
  });

  it('answers the exempt paths without Session-Name', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
    const docs = await app.inject({ url: '/b2c-server/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys((docs.json() as { paths: object }).paths)).toContain(
      '/b2c-server/rest/system/getBanners',
    );
  });

  it.each([
    ['an unknown country', { countryCode: 'MYS' }, 'countryCode'],
    ['a number for the country', { countryCode: 65 }, 'countryCode'],
    ['no country', {}, 'countryCode'],
  ])('refuses %s with a 400 naming the field', async (_label, payload, field) => {
    const response = await post('/b2c-server/rest/system/getStatus', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
  });

  it('refuses malformed JSON and oversize bodies with a 4xx, never a 500', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/system/getStatus',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"countryCode":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'body' });
    const oversize = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/system/getStatus',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ countryCode: 'SGP', padding: 'x'.repeat(120 * 1024) }),
    });
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ field: 'body', message: expect.stringContaining(' 100 KB ') });
  });

  it('stores client logs redacted, and refuses unknown levels', async () => {
    const response = await post('/b2c-server/b2c/log/error', {
      data: 'POST /rate failed 500 for S1234567D jane.tan@example.com card 4111 1111 1111 1111',
    });
    expect(response.statusCode).toBe(204);
    const rows = await database.db.query.clientLogs.findMany();
    const stored = rows.at(-1)!;
    expect(stored.level).toBe('error');
    // Only a digest of the Session-Name: enough to group a visitor's reports, useless as a credential.
    expect(stored.sessionName).toBe(sessionDigest(SESSION));
    expect(stored.sessionName).not.toContain(SESSION);
    expect(stored.data).toBe('POST /rate failed 500 for [nric] [email] card [card]');
    const badLevel = await post('/b2c-server/b2c/log/panic', { data: 'x' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json()).toMatchObject({ field: 'level' });
  });

  it('answers unknown paths with the JSON error shape', async () => {
    const response = await app.inject({ url: '/b2c-server/rest/nothing-here', headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('sends the strict security headers', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('system calls on a database that does not answer', () => {
  it('reports not ready', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database);
    await database.close();
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    await app.close();
  });
});
