import { addDays, formatDmy, formatIso, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { shortPeriodRefund } from '@lionrock/domain/self-service/cancellation-rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, payments, policies, policyEvents, refunds } from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, postRest, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const RUN = `${BACK_OFFICE}/admin/scheduled-work/run`;
const CANCEL = `${BACK_OFFICE}/admin/scheduled-work/cancellation`;
const RENEWAL_MAILS = ['renewal-notice', 'card-expiring', 'renewal-success', 'renewal-failed'];

/**
 * "Run scheduled work" (issue 29, decision 129): operations run the renewal scan, the reminders and the
 * pruning for a business date outside prod; a second run for the date sends and charges nothing again.
 * The money a customer can trace: the renewal charged shows on the old policy instead of a turn-off,
 * and a refund carries its reference to the page and the mail.
 */
describeEachDriver('scheduled work for a business date', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  let operations: TSignedIn;
  const clock = new Date();
  const today = () => todayIn(MARKETS.SGP.timeZone, clock);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const recording = recordingMailer();
    sent = recording.sent;
    app = await buildTestApp(database, { now: () => clock, mailer: recording.mailer });
    operations = await signedInAs(app, 'operations', { at: clock });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const run = (body: unknown, as: TSignedIn = operations) =>
    app.inject({ method: 'POST', url: RUN, headers: as.headers, payload: body as object });
  const holderGet = (path: string, cookie: string) =>
    app.inject({
      method: 'GET',
      url: `/b2c-server/rest/my-policy/policies/${path}`,
      headers: { 'session-name': SESSION, cookie },
    });

  it('answers each market’s today and the jobs, to staff who read the system settings only', async () => {
    const answer = await app.inject({
      url: `${BACK_OFFICE}/admin/scheduled-work`,
      headers: operations.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      markets: [
        { country: 'SGP', today: formatIso(today()) },
        { country: 'HKG', today: formatIso(todayIn(MARKETS.HKG.timeZone, clock)) },
      ],
      jobs: ['renewalScan', 'reminders', 'pruning'],
    });
    const marketing = await signedInAs(app, 'marketing', { at: clock });
    expect(
      (await app.inject({ url: `${BACK_OFFICE}/admin/scheduled-work`, headers: marketing.headers }))
        .statusCode,
    ).toBe(403);
    const readOnly = await signedInAs(app, 'read_only', { at: clock });
    const refused = await run(
      { country: 'SGP', businessDate: formatIso(today()), jobs: ['pruning'] },
      readOnly,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a date out of range on its field, and a run of nothing', async () => {
    const far = await run({
      country: 'SGP',
      businessDate: formatIso(addDays(today(), 800)),
      jobs: ['pruning'],
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ field: 'businessDate' });
    const none = await run({ country: 'SGP', businessDate: formatIso(today()), jobs: [] });
    expect(none.statusCode).toBe(400);
  });

  describe('the renewal scan, run for the notice’s day and then the charge’s', () => {
    let bought: TBought;
    let end: ReturnType<typeof today>;
    const mailsOf = (policyId: string) =>
      database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.policyId, policyId), inArray(mailOutbox.kind, RENEWAL_MAILS)));

    beforeAll(async () => {
      bought = await buyTravelPolicy(app, database.db, {
        today: today(),
        annual: true,
        session: 'sched-renew-0001',
      });
      end = parseIso(bought.row.endDate!)!;
    }, 60_000);

    it('sends the notice once on its day, however often it is run', async () => {
      const day = formatIso(addDays(end, -30));
      const first = await run({ country: 'SGP', businessDate: day, jobs: ['renewalScan'] });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().results.renewalScan).toMatchObject({ notices: 1, charged: 0, renewed: 0 });
      const again = await run({ country: 'SGP', businessDate: day, jobs: ['renewalScan'] });
      expect(again.json().results.renewalScan).toMatchObject({ notices: 0, charged: 0 });
      expect((await mailsOf(bought.policyId)).map((mail) => mail.kind)).toEqual(['renewal-notice']);
      // The notice is dated the business day it was run for, not the machine's day.
      const [row] = await database.db.select().from(policies).where(eq(policies.policyId, bought.policyId));
      expect(formatIso(todayIn(MARKETS.SGP.timeZone, row!.renewalNoticeAt!))).toBe(day);
    });

    it('charges the renewal once on the charge day, and a second run charges nothing', async () => {
      const day = formatIso(addDays(end, -15));
      const first = await run({ country: 'SGP', businessDate: day, jobs: ['renewalScan'] });
      expect(first.json().results.renewalScan).toMatchObject({ charged: 1, renewed: 1 });
      const again = await run({ country: 'SGP', businessDate: day, jobs: ['renewalScan'] });
      expect(again.json().results.renewalScan).toMatchObject({ notices: 0, charged: 0, renewed: 0 });
      const renewals = await database.db
        .select()
        .from(policies)
        .where(eq(policies.renewalOf, bought.policyId));
      expect(renewals.map((renewal) => renewal.status)).toEqual(['issued']);
      const charges = await database.db
        .select()
        .from(payments)
        .where(eq(payments.policyId, renewals[0]!.policyId));
      expect(charges).toHaveLength(1);
      // One audit row per run, with what it did.
      const trail = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'job'), eq(auditLog.entityId, 'scheduled-work')));
      expect(trail.length).toBeGreaterThanOrEqual(4);
      expect(trail.at(-1)).toMatchObject({ action: 'run', actor: operations.username });
    });

    it('shows the old policy renewed and charged, linking the new one, instead of a turn-off', async () => {
      const cookie = await holderCookieFor(app, database.db, bought.policyId);
      const details = await holderGet(bought.policyId, cookie);
      expect(details.statusCode, details.body).toBe(200);
      const [renewed] = await database.db
        .select()
        .from(policies)
        .where(eq(policies.renewalOf, bought.policyId));
      expect(details.json().renewal.renewed).toEqual({
        policyId: renewed!.policyId,
        policyNumber: renewed!.policyNumber,
        chargedCents: renewed!.totalCents,
        startDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        endDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      });
    });

    it('the notice’s turn-off link says the renewal was charged, links the new policy, and turns nothing off', async () => {
      const link = await app.services.renewal.turnOffLink(bought.policyId, bought.policyNumber);
      const path = link.replace(/^https?:\/\/[^/]+/, '');
      const page = await app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Your policy has been renewed');
      expect(page.body).not.toContain('<form');
      const [renewed] = await database.db
        .select()
        .from(policies)
        .where(eq(policies.renewalOf, bought.policyId));
      expect(page.body).toContain(`href="/my-policy/policies/${renewed!.policyId}"`);
      const posted = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'confirm=off',
      });
      expect(posted.statusCode).toBe(200);
      const [after] = await database.db
        .select()
        .from(policies)
        .where(eq(policies.policyId, renewed!.policyId));
      expect(after!.autoRenewal).toBe(true);
    });

    // Decision 148: the renewal, which has no free look, cancelled on a day months into its period.
    it('cancels the renewal on a business date months into its period: a short-period refund, once', async () => {
      const [renewed] = await database.db
        .select()
        .from(policies)
        .where(eq(policies.renewalOf, bought.policyId));
      const start = parseIso(renewed!.startDate!)!;
      const day = addDays(start, 100);
      const request = { policyNumber: renewed!.policyNumber, businessDate: formatIso(day) };
      const post = (path: string, body: object, as: TSignedIn = operations) =>
        app.inject({ method: 'POST', url: `${CANCEL}${path}`, headers: as.headers, payload: body });

      // What it would give: the rule's short-period refund for that day, not today's (cover not started).
      const quoted = await post('/quote', request);
      expect(quoted.statusCode, quoted.body).toBe(200);
      const paid = renewed!.totalCents!;
      const expected = shortPeriodRefund({
        startDate: start,
        endDate: parseIso(renewed!.endDate!)!,
        today: day,
        premiumCents: paid,
      });
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(paid);
      expect(quoted.json()).toMatchObject({
        country: 'SGP',
        businessDate: formatIso(day),
        allowed: true,
        basis: 'short-period',
        refundCents: expected,
        status: 'issued',
      });
      const untouched = await database.db
        .select()
        .from(policies)
        .where(eq(policies.policyId, renewed!.policyId));
      expect(untouched[0]!.status).toBe('issued');

      // Only operations, and only with a policy that exists and a date in range, each on its field.
      const marketing = await signedInAs(app, 'marketing', { at: clock });
      expect((await post('', request, marketing)).statusCode).toBe(403);
      const unknown = await post('', { ...request, policyNumber: 'SGTRV9999999' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ field: 'policyNumber' });
      const far = await post('', { ...request, businessDate: formatIso(addDays(today(), 800)) });
      expect(far.json()).toMatchObject({ field: 'businessDate' });
      // The day after cover ends: refused with the rule's reason, nothing written.
      const after = await post('', {
        ...request,
        businessDate: formatIso(addDays(parseIso(renewed!.endDate!)!, 1)),
      });
      expect(after.statusCode).toBe(409);
      expect(after.json()).toMatchObject({
        field: 'policyId',
        messageKey: 'myPolicy.cancel.reason.coverEnded',
      });

      const cancelled = await post('', { ...request, reason: 'Moving abroad' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', refund: { amountCents: expected } });
      const again = await post('', request);
      expect(again.statusCode).toBe(200);
      const made = await database.db.select().from(refunds).where(eq(refunds.policyId, renewed!.policyId));
      expect(made.map((refund) => [refund.basis, refund.amountCents])).toEqual([['short-period', expected]]);
      // The customer's record and mail say the business day, as if they had cancelled on it.
      const [event] = await database.db
        .select()
        .from(policyEvents)
        .where(and(eq(policyEvents.policyId, renewed!.policyId), eq(policyEvents.toStatus, 'cancelled')));
      expect(event!.detail).toMatchObject({ cancelledOn: formatDmy(day), reason: 'Moving abroad' });
      const mails = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.policyId, renewed!.policyId), eq(mailOutbox.kind, 'policy-cancelled')));
      expect(mails).toHaveLength(1);
      const trail = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'policy'), eq(auditLog.entityId, renewed!.policyNumber!)))
        .orderBy(auditLog.id);
      expect(trail.map((row) => [row.action, row.actor])).toEqual([
        ['cancel', operations.username],
        ['cancel', operations.username],
      ]);
      expect(trail[0]).toMatchObject({
        before: { status: 'issued', basis: 'short-period', refundCents: expected },
        after: { status: 'cancelled', businessDate: formatIso(day) },
      });
    });
  });

  it('sends a left journey’s reminder once for the date, and prunes for it', async () => {
    const quoted = buildTravelPolicy(today());
    const plans = (await postRest(app, 'policy/multirate', quoted, 'sched-left-00001')).json();
    const rated = await postRest(
      app,
      'policy/rate',
      {
        ...quoted,
        policyTravel: { ...quoted.policyTravel, policyPremium: plans.policyTravel.premiumItems[0] },
      },
      'sched-left-00001',
    );
    expect(rated.statusCode, rated.body).toBe(200);
    const day = formatIso(addDays(today(), 2));
    const first = await run({ country: 'SGP', businessDate: day, jobs: ['reminders', 'pruning'] });
    expect(first.statusCode, first.body).toBe(200);
    const { reminders, pruning } = first.json().results;
    expect(reminders.sent + reminders.optedOut).toBe(1);
    expect(pruning).toEqual({
      claimDrafts: { drafts: 0, files: 0 },
      clientLogs: { deleted: 0, deletedLifecycle: 0 },
    });
    const again = await run({ country: 'SGP', businessDate: day, jobs: ['reminders'] });
    expect(again.json().results.reminders).toMatchObject({ sent: 0, optedOut: 0, bought: 0 });
  });

  it('gives a refund a reference on the policy’s page and in the cancellation mail', async () => {
    const bought = await buyTravelPolicy(app, database.db, {
      today: today(),
      annual: true,
      session: 'sched-refund-001',
    });
    const cookie = await holderCookieFor(app, database.db, bought.policyId);
    const code = await stepUpCode(app, sent, { cookie, policyId: bought.policyId, purpose: 'cancellation' });
    const cancelled = await app.inject({
      method: 'POST',
      url: `/b2c-server/rest/my-policy/policies/${bought.policyId}/cancellation`,
      headers: { 'session-name': SESSION, cookie },
      payload: { confirm: true, stepUpCode: code },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.policyId, bought.policyId));
    expect(refund!.providerRequestId).toMatch(/^RF[0-9A-F]{32}$/);
    expect(cancelled.json().refund.reference).toBe(refund!.providerRequestId);
    const details = (await holderGet(bought.policyId, cookie)).json();
    expect(details.refunds).toEqual([
      {
        reference: refund!.providerRequestId,
        amountCents: refund!.amountCents,
        state: 'succeeded',
        method: 'CC',
        basis: refund!.basis,
      },
    ]);
    const before = sent.length;
    await app.services.documents.deliverMail(20);
    const mail = sent.slice(before).find((message) => message.subject.includes('is cancelled'));
    expect(mail?.text).toContain(`Your refund's reference is ${refund!.providerRequestId}.`);
  });
});

describe('scheduled work in prod', () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('does not exist: both calls are 404 as any unknown path', async () => {
    const prod = await buildTestApp(database, {
      env: {
        APP_ENV: 'prod',
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PAYNOW_WEBHOOK_SECRET: 'prod-webhook-secret',
        LINK_SIGNING_SECRET: 'prod-link-secret',
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        ...Object.fromEntries(
          ['SGP', 'HKG'].flatMap((market) => [
            [`CARD_GATEWAY_URL_${market}`, 'https://testsecureacceptance.cybersource.com/silent/pay'],
            [`CARD_PROFILE_ID_${market}`, `PROFILE-${market}`],
            [`CARD_ACCESS_KEY_${market}`, `access-${market}`],
            [`CARD_SECRET_KEY_${market}`, `secret-${market}`],
            [`CARD_REST_URL_${market}`, 'https://apitest.cybersource.com'],
            [`CARD_MERCHANT_ID_${market}`, `merchant-${market}`],
            [`CARD_REST_KEY_ID_${market}`, `rest-key-${market}`],
            [`CARD_REST_SECRET_${market}`, 'cmVzdC1zZWNyZXQ='],
          ]),
        ),
      },
    });
    try {
      expect(prod.backOfficeRoutes.some((route) => route.url.includes('scheduled-work'))).toBe(false);
      const operations = await signedInAs(prod, 'operations');
      const read = await prod.inject({
        url: `${BACK_OFFICE}/admin/scheduled-work`,
        headers: operations.headers,
      });
      expect(read.statusCode).toBe(404);
      const post = await prod.inject({
        method: 'POST',
        url: RUN,
        headers: operations.headers,
        payload: { country: 'SGP', businessDate: '2026-12-01', jobs: ['renewalScan'] },
      });
      expect(post.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
