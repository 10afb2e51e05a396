import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operationsAlerts, payments, paynowCredits, policies } from '../src/db/schema.ts';
import { sharedSecret } from '../src/lib/server-secrets.ts';
import { signNotification } from '../src/modules/payment/paynow-service.ts';
import { BACK_OFFICE, signedInAs } from './helpers/back-office.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';
const ADMIN = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a-long-ops-password' };

/**
 * Every verified PayNow credit ends in an issued policy or an operations case, never in silence and
 * never in a second policy number (decision 034). The credits are sent as the bank sends them: a JSON
 * body signed with the webhook secret, each with its own bank transaction id.
 */
describeEachDriver('PayNow credits', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let clock = new Date(AT);
  let bankIds = 0;

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock, env: ADMIN });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  /** A rated, confirmed policy; `plan` picks the multirate plan (0 standard, 1 the dearer one). */
  async function confirmedPolicy(overrides: Partial<TPolicyInput> = {}, plan = 0) {
    const policy = buildTravelPolicy(today, overrides);
    const quoted = (await post('policy/multirate', policy)).json();
    const rated = await post('policy/rate', {
      ...policy,
      policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[plan] },
    });
    expect(rated.statusCode).toBe(200);
    const consent = recordConsent(true, AT);
    return {
      quoted,
      policy: {
        ...rated.json(),
        consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, AT) },
      },
    };
  }

  async function qr(policy: Record<string, unknown>) {
    const response = await post('policy/updateToPendingGenerateQR', policy);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    return {
      policy: answer.policy,
      txnRef: answer.response.txnRef as string,
      amount: (answer.policy.policyTravel.policyPremium.totalPremium as number).toFixed(2),
    };
  }

  /** The bank's notification of a credit, signed with the shared webhook secret. */
  async function credit(txnRef: string, amount: string, bankTransactionId = `BANK${++bankIds}${driver}`) {
    const body = JSON.stringify({ txnRef, amount, currency: 'SGD', bankTransactionId, paidAt: AT });
    return sendSigned(body);
  }
  async function sendSigned(body: string) {
    const signature = signNotification(body, await sharedSecret(database.db, 'paynow-webhook'));
    return app.inject({
      method: 'POST',
      url: '/b2c-server/rest/payNow/notify',
      headers: { 'content-type': 'application/json', 'x-paynow-signature': signature },
      payload: body,
    });
  }

  const paymentRow = async (reference: string) =>
    (await database.db.select().from(payments).where(eq(payments.referenceNumber, reference)))[0]!;
  const policyRow = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const creditsOf = (txnRef: string) =>
    database.db
      .select()
      .from(paynowCredits)
      .where(eq(paynowCredits.txnRef, txnRef))
      .orderBy(asc(paynowCredits.id));
  const alertsOf = (paymentId: string) =>
    database.db
      .select()
      .from(operationsAlerts)
      .where(eq(operationsAlerts.paymentId, paymentId))
      .orderBy(asc(operationsAlerts.id));

  it('issues one policy for two credits to one QR, and opens a refund case for the second', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef, amount } = await qr(policy);
    expect((await credit(txnRef, amount)).json()).toEqual({ recorded: true });
    const issued = await policyRow(policy.policyId);
    expect(issued.status).toBe('issued');
    expect((await credit(txnRef, amount)).json()).toEqual({ recorded: true });

    const after = await policyRow(policy.policyId);
    expect(after.policyNumber).toBe(issued.policyNumber);
    expect(after.receiptNumber).toBe(issued.receiptNumber);
    const payment = await paymentRow(txnRef);
    expect(payment).toMatchObject({ status: 'paid', receiptNumber: issued.receiptNumber });
    const [first, second] = await creditsOf(txnRef);
    expect(first).toMatchObject({ outcome: 'applied', paymentId: payment.paymentId });
    expect(second).toMatchObject({ outcome: 'extra_credit', paymentId: payment.paymentId });
    const alerts = await alertsOf(payment.paymentId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'refund', paynowCreditId: second!.id, resolvedAt: null });
    expect(alerts[0]!.detail).toMatchObject({
      bankTransactionId: second!.bankTransactionId,
      amountCents: Number(amount.replace('.', '')),
    });

    // Operations see it in the back office's refund queue, with the transfer to send back (decision 118).
    const ops = await signedInAs(app, 'operations', { at: clock });
    const queue = await app.inject({ url: `${BACK_OFFICE}/admin/queues?kind=refund`, headers: ops.headers });
    expect(queue.statusCode).toBe(200);
    const listed = queue.json().cases.find((alert: { id: number }) => alert.id === alerts[0]!.id);
    expect(listed).toMatchObject({
      kind: 'refund',
      policyId: policy.policyId,
      detail: { bankTransactionId: second!.bankTransactionId },
      payment: { referenceNumber: txnRef, method: 'PN' },
    });
    // The basic-auth door operations used before the back office is gone, credentials or not.
    const old = await app.inject({
      url: '/ops/alerts?queue=refund',
      headers: { authorization: `Basic ${Buffer.from('ops:a-long-ops-password').toString('base64')}` },
    });
    expect(old.statusCode).toBe(404);
    expect(old.headers['www-authenticate']).toBeUndefined();

    // A third transfer is a case of its own, not folded into the second's.
    await credit(txnRef, amount);
    expect((await alertsOf(payment.paymentId)).filter((alert) => alert.kind === 'refund')).toHaveLength(2);
    expect((await policyRow(policy.policyId)).policyNumber).toBe(issued.policyNumber);
  });

  it('applies one of several credits to one QR arriving at once, and opens a case for each other', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef, amount } = await qr(policy);
    const answers = await Promise.all(Array.from({ length: 4 }, () => credit(txnRef, amount)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const outcomes = (await creditsOf(txnRef)).map((row) => row.outcome).sort();
    expect(outcomes).toEqual(['applied', 'extra_credit', 'extra_credit', 'extra_credit']);
    const payment = await paymentRow(txnRef);
    const applied = (await creditsOf(txnRef)).find((row) => row.outcome === 'applied')!;
    expect(payment.gatewayTransactionId).toBe(`PAYNOW:${applied.bankTransactionId}`);
    expect(payment.status).toBe('paid');
    expect((await policyRow(policy.policyId)).status).toBe('issued');
    const refunds = (await alertsOf(payment.paymentId)).filter((alert) => alert.kind === 'refund');
    expect(refunds).toHaveLength(3);
  });

  it('keeps one row for the same delivery repeated, whatever its bytes', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef, amount } = await qr(policy);
    expect((await credit(txnRef, amount, `SAME-${driver}`)).json()).toEqual({ recorded: true });
    expect((await credit(txnRef, amount, `SAME-${driver}`)).json()).toEqual({ recorded: false });
    // The same transfer re-sent with its fields in another order is the same bank transaction.
    const reordered = JSON.stringify({
      paidAt: AT,
      bankTransactionId: `SAME-${driver}`,
      currency: 'SGD',
      amount,
      txnRef,
    });
    expect((await sendSigned(reordered)).json()).toEqual({ recorded: false });
    expect(await creditsOf(txnRef)).toHaveLength(1);
    expect(await alertsOf((await paymentRow(txnRef)).paymentId)).toHaveLength(0);
    // The same bank transaction id with another amount is no repeat: operations review it.
    const changed = JSON.stringify({
      txnRef,
      amount: '1.00',
      currency: 'SGD',
      bankTransactionId: `SAME-${driver}`,
      paidAt: AT,
    });
    expect((await sendSigned(changed)).json()).toEqual({ recorded: false });
    const [review] = await alertsOf((await paymentRow(txnRef)).paymentId);
    expect(review).toMatchObject({ kind: 'review', paynowCreditId: (await creditsOf(txnRef))[0]!.id });
    expect(review!.detail).toMatchObject({ amountCents: 100, notification: changed });
    expect((await policyRow(policy.policyId)).status).toBe('issued');
  });

  it('does not issue for a credit of another amount: the money is a refund case', async () => {
    for (const delta of [-1, -100, +1]) {
      const { policy } = await confirmedPolicy();
      const { txnRef, amount } = await qr(policy);
      const cents = Math.round(Number(amount) * 100) + delta;
      expect((await credit(txnRef, (cents / 100).toFixed(2))).statusCode).toBe(200);
      const row = await policyRow(policy.policyId);
      expect(row.status).toBe('pending');
      expect(row.policyNumber).toBeNull();
      const payment = await paymentRow(txnRef);
      expect(payment).toMatchObject({
        status: 'refund_due',
        reasonCode: 110,
        authorisedCents: cents,
        receiptNumber: null,
      });
      const [stored] = await creditsOf(txnRef);
      expect(stored).toMatchObject({ outcome: 'amount_differs', amountCents: cents });
      const alerts = await alertsOf(payment.paymentId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'refund', paynowCreditId: stored!.id });
      expect(alerts[0]!.detail).toMatchObject({ reason: 'amount differs', amountCents: cents });
      // Asking for the policy does not issue it either.
      const asked = (await post('payNow/issueAndReceiptQRPolicy', policy)).json();
      expect(asked.policyNumber ?? null).toBeNull();
      // The customer then sends the right amount to the same QR: not dropped, a case of its own.
      expect((await credit(txnRef, amount)).json()).toEqual({ recorded: true });
      expect((await policyRow(policy.policyId)).policyNumber).toBeNull();
      expect((await creditsOf(txnRef)).map((row) => row.outcome)).toEqual(['amount_differs', 'extra_credit']);
      expect(await alertsOf(payment.paymentId)).toHaveLength(2);
    }
  });

  it('does not issue with a payment that no longer matches the re-priced policy', async () => {
    const { policy, quoted } = await confirmedPolicy();
    const old = await qr(policy);
    // The customer goes back, chooses the dearer plan, and is shown a new QR for the new price.
    const rerated = await post('policy/rate', {
      ...old.policy,
      status: undefined,
      policyTravel: { ...old.policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[1] },
    });
    expect(rerated.statusCode).toBe(200);
    const current = await qr({ ...rerated.json(), consents: policy.consents });
    expect(current.amount).not.toBe(old.amount);
    expect((await policyRow(policy.policyId)).status).toBe('pending');

    // …but pays the old QR, for the old price.
    expect((await credit(old.txnRef, old.amount)).statusCode).toBe(200);
    const row = await policyRow(policy.policyId);
    expect(row.status).toBe('pending');
    expect(row.policyNumber).toBeNull();
    const oldPayment = await paymentRow(old.txnRef);
    expect(oldPayment.status).toBe('refund_due');
    expect((await alertsOf(oldPayment.paymentId)).map((alert) => alert.kind).sort()).toEqual([
      'late_payment',
      'refund',
    ]);
    // The new QR still pays for the policy at its new price.
    await credit(current.txnRef, current.amount);
    expect((await policyRow(policy.policyId)).status).toBe('issued');
    expect((await paymentRow(current.txnRef)).status).toBe('paid');
  });

  it('issues with a credit for an expired QR when the policy can still be issued, and tells operations', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef, amount } = await qr(policy);
    clock = new Date(Date.parse(AT) + 11 * 60_000);
    try {
      await credit(txnRef, amount);
    } finally {
      clock = new Date(AT);
    }
    expect((await policyRow(policy.policyId)).status).toBe('issued');
    const alerts = await alertsOf((await paymentRow(txnRef)).paymentId);
    expect(alerts.map((alert) => alert.kind)).toEqual(['late_payment']);

    // After the expiry job has run too (the QR's window is long past by the database's clock).
    const later = await qr((await confirmedPolicy()).policy);
    await app.services.issuance.reconcile();
    const expired = await paymentRow(later.txnRef);
    expect(expired.status).toBe('expired');
    expect((await policyRow(expired.policyId)).status).toBe('expired');
    await credit(later.txnRef, later.amount);
    expect((await policyRow(expired.policyId)).status).toBe('issued');
    expect((await alertsOf(expired.paymentId)).map((alert) => alert.detail)).toEqual([
      expect.objectContaining({ previousStatus: 'expired' }),
    ]);
  });

  it('refunds a credit that arrives after the period of insurance has started', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef, amount } = await qr(policy);
    // The trip starts 14 days after the quote; the money arrives on day 15.
    clock = new Date(Date.parse(AT) + 15 * 86_400_000);
    try {
      expect((await credit(txnRef, amount)).statusCode).toBe(200);
    } finally {
      clock = new Date(AT);
    }
    expect((await policyRow(policy.policyId)).policyNumber).toBeNull();
    const payment = await paymentRow(txnRef);
    expect(payment.status).toBe('refund_due');
    const refund = (await alertsOf(payment.paymentId)).find((alert) => alert.kind === 'refund');
    expect(refund!.detail).toMatchObject({ reason: 'The period of insurance has already started.' });
  });

  it('refunds a credit for a QR whose policy another payment issued', async () => {
    const { policy } = await confirmedPolicy();
    const first = await qr(policy);
    const second = await qr({ ...first.policy, status: undefined });
    await credit(second.txnRef, second.amount);
    const issued = await policyRow(policy.policyId);
    expect(issued.status).toBe('issued');
    await credit(first.txnRef, first.amount);
    expect((await policyRow(policy.policyId)).policyNumber).toBe(issued.policyNumber);
    const voided = await paymentRow(first.txnRef);
    expect(voided.status).toBe('refund_due');
    expect((await alertsOf(voided.paymentId)).map((alert) => alert.kind).sort()).toEqual([
      'late_payment',
      'refund',
    ]);
  });

  it('stores a credit for a reference it does not know, and a signed notification it cannot read, as cases', async () => {
    const unknown = `TSG-261123-UNKNOWN${driver.toUpperCase()}`;
    expect((await credit(unknown, '12.34')).statusCode).toBe(200);
    const [stored] = await creditsOf(unknown);
    expect(stored).toMatchObject({ outcome: 'unknown_reference', paymentId: null, amountCents: 1234 });
    const [refund] = await database.db
      .select()
      .from(operationsAlerts)
      .where(eq(operationsAlerts.paynowCreditId, stored!.id));
    expect(refund).toMatchObject({ kind: 'refund' });

    // A card payment's reference is no QR: the credit is not its payment, and the card payment is untouched.
    const card = (await post('policy/updateToPending', (await confirmedPolicy()).policy)).json();
    const cardReference = card.paymentSignature.reference_number as string;
    expect((await credit(cardReference, card.paymentSignature.amount)).statusCode).toBe(200);
    const [cardCredit] = await creditsOf(cardReference);
    expect(cardCredit).toMatchObject({ outcome: 'unknown_reference', paymentId: null });
    expect(await paymentRow(cardReference)).toMatchObject({ status: 'pending', gatewayTransactionId: null });

    // A bank may name the payer: only the credit's own fields are kept.
    const named = JSON.stringify({
      txnRef: unknown,
      amount: '5.00',
      currency: 'SGD',
      bankTransactionId: `NAMED-${driver}`,
      paidAt: AT,
      payerName: 'CANARY TAN',
    });
    expect((await sendSigned(named)).statusCode).toBe(200);
    const [, namedRow] = await creditsOf(unknown);
    expect(namedRow).toMatchObject({ bankTransactionId: `NAMED-${driver}`, outcome: 'unknown_reference' });
    expect(namedRow!.notification).not.toContain('CANARY');

    const unreadable = JSON.stringify({ txnRef: unknown, amount: '12.3', currency: 'SGD', note: driver });
    expect((await sendSigned(unreadable)).statusCode).toBe(400);
    const [row] = await database.db
      .select()
      .from(paynowCredits)
      .where(eq(paynowCredits.notification, unreadable));
    expect(row).toMatchObject({ outcome: 'unreadable', bankTransactionId: null });
    const [review] = await database.db
      .select()
      .from(operationsAlerts)
      .where(and(eq(operationsAlerts.paynowCreditId, row!.id), eq(operationsAlerts.kind, 'review')));
    expect(review).toBeDefined();
    // An unsigned body is not the bank's: refused, and nothing stored.
    const forged = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/payNow/notify',
      headers: { 'content-type': 'application/json', 'x-paynow-signature': '00'.repeat(32) },
      payload: JSON.stringify({
        txnRef: unknown,
        amount: '1.00',
        currency: 'SGD',
        bankTransactionId: 'FORGED',
        paidAt: AT,
      }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await creditsOf(unknown)).toHaveLength(2);
  });

  it('reports a pending QR past its expiry as expired, not pending', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef, policy: pendingPolicy } = await qr(policy);
    const check = async () =>
      (
        await post('payNow/checkB2CPaymentSuccess', {
          ...pendingPolicy,
          payment: { paymentReferenceNumber: txnRef },
        })
      ).json();
    expect(await check()).toEqual({ success: false, error: false, message: 'pending' });
    // The expiry job has not run: the row still says pending, but its ten minutes are over.
    clock = new Date(Date.parse(AT) + 10 * 60_000 + 1000);
    try {
      expect((await paymentRow(txnRef)).status).toBe('pending');
      expect(await check()).toEqual({ success: false, error: true, message: MESSAGE_KEYS.qrExpired });
    } finally {
      clock = new Date(AT);
    }
  });

  it('never issues a paid payment whose received amount differs from the amount asked', async () => {
    const { policy } = await confirmedPolicy();
    const { txnRef } = await qr(policy);
    const payment = await paymentRow(txnRef);
    // Recorded as paid by a mistake upstream, with less money than asked.
    await database.db
      .update(payments)
      .set({
        status: 'paid',
        authorisedCents: payment.amountCents - 1,
        gatewayTransactionId: `SHORT-${payment.paymentId}`,
      })
      .where(eq(payments.paymentId, payment.paymentId));
    const result = await app.services.issuance.issuePayment(payment.paymentId);
    expect(result.outcome).toBe('refund');
    expect((await policyRow(policy.policyId)).policyNumber).toBeNull();
    expect((await alertsOf(payment.paymentId)).map((alert) => alert.kind)).toEqual(['refund']);
  });
});
