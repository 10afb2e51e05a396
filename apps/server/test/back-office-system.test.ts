import { notHongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/database.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const SYSTEM = `${BACK_OFFICE}/admin/system`;
const clock = new Date('2026-11-23T02:00:00Z');

/** The system settings in the back office (issue 18, decision 082): roles, audit, and every server told. */
describeEachDriver('back-office system settings', (driver) => {
  let database: TTestDatabase;
  let second: TDatabase | undefined;
  let app: FastifyInstance;
  /** Another running server on the same database (on PostgreSQL, its own connections and listener). */
  let other: FastifyInstance;
  let operations: TSignedIn;
  let marketing: TSignedIn;
  let readOnly: TSignedIn;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    second = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }) : undefined;
    other = await buildTestApp(second ?? database, { now: () => clock });
    operations = await signedInAs(app, 'operations', { at: clock });
    marketing = await signedInAs(app, 'marketing', { at: clock });
    readOnly = await signedInAs(app, 'read_only', { at: clock });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await second?.close();
    await app?.close();
    await database?.drop();
  });

  const call = (
    who: TSignedIn | undefined,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `${SYSTEM}${url}`,
      headers: who?.headers ?? {},
      ...(payload ? { payload } : {}),
    });
  const audit = async (who: TSignedIn, entity: string, entityId: string) =>
    (
      await app.inject({
        url: `${BACK_OFFICE}/audit?entity=${entity}&entityId=${encodeURIComponent(entityId)}`,
        headers: who.headers,
      })
    ).json().entries;
  const quote = (server: FastifyInstance) =>
    server.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/multirate',
      headers: { 'session-name': SESSION },
      payload: buildTravelPolicy(localDate(2026, 11, 23)) as object,
    });

  it('lets operations change, read-only only read, marketing nothing, and no one signed out', async () => {
    expect((await call(undefined, 'GET', '')).statusCode).toBe(401);
    // System settings are operations' screen (decision 106): marketing reads them no more.
    expect((await call(marketing, 'GET', '')).statusCode).toBe(403);
    for (const who of [operations, readOnly]) {
      const answer = await call(who, 'GET', '');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().flags.map((row: { country: string }) => row.country)).toEqual(['HKG', 'SGP']);
      expect(answer.json().banners.length).toBeGreaterThan(0);
      expect(answer.json().notices.length).toBeGreaterThan(0);
    }
    for (const who of [marketing, readOnly])
      expect((await call(who, 'PUT', '/flags/SGP', { paynowAvailable: false })).statusCode).toBe(403);
    // A change without the CSRF header is refused too.
    const noCsrf = await app.inject({
      method: 'PUT',
      url: `${SYSTEM}/flags/SGP`,
      headers: { cookie: operations.headers.cookie! },
      payload: { paynowAvailable: false },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call(operations, 'PUT', '/flags/SGP', {})).statusCode).toBe(400);
  });

  it('private mode switched on by staff refuses quotes on every running server, audited', async () => {
    expect((await quote(other)).json().messageKey).toBeUndefined();
    const on = await call(operations, 'PUT', '/flags/SGP', { privateMode: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ country: 'SGP', privateMode: true, systemAvailable: true });
    try {
      await expect
        .poll(async () => (await quote(other)).json().messageKey, { timeout: 5000, interval: 100 })
        .toBe(MESSAGE_KEYS.privateMode);
      expect((await quote(app)).json().messageKey).toBe(MESSAGE_KEYS.privateMode);
      const [entry] = await audit(operations, 'system_flags', 'SGP');
      expect(entry).toMatchObject({
        action: 'update',
        before: { privateMode: false },
        after: { privateMode: true },
      });
      expect(entry.actor).toContain(operations.username);
    } finally {
      expect((await call(operations, 'PUT', '/flags/SGP', { privateMode: false })).statusCode).toBe(200);
    }
    await expect
      .poll(async () => (await quote(other)).json().messageKey, { timeout: 5000, interval: 100 })
      .toBeUndefined();
  });

  it('creates, changes and deletes a maintenance notice the shop shows, audited', async () => {
    const notice = {
      country: 'HKG',
      messageEn: 'Upgrade on Sunday 01:00-05:00',
      messageZh: '星期日 01:00-05:00 系統升級',
      active: true,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-31T00:00:00Z',
    };
    expect((await call(marketing, 'POST', '/notices', notice)).statusCode).toBe(403);
    const created = await call(operations, 'POST', '/notices', notice);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const shown = () =>
      other.inject({
        method: 'POST',
        url: '/b2c-server/rest/system/getScheduledMaintenance',
        headers: { 'session-name': SESSION },
        payload: { countryCode: 'HKG', lang: 'en' },
      });
    await expect
      .poll(async () => (await shown()).body, { timeout: 5000, interval: 100 })
      .toContain('Upgrade on Sunday');
    const bad = await call(operations, 'PUT', `/notices/${id}`, { endsAt: '2026-10-01T00:00:00Z' });
    expect(bad.statusCode).toBe(400);
    const changed = await call(operations, 'PUT', `/notices/${id}`, { messageEn: 'Upgrade moved' });
    expect(changed.json().messageEn).toBe('Upgrade moved');
    expect((await call(operations, 'DELETE', `/notices/${id}`)).statusCode).toBe(200);
    expect((await call(operations, 'DELETE', `/notices/${id}`)).statusCode).toBe(404);
    const trail = await audit(operations, 'maintenance_notice', String(id));
    expect(trail.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(trail[1]).toMatchObject({
      before: { messageEn: 'Upgrade on Sunday 01:00-05:00' },
      after: { messageEn: 'Upgrade moved' },
    });
  });

  it('adds a banner and reorders the banners of a market, audited', async () => {
    const created = await call(operations, 'POST', '/banners', {
      country: 'SGP',
      product: 'PTR',
      titleEn: 'New banner',
      titleZh: '新横幅',
      url: 'https://www.lionrock.example/new',
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = (await call(operations, 'GET', '')).json().banners as {
      id: number;
      country: string;
      product: string;
    }[];
    const ids = list.filter((row) => row.country === 'SGP' && row.product === 'PTR').map((row) => row.id);
    // A new banner goes last in its list, after the seeded ones.
    expect(ids.at(-1)).toBe(created.json().id);
    expect(ids.length).toBeGreaterThan(1);
    const wanted = [created.json().id as number, ...ids.filter((id) => id !== created.json().id)];
    const reordered = await call(operations, 'POST', '/banners/reorder', { ids: wanted });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after = (await call(operations, 'GET', '')).json().banners as {
      id: number;
      country: string;
      product: string;
    }[];
    expect(
      after.filter((row) => row.country === 'SGP' && row.product === 'PTR').map((row) => row.id),
    ).toEqual(wanted);
    const banners = () =>
      other.inject({
        url: '/b2c-server/rest/system/getBanners?country=SGP&product=PTR&lang=en',
        headers: { 'session-name': SESSION },
      });
    await expect
      .poll(async () => JSON.stringify((await banners()).json()), { timeout: 5000, interval: 100 })
      .toMatch(/^\[\{[^}]*"New banner"/);
    expect((await audit(operations, 'banner', wanted.join(',')))[0].action).toBe('reorder');
    expect((await call(operations, 'POST', '/banners/reorder', { ids: [999_999] })).statusCode).toBe(404);
  });

  it("serves a Hong Kong banner typed in Simplified in Hong Kong's Chinese, and Singapore's as typed (decision 110)", async () => {
    for (const country of ['HKG', 'SGP'] as const) {
      const created = await call(operations, 'POST', '/banners', {
        country,
        product: 'PAN',
        titleEn: `Typed in Simplified ${country}`,
        titleZh: '个人意外保险：联系我们了解详情',
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const served = (country: string) =>
      other.inject({
        url: `/b2c-server/rest/system/getBanners?country=${country}&product=PAN&lang=zh`,
        headers: { 'session-name': SESSION },
      });
    await expect
      .poll(async () => (await served('HKG')).body, { timeout: 5000, interval: 100 })
      .toContain('個人意外保險：聯絡我們');
    expect((await served('HKG')).body).not.toContain('个人意外保险');
    expect(notHongKongChinese((await served('HKG')).body)).toEqual([]);
    expect((await served('SGP')).body).toContain('个人意外保险：联系我们了解详情');
  });
});
