import { ACCOUNT_ROLES, can, type TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogs, paymentLifecycleLogs, payments, policies } from '../src/db/schema.ts';
import { signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { multipartBody, TINY_PDF } from './helpers/claim-files.ts';
import { buyTravelPolicy, holderCookieFor } from './helpers/purchase.ts';
import { fill, listRoutes, type TRoute } from './helpers/routes.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * Design section 5 (decision 029): text PostgreSQL cannot store — a NUL character or a lone surrogate,
 * sent as the JSON escapes `\u0000` and `\ud800` — is a 400 naming the field on every call, never a
 * 500; a database that does not answer is a 503 with Retry-After; a client-sent policy number is
 * never stored.
 */
const today = localDate(2026, 11, 23);
const clock = new Date('2026-11-23T02:00:00Z');
const ADMIN = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'correct-horse-battery-staple' };
const HEADERS = {
  'session-name': SESSION,
  authorization: `Basic ${Buffer.from('ops:correct-horse-battery-staple').toString('base64')}`,
};
const BAD_TEXT = { NUL: 'left\u0000right', 'lone surrogate': 'left\ud800right' };

describeEachDriver('text the database cannot store is refused at the edge', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let routes: TRoute[];
  const staff = new Map<TAccountRole, TSignedIn>();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, env: ADMIN });
    routes = listRoutes(app);
    for (const role of ACCOUNT_ROLES)
      staff.set(
        role,
        await signedInAs(app, role, { at: clock, ...(role === 'agent' ? { agentCode: 'AG1001' } : {}) }),
      );
  }, 60_000);

  /**
   * A back-office call is answered 401/403 before its input is read (decision 078): it is sent as an
   * account whose role may make it, so the input guard is reached there too.
   */
  const headersOf = (route: TRoute): Record<string, string> => {
    const guarded = app.backOfficeRoutes.find(
      (entry) => entry.method === route.method && entry.url === route.url && entry.permission,
    );
    if (!guarded) return HEADERS;
    const role = ACCOUNT_ROLES.find((candidate) => can(candidate, guarded.permission!))!;
    return { ...HEADERS, ...staff.get(role)!.headers };
  };
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('finds every call in the route tree', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const call of [
      'POST /b2c-server/rest/policy/rate',
      'POST /b2c-server/rest/policy/rateTopup',
      'POST /b2c-server/rest/policy/updateToPending',
      'POST /b2c-server/rest/policy/updateToPendingGenerateQR',
      'POST /b2c-server/rest/policy/logPaymentLifeCycle',
      'POST /b2c-server/b2c/log/:level',
      'POST /b2c-server/rest/payNow/notify',
      'POST /b2c-server/rest/payment/receipt',
      'GET /b2c-server/rest/campaign/validatePromoCode/:campaignCode/:promoCode/:campaignId',
      'POST /gateway/silent/pay',
    ])
      expect(urls).toContain(call);
    expect(routes.length).toBeGreaterThan(40);
  });

  /** Whether a call takes a body of this media type (plugins/body-types.ts: a call that names none takes any). */
  const takes = (route: TRoute, type: string) =>
    app.bodyTypes.get(`${route.method} ${route.url}`)?.includes(type) ?? true;
  /** An empty body the call takes, if it takes JSON. */
  const emptyBody = (route: TRoute) =>
    route.method === 'GET' || !takes(route, 'application/json') ? {} : { payload: {} };

  for (const [kind, bad] of Object.entries(BAD_TEXT)) {
    it(`answers 400 naming the field for a ${kind} in any JSON or form body the call takes`, async () => {
      // The methods whose body Fastify parses (a catch-all route also lists WebDAV methods, whose body
      // is never read).
      const posts = routes.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
      expect(posts.length).toBeGreaterThan(20);
      const send = (route: TRoute, contentType: string, payload: string) =>
        app.inject({
          method: route.method as 'POST',
          url: fill(route.url, 'x1'),
          headers: { ...headersOf(route), 'content-type': contentType },
          payload,
        });
      // A body of a type the call does not take is refused before it is read, whatever it holds.
      const refusedUnread = { status: 415, field: 'content-type' };
      for (const route of posts) {
        const url = fill(route.url, 'x1');
        const json = await send(
          route,
          'application/json',
          JSON.stringify({ countryCode: 'SGP', probe: { inner: ['fine', bad] } }),
        );
        if (!takes(route, 'application/json')) {
          expect({ route: url, status: json.statusCode, field: json.json().field }).toEqual({
            route: url,
            ...refusedUnread,
          });
        } else {
          expect({ route: url, status: json.statusCode, body: json.json() }).toMatchObject({
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              field: 'probe.inner.1',
              messageKey: MESSAGE_KEYS.noSpecialCharacters,
            },
          });
          // A bad character in a field's name is as unstorable as one in its value.
          const key = await send(route, 'application/json', JSON.stringify({ [`note${bad}`]: 'fine' }));
          expect({ route: url, status: key.statusCode }).toEqual({ route: url, status: 400 });
        }
        if (kind === 'NUL') {
          const form = await send(route, 'application/x-www-form-urlencoded', 'countryCode=SGP&probe=a%00b');
          expect({ route: url, status: form.statusCode, field: form.json().field }).toEqual({
            route: url,
            ...(takes(route, 'application/x-www-form-urlencoded')
              ? { status: 400, field: 'probe' }
              : refusedUnread),
          });
        }
      }
    });
  }

  it('answers 400 naming the parameter for a NUL in any query or path', async () => {
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST';
      const query = await app.inject({
        method,
        url: `${fill(route.url, 'x1')}?probe=a%00b`,
        headers: headersOf(route),
        ...emptyBody(route),
      });
      expect({ route: route.url, status: query.statusCode, field: query.json().field }, query.body).toEqual({
        route: route.url,
        status: 400,
        field: 'probe',
      });
      if (!/:|\*$/.test(route.url)) continue;
      const path = await app.inject({
        method,
        url: fill(route.url, 'a%00b'),
        headers: headersOf(route),
        ...emptyBody(route),
      });
      expect({ route: route.url, status: path.statusCode }).toEqual({ route: route.url, status: 400 });
      expect(path.json().field).toMatch(/^[A-Za-z*]+$/);
      // A lone surrogate cannot be percent-encoded in UTF-8 at all: its bytes are refused as the URL.
      const surrogate = await app.inject({
        method,
        url: fill(route.url, 'a%ED%A0%80b'),
        headers: headersOf(route),
        ...emptyBody(route),
      });
      expect({ route: route.url, status: surrogate.statusCode, body: surrogate.json() }).toMatchObject({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', field: 'url' },
      });
    }
  });

  /**
   * Every call, sent every kind of body a client can name (issue 27): none may answer a 500, whatever
   * it does with the body. The claims calls are sent to a real draft of a signed-in policyholder, so the
   * upload reads the multipart body it is given instead of stopping at "no such claim".
   */
  it('answers every call below 500 whatever the content type of its body', async () => {
    const bought = await buyTravelPolicy(app, database.db, { today });
    const cookie = await holderCookieFor(app, database.db, bought.policyId);
    const draft = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/claims/draft',
      headers: { ...HEADERS, cookie },
      payload: { policyId: bought.policyId },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const claimId = draft.json().claimId as string;
    const upload = multipartBody([{ name: 'r.pdf', type: 'application/pdf', bytes: TINY_PDF }]);
    const bodies: [string, string, string | Buffer][] = [
      ['JSON', 'application/json', '{"probe":1}'],
      ['a form', 'application/x-www-form-urlencoded', 'probe=1&countryCode=SGP'],
      ['multipart', upload.headers['content-type']!, upload.payload],
      ['multipart cut short', upload.headers['content-type']!, upload.payload.subarray(0, 60)],
      ['multipart without a boundary', 'multipart/form-data', upload.payload],
      ['text', 'text/plain', 'probe'],
      ['bytes', 'application/octet-stream', Buffer.from([0, 1, 2, 255])],
      ['an unknown type', 'application/x-lionrock-probe', 'probe'],
      ['JSON in an unknown charset', 'application/json; charset=klingon', '{"probe":1}'],
      ['an empty JSON body', 'application/json', ''],
    ];
    const failed: string[] = [];
    // Signing out last, so every other call is made signed in.
    const walk = [...routes].sort((a, b) => Number(/sign-out/.test(a.url)) - Number(/sign-out/.test(b.url)));
    for (const route of walk) {
      const url = fill(route.url.replace(':claimId', claimId), 'x1');
      const headers = headersOf(route);
      for (const [kind, contentType, payload] of bodies) {
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            ...headers,
            cookie: [headers.cookie, cookie].filter(Boolean).join('; '),
            'content-type': contentType,
          },
          payload,
        });
        if (response.statusCode >= 500)
          failed.push(
            `${route.method} ${url} with ${kind}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(failed).toEqual([]);
    // The two the fuzzing found (issue 27), and the upload cut short: each a 4xx naming what is wrong.
    const signedIn = await holderCookieFor(app, database.db, bought.policyId);
    const answer = async (url: string, contentType: string, payload: string | Buffer) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...HEADERS, cookie: signedIn, 'content-type': contentType },
        payload,
      });
      return [response.statusCode, response.json().field];
    };
    const documents = `/b2c-server/rest/claims/draft/${claimId}/documents`;
    expect(
      await answer('/b2c-server/rest/payNow/notify', 'application/x-www-form-urlencoded', 'a=1'),
    ).toEqual([415, 'content-type']);
    expect(await answer(documents, 'multipart/form-data', upload.payload)).toEqual([400, 'content-type']);
    expect(await answer(documents, upload.headers['content-type']!, upload.payload.subarray(0, 60))).toEqual([
      400,
      'file',
    ]);
  }, 120_000);

  it('refuses a body nested deeper than any document instead of walking it', async () => {
    // Deep enough to overflow a naive walk, small enough for the lifecycle call's 8 KB body limit.
    const levels = 3_000;
    const response = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/logPaymentLifeCycle',
      headers: { 'content-type': 'application/json' },
      payload: `{"step":${'['.repeat(levels)}"leaf"${']'.repeat(levels)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toMatch(/^step(\.0)+/);
  });

  describe('the calls that failed with a 500, with realistic bodies', () => {
    const counts = async () => ({
      policies: (await database.db.select({ n: count() }).from(policies))[0]!.n,
      payments: (await database.db.select({ n: count() }).from(payments))[0]!.n,
      clientLogs: (await database.db.select({ n: count() }).from(clientLogs))[0]!.n,
      lifecycle: (await database.db.select({ n: count() }).from(paymentLifecycleLogs))[0]!.n,
    });
    const post = (url: string, payload: unknown, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...HEADERS, 'content-type': contentType },
        payload: JSON.stringify(payload),
      });

    let rated: Record<string, unknown>;
    beforeAll(async () => {
      const base = buildTravelPolicy(today);
      const policy = {
        ...base,
        policyTravel: {
          ...base.policyTravel,
          applicant: { ...base.policyTravel!.applicant!, fullName: 'TAN AH KOW', hkId: 'S1234567D' },
        },
      };
      const quoted = (await post('/b2c-server/rest/policy/multirate', policy)).json();
      const [plan] = quoted.policyTravel.premiumItems;
      const chosen = { ...policy, policyTravel: { ...policy.policyTravel, policyPremium: plan } };
      const rate = await post('/b2c-server/rest/policy/rate', chosen);
      expect(rate.statusCode).toBe(200);
      const consent = recordConsent(true, clock.toISOString());
      rated = {
        ...rate.json(),
        consents: { declaration1: consent, declaration2: consent, marketing: consent },
      };
    });

    for (const [kind, bad] of Object.entries(BAD_TEXT)) {
      it(`refuses a ${kind} in rate, updateToPending, the QR, the lifecycle and the client log`, async () => {
        const before = await counts();
        const applicant = (rated.policyTravel as { applicant: Record<string, unknown> }).applicant;
        const poisoned = {
          ...rated,
          policyTravel: {
            ...(rated.policyTravel as object),
            applicant: { ...applicant, address1: `1 Raffles Place${bad}` },
          },
        };
        for (const call of ['rate', 'rateTopup', 'updateToPending', 'updateToPendingGenerateQR']) {
          const response = await post(`/b2c-server/rest/policy/${call}`, poisoned);
          expect({ call, status: response.statusCode, field: response.json().field }).toEqual({
            call,
            status: 400,
            field: 'policyTravel.applicant.address1',
          });
        }
        const lifecycle = await post('/b2c-server/rest/policy/logPaymentLifeCycle', {
          step: 'card-error',
          detail: { message: bad },
        });
        expect([lifecycle.statusCode, lifecycle.json().field]).toEqual([400, 'detail.message']);
        const clientLog = await post('/b2c-server/b2c/log/error', { data: `TypeError ${bad}` });
        expect([clientLog.statusCode, clientLog.json().field]).toEqual([400, 'data']);
        expect(await counts()).toEqual(before);
      });
    }
  });

  it('never stores a policy number or receipt number the client sent', async () => {
    const base = buildTravelPolicy(today);
    const quoted = (
      await app.inject({
        method: 'POST',
        url: '/b2c-server/rest/policy/multirate',
        headers: HEADERS,
        payload: base,
      })
    ).json();
    const forged = {
      ...base,
      policyNumber: 'TSG26-9999999',
      receiptNumber: 'RSG26-9999999',
      paymentSuccess: 'true',
      scheduleUrl: 'https://attacker.example/schedule.pdf',
      payment: { receiptNumber: 'RSG26-9999998', auth_code: '831000' },
      policyTravel: { ...base.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
    };
    const response = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/rate',
      headers: HEADERS,
      payload: forged,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    const [row] = await database.db.select().from(policies).where(eq(policies.policyId, answer.policyId));
    expect(row!.policyNumber).toBeNull();
    expect(row!.receiptNumber).toBeNull();
    for (const stored of [JSON.stringify(row!.document), JSON.stringify(answer)]) {
      expect(stored).not.toMatch(/9999999|9999998|attacker|831000|policyNumber|receiptNumber|scheduleUrl/);
      expect(stored).toContain('"paymentSuccess":"false"');
    }
  });
});

describeEachDriver('a database that does not answer', (driver) => {
  const call = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/rate',
      headers: HEADERS,
      payload: buildTravelPolicy(today),
    });
  const expectUnavailable = async (app: FastifyInstance) => {
    const response = await call(app);
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: expect.stringMatching(/try again/i),
    });
  };

  it('answers 503 with Retry-After once the database is closed under the app', async () => {
    const database = await createTestDatabase(driver);
    const app = await buildTestApp(database, { now: () => clock });
    try {
      if (driver === 'pglite') await database.pglite!.close();
      else await database.pool!.end();
      await expectUnavailable(app);
    } finally {
      await app.close().catch(() => {});
      await database.drop().catch(() => {});
    }
  });

  if (driver === 'postgres') {
    it('answers 503 when the PostgreSQL database is dropped with its connections', async () => {
      const database = await createTestDatabase(driver);
      const app = await buildTestApp(database, { now: () => clock });
      try {
        const pg = await import('pg');
        const admin = new pg.default.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const name = new URL(database.url!).pathname.slice(1);
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
        await expectUnavailable(app);
        await expectUnavailable(app);
      } finally {
        await app.close().catch(() => {});
        await database.drop().catch(() => {});
      }
    });
  }
});
