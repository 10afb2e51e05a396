import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TDb } from '../src/db/database.ts';
import * as schema from '../src/db/schema.ts';
import { mailOutbox, operationsAlerts, payments, policies, policyEvents } from '../src/db/schema.ts';
import { createIssuanceRepository } from '../src/modules/payment/issuance-repository.ts';
import { buildTestApp, postRest } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';

/**
 * Issuing locks the payment and its policy (decision 010): whatever issues arrive at once — the same
 * paid payment many times, or two paid payments of one policy — the policy gets one policy number and
 * one receipt number, the other money goes to the refund queue, and the issuing payment stays paid.
 *
 * PGlite runs one transaction at a time (its transaction holds the only connection), so the locks
 * change nothing observable there; on PostgreSQL the issues truly interleave and the behavioural test
 * catches a missing lock. On both drivers the statements are checked too: the payment and the policy
 * are read FOR UPDATE before anything is written.
 */
describeEachDriver('issuance under concurrency', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let round = 0;

  const post = (path: string, payload: unknown) => postRest(app, path, payload);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date(AT) });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  /** A policy with two QR payments of its price, both recorded as paid (the older one paid late). */
  async function policyPaidTwice() {
    const policy = buildTravelPolicy(today);
    const quoted = (await post('policy/multirate', policy)).json();
    const rated = await post('policy/rate', {
      ...policy,
      policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
    });
    const consent = recordConsent(true, AT);
    const confirmed = {
      ...rated.json(),
      consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, AT) },
    };
    const first = (await post('policy/updateToPendingGenerateQR', confirmed)).json();
    const second = (
      await post('policy/updateToPendingGenerateQR', { ...first.policy, status: undefined })
    ).json();
    const ids: string[] = [];
    for (const txnRef of [first.response.txnRef, second.response.txnRef]) {
      const [row] = await database.db.select().from(payments).where(eq(payments.referenceNumber, txnRef));
      round += 1;
      const paid = await app.services.payments.recordAnswer(row!.paymentId, ['pending', 'voided'], {
        status: 'paid',
        gatewayTransactionId: `LOCKS-${driver}-${round}`,
        decision: 'ACCEPT',
        reasonCode: 100,
        authorisedCents: row!.amountCents,
      });
      expect(paid?.status).toBe('paid');
      ids.push(row!.paymentId);
    }
    return { policyId: first.policy.policyId as string, paymentIds: ids as [string, string] };
  }

  it('issues one policy number and one receipt number, however many issues run at once', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { policyId, paymentIds } = await policyPaidTwice();
      const [a, b] = paymentIds;
      const order = attempt % 2 === 0 ? [a, b, a, b, a, b] : [b, a, b, a, b, a];
      const results = await Promise.all(order.map((id) => app.services.issuance.issuePayment(id)));

      const [policy] = await database.db.select().from(policies).where(eq(policies.policyId, policyId));
      expect(policy!.status).toBe('issued');
      const numbers = new Set(
        results.flatMap((result) =>
          result.outcome === 'issued' || result.outcome === 'already-issued'
            ? [result.policy.policyNumber]
            : [],
        ),
      );
      expect([...numbers]).toEqual([policy!.policyNumber]);
      expect(results.filter((result) => result.outcome === 'issued')).toHaveLength(1);

      const rows = await database.db.select().from(payments).where(eq(payments.policyId, policyId));
      const withReceipt = rows.filter((row) => row.receiptNumber !== null);
      expect(withReceipt).toHaveLength(1);
      expect(withReceipt[0]).toMatchObject({ status: 'paid', receiptNumber: policy!.receiptNumber });
      const other = rows.find((row) => row.paymentId !== withReceipt[0]!.paymentId)!;
      expect(other.status).toBe('refund_due');
      const refunds = await database.db
        .select()
        .from(operationsAlerts)
        .where(and(eq(operationsAlerts.policyId, policyId), eq(operationsAlerts.kind, 'refund')));
      expect(refunds.map((alert) => alert.paymentId)).toEqual([other.paymentId]);

      const issuedEvents = await database.db
        .select()
        .from(policyEvents)
        .where(and(eq(policyEvents.policyId, policyId), eq(policyEvents.toStatus, 'issued')));
      expect(issuedEvents).toHaveLength(1);
      const mail = await database.db.select().from(mailOutbox).where(eq(mailOutbox.policyId, policyId));
      expect(mail.filter((row) => row.recipientRole === 'applicant')).toHaveLength(1);
    }
  });

  it('reads the payment and the policy FOR UPDATE before it writes anything', async () => {
    const { paymentIds } = await policyPaidTwice();
    const statements: string[] = [];
    const logger: Logger = { logQuery: (query) => statements.push(query.toLowerCase()) };
    const db = (driver === 'pglite'
      ? drizzlePglite({ client: database.pglite!, schema, logger })
      : drizzlePg({ client: database.pool!, schema, logger })) as unknown as TDb;
    const repository = createIssuanceRepository(db);
    const result = await repository.issueForPayment(
      paymentIds[1],
      () => ({ issue: true, mails: [], document: () => ({}) }),
      2026,
    );
    expect(result.outcome).toBe('issued');
    const firstWrite = statements.findIndex((statement) => /^(update|insert|delete)\b/.test(statement));
    expect(firstWrite).toBeGreaterThan(0);
    const reads = statements.slice(0, firstWrite);
    const lockedRead = (table: string) =>
      reads.some((statement) => new RegExp(`^select .* from "${table}" .*for update$`).test(statement));
    expect(lockedRead('payments')).toBe(true);
    expect(lockedRead('policies')).toBe(true);
  });
});
