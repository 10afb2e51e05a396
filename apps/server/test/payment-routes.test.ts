import { createHash, randomBytes } from 'node:crypto';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  operationsAlerts,
  paymentLifecycleLogs,
  payments,
  policies,
  policyEvents,
  promoCodes,
} from '../src/db/schema.ts';
import { merchantProfile } from '../src/payments/card-gateway/card-profiles.ts';
import { signFields, verifySignature } from '../src/payments/card-gateway/signature.ts';
import { parseTlv } from '../src/payments/paynow/sgqr.ts';
import { payAtTestGateway } from './helpers/card-gateway.ts';
import { confirmedTravelQuote } from './helpers/purchase.ts';
import { buildTestApp, SESSION, testConfig } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

type TDecode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS with a default export: Vitest hands over the function, Node's type view the module.
const jsQR = ((jsQRModule as unknown as { default?: TDecode }).default ?? jsQRModule) as unknown as TDecode;

const today = localDate(2026, 11, 23);
const OTHER_SESSION = 'another-session-0002';
const AT = '2026-11-23T02:00:00.000Z';

describeEachDriver('payment calls', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let secret: string;
  let clock = new Date(AT);

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, session = SESSION) =>
    app.inject({
      method: 'POST',
      url: `/b2c-server/rest/${path}`,
      headers: { 'session-name': session, ...headers },
      payload: payload as object,
    });

  /** As the journey does it: plans from multirate, the first chosen and rated, both declarations ticked. */
  async function confirmedPolicy(overrides: Partial<TPolicyInput> = {}, session = SESSION) {
    const inSession = (path: string, payload: unknown) => post(path, payload, {}, session);
    return confirmedTravelQuote(inSession, buildTravelPolicy(today, overrides), AT);
  }

  async function pending(session = SESSION) {
    const policy = await confirmedPolicy({}, session);
    const response = await post('policy/updateToPending', policy, {}, session);
    expect(response.statusCode).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read as the browser reads it
    return response.json() as { policy: Record<string, any>; paymentSignature: Record<string, string> };
  }

  /** The gateway's signed answer to a request, as CyberSource would post it. */
  function answerTo(request: Record<string, string>, change: Record<string, string> = {}, key = secret) {
    const fields: Record<string, string> = {
      decision: 'ACCEPT',
      reason_code: '100',
      message: 'Request was processed successfully.',
      transaction_id: randomBytes(11).toString('hex'),
      auth_code: '831000',
      auth_amount: request.amount!,
      req_reference_number: request.reference_number!,
      req_amount: request.amount!,
      req_currency: request.currency!,
      req_transaction_uuid: request.transaction_uuid!,
      req_access_key: request.access_key!,
      req_profile_id: request.profile_id!,
      req_card_number: 'xxxxxxxxxxxx1111',
      req_card_type: '001',
      req_card_expiry_date: '12-2030',
      signed_date_time: '2026-11-23T02:01:00Z',
      ...change,
    };
    fields.signed_field_names = [...Object.keys(fields), 'signed_field_names'].join(',');
    fields.signature = signFields(fields, key);
    return fields;
  }

  const receipt = (fields: Record<string, string>, accept = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/b2c-server/rest/payment/receipt',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      payload: new URLSearchParams(fields).toString(),
    });

  const gatewayAnswer = (paymentSignature: Record<string, string>, cardNumber?: string) =>
    payAtTestGateway(app, paymentSignature, cardNumber);

  const paymentRow = async (reference: string) =>
    (await database.db.select().from(payments).where(eq(payments.referenceNumber, reference)))[0]!;
  const policyRow = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    secret = (await merchantProfile(testConfig(), database.db, 'SGP')).secretKey;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  describe('updateToPending', () => {
    it('saves the policy as pending and signs the server’s own amount for the gateway', async () => {
      const { policy, paymentSignature: signature } = await pending();
      expect(policy.status).toBe('pending');
      expect(policy.payment.paymentReferenceNumber).toBe(signature.reference_number);
      // The wire carries dollars; the server keeps cents.
      const total = policy.policyTravel.policyPremium.totalPremium as number;
      expect(signature.amount).toBe(total.toFixed(2));
      expect(signature.currency).toBe('SGD');
      expect(signature.transaction_type).toBe('sale');
      expect(signature.payment_method).toBe('card');
      expect(signature.unsigned_field_names).toBe('card_type,card_number,card_expiry_date,card_cvn');
      expect(signature.signed_date_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect([signature.bill_to_forename, signature.bill_to_surname]).toEqual(['TAN WEI', 'MING']);
      expect(signature.paymentUrl).toMatch(/\/gateway\/silent\/pay$/);
      expect(signature.override_custom_receipt_page).toMatch(/\/b2c-server\/rest\/payment\/receipt$/);
      const { paymentUrl: _url, paymentSignatureKey, ...fields } = signature;
      expect(fields.signed_field_names!.split(',')).toContain('signed_field_names');
      expect(verifySignature({ ...fields, signature: paymentSignatureKey! }, secret)).toBe(true);
      const row = await paymentRow(signature.reference_number!);
      expect(row).toMatchObject({
        status: 'pending',
        method: 'CC',
        amountCents: Math.round(total * 100),
        currency: 'SGD',
      });
      expect((await policyRow(policy.policyId)).status).toBe('pending');
    });

    it('asks for both declarations', async () => {
      const policy = await confirmedPolicy();
      const response = await post('policy/updateToPending', { ...policy, consents: undefined });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'consents.declaration1',
        messageKey: MESSAGE_KEYS.declaration1,
      });
      expect((await policyRow(policy.policyId)).status).toBe('quoted');
    });

    it('refuses a shown price that is not the server’s (409 with the current price)', async () => {
      const policy = await confirmedPolicy();
      policy.policyTravel.policyPremium.totalPremium -= 1;
      const response = await post('policy/updateToPending', policy);
      expect(response.statusCode).toBe(409);
      expect(response.json().messageKey).toBe(MESSAGE_KEYS.priceChanged);
      expect(response.json().policy.policyTravel.policyPremium.totalPremium).toBe(
        policy.policyTravel.policyPremium.totalPremium + 1,
      );
    });

    it('keeps policies to their session, and needs a rated policy', async () => {
      const policy = await confirmedPolicy();
      expect((await post('policy/updateToPending', policy, {}, OTHER_SESSION)).statusCode).toBe(403);
      const unrated = await post('policy/updateToPending', { ...policy, policyId: undefined });
      expect(unrated.statusCode).toBe(400);
      expect(unrated.json().field).toBe('policyId');
    });

    it('asks the gateway for a token when auto-renewal is on (annual, personal)', async () => {
      const policy = await confirmedPolicy({
        policyTravel: { paPolicyType: 'A', returnDate: '' } as never,
      });
      policy.policyTravel.applicant.hasAutoRenewal = true;
      const response = await post('policy/updateToPending', policy);
      expect(response.statusCode).toBe(200);
      expect(response.json().paymentSignature.transaction_type).toBe('sale,create_payment_token');
      expect((await policyRow(policy.policyId)).autoRenewal).toBe(true);
    });

    it('runs one of two concurrent requests with the same Idempotency-Key', async () => {
      const policy = await confirmedPolicy();
      const key = { 'idempotency-key': `race-${randomBytes(6).toString('hex')}` };
      const answers = await Promise.all([
        post('policy/updateToPending', policy, key),
        post('policy/updateToPending', policy, key),
      ]);
      // The second either waits its turn and replays the first answer, or is told the first still runs.
      expect(answers.map((answer) => answer.statusCode).sort()).toSatisfy(
        (codes: number[]) => codes[0] === 200 && [200, 409].includes(codes[1]!),
      );
      const rows = await database.db.select().from(payments).where(eq(payments.policyId, policy.policyId));
      expect(rows).toHaveLength(1);
    });

    it('holds a single-use promo code for the payment window, and uses it up when the policy is issued', async () => {
      const vip = { campaign: { campaignCode: 'VIP1USE' }, promo: 'VIPD4E5F6' } as Partial<TPolicyInput>;
      const first = await confirmedPolicy(vip);
      const held = await post('policy/updateToPending', first);
      expect(held.statusCode).toBe(200);
      const promoState = async () =>
        (await database.db.select().from(promoCodes).where(eq(promoCodes.code, 'VIPD4E5F6')))[0]!.status;
      expect(await promoState()).toBe('RESERVED');
      // Another customer cannot price with the held code…
      const other = await post('policy/multirate', buildTravelPolicy(today, vip), {}, OTHER_SESSION);
      expect(other.statusCode).toBe(400);
      expect(other.json().field).toBe('promo');
      // …nor free it by sending the holder's policy as its own…
      const taken = await post(
        'policy/updateToPending',
        { ...held.json().policy, status: undefined },
        {},
        OTHER_SESSION,
      );
      expect(taken.statusCode).not.toBe(200);
      expect(await promoState()).toBe('RESERVED');
      // …while the holder may try again with it, and paying uses it up.
      const retry = await post('policy/updateToPending', { ...held.json().policy, status: undefined });
      expect(retry.statusCode).toBe(200);
      expect((await receipt(await gatewayAnswer(retry.json().paymentSignature))).json().paid).toBe(true);
      expect(await promoState()).toBe('USED');
    });

    it('lets any number of customers pay with a reusable promo code at once', async () => {
      const yearEnd = { campaign: { campaignCode: 'YEAREND' }, promo: 'YEAREND25' } as Partial<TPolicyInput>;
      const [a, b] = await Promise.all([confirmedPolicy(yearEnd), confirmedPolicy(yearEnd, OTHER_SESSION)]);
      expect((await post('policy/updateToPending', a)).statusCode).toBe(200);
      expect((await post('policy/updateToPending', b, {}, OTHER_SESSION)).statusCode).toBe(200);
    });

    it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
      const policy = await confirmedPolicy();
      const key = { 'idempotency-key': `key-${randomBytes(6).toString('hex')}` };
      const first = await post('policy/updateToPending', policy, key);
      const again = await post('policy/updateToPending', policy, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().paymentSignature.reference_number).toBe(
        first.json().paymentSignature.reference_number,
      );
      const other = await post('policy/updateToPending', { ...policy, lang: 'zh' }, key);
      expect(other.statusCode).toBe(422);
      const rows = await database.db.select().from(payments).where(eq(payments.policyId, policy.policyId));
      expect(rows).toHaveLength(1);
    });
  });

  describe('the gateway’s answer', () => {
    it('records an accepted, verified answer once and issues one policy number', async () => {
      const { policy, paymentSignature } = await pending();
      const fields = await gatewayAnswer(paymentSignature);
      const first = await receipt(fields);
      expect(first.statusCode).toBe(200);
      const result = first.json();
      expect(result).toMatchObject({ verified: true, outcome: 'PAID', paid: true });
      expect(result.policyNumber).toMatch(/^TSG26-\d{7}$/);
      expect(result.receiptNumber).toMatch(/^RSG26-\d{7}$/);
      const again = (await receipt(fields)).json();
      expect(again.policyNumber).toBe(result.policyNumber);
      const stored = await policyRow(policy.policyId);
      expect(stored).toMatchObject({
        status: 'issued',
        policyNumber: result.policyNumber,
        receiptNumber: result.receiptNumber,
      });
      const document = stored.document as TPolicy;
      expect(document.paymentSuccess).toBe('true');
      expect(document.payment?.cardNumber).toBe('xxxxxxxxxxxx1111');
      const mail = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.policyId, policy.policyId));
      expect(mail.map((row) => row.recipientRole)).toEqual(['applicant']);
      // Paying an issued policy again is refused before any money is asked for.
      const payAgain = await post('policy/updateToPending', { ...policy, status: undefined });
      expect(payAgain.statusCode).toBe(409);
      expect(payAgain.json().messageKey).toBe(MESSAGE_KEYS.paymentAlreadyMade);
      expect(
        (await post('policy/updateToPendingGenerateQR', { ...policy, status: undefined })).statusCode,
      ).toBe(409);
    });

    it('mails the policy to the applicant and the attached agent, in the policy’s language', async () => {
      const policy = await confirmedPolicy({ agentCode: 'AG1001', lang: 'zh' });
      const { paymentSignature } = (await post('policy/updateToPending', policy)).json();
      expect((await receipt(await gatewayAnswer(paymentSignature))).json().paid).toBe(true);
      const mail = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.policyId, policy.policyId));
      expect(mail.map((row) => [row.recipientRole, row.language]).sort()).toEqual([
        ['agent', 'zh'],
        ['applicant', 'zh'],
      ]);
    });

    it('gives one policy number to 20 answers arriving at once', async () => {
      const { policy, paymentSignature } = await pending();
      const fields = await gatewayAnswer(paymentSignature);
      const results = await Promise.all(Array.from({ length: 20 }, () => receipt(fields)));
      const numbers = new Set(results.map((response) => response.json().policyNumber));
      expect(numbers.size).toBe(1);
      expect([...numbers][0]).toMatch(/^TSG26-/);
      const events = await database.db.select().from(policies).where(eq(policies.policyId, policy.policyId));
      expect(events[0]!.status).toBe('issued');
    });

    it('hands the verified result to the shop’s window from the receipt page', async () => {
      const { paymentSignature } = await pending();
      const page = await receipt(await gatewayAnswer(paymentSignature), 'text/html');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      const json = /<script type="application\/json" id="frame-receipt-data">(.*?)<\/script>/.exec(
        page.body,
      )![1]!;
      expect(JSON.parse(json)).toMatchObject({
        source: 'lionrock-receipt',
        result: { outcome: 'PAID', paid: true },
      });
      // Its one script is inline and allowed by its hash alone.
      const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
      expect(script).toContain('window.location.origin');
      const hash = createHash('sha256').update(script).digest('base64');
      expect(page.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}';`);
    });

    it('changes nothing on a forged, altered or mismatched answer, and raises an alert', async () => {
      const { paymentSignature } = await pending();
      const reference = paymentSignature.reference_number!;
      const forged = answerTo(paymentSignature, {}, 'not-the-secret');
      expect((await receipt(forged)).json()).toMatchObject({ verified: false, paid: false });
      const altered = { ...answerTo(paymentSignature), req_amount: '0.01', auth_amount: '0.01' };
      expect((await receipt(altered)).json().verified).toBe(false);
      const cheap = answerTo(paymentSignature, { req_amount: '1.00', auth_amount: '1.00' });
      expect((await receipt(cheap)).json().verified).toBe(false);
      const otherCurrency = answerTo(paymentSignature, { req_currency: 'HKD' });
      expect((await receipt(otherCurrency)).json().verified).toBe(false);
      const row = await paymentRow(reference);
      expect(row.status).toBe('pending');
      expect((await policyRow(row.policyId)).policyNumber).toBeNull();
      const alerts = await database.db
        .select()
        .from(operationsAlerts)
        .where(eq(operationsAlerts.paymentId, row.paymentId));
      expect(alerts.map((alert) => alert.kind)).toEqual(['forged_answer']);
    });

    it('declines with the reason code, and a new attempt can pay', async () => {
      const first = await pending();
      const declined = await receipt(
        answerTo(first.paymentSignature, {
          decision: 'DECLINE',
          reason_code: '203',
          auth_code: '',
          auth_amount: '',
        }),
      );
      expect(declined.json()).toMatchObject({
        outcome: 'DECLINED',
        paid: false,
        messageKey: MESSAGE_KEYS.paymentOtherError,
        detail: '203',
        reasonCode: 203,
      });
      const retry = await post('policy/updateToPending', { ...first.policy, status: undefined });
      expect(retry.statusCode).toBe(200);
      const second = retry.json().paymentSignature;
      expect(second.reference_number).not.toBe(first.paymentSignature.reference_number);
      expect((await receipt(await gatewayAnswer(second))).json().paid).toBe(true);
      expect((await paymentRow(first.paymentSignature.reference_number!)).status).toBe('declined');
    });

    it('lets the customer change the application after a declined card or an abandoned attempt', async () => {
      /** Back to the applicant page: the name corrected, the plan re-rated (as the page sends it). */
      const requote = (policy: Record<string, unknown>, fullName: string) => {
        const { status: _status, ...rest } = policy as TPolicy;
        const travel = rest.policyTravel!;
        return post('policy/rate', {
          ...rest,
          policyTravel: { ...travel, applicant: { ...travel.applicant!, fullName } },
        });
      };
      const first = await pending();
      await receipt(
        answerTo(first.paymentSignature, { decision: 'DECLINE', reason_code: '203', auth_amount: '' }),
      );
      const afterDecline = await requote(first.policy, 'TAN WEI MING JR');
      expect(afterDecline.statusCode).toBe(200);
      expect(afterDecline.json()).toMatchObject({ status: 'quoted', policyId: first.policy.policyId });
      expect((await policyRow(first.policy.policyId)).status).toBe('quoted');

      // An attempt left unanswered (the customer went back from the payment page) is voided.
      const open = (
        await post('policy/updateToPending', {
          ...(afterDecline.json() as TPolicy),
          consents: first.policy.consents,
        })
      ).json();
      expect(open.paymentSignature.reference_number).toBeTruthy();
      const afterAbandon = await requote(open.policy, 'TAN WEI MING');
      expect(afterAbandon.statusCode).toBe(200);
      expect((await paymentRow(open.paymentSignature.reference_number)).status).toBe('voided');
      const events = await database.db
        .select()
        .from(policyEvents)
        .where(eq(policyEvents.policyId, first.policy.policyId))
        .orderBy(policyEvents.id);
      expect(events.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'quoted' });

      // Money already taken (or held for review) keeps the policy as it was paid for.
      const paid = await pending();
      await receipt(answerTo(paid.paymentSignature, { decision: 'REVIEW', reason_code: '480' }));
      const afterReview = await requote(paid.policy, 'SOMEONE ELSE');
      expect(afterReview.statusCode).toBe(409);
      expect((await policyRow(paid.policy.policyId)).status).toBe('pending');
    });

    it('declines a partial approval and asks operations to reverse it; sends a review to the queue', async () => {
      const partial = await pending();
      const half = (Number(partial.paymentSignature.amount) / 2).toFixed(2);
      const answer = await receipt(
        answerTo(partial.paymentSignature, { reason_code: '110', auth_amount: half }),
      );
      expect(answer.json()).toMatchObject({ outcome: 'PARTIAL', paid: false });
      const partialRow = await paymentRow(partial.paymentSignature.reference_number!);
      expect(partialRow.status).toBe('declined');
      const review = await pending();
      const reviewed = await receipt(
        answerTo(review.paymentSignature, { decision: 'REVIEW', reason_code: '480' }),
      );
      expect(reviewed.json()).toMatchObject({ outcome: 'REVIEW', messageKey: MESSAGE_KEYS.paymentReview });
      const reviewRow = await paymentRow(review.paymentSignature.reference_number!);
      expect(reviewRow.status).toBe('review');
      const alerts = await app.services.alerts.listOpenAlerts();
      const kinds = alerts.filter((alert) =>
        [partialRow.paymentId, reviewRow.paymentId].includes(alert.paymentId!),
      );
      expect(kinds.map((alert) => alert.kind).sort()).toEqual(['reverse_authorisation', 'review']);
    });

    it('records money that arrives for a superseded attempt, and refunds it when the policy is already issued', async () => {
      const first = await pending();
      const second = (await post('policy/updateToPending', { ...first.policy, status: undefined })).json();
      expect((await paymentRow(first.paymentSignature.reference_number!)).status).toBe('voided');
      expect((await receipt(await gatewayAnswer(second.paymentSignature))).json().paid).toBe(true);
      const late = (await receipt(await gatewayAnswer(first.paymentSignature))).json();
      expect(late).toMatchObject({ verified: true, outcome: 'REFUND' });
      const lateRow = await paymentRow(first.paymentSignature.reference_number!);
      expect(lateRow.status).toBe('refund_due');
      const alerts = await app.services.alerts.listOpenAlerts('refund');
      expect(alerts.some((alert) => alert.paymentId === lateRow.paymentId)).toBe(true);
    });
  });

  describe('through the built-in test gateway', () => {
    /** What the browser does: the signed fields plus the card, posted to paymentUrl; then the answer page's form. */
    async function payWith(cardNumber: string, cvn = '123') {
      const { policy, paymentSignature } = await pending();
      const { paymentUrl, paymentSignatureKey, ...signed } = paymentSignature;
      const form = new URLSearchParams({
        ...signed,
        signature: paymentSignatureKey!,
        card_type: cardNumber.startsWith('4') ? '001' : '002',
        card_number: cardNumber,
        card_expiry_date: '12-2030',
        card_cvn: cvn,
      });
      const gateway = await app.inject({
        method: 'POST',
        url: new URL(paymentUrl!).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(gateway.statusCode).toBe(200);
      expect(gateway.body).not.toContain(cardNumber);
      const answer = new URLSearchParams();
      for (const [, name, value] of gateway.body.matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
      ))
        answer.set(
          name!,
          value!
            .replaceAll('&amp;', '&')
            .replaceAll('&quot;', '"')
            .replaceAll('&lt;', '<')
            .replaceAll('&gt;', '>')
            .replaceAll('&#39;', "'"),
        );
      expect(answer.get('signature')).toBeTruthy();
      const result = (await receipt(Object.fromEntries(answer))).json();
      return { policy, result };
    }

    it('pays with an accepted test card and issues the policy', async () => {
      const { policy, result } = await payWith('4111111111111111');
      expect(result).toMatchObject({
        verified: true,
        outcome: 'PAID',
        paid: true,
        maskedCard: 'xxxxxxxxxxxx1111',
      });
      expect((await policyRow(policy.policyId)).policyNumber).toBe(result.policyNumber);
    });

    it('shows the decline reason of a declined test card and records no card number', async () => {
      const { policy, result } = await payWith('4000000000002040');
      expect(result).toMatchObject({ outcome: 'DECLINED', reasonCode: 204, detail: '204' });
      expect((await policyRow(policy.policyId)).status).toBe('pending');
      const dump = JSON.stringify(await database.db.select().from(payments));
      expect(dump).not.toContain('4000000000002040');
    });
  });

  describe('issueAndReceiptPolicy', () => {
    it('refuses an unpaid policy with the spec’s error and issues a paid one, idempotently', async () => {
      const { policy, paymentSignature } = await pending();
      const unpaid = await post('policy/issueAndReceiptPolicy', policy);
      expect(unpaid.statusCode).toBe(200);
      expect(unpaid.json().errorMessage).toMatch(/^Error While doing policy issue receipt/);
      await receipt(await gatewayAnswer(paymentSignature));
      const issued = (await post('policy/issueAndReceiptPolicy', policy)).json();
      expect(issued).toMatchObject({ status: 'issued', paymentSuccess: 'true' });
      // …with the signed link to its schedule, as the finish page shows it.
      const schedule = await app.inject({
        url: new URL(issued.scheduleUrl).pathname + new URL(issued.scheduleUrl).search,
      });
      expect(schedule.statusCode).toBe(200);
      expect(schedule.headers['content-type']).toBe('application/pdf');
      expect(issued.policyNumber).toMatch(/^TSG26-/);
      const again = (await post('policy/issueAndReceiptPolicy', policy)).json();
      expect(again.policyNumber).toBe(issued.policyNumber);
      expect((await post('policy/issueAndReceiptPolicy', policy, {}, OTHER_SESSION)).statusCode).toBe(403);
    });

    it('issues a paid policy the crash left unissued when reconciliation runs', async () => {
      const { policy, paymentSignature } = await pending();
      const row = await paymentRow(paymentSignature.reference_number!);
      // The receipt recorded the money, then the process died before issuing.
      await app.services.payments.recordAnswer(row.paymentId, ['pending'], {
        status: 'paid',
        gatewayTransactionId: `crash-${row.paymentId}`,
        decision: 'ACCEPT',
        reasonCode: 100,
      });
      expect((await policyRow(policy.policyId)).status).toBe('pending');
      const result = await app.services.issuance.reconcile();
      expect(result.issued).toBeGreaterThanOrEqual(1);
      expect((await policyRow(policy.policyId)).policyNumber).toMatch(/^TSG26-/);
    });

    it('expires a payment left unanswered past its window', async () => {
      const { policy, paymentSignature } = await pending();
      await database.db
        .update(payments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(payments.referenceNumber, paymentSignature.reference_number!));
      await app.services.issuance.reconcile();
      expect((await paymentRow(paymentSignature.reference_number!)).status).toBe('expired');
      expect((await policyRow(policy.policyId)).status).toBe('expired');
      // The customer can still pay: a new attempt re-prices and reopens it.
      const retry = await post('policy/updateToPending', { ...policy, status: undefined });
      expect(retry.statusCode).toBe(200);
    });
  });

  describe('PayNow', () => {
    async function qr(session = SESSION) {
      const policy = await confirmedPolicy({}, session);
      const response = await post('policy/updateToPendingGenerateQR', policy, {}, session);
      expect(response.statusCode).toBe(200);
      return response.json();
    }

    it('answers a QR whose SGQR payload carries every tag of the spec', async () => {
      const answer = await qr();
      expect(answer).toMatchObject({ error: false, errorMessage: '' });
      const png = PNG.sync.read(Buffer.from(answer.response.qrCode, 'base64'));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
      const tags = parseTlv(decoded);
      expect(tags.get('00')).toBe('01');
      expect(tags.get('01')).toBe('12');
      const account = parseTlv(tags.get('26')!);
      expect(account.get('00')).toBe('SG.PAYNOW');
      expect(account.get('01')).toBe('2');
      expect(account.get('02')).toBe(testConfig().paynow.uen);
      expect(account.get('03')).toBe('0');
      expect(account.get('04')).toBe('20261123');
      expect(tags.get('52')).toBe('0000');
      expect(tags.get('53')).toBe('702');
      expect(tags.get('54')).toBe(answer.policy.policyTravel.policyPremium.totalPremium.toFixed(2));
      expect(tags.get('58')).toBe('SG');
      expect(parseTlv(tags.get('62')!).get('01')).toBe(answer.response.txnRef);
      expect(decoded.slice(-8, -4)).toBe('6304');
      const row = await paymentRow(answer.response.txnRef);
      expect(row.expiresAt.getTime() - clock.getTime()).toBe(600_000);
    });

    it('reports pending, then success after the simulated bank payment, and issues the policy', async () => {
      const answer = await qr();
      const check = () =>
        post('payNow/checkB2CPaymentSuccess', {
          ...answer.policy,
          payment: { paymentReferenceNumber: answer.response.txnRef },
        });
      expect((await check()).json()).toEqual({ success: false, error: false, message: 'pending' });
      const simulated = await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: answer.response.txnRef });
      expect(simulated.json()).toEqual({ success: true });
      expect((await check()).json()).toEqual({ success: true, error: false, message: 'paid' });
      const issued = (await post('payNow/issueAndReceiptQRPolicy', answer.policy)).json();
      expect(issued.policyNumber).toMatch(/^TSG26-/);
      expect(issued.payment.paymentMethod).toBe('PN');
      expect(
        (
          await post(
            'payNow/checkB2CPaymentSuccess',
            { ...answer.policy, payment: { paymentReferenceNumber: answer.response.txnRef } },
            {},
            OTHER_SESSION,
          )
        ).statusCode,
      ).toBe(403);
    });

    it('voids the older QR when a new one is made, and still records money sent to it', async () => {
      const first = await qr();
      const second = (
        await post('policy/updateToPendingGenerateQR', { ...first.policy, status: undefined })
      ).json();
      expect((await paymentRow(first.response.txnRef)).status).toBe('voided');
      const check = (txnRef: string) =>
        post('payNow/checkB2CPaymentSuccess', {
          ...first.policy,
          payment: { paymentReferenceNumber: txnRef },
        });
      expect((await check(first.response.txnRef)).json()).toMatchObject({
        success: false,
        error: true,
        message: MESSAGE_KEYS.qrExpired,
      });
      // The customer paid the old code anyway: the money is recorded and the policy issued with it.
      await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: first.response.txnRef });
      expect((await paymentRow(first.response.txnRef)).status).toBe('paid');
      expect((await policyRow(first.policy.policyId)).status).toBe('issued');
      // …and paying the new one too is a refund, not a second policy.
      await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: second.response.txnRef });
      expect((await paymentRow(second.response.txnRef)).status).toBe('refund_due');
    });

    it('refuses a notification with a bad signature and ignores a replay', async () => {
      const answer = await qr();
      const body = JSON.stringify({
        txnRef: answer.response.txnRef,
        amount: answer.policy.policyTravel.policyPremium.totalPremium.toFixed(2),
        currency: 'SGD',
        bankTransactionId: 'BANK0001',
        paidAt: AT,
      });
      const send = (signature: string) =>
        app.inject({
          method: 'POST',
          url: '/b2c-server/rest/payNow/notify',
          headers: { 'content-type': 'application/json', 'x-paynow-signature': signature },
          payload: body,
        });
      expect((await send('00'.repeat(32))).statusCode).toBe(401);
      expect((await paymentRow(answer.response.txnRef)).status).toBe('pending');
      const { signNotification } = await import('../src/modules/payment/paynow-service.ts');
      const { sharedSecret } = await import('../src/lib/server-secrets.ts');
      const signature = signNotification(body, await sharedSecret(database.db, 'paynow-webhook'));
      expect((await send(signature)).json()).toEqual({ recorded: true });
      expect((await send(signature)).json()).toEqual({ recorded: false });
      expect((await policyRow(answer.policy.policyId)).status).toBe('issued');
    });

    it('refuses PayNow outside Singapore', async () => {
      const policy = await confirmedPolicy({ country: 'HKG' });
      const response = await post('policy/updateToPendingGenerateQR', policy);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'payment.paymentMethod',
        messageKey: MESSAGE_KEYS.paynowUnavailable,
      });
    });
  });

  it('stores a payment lifecycle entry redacted, without a session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/logPaymentLifeCycle',
      payload: {
        paymentReferenceNumber: 'TSG-LOG-0001',
        step: 'gateway-error',
        email: 'CANARY@EXAMPLE.COM',
        reasonCode: '203',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    const [row] = await database.db
      .select()
      .from(paymentLifecycleLogs)
      .where(eq(paymentLifecycleLogs.referenceNumber, 'TSG-LOG-0001'));
    expect(JSON.stringify(row!.entry)).not.toContain('CANARY');
    expect(row!.entry).toMatchObject({ step: 'gateway-error', reasonCode: '203' });
  });

  it('serves the auto-renewal turn-off link without a session, and refuses a forged one', async () => {
    const forged = await app.inject({
      url: '/b2c-server/rest/renewal/turn-off/00000000-0000-4000-8000-000000000000?s=TSG26-0000001&e=9999999999&sig=forged',
    });
    expect(forged.statusCode).toBe(403);
  });

  it('hides the simulate call in production', async () => {
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
      now: () => clock,
    });
    try {
      const response = await prod.inject({
        method: 'POST',
        url: '/b2c-server/rest/payNow/qrCodeSimulatePaymentB2C',
        headers: { 'session-name': SESSION },
        payload: { txnRef: 'TSG-261123-ANYTHING' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    clock = new Date(AT);
  });
});
