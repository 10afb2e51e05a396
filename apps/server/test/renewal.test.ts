import formbody from '@fastify/formbody';
import { recordConsent } from '@lionrock/domain/consents/consents';
import {
  addDays,
  addYears,
  formatDmy,
  formatIso,
  localDate,
  parseIso,
  type TLocalDate,
} from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { type TPolicy, ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import { and, eq, inArray } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfig } from '../src/config.ts';
import { mailOutbox, operationsAlerts, payments, policies } from '../src/db/schema.ts';
import { manageLink } from '../src/modules/policyholder/manage-link.ts';
import { composeRenewalMail, type TRenewalMailFacts } from '../src/modules/renewal/renewal-mail.ts';
import { renewalRoutes } from '../src/modules/renewal/renewal-routes.ts';
import {
  createRenewalService,
  createTokenCharger,
  renewalMailContent,
  type TRenewalService,
  type TTokenCharger,
} from '../src/modules/renewal/renewal-service.ts';
import { merchantProfile } from '../src/payments/card-gateway/card-profiles.ts';
import { signFields } from '../src/payments/card-gateway/signature.ts';
import { answerFields, FORM, gatewayRequest, postReceipt } from './helpers/card-gateway.ts';
import { buildTestApp, postRest, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const ACCEPTS = '4111111111111111';
/** Approved at purchase; its token's renewal charges decline with 204 (test gateway README). */
const RENEWAL_DECLINES = '4000000000092041';

/** A market on a real CyberSource profile: token charges are left to operations. */
const REAL_GATEWAY = {
  CARD_GATEWAY_URL_SGP: 'https://testsecureacceptance.cybersource.com/silent/pay',
  CARD_PROFILE_ID_SGP: 'LIONROCK-SG',
  CARD_ACCESS_KEY_SGP: 'real-access-key',
  CARD_SECRET_KEY_SGP: 'real-secret-key',
  CARD_REST_URL_SGP: 'https://apitest.cybersource.com',
  CARD_MERCHANT_ID_SGP: 'lionrock_sg',
  CARD_REST_KEY_ID_SGP: 'real-rest-key-id',
  CARD_REST_SECRET_SGP: 'cmVhbC1yZXN0LXNlY3JldA==',
};

const RENEWAL_KINDS = ['renewal-notice', 'card-expiring', 'renewal-success', 'renewal-failed'];

/**
 * Each scenario buys on its own day, 50 days after the previous one, so that the 40-day windows the
 * scans look at (notice 30 days, charge 15 days before the end) never hold another scenario's policy.
 */
const PURCHASE = {
  main: localDate(2026, 11, 23),
  concurrent: localDate(2027, 1, 12),
  declined: localDate(2027, 3, 3),
  cardExpiring: localDate(2027, 4, 22),
  turnOff: localDate(2027, 6, 11),
  never: localDate(2027, 7, 31),
  manual: localDate(2027, 9, 19),
  unanswered: localDate(2027, 11, 8),
  otherProfile: localDate(2027, 12, 28),
};

describeEachDriver('auto-renewal', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let routesApp: FastifyInstance;
  let config: TConfig;
  /** What the app gives the renewal mails: the link signer and the "Manage your policy" link. */
  const mailDeps = () => ({
    db: database.db,
    config,
    now,
    manageUrl: (
      ...[policy, recipient, language]: Parameters<typeof manageLink> extends [unknown, ...infer R]
        ? R
        : never
    ) => manageLink({ db: database.db, config, now }, policy, recipient, language),
  });
  let service: TRenewalService;
  let clock = new Date('2026-11-23T02:00:00.000Z');
  const now = () => clock;

  /** The clock at 10:00 in Singapore on `day`: the scans run on the market's day. */
  const setDay = (day: TLocalDate) => {
    clock = new Date(`${formatIso(day)}T02:00:00.000Z`);
  };

  const scan = (day: TLocalDate, on: TRenewalService = service) => {
    setDay(day);
    return on.runRenewalScan(day, 'SGP');
  };

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  /**
   * Buys a travel policy on `day` through the test gateway as the browser does: annual with
   * auto-renewal ticked (the gateway is asked for a token), paid with `card`.
   */
  async function buy(day: TLocalDate, options: { card?: string; expiry?: string; annual?: boolean } = {}) {
    setDay(day);
    const annual = options.annual ?? true;
    const input = buildTravelPolicy(day, {
      policyTravel: (annual ? { paPolicyType: 'A', returnDate: '' } : { paPolicyType: 'S' }) as never,
    });
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
    const { paymentSignature } = pending.json() as { paymentSignature: Record<string, string> };
    expect(paymentSignature.transaction_type).toBe(annual ? 'sale,create_payment_token' : 'sale');
    const card = options.card ?? ACCEPTS;
    const { url, form } = gatewayRequest(paymentSignature, card, { expiry: options.expiry });
    const gateway = await app.inject({ method: 'POST', url, headers: FORM, payload: form });
    expect(gateway.statusCode).toBe(200);
    const receipt = await postReceipt(app, answerFields(gateway.body, card));
    expect(receipt.json()).toMatchObject({ paid: true, outcome: 'PAID' });
    const row = await policyRow(pending.json().policy.policyId);
    expect(row.status).toBe('issued');
    expect(row.autoRenewal).toBe(annual);
    return { policyId: row.policyId, policyNumber: row.policyNumber!, end: parseIso(row.endDate!)!, row };
  }

  const policyRow = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const renewalsOf = (policyId: string) =>
    database.db.select().from(policies).where(eq(policies.renewalOf, policyId));
  const paymentsOf = (policyId: string) =>
    database.db.select().from(payments).where(eq(payments.policyId, policyId));
  const renewalMail = (policyId: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.policyId, policyId), inArray(mailOutbox.kind, RENEWAL_KINDS)));
  const alertsFor = (policyId: string) =>
    database.db.select().from(operationsAlerts).where(eq(operationsAlerts.policyId, policyId));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    config = testConfig();
    app = await buildTestApp(database, { now });
    service = createRenewalService({
      db: database.db,
      config,
      charge: createTokenCharger(config, database.db),
      now,
      log: app.log,
    });
    routesApp = Fastify();
    await routesApp.register(formbody);
    await routesApp.register(renewalRoutes, { service });
    await routesApp.ready();
  });
  afterAll(async () => {
    await routesApp.close();
    await app.close();
    await database.drop();
  });

  it('sends one notice 30 days ahead, renews 15 days ahead with the stored token, and charges once', async () => {
    const bought = await buy(PURCHASE.main);
    const [tokenPayment] = await paymentsOf(bought.policyId);
    expect(tokenPayment!.paymentToken).toMatch(/^[0-9A-F]{32}$/);

    const early = await scan(addDays(bought.end, -40));
    expect(early).toMatchObject({ scanned: 0, notices: 0, charged: 0 });
    expect((await policyRow(bought.policyId)).renewalNoticeAt).toBeNull();
    expect(await renewalMail(bought.policyId)).toHaveLength(0);

    const notice = await scan(addDays(bought.end, -30));
    expect(notice).toMatchObject({ scanned: 1, notices: 1, cardExpiring: 0, charged: 0 });
    expect((await policyRow(bought.policyId)).renewalNoticeAt).toEqual(clock);
    const mails = await renewalMail(bought.policyId);
    expect(mails).toMatchObject([
      {
        kind: 'renewal-notice',
        recipientRole: 'applicant',
        recipient: 'WEIMING.TAN@EXAMPLE.COM',
        language: 'en',
        messageId: `${bought.policyNumber}.renewal-notice.applicant`,
      },
    ]);
    expect(await scan(addDays(bought.end, -30))).toMatchObject({ notices: 0, charged: 0 });
    expect(await scan(addDays(bought.end, -20))).toMatchObject({ notices: 0, charged: 0 });
    expect(await renewalMail(bought.policyId)).toHaveLength(1);

    // The notice as it will be sent: the price, the card's last digits, the dates, the turn-off link.
    const content = await renewalMailContent(mailDeps(), mails[0]!);
    const renewedStart = addDays(bought.end, 1);
    const renewedEnd = addDays(addYears(renewedStart, 1), -1);
    expect(content.subject).toBe(
      `Your Lionrock travel policy ${bought.policyNumber} will be renewed automatically`,
    );
    expect(content.text).toContain(`ends on ${formatDmy(bought.end)}`);
    expect(content.text).toContain(`On ${formatDmy(addDays(bought.end, -15))} we will charge S$`);
    expect(content.text).toContain('your card ending 1111');
    expect(content.text).toContain(`${formatDmy(renewedStart)} to ${formatDmy(renewedEnd)}`);
    expect(content.text).toMatch(
      new RegExp(`${config.publicUrl}/b2c-server/rest/renewal/turn-off/${bought.policyId}\\?s=`),
    );
    expect(content.html).toContain('<a href="http');
    expect(`${content.text}${content.html}`).not.toContain('S8512345I');

    const charge = await scan(addDays(bought.end, -15));
    expect(charge).toMatchObject({ notices: 0, charged: 1, renewed: 1, declined: 0, errors: 0 });
    const [renewed, ...more] = await renewalsOf(bought.policyId);
    expect(more).toHaveLength(0);
    expect(renewed).toMatchObject({
      status: 'issued',
      autoRenewal: true,
      startDate: formatIso(renewedStart),
      endDate: formatIso(renewedEnd),
      totalCents: bought.row.totalCents,
    });
    expect(renewed!.policyNumber).toMatch(/^TSG27-\d{7}$/);
    expect(renewed!.policyNumber).not.toBe(bought.policyNumber);
    const document = renewed!.document as TPolicy;
    expect(document).toMatchObject({
      status: 'issued',
      policyNumber: renewed!.policyNumber,
      paymentSuccess: 'true',
    });
    expect(document.policyTravel).toMatchObject({
      paPolicyType: 'A',
      deptDate: formatDmy(renewedStart),
      returnDate: formatDmy(renewedEnd),
    });
    const [renewalPayment, ...otherPayments] = await paymentsOf(renewed!.policyId);
    expect(otherPayments).toHaveLength(0);
    expect(renewalPayment).toMatchObject({
      method: 'CC',
      status: 'paid',
      decision: 'ACCEPT',
      reasonCode: 100,
      amountCents: bought.row.totalCents,
      paymentToken: tokenPayment!.paymentToken,
      maskedCard: 'xxxxxxxxxxxx1111',
      receiptNumber: renewed!.receiptNumber,
    });
    expect(renewalPayment!.gatewayTransactionId).toMatch(/^\d{22}$/);
    const renewedMail = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.policyId, renewed!.policyId));
    expect(renewedMail.map((mail) => mail.kind).sort()).toEqual(['policy-issued', 'renewal-success']);
    expect((await policyRow(bought.policyId)).status).toBe('issued');

    const success = await renewalMailContent(
      mailDeps(),
      renewedMail.find((mail) => mail.kind === 'renewal-success')!,
    );
    expect(success.subject).toBe(`Your Lionrock travel policy has been renewed: ${renewed!.policyNumber}`);
    expect(success.text).toContain(`/b2c-server/rest/renewal/turn-off/${renewed!.policyId}?s=`);

    // Charged at most once: the next scans (the same day, the next) find the renewal and stop.
    expect(await scan(addDays(bought.end, -15))).toMatchObject({ scanned: 0, charged: 0, renewed: 0 });
    expect(await scan(addDays(bought.end, -14))).toMatchObject({ scanned: 0, charged: 0, renewed: 0 });
    expect(await renewalsOf(bought.policyId)).toHaveLength(1);
    expect(await paymentsOf(renewed!.policyId)).toHaveLength(1);

    // A renewal-success mail lost to a crash after issuing is queued again by the next scan.
    await database.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.policyId, renewed!.policyId), eq(mailOutbox.kind, 'renewal-success')));
    await scan(addDays(bought.end, -13));
    expect((await renewalMail(renewed!.policyId)).map((mail) => mail.kind)).toEqual(['renewal-success']);
  });

  it('sends one notice and charges once when two scans run at once', async () => {
    const bought = await buy(PURCHASE.concurrent);
    const other = createRenewalService({
      db: database.db,
      config,
      charge: createTokenCharger(config, database.db),
      now,
      log: app.log,
    });
    const noticeDay = addDays(bought.end, -30);
    setDay(noticeDay);
    const notices = await Promise.all([service.runRenewalScan(noticeDay), other.runRenewalScan(noticeDay)]);
    expect(notices.map((result) => result.notices).sort()).toEqual([0, 1]);
    expect(await renewalMail(bought.policyId)).toHaveLength(1);
    const day = addDays(bought.end, -15);
    setDay(day);
    const results = await Promise.all([service.runRenewalScan(day), other.runRenewalScan(day)]);
    expect(results.map((result) => result.charged).sort()).toEqual([0, 1]);
    expect(results.reduce((sum, result) => sum + result.renewed, 0)).toBe(1);
    const renewals = await renewalsOf(bought.policyId);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.status).toBe('issued');
    expect(await paymentsOf(renewals[0]!.policyId)).toHaveLength(1);
  });

  it('does not renew when the token charge is declined: the renewal is declined, mailed and alerted', async () => {
    const bought = await buy(PURCHASE.declined, { card: RENEWAL_DECLINES });
    await scan(addDays(bought.end, -30));
    const result = await scan(addDays(bought.end, -15));
    expect(result).toMatchObject({ charged: 1, renewed: 0, declined: 1 });
    const [renewal] = await renewalsOf(bought.policyId);
    expect(renewal).toMatchObject({ status: 'declined', policyNumber: null });
    const [payment] = await paymentsOf(renewal!.policyId);
    expect(payment).toMatchObject({ status: 'declined', decision: 'DECLINE', reasonCode: 204 });
    expect((await renewalMail(bought.policyId)).map((mail) => mail.kind)).toEqual([
      'renewal-notice',
      'renewal-failed',
    ]);
    const alerts = await alertsFor(bought.policyId);
    expect(alerts).toMatchObject([{ kind: 'renewal_failed', paymentId: payment!.paymentId }]);
    expect((await policyRow(bought.policyId)).status).toBe('issued');

    const failed = (await renewalMail(bought.policyId)).find((mail) => mail.kind === 'renewal-failed')!;
    const content = await renewalMailContent(mailDeps(), failed);
    expect(content.subject).toBe(`Your Lionrock travel policy ${bought.policyNumber} could not be renewed`);
    expect(content.text).toContain(`ends on ${formatDmy(bought.end)}`);

    // Never charged again for this renewal.
    expect(await scan(addDays(bought.end, -14))).toMatchObject({ charged: 0, declined: 0 });
    expect(await renewalsOf(bought.policyId)).toHaveLength(1);
  });

  it('warns at notice time of a card that expires before the charge date (and the charge then declines)', async () => {
    const end = addDays(addYears(addDays(PURCHASE.cardExpiring, 14), 1), -1);
    const chargeDay = addDays(end, -15);
    const lastMonth = addDays(localDate(chargeDay.year, chargeDay.month, 1), -1);
    const expiry = `${String(lastMonth.month).padStart(2, '0')}-${lastMonth.year}`;
    const bought = await buy(PURCHASE.cardExpiring, { expiry });
    expect(bought.end).toEqual(end);
    const notice = await scan(addDays(end, -30));
    expect(notice).toMatchObject({ notices: 1, cardExpiring: 1 });
    const mails = await renewalMail(bought.policyId);
    expect(mails.map((mail) => mail.kind)).toEqual(['renewal-notice', 'card-expiring']);
    const content = await renewalMailContent(mailDeps(), mails[1]!);
    expect(content.text).toContain(`expires at the end of ${expiry.replace('-', '/')}`);
    expect(content.text).toContain('/b2c-server/rest/renewal/turn-off/');

    expect(await scan(chargeDay)).toMatchObject({ charged: 1, declined: 1 });
    const [renewal] = await renewalsOf(bought.policyId);
    expect((await paymentsOf(renewal!.policyId))[0]).toMatchObject({ status: 'declined', reasonCode: 202 });
  });

  describe('the turn-off link', () => {
    let bought: Awaited<ReturnType<typeof buy>>;
    let link: string;

    beforeAll(async () => {
      bought = await buy(PURCHASE.turnOff);
      await scan(addDays(bought.end, -30));
      const [notice] = await renewalMail(bought.policyId);
      const content = await renewalMailContent(mailDeps(), notice!);
      const url = new URL(/https?:\/\/\S+/.exec(content.text)![0]);
      link = `${url.pathname}${url.search}`;
    });

    const form = (url: string) =>
      routesApp.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'confirm=off',
      });

    it('refuses a tampered, moved or expired link with 403 and changes nothing', async () => {
      const tampered = link.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
      expect(tampered).not.toBe(link);
      const get = await routesApp.inject({ method: 'GET', url: tampered });
      expect(get.statusCode).toBe(403);
      expect(get.body).toContain('This link is not valid.');
      expect(get.body).not.toContain(bought.policyNumber);
      expect((await form(tampered)).statusCode).toBe(403);
      const otherSubject = link.replace(/s=[^&]+/, 's=TSG27-0000001');
      expect((await form(otherSubject)).statusCode).toBe(403);
      const moved = link.replace(bought.policyId, '00000000-0000-4000-8000-000000000000');
      expect((await form(moved)).statusCode).toBe(403);
      const saved = clock;
      clock = new Date(clock.getTime() + 61 * 86_400_000);
      const expired = await form(link);
      clock = saved;
      expect(expired.statusCode).toBe(403);
      expect(expired.body).toContain('This link has expired.');
      expect((await policyRow(bought.policyId)).autoRenewal).toBe(true);
    });

    it('shows a confirmation page (GET changes nothing) whose form turns auto-renewal off, idempotently', async () => {
      const page = await routesApp.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain(bought.policyNumber);
      expect(page.body).toContain(`<form method="post" action="${link.replaceAll('&', '&amp;')}">`);
      expect(page.body).not.toMatch(/<script|style=|<style/);
      expect((await policyRow(bought.policyId)).autoRenewal).toBe(true);
      const css = await routesApp.inject({ method: 'GET', url: '/b2c-server/rest/renewal/turn-off.css' });
      expect(css.headers['content-type']).toMatch(/^text\/css/);

      const done = await form(link);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain(`Auto-renewal is now off for policy ${bought.policyNumber}.`);
      expect((await policyRow(bought.policyId)).autoRenewal).toBe(false);
      const again = await form(link);
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain(`Auto-renewal is off for policy ${bought.policyNumber}.`);
      const reread = await routesApp.inject({ method: 'GET', url: link });
      expect(reread.body).not.toContain('<form');
    });

    it('leaves a policy whose auto-renewal is off alone', async () => {
      const result = await scan(addDays(bought.end, -15));
      expect(result).toMatchObject({ scanned: 0, charged: 0 });
      expect(await renewalsOf(bought.policyId)).toHaveLength(0);
    });
  });

  it('never renews a single-trip or a corporate policy, even when its columns say auto-renewal is on', async () => {
    const single = await buy(PURCHASE.never, { annual: false });
    const corporate = await buy(PURCHASE.never);
    const corporateDocument = corporate.row.document as TPolicy;
    await database.db
      .update(policies)
      .set({
        document: {
          ...corporateDocument,
          policyTravel: {
            ...corporateDocument.policyTravel!,
            applicant: { ...corporateDocument.policyTravel!.applicant!, clientType: 'C' },
          },
        },
      })
      .where(eq(policies.policyId, corporate.policyId));
    // The single trip got no token (a plain sale); give it one, and turn its column on.
    await database.db
      .update(policies)
      .set({ autoRenewal: true })
      .where(eq(policies.policyId, single.policyId));
    await database.db
      .update(payments)
      .set({ paymentToken: 'ABCDEF0123456789ABCDEF0123456789' })
      .where(eq(payments.policyId, single.policyId));
    for (const { end } of [single, corporate]) {
      const notice = await scan(addDays(end, -30));
      expect(notice).toMatchObject({ scanned: 1, ineligible: 1, notices: 0 });
      expect(await scan(addDays(end, -15))).toMatchObject({ notices: 0, charged: 0 });
    }
    for (const { policyId } of [single, corporate]) {
      expect((await policyRow(policyId)).renewalNoticeAt).toBeNull();
      expect(await renewalsOf(policyId)).toHaveLength(0);
      expect(await renewalMail(policyId)).toHaveLength(0);
    }
  });

  it('leaves the charge to operations on a real gateway profile, once', async () => {
    const bought = await buy(PURCHASE.manual);
    const realConfig = testConfig(REAL_GATEWAY);
    const real = createRenewalService({
      db: database.db,
      config: realConfig,
      charge: createTokenCharger(realConfig, database.db),
      now,
      log: app.log,
    });
    await scan(addDays(bought.end, -30), real);
    expect(await scan(addDays(bought.end, -15), real)).toMatchObject({ manual: 1, charged: 0, renewed: 0 });
    expect(await scan(addDays(bought.end, -14), real)).toMatchObject({ manual: 0, charged: 0 });
    const [renewal] = await renewalsOf(bought.policyId);
    expect(renewal!.status).toBe('pending');
    const [payment] = await paymentsOf(renewal!.policyId);
    expect(payment).toMatchObject({ status: 'pending', gatewayTransactionId: null, decision: null });
    expect(await alertsFor(bought.policyId)).toMatchObject([
      { kind: 'renewal_charge_manual', paymentId: payment!.paymentId },
    ]);
  });

  it('checks a renewal charge’s answer with the card receipt’s one verifier', async () => {
    const bought = await buy(PURCHASE.otherProfile);
    const secret = (await merchantProfile(config, database.db, 'SGP')).secretKey;
    const genuine = createTokenCharger(config, database.db);
    // A signed answer about another merchant profile: the receipt's verifier refuses it, so must renewal.
    const elsewhere: TTokenCharger = async (input) => {
      const result = await genuine(input);
      if (result.kind !== 'answer') return result;
      const changed: Record<string, string> = { ...result.fields, req_profile_id: 'ANOTHER-PROFILE' };
      const { signature: _signature, ...fields } = changed;
      return { kind: 'answer', fields: { ...fields, signature: signFields(fields, secret) } };
    };
    const checked = createRenewalService({ db: database.db, config, charge: elsewhere, now, log: app.log });
    await scan(addDays(bought.end, -30), checked);
    expect(await scan(addDays(bought.end, -15), checked)).toMatchObject({
      charged: 1,
      renewed: 0,
      unanswered: 1,
    });
    const [renewal] = await renewalsOf(bought.policyId);
    expect(renewal!.status).toBe('pending');
    const [payment] = await paymentsOf(renewal!.policyId);
    expect(payment).toMatchObject({ status: 'pending', gatewayTransactionId: null });
    expect(await alertsFor(bought.policyId)).toMatchObject([
      { kind: 'renewal_unanswered', paymentId: payment!.paymentId, detail: { problems: ['profile_id'] } },
    ]);
  });

  it('never charges again after a charge that got no answer, and tells operations', async () => {
    const bought = await buy(PURCHASE.unanswered);
    let calls = 0;
    const broken: TTokenCharger = async () => {
      calls += 1;
      throw new Error('connection reset');
    };
    const flaky = createRenewalService({ db: database.db, config, charge: broken, now, log: app.log });
    await scan(addDays(bought.end, -30), flaky);
    await scan(addDays(bought.end, -15), flaky);
    await scan(addDays(bought.end, -14), flaky);
    expect(calls).toBe(1);
    const [renewal, ...more] = await renewalsOf(bought.policyId);
    expect(more).toHaveLength(0);
    expect(renewal!.status).toBe('pending');
    const [payment] = await paymentsOf(renewal!.policyId);
    expect(await alertsFor(bought.policyId)).toMatchObject([
      { kind: 'renewal_unanswered', paymentId: payment!.paymentId },
    ]);
  });
});

describe('renewal e-mails', () => {
  const policy = ZPolicySchema.parse(
    buildTravelPolicy(localDate(2026, 11, 23), { policyTravel: { paPolicyType: 'A' } as never }),
  );
  const named = (name: string, country: 'SGP' | 'HKG' = 'SGP'): TPolicy => ({
    ...policy,
    country,
    policyTravel: {
      ...policy.policyTravel!,
      applicant: { ...policy.policyTravel!.applicant!, fullName: name },
    },
  });
  const facts: TRenewalMailFacts = {
    policyNumber: 'TSG26-0000042',
    renewedPolicyNumber: 'TSG27-0000043',
    expiryDate: '06/12/2027',
    renewalStart: '07/12/2027',
    renewalEnd: '06/12/2028',
    chargeDate: '21/11/2027',
    amountCents: 12_345,
    cardLast4: '1111',
    cardExpiry: '10/2027',
  };
  const turnOffUrl = 'https://shop.example/b2c-server/rest/renewal/turn-off/x?s=TSG26-0000042&e=1&sig=a';
  const kinds = ['renewal-notice', 'card-expiring', 'renewal-success', 'renewal-failed'] as const;

  it('carries the turn-off link in every kind and language, and no ID number', () => {
    for (const kind of kinds)
      for (const language of ['en', 'zh'] as const)
        for (const country of ['SGP', 'HKG'] as const) {
          const mail = composeRenewalMail(kind, named('TAN WEI MING', country), {
            turnOffUrl,
            language,
            facts,
          });
          expect(mail.text).toContain(turnOffUrl);
          expect(mail.html).toContain(`<a href="${turnOffUrl.replaceAll('&', '&amp;')}">`);
          expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('S8512345I');
          expect(mail.text).toContain('1111');
        }
  });

  it('writes Simplified Chinese for Singapore and Traditional for Hong Kong', () => {
    const sg = composeRenewalMail('renewal-notice', named('陈伟明'), { turnOffUrl, language: 'zh', facts });
    expect(sg.subject).toBe('您的狮石旅游保险保单 TSG26-0000042 将自动续保');
    expect(sg.text).toContain('S$123.45');
    expect(sg.html).toContain('<html lang="zh-Hans"');
    const hk = composeRenewalMail('renewal-notice', named('陳偉明', 'HKG'), {
      turnOffUrl,
      language: 'zh',
      facts,
    });
    expect(hk.subject).toBe('您的獅石旅遊保險保單 TSG26-0000042 將自動續保');
    expect(hk.text).toContain('HK$123.45');
    expect(hk.html).toContain('<html lang="zh-Hant"');
    const en = composeRenewalMail('renewal-success', named('TAN WEI MING'), {
      turnOffUrl,
      language: 'en',
      facts,
    });
    expect(en.subject).toBe('Your Lionrock travel policy has been renewed: TSG27-0000043');
  });

  it('escapes every value in the HTML and keeps the subject on one line', () => {
    const mail = composeRenewalMail('renewal-failed', named('<b>EVIL</b> & "CO"'), {
      turnOffUrl: 'javascript:alert(1)',
      language: 'en',
      facts: { ...facts, policyNumber: 'TSG26-1\r\nBcc: x@example.com', cardLast4: '<1>' },
    });
    expect(mail.html).toContain('&lt;b&gt;EVIL&lt;/b&gt; &amp; &quot;CO&quot;');
    expect(mail.html).not.toContain('<b>EVIL');
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('your card:');
  });
});
