import { ACCOUNT_ROLES, can, type TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHEABLE_ROUTES } from '../src/plugins/cache-control.ts';
import { isWebAppPage } from '../src/plugins/web-app.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { fill, listRoutes, type TRoute } from './helpers/routes.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const OPS = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'correct-horse-battery-staple' };
const BASIC = `Basic ${Buffer.from('ops:correct-horse-battery-staple').toString('base64')}`;

/** Whether an answer may be kept by a browser or a proxy: public and the same for everyone, never an error. */
const mayBeKept = (route: TRoute, status: number) =>
  status < 400 && (CACHEABLE_ROUTES.has(`${route.method} ${route.url}`) || isWebAppPage(route.url));

/**
 * Issue 27 section 5: every answer carrying personal data — a customer's policy, claim, cancellation or
 * saved quote, a payment's state, every staff answer including the reveal of a full NRIC — is
 * `Cache-Control: no-store`, and so is every error, which can echo what was sent. One hook decides it for
 * every route (plugins/cache-control.ts, decision 107): a route added tomorrow is covered without a line.
 * The hook does not depend on the database, so this walks one driver.
 */
describe('no answer with personal data may be kept by a browser or a proxy', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let bought: TBought;
  let holderCookie: string;
  const staff = new Map<TAccountRole, TSignedIn>();
  let clock = new Date('2026-11-25T02:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { now: () => clock, env: OPS });
    bought = await buyTravelPolicy(app, database.db, { today: localDate(2026, 11, 25) });
    // The trip has begun: a claim may be started.
    clock = new Date(`${formatIso(addDays(parseIso(String(bought.row.startDate))!, 2))}T02:00:00.000Z`);
    holderCookie = await holderCookieFor(app, database.db, bought.policyId);
    for (const role of ACCOUNT_ROLES)
      staff.set(
        role,
        await signedInAs(app, role, { at: clock, ...(role === 'agent' ? { agentCode: 'AG1001' } : {}) }),
      );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const customer = { 'session-name': SESSION };
  const asHolder = () => ({ ...customer, cookie: holderCookie });
  const asStaff = (role: TAccountRole) => ({ ...customer, ...staff.get(role)!.headers });

  function expectNoStore(answer: LightMyRequestResponse, what: string) {
    expect(answer.headers['cache-control'], `${what}: ${answer.statusCode}`).toMatch(/\bno-store\b/);
  }

  it('is no-store on the answers that carry personal data, read for real', async () => {
    const policyId = bought.policyId;
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      [
        'the rated policy with its applicant',
        async () => {
          const session = { 'session-name': 'cache-control-rate-0001' };
          const policy = buildTravelPolicy(parseIso(clock.toISOString().slice(0, 10))!);
          const quoted = await app.inject({
            method: 'POST',
            url: '/b2c-server/rest/policy/multirate',
            headers: session,
            payload: policy,
          });
          const plan = quoted.json().policyTravel.premiumItems[0];
          return app.inject({
            method: 'POST',
            url: '/b2c-server/rest/policy/rate',
            headers: session,
            payload: { ...policy, policyTravel: { ...policy.policyTravel, policyPremium: plan } },
          });
        },
      ],
      [
        'the payment state',
        () =>
          app.inject({
            method: 'POST',
            url: '/b2c-server/rest/payNow/checkB2CPaymentSuccess',
            headers: customer,
            payload: bought.row.document as object,
          }),
      ],
      [
        'my policy',
        () => app.inject({ url: `/b2c-server/rest/my-policy/policies/${policyId}`, headers: asHolder() }),
      ],
      [
        'a claim draft',
        () =>
          app.inject({
            method: 'POST',
            url: '/b2c-server/rest/claims/draft',
            headers: asHolder(),
            payload: { policyId, lang: 'en' },
          }),
      ],
      [
        'the cancellation quote',
        () =>
          app.inject({
            url: `/b2c-server/rest/my-policy/policies/${policyId}/cancellation`,
            headers: asHolder(),
          }),
      ],
      [
        'the staff policy page',
        () =>
          app.inject({ url: `${BACK_OFFICE}/admin/policies/${policyId}`, headers: asStaff('operations') }),
      ],
      [
        'the reveal of the full NRIC',
        () =>
          app.inject({
            method: 'POST',
            url: `${BACK_OFFICE}/admin/policies/${policyId}/reveal`,
            headers: asStaff('operations'),
            payload: { field: 'idNumber' },
          }),
      ],
      [
        'the policies list',
        () => app.inject({ url: `${BACK_OFFICE}/admin/policies`, headers: asStaff('operations') }),
      ],
      [
        'the claims queue',
        () => app.inject({ url: `${BACK_OFFICE}/admin/claims`, headers: asStaff('claims') }),
      ],
      [
        'the client logs',
        () => app.inject({ url: `${BACK_OFFICE}/admin/client-logs`, headers: asStaff('operations') }),
      ],
      [
        'the mail outbox',
        () => app.inject({ url: `${BACK_OFFICE}/admin/mail`, headers: asStaff('operations') }),
      ],
      [
        'the policy’s audit trail',
        () =>
          app.inject({
            url: `${BACK_OFFICE}/audit?entity=policy&entityId=${policyId}`,
            headers: asStaff('operations'),
          }),
      ],
      ['the desk’s sales', () => app.inject({ url: `${BACK_OFFICE}/desk/sales`, headers: asStaff('agent') })],
    ];
    for (const [what, call] of calls) {
      const answer = await call();
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(200);
      expectNoStore(answer, what);
    }
  });

  it('walks every route, as a stranger and as a caller it admits: only the public answers may be kept', async () => {
    const routes = listRoutes(app);
    expect(routes.length).toBeGreaterThan(150);
    // Signing out last: the sessions are used by every other call.
    const ordered = [...routes].sort(
      (a, b) => Number(a.url.endsWith('sign-out')) - Number(b.url.endsWith('sign-out')),
    );
    const wrong: string[] = [];
    const statuses = new Map<number, number>();
    const check = (route: TRoute, answer: LightMyRequestResponse, as: string) => {
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      const header = String(answer.headers['cache-control'] ?? '');
      if (!mayBeKept(route, answer.statusCode) && !/\bno-store\b/.test(header))
        wrong.push(`${route.method} ${route.url} ${as}: ${answer.statusCode} cache-control "${header}"`);
    };
    for (const route of ordered) {
      const url = fill(route.url.replace(':policyId', bought.policyId), ANY_ID);
      const withBody = route.method !== 'GET' && route.method !== 'DELETE' ? { payload: {} } : {};
      const method = route.method as 'GET';
      check(route, await app.inject({ method, url, headers: customer, ...withBody }), 'as a stranger');
      const guarded = app.backOfficeRoutes.find(
        (entry) => entry.method === route.method && entry.url === route.url && entry.permission,
      );
      const role = guarded
        ? ACCOUNT_ROLES.find((candidate) => can(candidate, guarded.permission!))
        : undefined;
      const headers = role
        ? asStaff(role)
        : { ...asHolder(), authorization: BASIC, ...staff.get('operations')!.headers };
      check(route, await app.inject({ method, url, headers, ...withBody }), `as ${role ?? 'its caller'}`);
    }
    expect(wrong).toEqual([]);
    // Real answers were walked, not only refusals.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(40);
  }, 120_000);

  it('lets only public answers be kept: the same for everyone, whoever is signed in', async () => {
    expect(CACHEABLE_ROUTES.size).toBeGreaterThan(0);
    for (const key of CACHEABLE_ROUTES) {
      const [method, url] = key.split(' ') as [string, string];
      expect(method, key).toBe('GET');
      expect(url, key).not.toMatch(/^\/back-office|\/my-policy|\/claims|\/saved-quote|\/payment|\/payNow/);
      const filled = `${fill(url.replace(':documentName', 'travel-brochure'), '1')}?country=SGP&product=PTR&lang=en`;
      const stranger = await app.inject({ url: filled, headers: customer });
      const known = await app.inject({
        url: filled,
        headers: { ...asHolder(), ...staff.get('operations')!.headers },
      });
      expect(known.statusCode, key).toBe(stranger.statusCode);
      expect(known.rawPayload.equals(stranger.rawPayload), key).toBe(true);
    }
  });

  it('leaves the public answers cacheable, and an error of theirs is not', async () => {
    const banners = await app.inject({
      url: '/b2c-server/rest/system/getBanners?country=SGP&product=PTR&lang=en',
      headers: customer,
    });
    expect(banners.statusCode).toBe(200);
    expect(banners.headers['cache-control'] ?? '').not.toMatch(/no-store/);
    const brochure = await app.inject({ url: '/b2c-server/rest/document/get/travel-brochure' });
    expect(brochure.statusCode).toBe(200);
    expect(brochure.headers['cache-control']).toBe('public, max-age=3600');
    // A name that is not a document comes back in the error: not kept.
    const missing = await app.inject({ url: '/b2c-server/rest/document/get/S1234567D-brochure' });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expectNoStore(missing, 'a document that does not exist');
    const unknown = await app.inject({ url: '/b2c-server/rest/nothing/S1234567D', headers: customer });
    expect(unknown.statusCode).toBe(404);
    expectNoStore(unknown, 'an unknown call');
  });
});
