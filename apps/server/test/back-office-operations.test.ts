import { recordConsent } from '@lionrock/domain/consents/consents';
import { formatIso, localDate } from '@lionrock/domain/dates/local-date';
import { luhnCheckDigit } from '@lionrock/domain/identity/luhn';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, mailOutbox, operationsAlerts, payments, policies } from '../src/db/schema.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { buyTravelPolicy, type TBought } from './helpers/purchase.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** The test gateway's card that holds the order for review (reason code 480). */
const REVIEW_CARD = `400000000000480${luhnCheckDigit('400000000000480')}`;
const ADMIN = `${BACK_OFFICE}/admin`;

/**
 * Operations in the back office (issue 18, decision 080): policy search and details masked, reveal
 * audited, the e-mail again, the queues (a review accepted issues once, rejected never), the outbox,
 * and who may call what.
 */
describeEachDriver('back-office operations', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const today = localDate(2026, 11, 25);
  const clock = new Date('2026-11-25T02:00:00.000Z');
  let ops: TSignedIn;
  let marketing: TSignedIn;
  let readOnly: TSignedIn;
  let bought: TBought;
  let sessionCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    ops = await signedInAs(app, 'operations', { at: clock });
    marketing = await signedInAs(app, 'marketing', { at: clock });
    readOnly = await signedInAs(app, 'read_only', { at: clock });
    bought = await buyTravelPolicy(app, database.db, {
      today,
      session: 'ops-buyer-0001',
      edit: (policy) => {
        Object.assign(policy.policyTravel.applicant, {
          fullName: 'LIM SIEW LING',
          hkId: 'S7812345A',
          email: 'Siew.Ling@Example.com',
        });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const call = (
    as: TSignedIn | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    options: { csrf?: boolean } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (as) {
      headers.cookie = as.headers.cookie!;
      if (options.csrf !== false) headers['x-csrf-token'] = as.csrf;
    }
    return app.inject({ method, url: `${ADMIN}${url}`, headers, ...(payload ? { payload } : {}) });
  };

  /** A travel policy paid with the review card: its payment held, a review case open. */
  async function reviewedPolicy(): Promise<{ policyId: string; alertId: number; paymentId: string }> {
    sessionCounter += 1;
    const session = `ops-review-${String(sessionCounter).padStart(4, '0')}`;
    const post = (path: string, payload: unknown) => postRest(app, path, payload, session);
    const input = buildTravelPolicy(today, { policyTravel: { paPolicyType: 'S' } as never });
    const quoted = await post('policy/multirate', input);
    const rated = await post('policy/rate', {
      ...input,
      policyTravel: { ...input.policyTravel, policyPremium: quoted.json().policyTravel.premiumItems[0] },
    });
    const at = `${formatIso(today)}T02:00:00.000Z`;
    const consent = recordConsent(true, at);
    const policy = {
      ...rated.json(),
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
    };
    const pending = await post('policy/updateToPending', policy);
    expect(pending.statusCode).toBe(200);
    const answer = await payAtTestGateway(app, pending.json().paymentSignature, REVIEW_CARD);
    const receipt = await postReceipt(app, answer);
    expect(receipt.json()).toMatchObject({ outcome: 'REVIEW', paid: false });
    const policyId = pending.json().policy.policyId as string;
    const [alert] = await database.db
      .select()
      .from(operationsAlerts)
      .where(and(eq(operationsAlerts.policyId, policyId), eq(operationsAlerts.kind, 'review')));
    return { policyId, alertId: alert!.id, paymentId: alert!.paymentId! };
  }

  it('answers 401 without a session and 403 for a role without the permission', async () => {
    const { alertId } = await reviewedPolicy();
    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['policies.read', 'GET', '/policies'],
      ['policies.read', 'GET', `/policies/${bought.policyId}`],
      ['policies.reveal', 'POST', `/policies/${bought.policyId}/reveal`, { field: 'email' }],
      ['policies.write', 'POST', `/policies/${bought.policyId}/resend`],
      ['policies.documents', 'GET', `/policies/${bought.policyId}/schedule.pdf`],
      ['operations.read', 'GET', '/queues'],
      ['payments.write', 'POST', `/queues/${alertId}/accept`],
      ['payments.write', 'POST', `/queues/${alertId}/reject`, {}],
      [
        'payments.write',
        'POST',
        `/queues/${alertId}/record-refund`,
        { reference: 'X', paidOn: '2026-11-25' },
      ],
      ['payments.write', 'POST', `/queues/${alertId}/resolve`, { note: 'x' }],
      ['operations.read', 'GET', '/mail?status=queued'],
      ['system.write', 'POST', '/mail/1/retry'],
      ['operations.read', 'GET', '/client-logs'],
    ];
    for (const [, method, url, payload] of calls) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      // Marketing has no operations screen: it reads no policy, queue, mail or log (decision 106).
      expect((await call(marketing, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // read_only reads the screens but reveals nothing and downloads no schedule (it prints contacts whole).
    expect(
      (await call(readOnly, 'POST', `/policies/${bought.policyId}/reveal`, { field: 'idNumber' })).statusCode,
    ).toBe(403);
    expect((await call(readOnly, 'GET', `/policies/${bought.policyId}/schedule.pdf`)).statusCode).toBe(403);
    // The review is still open: nothing above changed it.
    const [alert] = await database.db.select().from(operationsAlerts).where(eq(operationsAlerts.id, alertId));
    expect(alert!.resolvedAt).toBeNull();
  });

  it('finds policies by number, name, e-mail and ID number, masked', async () => {
    const byNumber = (await call(ops, 'GET', `/policies?q=${bought.policyNumber}`)).json();
    expect(byNumber.policies.map((row: { policyId: string }) => row.policyId)).toEqual([bought.policyId]);
    const byPrefix = (
      await call(ops, 'GET', `/policies?q=${encodeURIComponent(bought.policyNumber.slice(0, -2))}`)
    ).json();
    expect(byPrefix.policies.map((row: { policyId: string }) => row.policyId)).toContain(bought.policyId);
    const byName = (await call(readOnly, 'GET', '/policies?q=siew%20ling')).json();
    expect(byName.policies).toHaveLength(1);
    const row = byName.policies[0];
    expect(row).toMatchObject({
      policyId: bought.policyId,
      policyNumber: bought.policyNumber,
      product: 'PTR',
      market: 'SGP',
      status: 'issued',
      holderName: 'LIM SIEW LING',
    });
    expect(row.idNumber).not.toContain('7812345');
    expect(row.email).not.toBe('Siew.Ling@Example.com');
    expect(JSON.stringify(byName)).not.toContain('S7812345A');
    expect(JSON.stringify(byName).toLowerCase()).not.toContain('siew.ling@example.com');
    const byEmail = (await call(ops, 'GET', '/policies?q=siew.ling%40example.com')).json();
    expect(byEmail.policies.map((found: { policyId: string }) => found.policyId)).toEqual([bought.policyId]);
    const byId = (await call(ops, 'GET', '/policies?q=s7812345a')).json();
    expect(byId.policies.map((found: { policyId: string }) => found.policyId)).toEqual([bought.policyId]);
    const none = (await call(ops, 'GET', '/policies?q=nobody-at-all')).json();
    expect(none).toMatchObject({ total: 0, policies: [] });
    const issued = (await call(ops, 'GET', '/policies?status=issued&product=PTR')).json();
    expect(issued.total).toBeGreaterThanOrEqual(1);
    // The domain's search (decision 123): a range ending before it starts is refused on its end.
    const backwards = await call(ops, 'GET', '/policies?from=2026-11-25&to=2026-11-24');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('to');
  });

  it('shows one policy with its payments and trail, reveals a field audited, re-sends its e-mail', async () => {
    const details = (await call(ops, 'GET', `/policies/${bought.policyId}`)).json();
    expect(details.policy).toMatchObject({ policyNumber: bought.policyNumber, status: 'issued' });
    expect(details.payments).toHaveLength(1);
    expect(details.payments[0]).toMatchObject({ method: 'CC', status: 'paid' });
    expect(details.mails.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(details)).not.toContain('S7812345A');

    const revealed = await call(ops, 'POST', `/policies/${bought.policyId}/reveal`, { field: 'idNumber' });
    expect(revealed.json()).toEqual({ field: 'idNumber', value: 'S7812345A' });
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.entityId, bought.policyId));
    expect(trail.find((entry) => entry.action === 'reveal')).toMatchObject({
      note: 'idNumber',
      actorId: ops.accountId,
    });
    // Who looked at which field, and when: never the value itself.
    expect(JSON.stringify(trail)).not.toContain('S7812345A');

    // A change without the CSRF token is refused.
    const noCsrf = await call(ops, 'POST', `/policies/${bought.policyId}/resend`, undefined, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const before = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.policyId, bought.policyId));
    const resent = await call(ops, 'POST', `/policies/${bought.policyId}/resend`);
    expect(resent.json()).toEqual({ queued: true });
    const after = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, bought.policyId));
    expect(after.length).toBe(before.length + 1);
    const again = (await call(ops, 'GET', `/policies/${bought.policyId}`)).json();
    expect(again.audit.map((entry: { action: string }) => entry.action)).toEqual(['resend', 'reveal']);

    const pdf = await call(ops, 'GET', `/policies/${bought.policyId}/schedule.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const downloaded = (await call(ops, 'GET', `/policies/${bought.policyId}`)).json();
    expect(downloaded.audit[0]).toMatchObject({ action: 'download', actor: ops.username, note: 'schedule' });
  });

  it('accepts a review once under two parallel accepts: issued and mailed once', async () => {
    const { policyId, alertId, paymentId } = await reviewedPolicy();
    const queue = (await call(ops, 'GET', '/queues?kind=review')).json();
    expect(queue.cases.find((item: { id: number }) => item.id === alertId)).toMatchObject({
      kind: 'review',
      payment: { status: 'review', paymentId },
    });
    const [first, second] = await Promise.all([
      call(ops, 'POST', `/queues/${alertId}/accept`),
      call(ops, 'POST', `/queues/${alertId}/accept`),
    ]);
    for (const answer of [first, second]) expect([200, 409]).toContain(answer.statusCode);
    const answers = [first, second].filter((answer) => answer.statusCode === 200).map((a) => a.json());
    expect(answers.length).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.select().from(policies).where(eq(policies.policyId, policyId));
    expect(row!.status).toBe('issued');
    for (const answer of answers) expect(answer.policyNumber).toBe(row!.policyNumber);
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.policyId, policyId), eq(mailOutbox.kind, 'policy-issued')));
    expect(mails.filter((mail) => mail.recipientRole === 'applicant')).toHaveLength(1);
    const [alert] = await database.db.select().from(operationsAlerts).where(eq(operationsAlerts.id, alertId));
    expect(alert!.resolvedAt).not.toBeNull();
    const accepts = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'alert'), eq(auditLog.entityId, String(alertId))));
    expect(accepts.map((entry) => entry.action)).toEqual(['accept']);
    // A third click later: the same policy, no second issue.
    const later = await call(ops, 'POST', `/queues/${alertId}/accept`);
    expect([200, 409]).toContain(later.statusCode);
    if (later.statusCode === 200) expect(later.json().policyNumber).toBe(row!.policyNumber);
  });

  it('rejects a review: never issued, the authorisation goes to the reversal queue', async () => {
    const { policyId, alertId, paymentId } = await reviewedPolicy();
    const rejected = await call(ops, 'POST', `/queues/${alertId}/reject`, { note: 'card reported stolen' });
    expect(rejected.json()).toEqual({ rejected: true });
    const [row] = await database.db.select().from(policies).where(eq(policies.policyId, policyId));
    expect(row!.status).not.toBe('issued');
    expect(row!.policyNumber).toBeNull();
    const [payment] = await database.db.select().from(payments).where(eq(payments.paymentId, paymentId));
    expect(payment!.status).toBe('declined');
    const reversal = (await call(ops, 'GET', '/queues?kind=reverse_authorisation')).json();
    expect(
      reversal.cases.map((item: { payment: { paymentId: string } }) => item.payment.paymentId),
    ).toContain(paymentId);
    // Accepting it now is refused: it was rejected.
    expect((await call(ops, 'POST', `/queues/${alertId}/accept`)).statusCode).toBe(409);
    const [still] = await database.db.select().from(policies).where(eq(policies.policyId, policyId));
    expect(still!.policyNumber).toBeNull();
  });

  it('records a refund operations paid, resolves other cases, lists and retries mail', async () => {
    await app.services.alerts.addAlert({
      kind: 'paynow_refund',
      policyId: bought.policyId,
      detail: { amountCents: 1000 },
    });
    const queue = (await call(ops, 'GET', '/queues?kind=paynow_refund')).json();
    const refundCase = queue.cases[0];
    const unreal = await call(ops, 'POST', `/queues/${refundCase.id}/record-refund`, {
      reference: 'DBS-0001',
      paidOn: '2026-02-30',
    });
    expect([unreal.statusCode, unreal.json().field]).toEqual([400, 'paidOn']);
    const recorded = await call(ops, 'POST', `/queues/${refundCase.id}/record-refund`, {
      reference: 'DBS-0001',
      paidOn: '2026-11-25',
    });
    expect(recorded.json()).toEqual({ recorded: true });
    const twice = await call(ops, 'POST', `/queues/${refundCase.id}/record-refund`, {
      reference: 'DBS-0001',
      paidOn: '2026-11-25',
    });
    expect(twice.json()).toEqual({ recorded: false });
    expect((await call(ops, 'GET', '/queues?kind=paynow_refund')).json().cases).toHaveLength(0);

    await app.services.alerts.addAlert({ kind: 'forged_answer', detail: { problems: ['signature'] } });
    const forged = (await call(ops, 'GET', '/queues?kind=forged_answer')).json().cases[0];
    expect((await call(ops, 'POST', `/queues/${forged.id}/resolve`, { note: 'checked' })).json()).toEqual({
      resolved: true,
    });

    const [mail] = await database.db
      .insert(mailOutbox)
      .values({
        messageId: '<ops-test@lionrock>',
        kind: 'policy-issued',
        recipientRole: 'applicant',
        recipient: 'someone.failing@example.com',
        language: 'en',
        attempts: 3,
        lastError: '550 mailbox unavailable',
        nextAttemptAt: new Date('2026-11-25T03:00:00.000Z'),
      })
      .returning();
    const failed = (await call(ops, 'GET', '/mail?status=failed')).json().mails;
    const listed = failed.find((item: { id: number }) => item.id === mail!.id);
    expect(listed).toMatchObject({ attempts: 3, lastError: '550 mailbox unavailable' });
    expect(listed.recipient).not.toBe('someone.failing@example.com');
    expect((await call(ops, 'POST', `/mail/${mail!.id}/retry`)).json()).toEqual({ queued: true });
    const [retried] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(retried!.nextAttemptAt.getTime()).toBe(clock.getTime());
    expect((await call(ops, 'GET', '/client-logs')).statusCode).toBe(200);
  });
});
