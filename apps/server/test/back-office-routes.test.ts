import { ACCOUNT_ROLES, can, type TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** The calls anyone may make: signing in and out, and the reset link. */
const OPEN = new Set([
  `POST ${BACK_OFFICE}/session/sign-in`,
  `POST ${BACK_OFFICE}/session/code`,
  `GET ${BACK_OFFICE}/session`,
  `POST ${BACK_OFFICE}/session/sign-out`,
  `POST ${BACK_OFFICE}/session/reset`,
  `POST ${BACK_OFFICE}/session/reset/finish`,
]);

const ANY_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every admin and agent route, walked (issue 18): without a session a 401; with each role that lacks
 * the route's permission a 403; with a role that has it, never either. A route added without a
 * permission fails here.
 */
describeEachDriver('every back-office route asks who is calling', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const sessions = new Map<TAccountRole, TSignedIn>();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
    for (const role of ACCOUNT_ROLES)
      sessions.set(role, await signedInAs(app, role, role === 'agent' ? { agentCode: 'AG1001' } : {}));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
    app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:[A-Za-z]+/g, ANY_ID).replace(/\*$/, 'x'),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('has a permission on every route but signing in', () => {
    const routes = app.backOfficeRoutes.filter((route) => !OPEN.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.permission === null)).toEqual([]);
  });

  it('answers 401 without a session, 403 to each role without the permission, neither to one with it', async () => {
    const routes = app.backOfficeRoutes.filter((route) => route.permission !== null);
    const wrong: string[] = [];
    for (const route of routes) {
      const anonymous = await call(route);
      if (anonymous.statusCode !== 401)
        wrong.push(`${route.method} ${route.url} anonymous: ${anonymous.statusCode}`);
      for (const role of ACCOUNT_ROLES) {
        const answer = await call(route, sessions.get(role)!.headers);
        const allowed = can(role, route.permission!);
        if (!allowed && answer.statusCode !== 403)
          wrong.push(`${route.method} ${route.url} as ${role}: ${answer.statusCode}, not 403`);
        if (allowed && (answer.statusCode === 401 || answer.statusCode === 403))
          wrong.push(`${route.method} ${route.url} as ${role}: ${answer.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
