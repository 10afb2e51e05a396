import { localDate } from '@lionrock/domain/dates/local-date';
import { INSURED_ADDRESS_MESSAGE_KEYS } from '@lionrock/domain/home/address-endorsement';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  operationsAlerts,
  payments,
  policies,
  policyEndorsements,
  refunds,
  testGatewayRefunds,
} from '../src/db/schema.ts';
import type { TMailMessage } from '../src/mail/mailer.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { buyHomePolicy, holderCookieFor, type TBought } from './helpers/purchase.ts';
import { stepUpCode } from './helpers/step-up.ts';
import { buildTestApp, logSink, recordingMailer, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const POLICY = '/b2c-server/rest/my-policy/policies';
const today = localDate(2026, 11, 25);

/** A 3-room HDB flat: rated lower than the 4-room flat the fixture insures, so the premium falls. */
const SMALLER_FLAT = {
  blockOrHouseNo: '88',
  streetName: 'Ang Mo Kio Avenue 3',
  unitNo: '#04-12',
  postalCode: '560088',
  dwellingType: 'HDB',
  hdbFlatType: '3_ROOM',
} as const;

/**
 * An endorsement's money (decision 142): a move that lowers the premium returns the difference for the
 * days left — to the card paid with, through the gateway with a stable key, or by operations for PayNow
 * — and the premium ledger makes a later cancellation refund what was paid less what was returned.
 * How would someone break it? Two posts of one code (one refund), a cancellation that refunds the
 * whole original payment again, an operations case that marks another refund paid, a card number in
 * the mail or the log.
 */
describeEachDriver('endorsement money', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let sent: TMailMessage[];
  const logs: string[] = [];
  let clock = new Date('2026-11-25T02:00:00.000Z');
  let ops: TSignedIn;

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
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${BACK_OFFICE}/admin${url}`,
      headers: { cookie: ops.headers.cookie!, 'x-csrf-token': ops.csrf },
      ...(payload ? { payload } : {}),
    });
  const codeFor = (
    policyId: string,
    cookie: string,
    purpose: 'insured-address' | 'cancellation' = 'insured-address',
  ) =>
    stepUpCode(app, sent, {
      cookie,
      policyId,
      purpose,
      advance: (ms) => {
        clock = new Date(clock.getTime() + ms);
      },
    });
  const rowOf = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const refundsOf = (policyId: string) =>
    database.db.select().from(refunds).where(eq(refunds.policyId, policyId)).orderBy(refunds.createdAt);
  const paymentOf = async (policyId: string) =>
    (
      await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.policyId, policyId), eq(payments.status, 'paid')))
    )[0]!;

  /** Quotes the smaller flat and endorses it with a fresh code: the quote and the answer. */
  async function moveToSmallerFlat(bought: TBought) {
    const cookie = await holderCookieFor(app, database.db, bought.policyId);
    const url = `${POLICY}/${bought.policyId}/insured-address`;
    const quote = await call('POST', `${url}/quote`, cookie, SMALLER_FLAT);
    expect(quote.statusCode, quote.body).toBe(200);
    const code = await codeFor(bought.policyId, cookie);
    const body = { ...SMALLER_FLAT, expectedDifferenceCents: quote.json().differenceCents, stepUpCode: code };
    const answers = await Promise.all([call('POST', url, cookie, body), call('POST', url, cookie, body)]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
    return { quote: quote.json(), changed: ok[0]!.json(), cookie };
  }

  it('returns a lower premium to the card paid with, once, with its reference on the page and in the mail', async () => {
    const bought = await buyHomePolicy(app, database.db, { today, session: 'money-card-0001' });
    const paid = await paymentOf(bought.policyId);
    const logsBefore = logs.length;
    const { quote, changed, cookie } = await moveToSmallerFlat(bought);
    expect(quote).toMatchObject({ outcome: 'refund', refundTo: { method: 'CC', cardLast4: '1111' } });
    expect(quote.differenceCents).toBeLessThan(0);
    const returned = -quote.differenceCents;

    const [refund, ...more] = await refundsOf(bought.policyId);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      basis: 'endorsement',
      method: 'CC',
      state: 'succeeded',
      amountCents: returned,
      paymentId: paid.paymentId,
    });
    expect(refund!.providerRequestId).toMatch(/^RE[0-9A-F]{32}$/);
    expect(changed.refund).toEqual({
      amountCents: returned,
      method: 'CC',
      cardLast4: '1111',
      state: 'succeeded',
      reference: refund!.providerRequestId,
    });
    // One refund at the gateway, of the difference, against the purchase's transaction, under the key.
    const atGateway = await database.db
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.clientReference, refund!.providerRequestId));
    expect(atGateway).toHaveLength(1);
    expect(atGateway[0]).toMatchObject({
      transactionId: paid.gatewayTransactionId,
      amount: (returned / 100).toFixed(2),
    });
    expect(refund!.providerReference).toBe(atGateway[0]!.refundId);

    // The ledger and the price in force: the year's premium is the new one, premium + tax = total.
    const [entry] = await database.db
      .select()
      .from(policyEndorsements)
      .where(eq(policyEndorsements.policyId, bought.policyId));
    expect(entry).toMatchObject({
      kind: 'insured-address',
      fromDate: '2026-11-26',
      previousTotalCents: bought.row.totalCents,
      totalCents: quote.annualCents,
      differenceCents: quote.differenceCents,
    });
    expect(refund!.endorsementId).toBe(entry!.endorsementId);
    const row = await rowOf(bought.policyId);
    expect(row.totalCents).toBe(quote.annualCents);
    expect(row.premiumCents! + row.taxCents!).toBe(row.totalCents);
    expect(row.taxCents).toBeGreaterThan(0);

    // The policy page lists the refund with its reference; the mail states it.
    const details = (await call('GET', `${POLICY}/${bought.policyId}`, cookie)).json();
    expect(details.refunds).toEqual([
      {
        reference: refund!.providerRequestId,
        amountCents: returned,
        state: 'succeeded',
        method: 'CC',
        basis: 'endorsement',
      },
    ]);
    await app.services.documents.deliverMail(20);
    const mail = sent.findLast((message) => message.subject.includes('insured address changed'))!;
    expect(mail.text).toContain(`refunding S$${(returned / 100).toFixed(2)} to your card ending 1111`);
    expect(mail.text).toContain(`Your refund's reference is ${refund!.providerRequestId}.`);
    // The new schedule prints the endorsement and what it returned.
    const schedule = pdfText(mail.attachments![0]!.content as Buffer);
    expect(schedule).toContain('Insured address changed');
    expect(schedule).toContain(`S$${(returned / 100).toFixed(2)} refunded`);
    const written = logs.slice(logsBefore).join('\n');
    expect(written).toContain('card refund made');
    for (const secret of ['Ang Mo Kio', '560088', '4111111111111111']) expect(written).not.toContain(secret);
  });

  it('a later cancellation refunds what was paid less what the endorsement returned, not the whole payment again', async () => {
    const bought = await buyHomePolicy(app, database.db, { today, session: 'money-cancel-0002' });
    const paid = await paymentOf(bought.policyId);
    const { quote, cookie } = await moveToSmallerFlat(bought);
    const returned = -quote.differenceCents;
    const cancellation = `${POLICY}/${bought.policyId}/cancellation`;
    // Within the free look: the full refund is of what the customer paid in all.
    expect((await call('GET', cancellation, cookie)).json()).toMatchObject({
      allowed: true,
      basis: 'free-look',
      refundCents: paid.amountCents - returned,
    });
    const code = await codeFor(bought.policyId, cookie, 'cancellation');
    const cancelled = await call('POST', cancellation, cookie, { confirm: true, stepUpCode: code });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toMatchObject({
      state: 'succeeded',
      amountCents: paid.amountCents - returned,
    });
    const both = await refundsOf(bought.policyId);
    expect(both.map((refund) => [refund.basis, refund.state])).toEqual([
      ['endorsement', 'succeeded'],
      ['free-look', 'succeeded'],
    ]);
    // Never more back than was captured.
    const total = both.reduce((sum, refund) => sum + refund.amountCents, 0);
    expect(total).toBe(paid.amountCents);
    // The page lists both, each with its own reference.
    const details = (await call('GET', `${POLICY}/${bought.policyId}`, cookie)).json();
    expect(details.refunds.map((refund: { basis: string }) => refund.basis)).toEqual([
      'endorsement',
      'free-look',
    ]);
  });

  it('a PayNow policy: the return is an operations case of its own, and recording it pays only that refund', async () => {
    const bought = await buyHomePolicy(app, database.db, {
      today,
      session: 'money-paynow-0003',
      payNow: true,
    });
    const { quote, changed, cookie } = await moveToSmallerFlat(bought);
    expect(quote.refundTo).toEqual({ method: 'PN', cardLast4: '' });
    const returned = -quote.differenceCents;
    expect(changed.refund).toMatchObject({ method: 'PN', state: 'manual', amountCents: returned });
    const [refund] = await refundsOf(bought.policyId);
    const [alert] = await database.db
      .select()
      .from(operationsAlerts)
      .where(eq(operationsAlerts.refundId, refund!.refundId));
    expect(alert).toMatchObject({ kind: 'paynow_refund', policyId: bought.policyId });
    expect(alert!.detail).toMatchObject({ amountCents: returned, basis: 'endorsement' });

    // The cancellation afterwards owes its own refund, with its own case, on the same payment.
    const code = await codeFor(bought.policyId, cookie, 'cancellation');
    const cancellation = `${POLICY}/${bought.policyId}/cancellation`;
    expect((await call('POST', cancellation, cookie, { confirm: true, stepUpCode: code })).statusCode).toBe(
      200,
    );
    const owed = await refundsOf(bought.policyId);
    expect(owed.map((row) => [row.basis, row.state])).toEqual([
      ['endorsement', 'manual'],
      ['free-look', 'manual'],
    ]);
    const cases = await database.db
      .select()
      .from(operationsAlerts)
      .where(and(eq(operationsAlerts.policyId, bought.policyId), eq(operationsAlerts.kind, 'paynow_refund')));
    expect(cases).toHaveLength(2);

    // Operations pay the endorsement's refund: its row is paid, the cancellation's is still owed.
    ops = await signedInAs(app, 'operations', { at: clock });
    const recorded = await staff('POST', `/queues/${alert!.id}/record-refund`, {
      reference: 'DBS-ENDORSE-1',
      paidOn: '2026-11-25',
    });
    expect(recorded.json()).toEqual({ recorded: true });
    const after = await refundsOf(bought.policyId);
    expect(after.map((row) => [row.basis, row.state, row.providerReference])).toEqual([
      ['endorsement', 'succeeded', 'DBS-ENDORSE-1'],
      ['free-look', 'manual', null],
    ]);
  });

  it('a rise posted without its card payment is refused with its figures, and nothing is charged or written', async () => {
    const bought = await buyHomePolicy(app, database.db, {
      today,
      session: 'money-rise-0004',
      home: { ...SMALLER_FLAT },
    });
    const cookie = await holderCookieFor(app, database.db, bought.policyId);
    const url = `${POLICY}/${bought.policyId}/insured-address`;
    const bigger = { ...SMALLER_FLAT, blockOrHouseNo: '90', hdbFlatType: '5_ROOM' };
    const quote = (await call('POST', `${url}/quote`, cookie, bigger)).json();
    expect(quote).toMatchObject({ outcome: 'collect', refundTo: null });
    const code = await codeFor(bought.policyId, cookie);
    const refused = await call('POST', url, cookie, {
      ...bigger,
      expectedDifferenceCents: quote.differenceCents,
      stepUpCode: code,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageKey).toBe(INSURED_ADDRESS_MESSAGE_KEYS.premiumChanges);
    expect(await refundsOf(bought.policyId)).toEqual([]);
    expect((await rowOf(bought.policyId)).totalCents).toBe(bought.row.totalCents);
  });
});
