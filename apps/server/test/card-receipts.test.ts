import { randomBytes } from 'node:crypto';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operationsAlerts,
  payments,
  policies,
  testGatewayAnswers,
  testGatewayTransactions,
} from '../src/db/schema.ts';
import { createAgentRepository } from '../src/modules/agent/agent-repository.ts';
import { createCardPaymentService } from '../src/modules/payment/card-payment-service.ts';
import { createIssuanceRepository } from '../src/modules/payment/issuance-repository.ts';
import { createIssuanceService } from '../src/modules/payment/issuance-service.ts';
import { merchantProfile } from '../src/payments/card-gateway/card-profiles.ts';
import { verifyGatewayAnswer } from '../src/payments/card-gateway/gateway-answer.ts';
import { cardProvider, type TCardProvider } from '../src/payments/card-gateway/payment-provider.ts';
import { buildDataToSign, signFields } from '../src/payments/card-gateway/signature.ts';
import {
  GatewayLookupError,
  type TGatewayTransaction,
} from '../src/payments/card-gateway/transaction-lookup.ts';
import { TEST_CARDS } from '../src/payments/test-gateway/test-cards.ts';
import { payAtTestGateway, postReceipt } from './helpers/card-gateway.ts';
import { confirmedTravelQuote } from './helpers/purchase.ts';
import { buildTestApp, postRest, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

/**
 * The card money path against an attacker and against lost answers (design section 11): forged
 * receipts built from the shop's own signatures, receipts the gateway never confirmed, answers that
 * arrive out of order, and approvals that never reached the shop.
 */
describeEachDriver('card receipts', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let secret: string;
  const clock = new Date(AT);

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  /** Quote, rate, both declarations, updateToPending: the pending policy and the signed request fields. */
  async function pending(change: (policy: TPolicyInput) => void = () => {}) {
    const confirmed = await confirmedTravelQuote(post, buildTravelPolicy(today), AT);
    change(confirmed);
    const response = await post('policy/updateToPending', confirmed);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      policy: { policyId: string };
      paymentSignature: Record<string, string>;
    };
  }

  const paymentRow = async (reference: string) =>
    (await database.db.select().from(payments).where(eq(payments.referenceNumber, reference)))[0]!;
  const policyRow = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const alertsOf = async (paymentId: string) =>
    database.db.select().from(operationsAlerts).where(eq(operationsAlerts.paymentId, paymentId));

  /** An answer signed with the merchant's real secret, as if the gateway had sent it (it never did). */
  function signedAnswer(request: Record<string, string>, change: Record<string, string> = {}) {
    const fields: Record<string, string> = {
      decision: 'ACCEPT',
      reason_code: '100',
      transaction_id: randomBytes(11).toString('hex'),
      auth_code: '831000',
      auth_amount: request.amount!,
      req_access_key: request.access_key!,
      req_profile_id: request.profile_id!,
      req_reference_number: request.reference_number!,
      req_amount: request.amount!,
      req_currency: request.currency!,
      req_transaction_uuid: request.transaction_uuid!,
      req_card_number: 'xxxxxxxxxxxx1111',
      signed_date_time: '2026-11-23T02:01:00Z',
      ...change,
    };
    fields.signed_field_names = [...Object.keys(fields), 'signed_field_names'].join(',');
    fields.signature = signFields(fields, secret);
    return fields;
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    secret = (await merchantProfile(testConfig(), database.db, 'SGP')).secretKey;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  describe('forged from the shop’s own signature', () => {
    /**
     * The attack of the issue: the attacker types a name, address lines and city that carry
     * `,name=value` pairs, so the string the shop signs for policy A also reads as a paid answer for
     * policy B under another signed_field_names. Parsing the signed string by that list gives the forged
     * receipt's fields; the signature is the one the shop made for A.
     */
    function resplit(signedString: string, names: string[]): Record<string, string> {
      const fields: Record<string, string> = {};
      let at = `${names[0]}=`.length;
      expect(signedString.startsWith(`${names[0]}=`)).toBe(true);
      for (let index = 0; index < names.length; index += 1) {
        const next = names[index + 1];
        const end = next === undefined ? signedString.length : signedString.indexOf(`,${next}=`, at);
        if (end < 0) return {};
        fields[names[index]!] = signedString.slice(at, end);
        if (next !== undefined) at = end + next.length + 2;
      }
      return fields;
    }

    it('never issues policy B from a receipt re-split out of policy A’s signed request', async () => {
      const victim = await pending();
      const b = victim.paymentSignature;
      const names = [
        'access_key',
        'decision',
        'reason_code',
        'x y',
        'signed_field_names',
        'bill_to_address_city',
        'req_reference_number',
        'req_amount',
        'req_currency',
        'z',
      ];
      const typedName = 'q,decision=ACCEPT,reason_code=100,x y=r s';
      const typedAddress1 = 'w,signed_field_names=access_key,decision,reason_code,x';
      const typedAddress2 = `y,${names.slice(4).join(',')}`;
      const typedCity = `c,req_reference_number=${b.reference_number},req_amount=${b.amount},req_currency=SGD,z=v`;
      const attacker = await pending((policy) => {
        const applicant = policy.policyTravel!.applicant!;
        policy.payment = { ...policy.payment, paymentCreditCardName: typedName };
        applicant.applicantAddress1 = typedAddress1;
        applicant.applicantAddress2 = typedAddress2;
        applicant.applicantAreaDesc = typedCity;
      });
      const { paymentUrl: _url, paymentSignatureKey, ...signedForA } = attacker.paymentSignature;
      // The string the shop signs when it signs what was typed: bill_to_forename is the name up to its
      // last space, and address line 1 is both address lines joined by a space (inside the name "x y").
      const asTyped = {
        ...signedForA,
        bill_to_forename: typedName.slice(0, typedName.lastIndexOf(' ')),
        bill_to_address_line1: `${typedAddress1} ${typedAddress2}`,
        bill_to_address_city: typedCity,
      };
      const forged = {
        ...resplit(buildDataToSign(asTyped), names),
        signature: paymentSignatureKey!,
        auth_amount: b.amount!,
      };
      expect(forged).toMatchObject({
        decision: 'ACCEPT',
        reason_code: '100',
        req_reference_number: b.reference_number,
        req_amount: b.amount,
        req_currency: 'SGD',
        signed_field_names: names.join(','),
      });

      const response = await postReceipt(app, forged);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ verified: false, paid: false });
      const paymentB = await paymentRow(b.reference_number!);
      expect(paymentB.status).toBe('pending');
      const policyB = await policyRow(victim.policy.policyId);
      expect(policyB).toMatchObject({ status: 'pending', policyNumber: null });
      expect((await alertsOf(paymentB.paymentId)).map((alert) => alert.kind)).toEqual(['forged_answer']);
      // What the shop signed for A carries no separator a customer typed.
      for (const name of ['bill_to_forename', 'bill_to_address_line1', 'bill_to_address_city'])
        expect(signedForA[name]).not.toMatch(/[,=]/);
    });

    it('refuses a receipt whose signed list leaves out the amount or the decision', async () => {
      for (const left of ['req_amount', 'decision']) {
        const { paymentSignature } = await pending();
        const real = await payAtTestGateway(app, paymentSignature);
        const { signature: _signature, ...fields } = real;
        fields.signed_field_names = fields
          .signed_field_names!.split(',')
          .filter((name) => name !== left)
          .join(',');
        const resigned = { ...fields, signature: signFields(fields, secret) };
        expect((await postReceipt(app, resigned)).json()).toMatchObject({ verified: false, paid: false });
        const row = await paymentRow(paymentSignature.reference_number!);
        // Not recorded at all: neither paid nor declined.
        expect(row.status).toBe('pending');
        const [alert] = await alertsOf(row.paymentId);
        expect(alert).toMatchObject({ kind: 'forged_answer', detail: { problems: [`${left} unsigned`] } });
      }
    });

    it('refuses a correctly signed answer for a transaction the gateway never saw', async () => {
      const { policy, paymentSignature } = await pending();
      const answer = signedAnswer(paymentSignature);
      expect((await postReceipt(app, answer)).json()).toMatchObject({ verified: false, paid: false });
      const row = await paymentRow(paymentSignature.reference_number!);
      expect(row.status).toBe('pending');
      expect((await policyRow(policy.policyId)).status).toBe('pending');
      const [alert] = await alertsOf(row.paymentId);
      expect(alert).toMatchObject({
        kind: 'forged_answer',
        detail: { problems: ['the gateway has no such transaction'] },
      });
      // The real payment afterwards still goes through.
      expect((await postReceipt(app, await payAtTestGateway(app, paymentSignature))).json()).toMatchObject({
        paid: true,
      });
    });

    it('does not read an unsigned authorised amount', async () => {
      const { paymentSignature } = await pending();
      const real = await payAtTestGateway(app, paymentSignature);
      // An approval whose authorised amount is not signed: the whole amount is not proven authorised.
      const { signature: _signature, auth_amount: authorised, ...fields } = real;
      fields.signed_field_names = fields
        .signed_field_names!.split(',')
        .filter((name) => name !== 'auth_amount')
        .join(',');
      const resigned = { ...fields, signature: signFields(fields, secret), auth_amount: authorised! };
      const result = (await postReceipt(app, resigned)).json();
      expect(result).toMatchObject({ paid: false, outcome: 'PARTIAL' });
      expect((await paymentRow(paymentSignature.reference_number!)).status).not.toBe('paid');
    });
  });

  describe('one gateway transaction, one payment', () => {
    it('never issues a second policy for a transaction id already recorded for another payment', async () => {
      // A gateway (or a stolen key) that confirms anything: only the unique transaction id stands.
      const profile = await merchantProfile(testConfig(), database.db, 'SGP');
      const lenient: TCardProvider = {
        profile,
        signRequest: (fields) => signFields(fields, profile.secretKey),
        verifyAnswer: (fields, expected) => verifyGatewayAnswer(fields, { ...expected, profile }),
        lookupTransaction: async (query): Promise<TGatewayTransaction[]> => [
          {
            transactionId: 'transactionId' in query ? query.transactionId : '',
            referenceNumber: current.reference_number!,
            decision: 'ACCEPT',
            reasonCode: 100,
            amountCents: Math.round(Number(current.amount) * 100),
            currency: 'SGD',
            authorisedCents: Math.round(Number(current.amount) * 100),
          },
        ],
        chargeToken: async () => ({ kind: 'manual', reason: 'not here' }),
        refund: async () => {
          throw new Error('not here');
        },
      };
      let current: Record<string, string> = {};
      const card = createCardPaymentService({
        config: testConfig(),
        db: database.db,
        repository: app.services.payments,
        alerts: app.services.alerts,
        policies: {} as never,
        system: {} as never,
        issuance: app.services.issuance,
        now: () => clock,
        log: app.log,
        provider: async () => lenient,
      });
      const a = await pending();
      const b = await pending();
      const transactionId = randomBytes(11).toString('hex');
      current = a.paymentSignature;
      const paidA = await card.handleReceipt(
        signedAnswer(a.paymentSignature, { transaction_id: transactionId }),
      );
      expect(paidA).toMatchObject({ paid: true });
      current = b.paymentSignature;
      const paidB = await card.handleReceipt(
        signedAnswer(b.paymentSignature, { transaction_id: transactionId }),
      );
      expect(paidB).toMatchObject({ paid: false });
      const rowB = await paymentRow(b.paymentSignature.reference_number!);
      expect(rowB.status).toBe('pending');
      expect(await policyRow(b.policy.policyId)).toMatchObject({ status: 'pending', policyNumber: null });
      const issued = await database.db
        .select()
        .from(payments)
        .where(eq(payments.gatewayTransactionId, transactionId));
      expect(issued).toHaveLength(1);
      const [alert] = await alertsOf(rowB.paymentId);
      expect(alert).toMatchObject({
        kind: 'forged_answer',
        detail: { problems: ['transaction_id already recorded for another payment'] },
      });
    });
  });

  describe('approved money never vanishes', () => {
    const expireNow = (reference: string) =>
      database.db
        .update(payments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(payments.referenceNumber, reference));

    it('issues a policy paid at the gateway whose answer never reached the shop, instead of expiring it', async () => {
      const { policy, paymentSignature } = await pending();
      // Paid at the gateway; then the browser closed and the merchant POST was lost (or the server died).
      const answer = await payAtTestGateway(app, paymentSignature);
      expect(answer.decision).toBe('ACCEPT');
      await expireNow(paymentSignature.reference_number!);

      await app.services.issuance.reconcile();

      const row = await paymentRow(paymentSignature.reference_number!);
      expect(row).toMatchObject({ status: 'paid', gatewayTransactionId: answer.transaction_id });
      expect((await policyRow(policy.policyId)).policyNumber).toMatch(/^TSG26-\d{7}$/);
      expect((await alertsOf(row.paymentId)).map((alert) => alert.kind)).toEqual(['late_payment']);
      // The answer arriving after all changes nothing.
      expect((await postReceipt(app, answer)).json()).toMatchObject({ paid: true });
    });

    it('finds money paid to an attempt the customer then replaced, and asks about each such attempt once', async () => {
      const first = await pending();
      const answer = await payAtTestGateway(app, first.paymentSignature);
      // The answer is lost; the customer, seeing nothing, starts again: the first attempt is voided.
      const again = await post('policy/updateToPending', { ...first.policy, status: undefined });
      expect(again.statusCode).toBe(200);
      const second = again.json().paymentSignature as Record<string, string>;
      expect((await paymentRow(first.paymentSignature.reference_number!)).status).toBe('voided');
      await expireNow(first.paymentSignature.reference_number!);
      await expireNow(second.reference_number!);

      await app.services.issuance.reconcile();

      const recovered = await paymentRow(first.paymentSignature.reference_number!);
      expect(recovered).toMatchObject({ status: 'paid', gatewayTransactionId: answer.transaction_id });
      expect((await policyRow(first.policy.policyId)).status).toBe('issued');
      expect((await alertsOf(recovered.paymentId)).map((alert) => alert.kind)).toEqual(['late_payment']);
      expect((await paymentRow(second.reference_number!)).status).toBe('expired');

      // A replaced attempt the gateway has nothing approved for is looked up once and left voided.
      const unpaid = await pending();
      expect((await post('policy/updateToPending', { ...unpaid.policy, status: undefined })).statusCode).toBe(
        200,
      );
      await expireNow(unpaid.paymentSignature.reference_number!);
      await app.services.issuance.reconcile();
      const looked = await paymentRow(unpaid.paymentSignature.reference_number!);
      expect(looked).toMatchObject({
        status: 'voided',
        gatewayAnswer: { lookup: 'no approved transaction' },
      });
      expect(looked.answeredAt).not.toBeNull();
      const overdue = await app.services.payments.listOverdueCardPayments();
      expect(overdue.map((row) => row.paymentId)).not.toContain(looked.paymentId);
    });

    /** The test gateway's Visa number that answers with `reasonCode`. */
    const cardAnswering = (reasonCode: number) =>
      TEST_CARDS.find((card) => card.brand === 'VISA' && card.reasonCode === reasonCode)!.number;

    it('opens the case a held or partly approved answer opens, when only the gateway knows it', async () => {
      // 480: the money is held for the bank's review; 110: half of it authorised, to be reversed.
      for (const [code, status, kind] of [
        [480, 'review', 'review'],
        [110, 'declined', 'reverse_authorisation'],
      ] as const) {
        const { policy, paymentSignature } = await pending();
        const answer = await payAtTestGateway(app, paymentSignature, cardAnswering(code));
        expect(answer.reason_code).toBe(String(code));
        await expireNow(paymentSignature.reference_number!);

        await app.services.issuance.reconcile();

        const row = await paymentRow(paymentSignature.reference_number!);
        expect(row).toMatchObject({ status, gatewayTransactionId: answer.transaction_id, reasonCode: code });
        expect((await alertsOf(row.paymentId)).map((alert) => alert.kind)).toEqual([kind]);
        expect((await policyRow(policy.policyId)).policyNumber).toBeNull();
        // The answer arriving after all records nothing twice and opens no second case.
        await postReceipt(app, answer);
        expect((await alertsOf(row.paymentId)).map((alert) => alert.kind)).toEqual([kind]);
      }
    });

    it('refunds money recorded after another payment issued the policy, when the shop died before issuing', async () => {
      const first = await pending();
      const late = await payAtTestGateway(app, first.paymentSignature);
      // The card's answer is late; the customer pays the same policy by PayNow instead, and it issues.
      const qr = await post('policy/updateToPendingGenerateQR', { ...first.policy, status: undefined });
      expect(qr.statusCode).toBe(200);
      const txnRef = qr.json().response.txnRef as string;
      expect((await post('payNow/qrCodeSimulatePaymentB2C', { txnRef })).statusCode).toBe(200);
      const issued = await policyRow(first.policy.policyId);
      expect(issued.status).toBe('issued');
      // Then the card's answer is recorded, and the process dies before it reaches issuing.
      const card = await paymentRow(first.paymentSignature.reference_number!);
      expect(card.status).toBe('voided');
      await app.services.payments.recordAnswer(card.paymentId, ['voided'], {
        status: 'paid',
        gatewayTransactionId: late.transaction_id,
        decision: 'ACCEPT',
        reasonCode: 100,
      });

      await app.services.issuance.reconcile();

      const refunded = await paymentRow(first.paymentSignature.reference_number!);
      expect(refunded).toMatchObject({ status: 'refund_due', receiptNumber: null });
      const [refund] = await alertsOf(refunded.paymentId);
      expect(refund).toMatchObject({
        kind: 'refund',
        detail: { reason: 'The policy was already issued with another payment.' },
      });
      expect(await policyRow(first.policy.policyId)).toMatchObject({
        policyNumber: issued.policyNumber,
        receiptNumber: issued.receiptNumber,
      });
    });

    it('still expires a payment the gateway never approved', async () => {
      const { policy, paymentSignature } = await pending();
      await payAtTestGateway(app, paymentSignature, '4000000000002032');
      await expireNow(paymentSignature.reference_number!);
      await app.services.issuance.reconcile();
      expect((await paymentRow(paymentSignature.reference_number!)).status).toBe('expired');
      expect((await policyRow(policy.policyId)).status).toBe('expired');
    });

    it('keeps a payment open while its gateway cannot be asked, and hands it to operations after a day', async () => {
      const { paymentSignature } = await pending();
      const reference = paymentSignature.reference_number!;
      let now = new Date();
      const card = createCardPaymentService({
        config: testConfig(),
        db: database.db,
        repository: app.services.payments,
        alerts: app.services.alerts,
        policies: {} as never,
        system: {} as never,
        issuance: app.services.issuance,
        now: () => now,
        log: app.log,
        provider: async (country) => ({
          ...(await cardProvider({ config: testConfig(), db: database.db, now: () => now }, country)),
          lookupTransaction: async () => {
            throw new GatewayLookupError('connection refused');
          },
        }),
      });
      const issuance = createIssuanceService({
        repository: app.services.payments,
        issuing: createIssuanceRepository(database.db),
        agents: createAgentRepository(database.db),
        now: () => now,
        log: app.log,
        onMailQueued: () => {},
        beforeExpiry: () => card.reconcileOverdue(),
      });
      await expireNow(reference);
      await issuance.reconcile();
      const kept = await paymentRow(reference);
      expect(kept.status).toBe('pending');
      expect(kept.expiresAt.getTime()).toBeGreaterThan(Date.now());

      // A day on, still unanswerable: it expires, and operations have a review case for it.
      now = new Date(Date.now() + 25 * 60 * 60_000);
      await expireNow(reference);
      await issuance.reconcile();
      const row = await paymentRow(reference);
      expect(row.status).toBe('expired');
      expect((await alertsOf(row.paymentId)).map((alert) => alert.kind)).toEqual(['review']);
    });

    it('records an approval that arrives after a decline of the same payment, and shows it to operations', async () => {
      const { policy, paymentSignature } = await pending();
      const declined = (
        await postReceipt(app, await payAtTestGateway(app, paymentSignature, '4000000000002032'))
      ).json();
      expect(declined).toMatchObject({ outcome: 'DECLINED', paid: false });
      const reference = paymentSignature.reference_number!;
      expect((await paymentRow(reference)).status).toBe('declined');
      // The gateway takes the same signed request again (its uuid forgotten) and approves it.
      await database.db
        .delete(testGatewayTransactions)
        .where(eq(testGatewayTransactions.transactionUuid, paymentSignature.transaction_uuid!));
      const approved = await payAtTestGateway(app, paymentSignature);
      expect((await postReceipt(app, approved)).json()).toMatchObject({ paid: true });

      const row = await paymentRow(reference);
      expect(row).toMatchObject({ status: 'paid', gatewayTransactionId: approved.transaction_id });
      expect((await policyRow(policy.policyId)).status).toBe('issued');
      const [alert] = await alertsOf(row.paymentId);
      expect(alert).toMatchObject({
        kind: 'late_payment',
        detail: { previous: { status: 'declined', decision: 'DECLINE', reasonCode: 203 } },
      });
      // Both of the gateway's transactions are on record there.
      const atGateway = await database.db
        .select()
        .from(testGatewayAnswers)
        .where(and(eq(testGatewayAnswers.referenceNumber, reference)));
      expect(atGateway.map((entry) => entry.decision).sort()).toEqual(['ACCEPT', 'DECLINE']);
    });

    it('answers 503 when the database fails during a receipt, and reconciliation issues the policy later', async () => {
      const { policy, paymentSignature } = await pending();
      const answer = await payAtTestGateway(app, paymentSignature);
      const repository = app.services.payments;
      const recordAnswer = repository.recordAnswer;
      repository.recordAnswer = async () => {
        throw new Error('Connection terminated unexpectedly');
      };
      try {
        const response = await postReceipt(app, answer);
        expect(response.statusCode).toBe(503);
        expect(response.json().paid).toBeUndefined();
        // The customer's frame is told the payment is being confirmed: neither paid nor failed.
        const framed = await app.inject({
          method: 'POST',
          url: '/b2c-server/rest/payment/receipt',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
          payload: new URLSearchParams(answer).toString(),
        });
        expect(framed.statusCode).toBe(503);
        expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        const shown = JSON.parse(
          /<script type="application\/json" id="frame-receipt-data">(.*?)<\/script>/.exec(framed.body)![1]!,
        );
        expect(shown.source).toBe('lionrock-receipt');
        expect(shown.result).toMatchObject({
          paid: false,
          outcome: 'PENDING',
          messageKey: 'paymentError.underReview',
          paymentReferenceNumber: paymentSignature.reference_number,
        });
      } finally {
        repository.recordAnswer = recordAnswer;
      }
      expect((await paymentRow(paymentSignature.reference_number!)).status).toBe('pending');
      await expireNow(paymentSignature.reference_number!);
      await app.services.issuance.reconcile();
      expect((await policyRow(policy.policyId)).status).toBe('issued');
    });
  });
});
