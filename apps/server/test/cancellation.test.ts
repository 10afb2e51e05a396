import { recordConsent } from '@lionrock/domain/consents/consents';
import { addDays, formatIso, localDate, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { CANCELLATION_REASON_KEYS } from '@lionrock/domain/self-service/cancellation-rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  operationsAlerts,
  payments,
  policies,
  policyEvents,
  refunds,
  testGatewayRefunds,
} from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { createCancellationRepository } from '../src/modules/cancellation/cancellation-repository.ts';
import {
  cancellationServiceOf,
  createCancellationService,
} from '../src/modules/cancellation/cancellation-service.ts';
import { createRefundRepository } from '../src/modules/payment/refund-repository.ts';
import { createRefundService, type TRefundDeps } from '../src/modules/payment/refund-service.ts';
import { merchantProfile } from '../src/payments/card-gateway/card-profiles.ts';
import { cardProvider } from '../src/payments/card-gateway/payment-provider.ts';
import { REFUND_PATH } from '../src/payments/card-gateway/refund-client.ts';
import { signRestRequest } from '../src/payments/card-gateway/transaction-lookup.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { hongKongPaPolicy } from './helpers/hong-kong-pa-policy.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buyTravelPolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, postRest, recordingMailer, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * Free-look and short-period cancellation from /my-policy (decisions 071 and 072): the quote, the
 * cancellation exactly once, the card refund exactly once under double submits, retries and a crash,
 * PayNow as an operations case, the e-mail and its endorsement, and who may ask.
 */
describeEachDriver('cancellation', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  const bought = localDate(2026, 11, 25);
  // Every travel fixture departs 14 days after it is bought.
  const coverStart = addDays(bought, 14);
  let clock = new Date('2026-11-25T02:00:00.000Z');
  const setDay = (day: TLocalDate) => {
    clock = new Date(`${formatIso(day)}T02:00:00.000Z`);
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const recording = recordingMailer();
    sent = recording.sent;
    app = await buildTestApp(database, { now: () => clock, mailer: recording.mailer });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const url = (policyId: string) => `/b2c-server/rest/my-policy/policies/${policyId}/cancellation`;
  const quote = (policyId: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url: url(policyId),
      headers: { 'session-name': SESSION, ...(cookie ? { cookie } : {}) },
    });
  /** The step-up code a cancellation needs (decision 102), or none where the session cannot ask for one. */
  const stepUp = (policyId: string, cookie: string) =>
    stepUpCode(app, sent, {
      cookie,
      policyId,
      purpose: 'cancellation',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    }).catch(() => undefined);
  /** A cancellation as the panel posts it: with the code it asked for first, unless the payload brings one. */
  const cancel = async (
    policyId: string,
    cookie?: string,
    payload: Record<string, unknown> = { confirm: true },
  ) => {
    const code = cookie && !('stepUpCode' in payload) ? await stepUp(policyId, cookie) : undefined;
    return app.inject({
      method: 'POST',
      url: url(policyId),
      headers: { 'session-name': SESSION, ...(cookie ? { cookie } : {}) },
      payload: { ...payload, ...(code ? { stepUpCode: code } : {}) },
    });
  };

  const buyAnnual = (session: string, edit?: Parameters<typeof buyTravelPolicy>[2]['edit']) => {
    setDay(bought);
    return buyTravelPolicy(app, database.db, {
      today: bought,
      annual: true,
      session,
      ...(edit ? { edit } : {}),
    });
  };
  const rowsOf = async (policyId: string) => ({
    policy: (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!,
    refunds: await database.db.select().from(refunds).where(eq(refunds.policyId, policyId)),
    events: await database.db
      .select()
      .from(policyEvents)
      .where(and(eq(policyEvents.policyId, policyId), eq(policyEvents.toStatus, 'cancelled'))),
    mails: await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.policyId, policyId), eq(mailOutbox.kind, 'policy-cancelled'))),
    alerts: await database.db.select().from(operationsAlerts).where(eq(operationsAlerts.policyId, policyId)),
  });
  /** The shared refund service over this database, asking the gateway through `provider`. */
  const refundsVia = (provider: TRefundDeps['provider']) =>
    createRefundService({
      repository: createRefundRepository(database.db),
      provider,
      now: () => clock,
      log: app.log,
    });
  const gatewayRefundsOf = async (policyId: string) => {
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.policyId, policyId), eq(payments.status, 'paid')));
    return database.db
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.transactionId, payment!.gatewayTransactionId!));
  };

  describe('a card-paid annual policy within the free look', () => {
    let policy: TBought;
    let cookie: string;
    beforeAll(async () => {
      policy = await buyAnnual('cancel-free-look-01');
      cookie = await holderCookieFor(app, database.db, policy.policyId);
    }, 60_000);

    it('quotes a full refund before cover starts and on the last free-look day', async () => {
      const before = await quote(policy.policyId, cookie);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.headers['cache-control']).toBe('private, no-store');
      expect(before.json()).toMatchObject({
        allowed: true,
        basis: 'free-look',
        refundCents: policy.row.totalCents,
        reasonKey: CANCELLATION_REASON_KEYS.notStarted,
        paymentMethod: 'CC',
        cardLast4: '1111',
        refund: null,
      });
      setDay(addDays(coverStart, 14));
      cookie = await holderCookieFor(app, database.db, policy.policyId);
      expect((await quote(policy.policyId, cookie)).json()).toMatchObject({
        basis: 'free-look',
        reasonKey: CANCELLATION_REASON_KEYS.freeLook,
      });
    });

    it('cancels once and refunds once when the POST is sent twice at the same time', async () => {
      setDay(addDays(coverStart, 14));
      cookie = await holderCookieFor(app, database.db, policy.policyId);
      // One code, typed once, posted twice (a double click): the second finds the policy cancelled.
      const once = { confirm: true, stepUpCode: await stepUp(policy.policyId, cookie) };
      const answers = await Promise.all([
        cancel(policy.policyId, cookie, once),
        cancel(policy.policyId, cookie, once),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({
          status: 'cancelled',
          allowed: false,
          reasonKey: CANCELLATION_REASON_KEYS.alreadyCancelled,
          refund: { amountCents: policy.row.totalCents, method: 'CC' },
        });
      }
      // The one that asked the gateway saw it made; the other, while it was asked, saw it on its way.
      const states = answers.map((answer) => answer.json().refund.state).sort();
      expect(['requested', 'succeeded']).toEqual(expect.arrayContaining(states));
      expect(states).toContain('succeeded');
      const rows = await rowsOf(policy.policyId);
      expect(rows.policy).toMatchObject({ status: 'cancelled', autoRenewal: false });
      expect(rows.events).toHaveLength(1);
      expect(rows.refunds).toHaveLength(1);
      expect(rows.refunds[0]).toMatchObject({ state: 'succeeded', basis: 'free-look', method: 'CC' });
      expect(rows.mails).toHaveLength(1);
      const atGateway = await gatewayRefundsOf(policy.policyId);
      expect(atGateway).toHaveLength(1);
      expect(atGateway[0]!.refundId).toBe(rows.refunds[0]!.providerReference);
      expect(atGateway[0]!.clientReference).toBe(rows.refunds[0]!.providerRequestId);

      // A third, later submit changes nothing either.
      expect((await cancel(policy.policyId, cookie)).statusCode).toBe(200);
      expect(await gatewayRefundsOf(policy.policyId)).toHaveLength(1);
      expect((await rowsOf(policy.policyId)).events).toHaveLength(1);
    });

    it('shows the policy as cancelled in the session', async () => {
      const session = await app.inject({
        method: 'GET',
        url: '/b2c-server/rest/my-policy/session',
        headers: { 'session-name': SESSION, cookie },
      });
      const mine = session.json().policies.find((p: { policyId: string }) => p.policyId === policy.policyId);
      expect(mine.status).toBe('cancelled');
    });

    it('e-mails the policyholder with the cancellation endorsement attached', async () => {
      await app.services.documents.deliverMail();
      const mail = sent.find((message) => message.subject.includes(`${policy.policyNumber} is cancelled`));
      expect(mail?.subject).toBe(`Your Lionrock travel policy ${policy.policyNumber} is cancelled`);
      expect(mail?.text).toContain('your card ending 1111');
      const attachment = mail?.attachments?.[0];
      expect(attachment?.filename).toBe(`cancellation-endorsement-${policy.policyNumber}.pdf`);
      const text = pdfText(attachment!.content as Buffer);
      expect(text).toContain('Cancellation endorsement');
      expect(text).toContain(policy.policyNumber);
      expect(text).toContain('Free-look cancellation: full refund');
      expect(text).not.toMatch(/S8512345I/i);
    });

    it('is not noticed or charged by the renewal scan', async () => {
      const end = addDays(addDays(coverStart, 365), -1);
      const counts = await app.services.renewal.runRenewalScan(addDays(end, -20), 'SGP');
      expect(counts.notices + counts.charged).toBe(0);
      const charges = await app.services.renewal.runRenewalScan(addDays(end, -15), 'SGP');
      expect(charges.charged).toBe(0);
      const renewed = await database.db
        .select()
        .from(policies)
        .where(eq(policies.renewalOf, policy.policyId));
      expect(renewed).toHaveLength(0);
    });
  });

  it('refunds the short period after the free look: the unexpired whole months less 25%', async () => {
    const policy = await buyAnnual('cancel-short-period-02');
    // 32 days into cover: 10 whole months left of 12.
    setDay(addDays(coverStart, 32));
    const cookie = await holderCookieFor(app, database.db, policy.policyId);
    const expected = Math.floor((policy.row.totalCents! * 10 * 75 * 2 + 1200) / 2400);
    expect((await quote(policy.policyId, cookie)).json()).toMatchObject({
      allowed: true,
      basis: 'short-period',
      refundCents: expected,
    });
    const answer = await cancel(policy.policyId, cookie, { confirm: true, reason: 'Sold my car' });
    expect(answer.statusCode, answer.body).toBe(200);
    const [atGateway] = await gatewayRefundsOf(policy.policyId);
    // The reference the customer is shown is the one the gateway holds for the refund (decision 129).
    expect(answer.json().refund).toEqual({
      state: 'succeeded',
      amountCents: expected,
      method: 'CC',
      reference: atGateway!.clientReference,
    });
    expect(atGateway!.clientReference).toMatch(/^RF[0-9A-F]{32}$/);
    expect(atGateway!.amount).toBe((expected / 100).toFixed(2));
  });

  it('refuses a single trip that has begun, and writes nothing', async () => {
    setDay(bought);
    const policy = await buyTravelPolicy(app, database.db, { today: bought, session: 'cancel-single-03' });
    setDay(addDays(coverStart, 1));
    const cookie = await holderCookieFor(app, database.db, policy.policyId);
    expect((await quote(policy.policyId, cookie)).json()).toMatchObject({
      allowed: false,
      basis: 'none',
      refundCents: 0,
      reasonKey: CANCELLATION_REASON_KEYS.tripStarted,
    });
    const refused = await cancel(policy.policyId, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageKey: CANCELLATION_REASON_KEYS.tripStarted });
    const rows = await rowsOf(policy.policyId);
    expect(rows.policy.status).toBe('issued');
    expect(rows.refunds).toHaveLength(0);
    expect(rows.events).toHaveLength(0);
    expect(rows.mails).toHaveLength(0);
  });

  it("answers 401 without a session, 404 for another holder's policy or a made-up one, 400 without the confirmation", async () => {
    const mine = await buyAnnual('cancel-mine-04');
    const theirs = await buyAnnual('cancel-theirs-05', (policy) => {
      Object.assign(policy.policyTravel.applicant, {
        hkId: 'S7812345A',
        dateOfBirth: '02/03/1978',
        email: 'MEI.LING@EXAMPLE.COM',
      });
    });
    const cookie = await holderCookieFor(app, database.db, mine.policyId);
    expect((await quote(mine.policyId)).statusCode).toBe(401);
    expect((await cancel(mine.policyId)).statusCode).toBe(401);
    for (const policyId of [theirs.policyId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await quote(policyId, cookie)).statusCode).toBe(404);
      expect((await cancel(policyId, cookie)).statusCode).toBe(404);
    }
    for (const payload of [
      {},
      { confirm: false },
      { confirm: 'yes' },
      { confirm: true, reason: 'x'.repeat(401) },
    ]) {
      const answer = await cancel(mine.policyId, cookie, payload);
      expect(answer.statusCode).toBe(400);
    }
    // The session alone cancels nothing: a fresh code from the policy's address first (decision 102).
    const unconfirmed = await cancel(mine.policyId, cookie, { confirm: true, stepUpCode: '' });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({
      field: 'stepUpCode',
      messageKey: 'myPolicy.stepUp.errors.required',
    });
    const code = (await stepUp(mine.policyId, cookie))!;
    const wrong = await cancel(mine.policyId, cookie, {
      confirm: true,
      stepUpCode: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.json()).toMatchObject({ statusCode: 400, messageKey: 'myPolicy.stepUp.errors.wrong' });
    expect((await rowsOf(mine.policyId)).policy.status).toBe('issued');
    expect((await rowsOf(theirs.policyId)).policy.status).toBe('issued');
    expect((await rowsOf(mine.policyId)).policy.status).toBe('issued');
  });

  it('makes a PayNow refund an operations case, with no gateway call', async () => {
    setDay(bought);
    const session = 'cancel-paynow-06';
    const post = (path: string, payload: unknown) => postRest(app, path, payload, session);
    const input = buildTravelPolicy(bought);
    const quoted = (await post('policy/multirate', input)).json();
    const rated = (
      await post('policy/rate', {
        ...input,
        policyTravel: { ...input.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
      })
    ).json();
    const consent = recordConsent(true, clock.toISOString());
    const qr = (
      await post('policy/updateToPendingGenerateQR', {
        ...rated,
        consents: {
          declaration1: consent,
          declaration2: consent,
          marketing: recordConsent(false, clock.toISOString()),
        },
      })
    ).json();
    expect((await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: qr.response.txnRef })).statusCode).toBe(
      200,
    );
    const issued = (await post('payNow/issueAndReceiptQRPolicy', qr.policy)).json();
    expect(issued.status).toBe('issued');
    const policyId = qr.policy.policyId as string;
    const cookie = await holderCookieFor(app, database.db, policyId);
    const answer = await cancel(policyId, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ paymentMethod: 'PN', refund: { state: 'manual', method: 'PN' } });
    const rows = await rowsOf(policyId);
    expect(rows.refunds).toHaveLength(1);
    expect(rows.alerts.filter((alert) => alert.kind === 'paynow_refund')).toHaveLength(1);
    expect(rows.alerts[0]!.detail).toMatchObject({ amountCents: rows.policy.totalCents, currency: 'SGD' });
    expect(await database.db.select().from(testGatewayRefunds)).not.toContainEqual(
      expect.objectContaining({ clientReference: rows.refunds[0]!.providerRequestId }),
    );
    await app.services.documents.deliverMail();
    const mail = sent.find((message) => message.subject.includes(`${rows.policy.policyNumber} is cancelled`));
    expect(mail?.text).toContain('by bank transfer');
  });

  it('refuses a policy with a claim, as the claims module tells, and writes nothing', async () => {
    const policy = await buyAnnual('cancel-claimed-09');
    setDay(addDays(coverStart, 2));
    const cookie = await holderCookieFor(app, database.db, policy.policyId);
    const holder = await app.services.holderAccess.currentHolder({
      cookies: { [cookie.split('=')[0]!]: cookie.split('=')[1]! },
    } as never);
    const claimed = cancellationServiceOf({
      db: database.db,
      access: app.services.holderAccess,
      refunds: app.services.refunds,
      endorsedCents: async () => 0,
      stepUps: app.services.stepUps,
      now: () => clock,
      log: app.log,
      onMailQueued: () => {},
      hasClaim: async (policyId) => policyId === policy.policyId,
    });
    expect(await claimed.quote(holder!, policy.policyId)).toMatchObject({
      allowed: false,
      reasonKey: CANCELLATION_REASON_KEYS.claimMade,
    });
    await expect(
      claimed.cancel(holder!, policy.policyId, undefined, await stepUp(policy.policyId, cookie)),
    ).rejects.toMatchObject({
      statusCode: 409,
      messageKey: CANCELLATION_REASON_KEYS.claimMade,
    });
    const rows = await rowsOf(policy.policyId);
    expect(rows.policy.status).toBe('issued');
    expect(rows.refunds).toHaveLength(0);
  });

  it('gives a Hong Kong personal accident policy 21 days, refunds in HKD and writes to it in Traditional Chinese', async () => {
    setDay(bought);
    const session = 'cancel-hk-pa-10';
    const post = (path: string, payload: unknown) => postRest(app, path, payload, session);
    const input = hongKongPaPolicy(bought, { lang: 'zh' } as Partial<TPolicyInput>);
    const quoted = (await post('policy/multirate', input)).json();
    const item = quoted.policyPAN.premiumItems.find((plan: { planName: string }) => plan.planName === 'A');
    const rated = await post('policy/rate', {
      ...input,
      policyPAN: { ...input.policyPAN, selectedPlan: 'A', policyPremium: item },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const at = clock.toISOString();
    const consents = {
      declaration1: recordConsent(true, at),
      declaration2: recordConsent(true, at),
      marketing: recordConsent(false, at),
    };
    const pending = (
      await post('policy/updateToPending', { ...(rated.json() as Record<string, unknown>), consents })
    ).json();
    const receipt = await postReceipt(app, await payAtTestGateway(app, pending.paymentSignature));
    expect(receipt.json().paid).toBe(true);
    const policyId = pending.policy.policyId as string;
    const start = addDays(bought, 1);

    setDay(addDays(start, 22));
    let cookie = await holderCookieFor(app, database.db, policyId);
    expect((await quote(policyId, cookie)).json()).toMatchObject({ basis: 'short-period', currency: 'HKD' });
    setDay(addDays(start, 21));
    cookie = await holderCookieFor(app, database.db, policyId);
    const answer = await cancel(policyId, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await rowsOf(policyId);
    expect(rows.refunds[0]).toMatchObject({
      basis: 'free-look',
      currency: 'HKD',
      amountCents: rows.policy.totalCents,
      state: 'succeeded',
    });
    await app.services.documents.deliverMail();
    const mail = sent.find((message) => message.subject.includes(`${rows.policy.policyNumber} 已註銷`));
    expect(mail?.subject).toBe(`您的獅石個人意外保險保單 ${rows.policy.policyNumber} 已註銷`);
    const text = pdfText(mail!.attachments![0]!.content as Buffer);
    expect(text).toContain('保單註銷批單');
    expect(text).toContain('冷靜期內註銷：全額退款');
    expect(text).toContain('HK$');
    expect(text).not.toContain('K234567');
  });

  describe('the card refund under retries', () => {
    it('calls the gateway once for two cancellations at once, and heals a crash after the call with the same key', async () => {
      const policy = await buyAnnual('cancel-crash-07');
      setDay(addDays(coverStart, 3));
      const cookie = await holderCookieFor(app, database.db, policy.policyId);
      const holder = await app.services.holderAccess.currentHolder({
        cookies: { [cookie.split('=')[0]!]: cookie.split('=')[1]! },
      } as never);
      let calls = 0;
      // The process "dies" right after the gateway made the refund, before the shop records it.
      const real = (country: 'SGP' | 'HKG') =>
        cardProvider({ config: testConfig(), db: database.db, now: () => clock }, country);
      // Another caller (the every-minute job on another instance), with the real gateway.
      const crashing = refundsVia(real);
      const service = createCancellationService({
        repository: createCancellationRepository(database.db),
        access: app.services.holderAccess,
        refunds: refundsVia(async (country) => ({
          async refund(input) {
            calls += 1;
            await (await real(country)).refund(input);
            throw new Error('process died');
          },
        })),
        endorsedCents: async () => 0,
        stepUps: app.services.stepUps,
        hasClaim: async () => false,
        now: () => clock,
        log: app.log,
        onMailQueued: () => {},
      });
      const code = await stepUp(policy.policyId, cookie);
      const results = await Promise.allSettled([
        service.cancel(holder!, policy.policyId, undefined, code),
        service.cancel(holder!, policy.policyId, undefined, code),
      ]);
      expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
      expect(calls).toBe(1);
      let [refund] = (await rowsOf(policy.policyId)).refunds;
      expect(refund).toMatchObject({ state: 'requested', attempts: 1 });
      expect(await gatewayRefundsOf(policy.policyId)).toHaveLength(1);

      // While the crashed caller's lease runs, nobody asks again; after it, the retry gets the same refund.
      expect(await crashing.settleUnsettledRefunds()).toBe(0);
      clock = new Date(clock.getTime() + 3 * 60_000);
      // The app's own service, as the every-minute reconciliation job runs it.
      expect(await app.services.refunds.settleUnsettledRefunds()).toBe(1);
      [refund] = (await rowsOf(policy.policyId)).refunds;
      const atGateway = await gatewayRefundsOf(policy.policyId);
      expect(atGateway).toHaveLength(1);
      expect(refund).toMatchObject({
        state: 'succeeded',
        attempts: 2,
        providerReference: atGateway[0]!.refundId,
      });
      const fresh = await holderCookieFor(app, database.db, policy.policyId);
      expect((await quote(policy.policyId, fresh)).json().refund.state).toBe('succeeded');
    });
  });

  it('answers a second post of the same cancellation whose code the first spent: cancelled, one refund', async () => {
    const policy = await buyAnnual('cancel-twice-08');
    setDay(addDays(coverStart, 3));
    const cookie = await holderCookieFor(app, database.db, policy.policyId);
    const holder = await app.services.holderAccess.currentHolder({
      cookies: { [cookie.split('=')[0]!]: cookie.split('=')[1]! },
    } as never);
    const real = app.services.stepUps;
    let checks = 0;
    let firstDone: Promise<unknown> = Promise.resolve();
    const service = createCancellationService({
      repository: createCancellationRepository(database.db),
      access: app.services.holderAccess,
      refunds: refundsVia((country) =>
        cardProvider({ config: testConfig(), db: database.db, now: () => clock }, country),
      ),
      endorsedCents: async () => 0,
      stepUps: {
        ...real,
        // The later post read the policy before the first committed, and checks its code after: the
        // order a double click meets on PostgreSQL now and then, made certain here.
        check: async (...args: Parameters<typeof real.check>) => {
          checks += 1;
          if (checks === 2) await firstDone;
          return real.check(...args);
        },
      },
      hasClaim: async () => false,
      now: () => clock,
      log: app.log,
      onMailQueued: () => {},
    });
    const code = await stepUp(policy.policyId, cookie);
    const posts = [
      service.cancel(holder!, policy.policyId, undefined, code),
      service.cancel(holder!, policy.policyId, undefined, code),
    ];
    firstDone = Promise.race(posts).catch(() => undefined);
    const results = await Promise.allSettled(posts);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    for (const result of results)
      expect((result as PromiseFulfilledResult<{ status: string }>).value.status).toBe('cancelled');
    expect((await rowsOf(policy.policyId)).refunds).toHaveLength(1);
    expect(await gatewayRefundsOf(policy.policyId)).toHaveLength(1);
  });

  describe("the test gateway's refund call", () => {
    let policy: TBought;
    let transactionId: string;
    const refundAt = async (id: string, body: unknown, options: { sign?: boolean } = {}) => {
      const profile = await merchantProfile(testConfig(), database.db, 'SGP');
      const target = new URL(`${profile.restUrl}${REFUND_PATH.of(id)}`);
      const text = JSON.stringify(body);
      const headers = signRestRequest(
        {
          baseUrl: profile.restUrl,
          merchantId: profile.merchantId,
          keyId: profile.restKeyId,
          sharedSecret:
            options.sign === false ? Buffer.from('not the key').toString('base64') : profile.restSecret,
        },
        { method: 'POST', url: target, body: text },
        clock,
      );
      return app.inject({ method: 'POST', url: target.pathname, headers, payload: text });
    };
    const body = (code: string, amount: string) => ({
      clientReferenceInformation: { code },
      orderInformation: { amountDetails: { totalAmount: amount, currency: 'SGD' } },
    });

    beforeAll(async () => {
      policy = await buyAnnual('gateway-refund-08');
      const [payment] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.policyId, policy.policyId));
      transactionId = payment!.gatewayTransactionId!;
    }, 60_000);

    it('refuses an unsigned or wrongly signed request, an unknown transaction and more than was captured', async () => {
      const unsigned = await app.inject({
        method: 'POST',
        url: `/gateway${REFUND_PATH.of(transactionId)}`,
        payload: body('RFX1', '1.00'),
      });
      expect(unsigned.statusCode).toBe(401);
      expect((await refundAt(transactionId, body('RFX2', '1.00'), { sign: false })).statusCode).toBe(401);
      expect((await refundAt('7000000000000000000001', body('RFX3', '1.00'))).statusCode).toBe(404);
      const total = (policy.row.totalCents! / 100).toFixed(2);
      const tooMuch = await refundAt(
        transactionId,
        body('RFX4', (policy.row.totalCents! / 100 + 0.01).toFixed(2)),
      );
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().reason).toBe('EXCEEDS_CAPTURE_AMOUNT');
      const otherCurrency = {
        ...body('RFX5', total),
        orderInformation: { amountDetails: { totalAmount: total, currency: 'HKD' } },
      };
      expect((await refundAt(transactionId, otherCurrency)).statusCode).toBe(400);
      expect(await gatewayRefundsOf(policy.policyId)).toHaveLength(0);
    });

    it('answers the same refund for the same reference code, and refuses what is left over', async () => {
      const first = await refundAt(transactionId, body('RFSAME', '10.00'));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        status: 'PENDING',
        refundAmountDetails: { refundAmount: '10.00' },
      });
      const again = await refundAt(transactionId, body('RFSAME', '10.00'));
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      // The same key for another amount is not a retry.
      expect((await refundAt(transactionId, body('RFSAME', '11.00'))).statusCode).toBe(400);
      const rest = ((policy.row.totalCents! - 1000) / 100).toFixed(2);
      expect((await refundAt(transactionId, body('RFREST', rest))).statusCode).toBe(201);
      expect((await refundAt(transactionId, body('RFMORE', '0.01'))).json().reason).toBe(
        'EXCEEDS_CAPTURE_AMOUNT',
      );
      expect(await gatewayRefundsOf(policy.policyId)).toHaveLength(2);
    });
  });
});
