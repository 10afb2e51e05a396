import { recordConsent } from '@lionrock/domain/consents/consents';
import { addDays, formatIso, localDate, parseIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, operationsAlerts, policies } from '../src/db/schema.ts';
import { createRenewalService, createTokenCharger } from '../src/modules/renewal/renewal-service.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { answerFields, FORM, gatewayRequest, postReceipt } from './helpers/card-gateway.ts';
import { buildTestApp, postRest, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const ADMIN = `${BACK_OFFICE}/admin`;
/** Approved at purchase; its token's renewal charges decline with 204 (test gateway README). */
const RENEWAL_DECLINES = '4000000000092041';

/**
 * Failed renewals and failed jobs in the back office (issue 18, decision 088): a renewal whose token
 * charge is declined is listed for operations (masked e-mail, reason, attempts) and marked handled
 * with a note, audited; failed pg-boss jobs are listed without their data and with the error scrubbed;
 * reading needs system.read, changing system.write.
 */
describeEachDriver('back-office failed renewals and jobs', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2027-03-03T02:00:00.000Z');
  const now = () => clock;
  const setDay = (day: TLocalDate) => {
    clock = new Date(`${formatIso(day)}T02:00:00.000Z`);
  };
  let ops: TSignedIn;
  let claims: TSignedIn;
  let readOnly: TSignedIn;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now });
    await signIn();
  }, 120_000);

  /** Everyone signed in again at the clock's time (a scan moves the clock past the sessions' life). */
  async function signIn() {
    ops = await signedInAs(app, 'operations', { at: clock });
    claims = await signedInAs(app, 'claims', { at: clock });
    readOnly = await signedInAs(app, 'read_only', { at: clock });
  }
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const call = (as: TSignedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${ADMIN}${url}`,
      headers: { cookie: as.headers.cookie!, 'x-csrf-token': as.csrf },
      ...(payload ? { payload } : {}),
    });

  /** An annual travel policy with auto-renewal bought through the test gateway with `card` on `day`. */
  async function buy(day: TLocalDate, card: string) {
    setDay(day);
    const post = (path: string, payload: unknown) => postRest(app, path, payload, 'renewal-buyer-0001');
    const input = buildTravelPolicy(day, { policyTravel: { paPolicyType: 'A', returnDate: '' } as never });
    input.policyTravel!.applicant!.email = 'Renew.Me@Example.com';
    const quoted = (await post('policy/multirate', input)).json();
    const rated = await post('policy/rate', {
      ...input,
      policyTravel: { ...input.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
    });
    expect(rated.statusCode).toBe(200);
    const consent = recordConsent(true, clock.toISOString());
    const policy = {
      ...rated.json(),
      consents: {
        declaration1: consent,
        declaration2: consent,
        marketing: recordConsent(false, clock.toISOString()),
      },
    };
    policy.policyTravel.applicant.hasAutoRenewal = true;
    const pending = await post('policy/updateToPending', policy);
    expect(pending.statusCode).toBe(200);
    const { url, form } = gatewayRequest(pending.json().paymentSignature, card);
    const gateway = await app.inject({ method: 'POST', url, headers: FORM, payload: form });
    expect(gateway.statusCode).toBe(200);
    const receipt = await postReceipt(app, answerFields(gateway.body, card));
    expect(receipt.json()).toMatchObject({ paid: true, outcome: 'PAID' });
    const [row] = await database.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, pending.json().policy.policyId));
    return { policyId: row!.policyId, policyNumber: row!.policyNumber!, end: parseIso(row!.endDate!)! };
  }

  it('lists a renewal whose charge was declined, masked, and lets operations mark it handled (audited)', async () => {
    const bought = await buy(localDate(2027, 3, 3), RENEWAL_DECLINES);
    const config = testConfig();
    const renewals = createRenewalService({
      db: database.db,
      config,
      charge: createTokenCharger(config, database.db),
      now,
      log: app.log,
    });
    setDay(addDays(bought.end, -30));
    await renewals.runRenewalScan(addDays(bought.end, -30), 'SGP');
    setDay(addDays(bought.end, -15));
    expect(await renewals.runRenewalScan(addDays(bought.end, -15), 'SGP')).toMatchObject({ declined: 1 });
    await signIn();

    expect((await call(claims, 'GET', '/renewals/failed')).statusCode).toBe(403);
    const listed = await call(readOnly, 'GET', '/renewals/failed');
    expect(listed.statusCode).toBe(200);
    const [failed] = listed.json().renewals;
    expect(failed).toMatchObject({
      kind: 'renewal_failed',
      policyId: bought.policyId,
      policyNumber: bought.policyNumber,
      product: 'PTR',
      market: 'SGP',
      dueDate: formatIso(bought.end),
      attempts: 1,
    });
    expect(failed.reason).toMatch(/decline.*204/i);
    expect(failed.email).not.toContain('Renew.Me');
    expect(failed.email).toMatch(/\*/);

    // Read-only may look, not change; a note is required.
    expect(
      (await call(readOnly, 'POST', `/renewals/failed/${failed.id}/handled`, { note: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(ops, 'POST', `/renewals/failed/${failed.id}/handled`, { note: '' })).statusCode).toBe(
      400,
    );
    const handled = await call(ops, 'POST', `/renewals/failed/${failed.id}/handled`, {
      note: 'Called the holder: pays by PayNow',
    });
    expect(handled.json()).toEqual({ handled: true });
    expect(
      (await call(ops, 'POST', `/renewals/failed/${failed.id}/handled`, { note: 'again' })).json(),
    ).toEqual({
      handled: false,
    });
    expect((await call(ops, 'POST', '/renewals/failed/999999/handled', { note: 'none' })).statusCode).toBe(
      404,
    );
    expect((await call(ops, 'GET', '/renewals/failed')).json().renewals).toEqual([]);
    const [alert] = await database.db
      .select()
      .from(operationsAlerts)
      .where(eq(operationsAlerts.id, failed.id));
    expect(alert!.resolvedAt).not.toBeNull();
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'alert'), eq(auditLog.entityId, String(failed.id))));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'renewal.handled',
      actor: ops.username,
      note: 'Called the holder: pays by PayNow',
    });
  });

  it('lists failed jobs without their data, the error scrubbed (none without pg-boss), and retries one, audited', async () => {
    expect((await call(claims, 'GET', '/jobs/failed')).statusCode).toBe(403);
    const none = await call(readOnly, 'GET', '/jobs/failed');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ jobs: [] });

    // pg-boss's table, as much of it as the list reads (the jobs are not started in these tests).
    await database.db.execute(sql`create schema if not exists pgboss`);
    await database.db.execute(
      sql`create table if not exists pgboss.job (id uuid primary key, name text not null, data jsonb, state text not null,
        retry_count integer not null default 0, created_on timestamptz not null default now(),
        completed_on timestamptz, output jsonb)`,
    );
    await database.db.execute(sql`insert into pgboss.job (id, name, data, state, retry_count, created_on, completed_on, output) values
      ('7d4c1f2e-0000-4000-8000-000000000001', 'policy-mail', '{"email":"secret.holder@example.com","hkId":"S7812345A"}',
       'failed', 5, '2027-03-01T01:00:00Z', '2027-03-01T02:00:00Z',
       '{"message":"could not send to secret.holder@example.com","stack":"at x"}'),
      ('7d4c1f2e-0000-4000-8000-000000000002', 'policy-mail', '{}', 'completed', 0, '2027-03-01T01:00:00Z', null, null)`);
    const listed = await call(readOnly, 'GET', '/jobs/failed');
    expect(listed.statusCode).toBe(200);
    const { jobs } = listed.json();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: '7d4c1f2e-0000-4000-8000-000000000001',
      name: 'policy-mail',
      retryCount: 5,
      createdAt: '2027-03-01T01:00:00.000Z',
      failedAt: '2027-03-01T02:00:00.000Z',
    });
    expect(listed.body).not.toContain('secret.holder');
    expect(listed.body).not.toContain('S7812345A');
    expect(jobs[0].error).toContain('could not send to');

    // A retry goes through pg-boss's own retry once server.ts has attached the job runner; audited.
    const failedId = '7d4c1f2e-0000-4000-8000-000000000001';
    expect((await call(readOnly, 'POST', `/jobs/failed/${failedId}/retry`)).statusCode).toBe(403);
    expect((await call(ops, 'POST', `/jobs/failed/${failedId}/retry`)).statusCode).toBe(503);
    const retried: string[] = [];
    app.failures.attachJobRunner(async (name, id) => {
      retried.push(`${name}:${id}`);
      await database.db.execute(sql`update pgboss.job set state = 'retry' where id = ${id}::uuid`);
    });
    const completed = await call(ops, 'POST', '/jobs/failed/7d4c1f2e-0000-4000-8000-000000000002/retry');
    expect(completed.statusCode).toBe(404);
    const retry = await call(ops, 'POST', `/jobs/failed/${failedId}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ retried: true });
    expect(retried).toEqual([`policy-mail:${failedId}`]);
    expect((await call(ops, 'POST', `/jobs/failed/${failedId}/retry`)).statusCode).toBe(404);
    expect((await call(ops, 'GET', '/jobs/failed')).json()).toEqual({ jobs: [] });
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job'), eq(auditLog.entityId, failedId)));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'job.retry', actor: ops.username });
  });
});
