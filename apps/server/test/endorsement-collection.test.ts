import { addDays, formatIso, localDate, parseIso } from '@lionrock/domain/dates/local-date';
import { INSURED_ADDRESS_MESSAGE_KEYS } from '@lionrock/domain/home/address-endorsement';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  endorsementPayments,
  mailOutbox,
  operationsAlerts,
  payments,
  policies,
  policyEndorsements,
  policyEvents,
  refunds,
  testGatewayRefunds,
} from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { COLLECTION_RECEIPT_PATH } from '../src/modules/endorsement/endorsement-service.ts';
import { BACK_OFFICE, signedInAs } from './helpers/back-office.ts';
import { payAtTestGateway } from './helpers/card-gateway.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buyHomePolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, logSink, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const POLICY = '/b2c-server/rest/my-policy/policies';
const today = localDate(2026, 11, 25);

/** A 3-room HDB flat, bought; the move is to a 5-room flat, rated higher, so the premium rises. */
const SMALLER_FLAT = {
  blockOrHouseNo: '88',
  streetName: 'Ang Mo Kio Avenue 3',
  unitNo: '#04-12',
  postalCode: '560088',
  dwellingType: 'HDB',
  hdbFlatType: '3_ROOM',
} as const;
const BIGGER_FLAT = { ...SMALLER_FLAT, blockOrHouseNo: '90', hdbFlatType: '5_ROOM' } as const;

/**
 * A move that raises the premium, paid by card (decision 144): a signed sale of the difference, the
 * card straight to the gateway, and the endorsement written in the transaction that records the
 * verified, server-to-server confirmed answer. How would someone break it? A forged or altered answer,
 * the same answer twice, a declined card, two payments for one move, an answer after the policy
 * changed, a code used twice, a card number in the mail or the log.
 */
describeEachDriver('endorsement collection', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  const logs: string[] = [];
  let clock = new Date('2026-11-25T02:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const recording = recordingMailer();
    sent = recording.sent;
    app = await buildTestApp(database, {
      now: () => clock,
      mailer: recording.mailer,
      env: { LOG_LEVEL: 'trace' },
      logStream: logSink((text) => logs.push(text)),
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date(clock.getTime() + 11 * 60_000);
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { 'session-name': SESSION, cookie },
      ...(payload ? { payload } : {}),
    });
  const postAnswer = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: COLLECTION_RECEIPT_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams(fields).toString(),
    });
  const codeFor = (policyId: string, cookie: string) =>
    stepUpCode(app, sent, {
      cookie,
      policyId,
      purpose: 'insured-address',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
  const rowOf = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const ledgerOf = (policyId: string) =>
    database.db.select().from(policyEndorsements).where(eq(policyEndorsements.policyId, policyId));
  const endorsedEvents = async (policyId: string) =>
    (await database.db.select().from(policyEvents).where(eq(policyEvents.policyId, policyId))).filter(
      (event) => (event.detail as { endorsement?: string } | null)?.endorsement === 'insured-address',
    );

  /** Buys the 3-room flat, quotes the 5-room one (a rise) and opens its card payment with a fresh code. */
  async function openRise(session: string, bought?: TBought) {
    const policy = bought ?? (await buyHomePolicy(app, database.db, { today, session, home: SMALLER_FLAT }));
    const cookie = await holderCookieFor(app, database.db, policy.policyId);
    const url = `${POLICY}/${policy.policyId}/insured-address`;
    const quote = (await call('POST', `${url}/quote`, cookie, BIGGER_FLAT)).json();
    expect(quote).toMatchObject({ outcome: 'collect', refundTo: null });
    const body = {
      ...BIGGER_FLAT,
      expectedDifferenceCents: quote.differenceCents,
      stepUpCode: await codeFor(policy.policyId, cookie),
    };
    const started = await call('POST', `${url}/payment`, cookie, body);
    expect(started.statusCode, started.body).toBe(200);
    return { bought: policy, cookie, url, quote, body, signature: started.json() as Record<string, string> };
  }

  it('takes the rise by card and endorses the policy once, on the confirmed answer, with the payment in the mail', async () => {
    const logsBefore = logs.length;
    const { bought, cookie, url, quote, body, signature } = await openRise('rise-paid-0001');
    // The shop signs a sale of the difference; the card goes to the gateway only.
    expect(signature).toMatchObject({ transaction_type: 'sale', currency: 'SGD' });
    expect(signature.amount).toBe((quote.differenceCents / 100).toFixed(2));
    expect(signature.override_custom_receipt_page).toMatch(/\/my-policy\/insured-address\/receipt$/);
    expect(signature.signed_field_names).toContain('override_custom_receipt_page');
    // The code opened one payment: it cannot open a second.
    expect((await call('POST', `${url}/payment`, cookie, body)).statusCode).toBe(403);
    // Nothing changes before the money is taken.
    expect((await rowOf(bought.policyId)).totalCents).toBe(bought.row.totalCents);

    const answer = await payAtTestGateway(app, signature, '4111111111111111');
    const [first, again] = [await postAnswer(answer), await postAnswer(answer)];
    expect(first.json()).toMatchObject({
      paid: true,
      endorsed: true,
      amountCents: quote.differenceCents,
      cardLast4: '1111',
      reference: signature.reference_number,
      messageKey: null,
    });
    expect(again.json()).toEqual(first.json());

    const row = await rowOf(bought.policyId);
    expect(row.totalCents).toBe(quote.annualCents);
    expect(row.premiumCents! + row.taxCents!).toBe(row.totalCents);
    expect((row.document as { policyHome: { hdbFlatType: string } }).policyHome.hdbFlatType).toBe('5_ROOM');
    const ledger = await ledgerOf(bought.policyId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      differenceCents: quote.differenceCents,
      totalCents: quote.annualCents,
    });
    const [collection] = await database.db
      .select()
      .from(endorsementPayments)
      .where(eq(endorsementPayments.policyId, bought.policyId));
    expect(collection).toMatchObject({ status: 'paid', endorsementId: ledger[0]!.endorsementId });
    expect(await endorsedEvents(bought.policyId)).toHaveLength(1);
    expect(await database.db.select().from(refunds).where(eq(refunds.policyId, bought.policyId))).toEqual([]);

    // One mail with the new schedule, stating the payment and its reference; no card number anywhere.
    const queued = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.policyId, bought.policyId));
    expect(queued.filter((mail) => mail.kind === 'policy-endorsed')).toHaveLength(1);
    sent.length = 0;
    await app.services.documents.deliverMail(20);
    const mail = sent.find((message) => message.subject.includes('insured address changed'));
    const amount = `S$${(quote.differenceCents / 100).toFixed(2)}`;
    expect(mail?.text).toContain(`we have charged ${amount} to your card ending 1111`);
    expect(mail?.text).toContain(signature.reference_number);
    expect(mail?.text).not.toContain('4111111111111111');
    // The new schedule prints the endorsement: from when, the premium a year after it, what was collected.
    const schedule = pdfText(mail!.attachments![0]!.content as Buffer);
    expect(schedule).toContain('Endorsements');
    expect(schedule).toContain('Insured address changed');
    expect(schedule).toContain(`${amount} collected`);
    expect(schedule).toContain(`S$${(quote.annualCents / 100).toFixed(2)}`);
    expect(schedule).toContain(first.json().endorsedFrom);
    expect(logs.slice(logsBefore).join('\n')).not.toContain('4111111111111111');

    // The page shows the new address and the premium in force.
    const view = (await call('GET', url, cookie)).json();
    expect(view.address).toMatchObject({ blockOrHouseNo: '90', hdbFlatType: '5_ROOM' });
    // Operations see the payment beside the policy's own, the card masked by the gateway.
    const ops = await signedInAs(app, 'operations', { at: clock });
    const detail = await app.inject({
      method: 'GET',
      url: `${BACK_OFFICE}/admin/policies/${bought.policyId}`,
      headers: { cookie: ops.headers.cookie! },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().payments.map((payment: { purpose: string }) => payment.purpose)).toEqual([
      'policy',
      'endorsement',
    ]);
    expect(detail.json().payments[1]).toMatchObject({
      referenceNumber: signature.reference_number,
      status: 'paid',
      amountCents: quote.differenceCents,
      maskedCard: 'xxxxxxxxxxxx1111',
    });
  });

  it('believes no forged or altered answer: nothing is endorsed and operations get a case', async () => {
    const { bought, signature } = await openRise('rise-forged-0002');
    const answer = await payAtTestGateway(app, signature, '4111111111111111');
    // A smaller amount, a changed reason code, an unsigned field: the signature no longer holds.
    const cheaper = await postAnswer({ ...answer, req_amount: '0.01', auth_amount: '0.01' });
    expect(cheaper.json()).toMatchObject({
      paid: false,
      endorsed: false,
      messageKey: INSURED_ADDRESS_MESSAGE_KEYS.paymentNotVerified,
    });
    expect((await postAnswer({ ...answer, signature: 'A'.repeat(44) })).json()).toMatchObject({
      paid: false,
    });
    expect(
      (await postAnswer({ ...answer, req_reference_number: 'HSG-000000-NOPE0000' })).json(),
    ).toMatchObject({ paid: false, reference: '' });
    expect((await rowOf(bought.policyId)).totalCents).toBe(bought.row.totalCents);
    expect(await ledgerOf(bought.policyId)).toEqual([]);
    const cases = await database.db
      .select()
      .from(operationsAlerts)
      .where(and(eq(operationsAlerts.policyId, bought.policyId), eq(operationsAlerts.kind, 'forged_answer')));
    expect(cases.length).toBeGreaterThan(0);
    expect(cases[0]!.detail).toMatchObject({ about: 'endorsement payment' });
    // The genuine answer still goes through afterwards.
    expect((await postAnswer(answer)).json()).toMatchObject({ paid: true, endorsed: true });
  });

  it('a declined card changes nothing, and the move can be paid again with another card', async () => {
    const { bought, signature } = await openRise('rise-decline-0003');
    const declined = await payAtTestGateway(app, signature, '4000000000002040');
    expect(declined.decision).toBe('DECLINE');
    expect((await postAnswer(declined)).json()).toMatchObject({
      paid: false,
      endorsed: false,
      messageKey: INSURED_ADDRESS_MESSAGE_KEYS.paymentDeclined,
    });
    expect((await rowOf(bought.policyId)).totalCents).toBe(bought.row.totalCents);
    const retry = await openRise('', bought);
    expect(retry.signature.reference_number).not.toBe(signature.reference_number);
    expect((await postAnswer(await payAtTestGateway(app, retry.signature))).json()).toMatchObject({
      paid: true,
      endorsed: true,
    });
    expect(await ledgerOf(bought.policyId)).toHaveLength(1);
  });

  it('a second payment for a move already made is refunded whole to its own card transaction', async () => {
    const one = await openRise('rise-twice-0004');
    const two = await openRise('', one.bought);
    const firstAnswer = await payAtTestGateway(app, one.signature, '4111111111111111');
    const secondAnswer = await payAtTestGateway(app, two.signature, '5555555555554444');
    expect((await postAnswer(firstAnswer)).json()).toMatchObject({ paid: true, endorsed: true });
    const late = (await postAnswer(secondAnswer)).json();
    expect(late).toMatchObject({
      paid: true,
      endorsed: false,
      cardLast4: '4444',
      messageKey: INSURED_ADDRESS_MESSAGE_KEYS.paymentUnapplied,
    });
    // Endorsed once; the second payment goes back whole, at the gateway, against its own transaction.
    expect(await ledgerOf(one.bought.policyId)).toHaveLength(1);
    expect(await endorsedEvents(one.bought.policyId)).toHaveLength(1);
    const [refund, ...more] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.policyId, one.bought.policyId));
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      collectionReference: two.signature.reference_number,
      basis: 'unapplied',
      method: 'CC',
      state: 'succeeded',
      amountCents: two.quote.differenceCents,
    });
    expect(refund!.providerRequestId).toMatch(/^RC[0-9A-Z]+$/);
    const atGateway = await database.db
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.clientReference, refund!.providerRequestId));
    expect(atGateway).toHaveLength(1);
    expect(atGateway[0]!.transactionId).toBe(secondAnswer.transaction_id);
    // The same late answer again makes no second refund.
    expect((await postAnswer(secondAnswer)).json()).toEqual(late);
    expect(
      await database.db.select().from(refunds).where(eq(refunds.policyId, one.bought.policyId)),
    ).toHaveLength(1);
  });

  it('an approval whose answer never came is found at the gateway after the window, and endorses once', async () => {
    const { bought, signature, quote } = await openRise('rise-late-0005');
    // The customer paid at the bank and closed the page: the answer never reaches the shop.
    const answer = await payAtTestGateway(app, signature);
    expect(await app.services.endorsements.reconcileCollections()).toMatchObject({ recovered: 0 });
    expect((await rowOf(bought.policyId)).totalCents).toBe(bought.row.totalCents);
    clock = new Date(clock.getTime() + 20 * 60_000);
    expect((await app.services.endorsements.reconcileCollections()).recovered).toBeGreaterThanOrEqual(1);
    expect((await rowOf(bought.policyId)).totalCents).toBe(quote.annualCents);
    expect(await ledgerOf(bought.policyId)).toHaveLength(1);
    // The answer posted after all changes nothing more.
    expect((await postAnswer(answer)).json()).toMatchObject({ paid: true, endorsed: true });
    expect(await ledgerOf(bought.policyId)).toHaveLength(1);
    sent.length = 0;
    await app.services.documents.deliverMail(20);
    const mail = sent.find((message) => message.subject.includes(bought.policyNumber));
    expect(mail?.text).toContain(`to your card. The payment's reference is ${signature.reference_number}.`);
  });

  it('a payment never made expires once the gateway is asked; an approval after that is still recorded', async () => {
    const { bought, signature, quote } = await openRise('rise-late-0006');
    const opened = clock;
    clock = new Date(clock.getTime() + 20 * 60_000);
    await app.services.endorsements.reconcileCollections();
    const [expired] = await database.db
      .select()
      .from(endorsementPayments)
      .where(eq(endorsementPayments.referenceNumber, signature.reference_number!));
    expect(expired).toMatchObject({ status: 'expired' });
    expect(expired!.lookedUpAt).not.toBeNull();
    expect((await rowOf(bought.policyId)).totalCents).toBe(bought.row.totalCents);
    // The bank approved within the window (the cardholder was still at its challenge when the job asked),
    // and its answer arrives after the lookup found nothing: money is never dropped.
    const later = clock;
    clock = opened;
    const answer = await payAtTestGateway(app, signature);
    clock = later;
    expect((await postAnswer(answer)).json()).toMatchObject({ paid: true, endorsed: true });
    expect((await rowOf(bought.policyId)).totalCents).toBe(quote.annualCents);
  });

  it('a cancellation after a rise refunds each transaction what it took: the purchase, then the rise', async () => {
    const { bought, cookie, quote, signature } = await openRise('rise-cancel-0009');
    const answer = await payAtTestGateway(app, signature, '5555555555554444');
    expect((await postAnswer(answer)).json()).toMatchObject({ endorsed: true });
    const [purchase] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.policyId, bought.policyId), eq(payments.status, 'paid')));
    const cancellation = `${POLICY}/${bought.policyId}/cancellation`;
    // Within the free look: all of it back, the purchase and the rise.
    const whole = purchase!.amountCents + quote.differenceCents;
    expect((await call('GET', cancellation, cookie)).json()).toMatchObject({
      basis: 'free-look',
      refundCents: whole,
    });
    const code = await stepUpCode(app, sent, {
      cookie,
      policyId: bought.policyId,
      purpose: 'cancellation',
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
    const cancelled = await call('POST', cancellation, cookie, { confirm: true, stepUpCode: code });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toMatchObject({ state: 'succeeded', amountCents: whole });
    const parts = await database.db.select().from(refunds).where(eq(refunds.policyId, bought.policyId));
    expect(parts.map((part) => [part.collectionReference, part.amountCents, part.state]).sort()).toEqual(
      [
        [null, purchase!.amountCents, 'succeeded'],
        [signature.reference_number, quote.differenceCents, 'succeeded'],
      ].sort(),
    );
    // At the gateway, each part against its own transaction, never more than it captured.
    for (const part of parts) {
      const [made] = await database.db
        .select()
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.clientReference, part.providerRequestId));
      expect(made!.transactionId).toBe(
        part.collectionReference ? answer.transaction_id : purchase!.gatewayTransactionId,
      );
    }
  });

  it('renews an endorsed home at the premium in force: charged it, and its schedule says it', async () => {
    const bought = await buyHomePolicy(app, database.db, {
      today,
      session: 'rise-renew-0010',
      home: SMALLER_FLAT,
      autoRenewal: true,
    });
    const { quote, signature } = await openRise('', bought);
    expect((await postAnswer(await payAtTestGateway(app, signature))).json()).toMatchObject({
      endorsed: true,
    });
    const endorsed = await rowOf(bought.policyId);
    expect(endorsed.autoRenewal).toBe(true);
    // The notice 30 days before the end of cover, then the charge to the stored card 15 days before.
    const saved = clock;
    const end = parseIso(endorsed.endDate!)!;
    try {
      for (const day of [addDays(end, -30), addDays(end, -15)]) {
        clock = new Date(`${formatIso(day)}T02:00:00.000Z`);
        await app.services.renewal.runRenewalScan(day, 'SGP');
      }
    } finally {
      clock = saved;
    }
    const [renewed] = await database.db
      .select()
      .from(policies)
      .where(eq(policies.renewalOf, bought.policyId));
    expect(renewed).toMatchObject({
      status: 'issued',
      totalCents: quote.annualCents,
      premiumCents: endorsed.premiumCents,
      taxCents: endorsed.taxCents,
    });
    const [charge] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.policyId, renewed!.policyId));
    expect(charge).toMatchObject({ status: 'paid', amountCents: quote.annualCents });
    // The renewed document is at the new address, and its plan's item says the price it was charged.
    const home = (
      renewed!.document as {
        policyHome: { blockOrHouseNo: string; policyPremium: { totalPremium: number; premium: number } };
      }
    ).policyHome;
    expect(home.blockOrHouseNo).toBe('90');
    expect(Math.round(home.policyPremium.totalPremium * 100)).toBe(quote.annualCents);
    expect(Math.round(home.policyPremium.premium * 100)).toBe(endorsed.premiumCents);
  });

  it('opens no payment for a move that does not raise the premium, or for a figure not the one shown', async () => {
    const bought = await buyHomePolicy(app, database.db, {
      today,
      session: 'rise-none-0007',
      home: SMALLER_FLAT,
    });
    const cookie = await holderCookieFor(app, database.db, bought.policyId);
    const url = `${POLICY}/${bought.policyId}/insured-address`;
    const quote = (await call('POST', `${url}/quote`, cookie, BIGGER_FLAT)).json();
    const wrong = await call('POST', `${url}/payment`, cookie, {
      ...BIGGER_FLAT,
      expectedDifferenceCents: quote.differenceCents - 1,
      stepUpCode: await codeFor(bought.policyId, cookie),
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      field: 'expectedDifferenceCents',
      messageKey: INSURED_ADDRESS_MESSAGE_KEYS.quoteChanged,
    });
    const same = await call('POST', `${url}/payment`, cookie, {
      ...SMALLER_FLAT,
      unitNo: '#05-12',
      expectedDifferenceCents: 0,
      stepUpCode: await codeFor(bought.policyId, cookie),
    });
    expect(same.statusCode).toBe(409);
    // Without a session, no payment at all.
    expect(
      (await call('POST', `${url}/payment`, '', { ...BIGGER_FLAT, expectedDifferenceCents: 1 })).statusCode,
    ).toBe(401);
    expect(
      await database.db
        .select()
        .from(endorsementPayments)
        .where(eq(endorsementPayments.policyId, bought.policyId)),
    ).toEqual([]);
  });
});
