import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  mailOutbox,
  operationsAlerts,
  payments,
  paynowCredits,
  policies,
  policyEvents,
  testGatewayAnswers,
} from '../src/db/schema.ts';
import { RECONCILE_PAYMENTS_JOB } from '../src/jobs/payment-jobs.ts';
import { pauseLine, type TPausePoint } from '../src/lib/pause-points.ts';
import { signNotification } from '../src/modules/payment/paynow-service.ts';
import { TEST_CARDS } from '../src/payments/test-gateway/test-cards.ts';
import {
  confirmedTravelPolicy,
  freePort,
  killServers,
  payAtGateway,
  postReceiptTo,
  restClient,
  startServer,
  type TRunning,
} from './helpers/server-process.ts';
import { describeWithService } from './helpers/services.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

const WEBHOOK_SECRET = 'crash-window-paynow-secret';
const visaAnswering = (reasonCode: number) =>
  TEST_CARDS.find((card) => card.brand === 'VISA' && card.reasonCode === reasonCode)!.number;

/** A customer's journey in its own session: the policy, its payment's reference and what the gateway or bank said. */
type TJourney = {
  session: string;
  policy: { policyId: string } & Record<string, unknown>;
  reference: string;
  /** The gateway's signed answer page fields, for a card payment. */
  answer?: Record<string, string>;
  /** The bank's signed credit, for a PayNow payment. */
  notification?: string;
};

// Issue 27 section 6, decision 108: the server is SIGKILLed at each pause point of the money path, on
// PostgreSQL, and restarted without it; what the gateway or the bank approved ends in one issued policy
// (one policy number, one receipt number, its mail queued once) or in a case operations see. Three
// starts in all: one per set of pause points, then the shop as it runs, for every journey at once.
describeWithService('postgres', 'the crash windows of a payment, SIGKILLed and restarted', () => {
  let database: TTestDatabase;
  const dataDirs: string[] = [];
  const journeys: Record<string, TJourney> = {};
  // The gateway's own post of each answer goes nowhere: the test posts every receipt itself.
  const GONE = 'http://127.0.0.1:1';

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    killServers();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(points: TPausePoint[]): Promise<TRunning> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-crash-'));
    dataDirs.push(dataDir);
    return startServer({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PUBLIC_URL: GONE,
      PAYNOW_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APP_ENV: 'local',
      TEST_PAUSE_POINTS: points.join(','),
    });
  }

  const today = () => todayIn('Asia/Singapore', new Date());
  const paymentRow = async (reference: string) =>
    (await database.db.select().from(payments).where(eq(payments.referenceNumber, reference)))[0]!;
  const policyRow = async (policyId: string) =>
    (await database.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!;
  const alertKinds = async (reference: string) =>
    (
      await database.db
        .select({ kind: operationsAlerts.kind })
        .from(operationsAlerts)
        .where(eq(operationsAlerts.paymentId, (await paymentRow(reference)).paymentId))
        .orderBy(asc(operationsAlerts.id))
    ).map((row) => row.kind);

  /** A confirmed travel policy in a session of its own. */
  async function journey(server: TRunning, name: string): Promise<TJourney> {
    const session = `crash-window-${name}`;
    const policy = await confirmedTravelPolicy(restClient(server.base, session), today());
    journeys[name] = { session, policy, reference: '' };
    return journeys[name];
  }

  /** Paid by card at the gateway (`reasonCode` picks the test card's answer); the answer is the test's to post. */
  async function payByCard(server: TRunning, name: string, reasonCode = 100): Promise<TJourney> {
    const paying = journeys[name] ?? (await journey(server, name));
    const { policy, paymentSignature } = await restClient(server.base, paying.session)(
      'policy/updateToPending',
      paying.policy,
    );
    paying.policy = policy;
    paying.reference = paymentSignature.reference_number;
    paying.answer = await payAtGateway(server.base, paymentSignature, visaAnswering(reasonCode));
    return paying;
  }

  /** The policy paid by PayNow (a card attempt is voided): a new QR and the bank's signed credit for it. */
  async function payByPayNow(server: TRunning, paying: TJourney, bankTransactionId: string) {
    const qr = await restClient(server.base, paying.session)('policy/updateToPendingGenerateQR', {
      ...paying.policy,
      status: undefined,
    });
    const notification = JSON.stringify({
      txnRef: qr.response.txnRef,
      amount: (qr.policy.policyTravel.policyPremium.totalPremium as number).toFixed(2),
      currency: 'SGD',
      bankTransactionId,
      paidAt: new Date().toISOString(),
    });
    return { reference: qr.response.txnRef as string, notification };
  }

  const notify = (server: TRunning, body: string) =>
    fetch(`${server.base}/b2c-server/rest/payNow/notify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paynow-signature': signNotification(body, WEBHOOK_SECRET),
      },
      body,
    });

  /** Requests the server stops inside: none of them may ever be answered. */
  const inFlight: Promise<string>[] = [];
  function sendAndStop(request: Promise<Response>) {
    inFlight.push(
      request.then(
        async (response) => `answered ${response.status}: ${await response.text()}`,
        () => 'cut off',
      ),
    );
  }
  async function killMidway(server: TRunning) {
    await server.kill();
    const ended = await Promise.all(inFlight.splice(0));
    expect(ended).toEqual(ended.map(() => 'cut off'));
  }

  /** Issued once: one policy number, one receipt number on one payment, one issue event, one mail. */
  async function expectIssuedOnce(policyId: string) {
    const policy = await policyRow(policyId);
    expect(policy.status).toBe('issued');
    expect(policy.policyNumber).toMatch(/^TSG\d{2}-\d{7}$/);
    const receipts = await database.db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(and(eq(payments.policyId, policyId)));
    expect(receipts.map((row) => row.receiptNumber).filter(Boolean)).toEqual([policy.receiptNumber]);
    const issues = await database.db
      .select()
      .from(policyEvents)
      .where(and(eq(policyEvents.policyId, policyId), eq(policyEvents.toStatus, 'issued')));
    expect(issues).toHaveLength(1);
    const mails = await database.db
      .select({ kind: mailOutbox.kind, recipientRole: mailOutbox.recipientRole })
      .from(mailOutbox)
      .where(eq(mailOutbox.policyId, policyId));
    expect(mails).toEqual([{ kind: 'policy-issued', recipientRole: 'applicant' }]);
    return policy;
  }

  it('dies after the gateway answered and before the shop recorded anything', async () => {
    const server = await start(['card-answer-before-record']);
    // Approved (A: its browser repeats the receipt; B and D: only reconciliation will find them; D's
    // customer pays by PayNow meanwhile), held for review (C), declined (F).
    for (const [name, code] of [
      ['a', 100],
      ['b', 100],
      ['c', 480],
      ['d', 100],
      ['f', 204],
    ] as const) {
      const paying = await payByCard(server, name, code);
      sendAndStop(postReceiptTo(server.base, paying.answer!));
      await server.waitFor(pauseLine('card-answer-before-record', paying.reference));
    }
    // I: approved at the gateway, its answer late; the customer pays by PayNow, which issues the policy.
    const i = await payByCard(server, 'i');
    const paidInstead = await payByPayNow(server, i, 'BANK-I-1');
    expect(await (await notify(server, paidInstead.notification)).json()).toEqual({ recorded: true });
    await killMidway(server);

    for (const name of ['a', 'b', 'c', 'd', 'f']) {
      const { reference, answer, policy } = journeys[name]!;
      // The gateway knows the answer; the shop has nothing of it.
      const atGateway = await database.db
        .select()
        .from(testGatewayAnswers)
        .where(eq(testGatewayAnswers.transactionId, answer!.transaction_id!));
      expect(atGateway).toHaveLength(1);
      expect(await paymentRow(reference)).toMatchObject({ status: 'pending', gatewayTransactionId: null });
      expect(await policyRow(policy.policyId)).toMatchObject({ status: 'pending', policyNumber: null });
    }
    expect((await paymentRow(i.reference)).status).toBe('voided');
    await expectIssuedOnce(i.policy.policyId);
  }, 120_000);

  it('dies after the money was recorded and before the policy was issued', async () => {
    const server = await start(['paynow-credit-before-record', 'paid-before-issue']);
    // G: its browser repeats the receipt; H: only reconciliation issues it.
    for (const name of ['g', 'h']) {
      const paying = await payByCard(server, name);
      sendAndStop(postReceiptTo(server.base, paying.answer!));
      await server.waitFor(pauseLine('paid-before-issue', (await paymentRow(paying.reference)).paymentId));
    }
    // I's late card answer arrives now: recorded paid, though another payment issued the policy.
    const i = journeys.i!;
    sendAndStop(postReceiptTo(server.base, i.answer!));
    await server.waitFor(pauseLine('paid-before-issue', (await paymentRow(i.reference)).paymentId));
    // E: the bank's PayNow credit, verified and not yet stored.
    const e = await journey(server, 'e');
    const credit = await payByPayNow(server, e, 'BANK-E-1');
    Object.assign(e, credit);
    sendAndStop(notify(server, credit.notification));
    await server.waitFor(pauseLine('paynow-credit-before-record', credit.reference));
    await killMidway(server);

    for (const name of ['g', 'h', 'i']) {
      const { reference, answer } = journeys[name]!;
      expect(await paymentRow(reference)).toMatchObject({
        status: 'paid',
        gatewayTransactionId: answer!.transaction_id,
        receiptNumber: null,
      });
    }
    for (const name of ['g', 'h'])
      expect(await policyRow(journeys[name]!.policy.policyId)).toMatchObject({
        status: 'pending',
        policyNumber: null,
      });
    expect((await paymentRow(e.reference)).status).toBe('pending');
    expect(
      await database.db.select().from(paynowCredits).where(eq(paynowCredits.txnRef, e.reference)),
    ).toEqual([]);
  }, 120_000);

  it('restarted, issues each approved payment once and opens a case for money that cannot issue', async () => {
    const server = await start([]);
    const { a, b, c, d, e, f, g, h, i } = journeys as Record<string, TJourney>;
    // D's customer, told nothing, pays by PayNow: its card attempt is voided, the QR's credit issues.
    const dInstead = await payByPayNow(server, d!, 'BANK-D-1');
    expect(await (await notify(server, dInstead.notification)).json()).toEqual({ recorded: true });
    // The browsers post their receipts again, the bank delivers E's credit again.
    for (const journey of [a!, g!]) {
      const repeated = await (await postReceiptTo(server.base, journey.answer!)).json();
      expect(repeated).toMatchObject({ paid: true, policyNumber: expect.stringMatching(/^TSG/) });
    }
    expect(await (await notify(server, e!.notification!)).json()).toEqual({ recorded: true });

    // The card window of the unanswered ones passes; then the every-minute job runs, sent now, not at the minute.
    await database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(inArray(payments.referenceNumber, [b!.reference, c!.reference, d!.reference, f!.reference]));
    await runReconciliation(server);

    // Every approved payment issued its policy once, whichever path got there.
    for (const journey of [a!, b!, e!, g!, h!]) await expectIssuedOnce(journey.policy.policyId);
    expect(await alertKinds(b!.reference)).toEqual(['late_payment']);
    for (const journey of [a!, e!, g!, h!]) expect(await alertKinds(journey.reference)).toEqual([]);
    // Late repeats after all that change nothing.
    for (const journey of [a!, b!, g!, h!]) {
      const policy = await policyRow(journey.policy.policyId);
      expect(await (await postReceiptTo(server.base, journey.answer!)).json()).toMatchObject({
        paid: true,
        policyNumber: policy.policyNumber,
      });
    }
    expect(await (await notify(server, e!.notification!)).json()).toEqual({ recorded: false });
    for (const journey of [a!, b!, e!, g!, h!]) await expectIssuedOnce(journey.policy.policyId);

    // Money that can no longer issue is a case, never nothing: held for review (C), paid twice (D, I).
    expect(await paymentRow(c!.reference)).toMatchObject({ status: 'review', reasonCode: 480 });
    expect(await alertKinds(c!.reference)).toEqual(['review']);
    expect(await policyRow(c!.policy.policyId)).toMatchObject({ status: 'pending', policyNumber: null });
    for (const [journey, kinds] of [
      [d!, ['late_payment', 'refund']],
      [i!, ['refund']],
    ] as const) {
      expect(await paymentRow(journey.reference)).toMatchObject({
        status: 'refund_due',
        receiptNumber: null,
      });
      expect(await alertKinds(journey.reference)).toEqual(kinds);
      await expectIssuedOnce(journey.policy.policyId);
    }
    // A decline took nothing: it expires, with nothing to refund.
    expect(await paymentRow(f!.reference)).toMatchObject({ status: 'expired', reasonCode: null });
    expect(await alertKinds(f!.reference)).toEqual([]);
    expect(await policyRow(f!.policy.policyId)).toMatchObject({ status: 'expired', policyNumber: null });
    await server.kill();
  }, 120_000);

  /** Sends the reconciliation job into the queue as its schedule does, and waits for the server to finish it. */
  async function runReconciliation(server: TRunning) {
    const boss = new PgBoss({
      connectionString: database.url!,
      max: 1,
      schedule: false,
      supervise: false,
      migrate: false,
    });
    boss.on('error', () => {});
    await boss.start();
    try {
      const id = await boss.send(RECONCILE_PAYMENTS_JOB, {});
      const deadline = Date.now() + 30_000;
      for (;;) {
        const job = await boss.getJobById(RECONCILE_PAYMENTS_JOB, id!);
        if (job?.state === 'completed') return;
        if (job?.state === 'failed' || Date.now() > deadline)
          throw new Error(`reconciliation ${job?.state ?? 'not found'}:\n${server.output().slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  }
});
