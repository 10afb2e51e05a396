import { recordConsent } from '@lionrock/domain/consents/consents';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox, payments, policies } from '../src/db/schema.ts';
import { describeWithService } from './helpers/services.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

// Design sections 6 and 8: the gateway's answer may reach any instance, any number of times, all at once. Two app
// instances, each on its own connection pool to one PostgreSQL database, must still issue exactly one
// policy number per payment. PGlite is one process's database, so this runs only with TEST_DATABASE_URL.
describeWithService(
  'postgres',
  'payments across two instances on one PostgreSQL: one policy number per payment',
  () => {
    let database: TTestDatabase;
    let otherConnection: TTestDatabase;
    let instances: FastifyInstance[] = [];
    let purchases = 0;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const { openDatabase } = await import('../src/db/database.ts');
      otherConnection = {
        ...(await openDatabase({ databaseUrl: database.url!, poolSize: 3 })),
        url: database.url,
        drop: async () => {},
      };
      instances = [await buildTestApp(database), await buildTestApp(otherConnection)];
    });
    afterAll(async () => {
      for (const app of instances) await app.close();
      await otherConnection?.close();
      await database?.drop();
    });

    const post = (app: FastifyInstance, path: string, payload: unknown, session: string) =>
      app.inject({
        method: 'POST',
        url: `/b2c-server/rest/${path}`,
        headers: { 'session-name': session },
        payload: payload as object,
      });

    /** multirate → the first plan → rate → both declarations → updateToPending, on one instance, in its own session. */
    async function pending(app: FastifyInstance) {
      purchases += 1;
      const session = `two-instances-${String(purchases).padStart(4, '0')}`;
      const policy = buildTravelPolicy(todayIn('Asia/Singapore', new Date()));
      const quoted = (await post(app, 'policy/multirate', policy, session)).json();
      const chosen = {
        ...policy,
        policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
      };
      const rated = await post(app, 'policy/rate', chosen, session);
      expect(rated.statusCode).toBe(200);
      const at = new Date().toISOString();
      const consent = recordConsent(true, at);
      const confirmed = {
        ...rated.json(),
        consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
      };
      const response = await post(app, 'policy/updateToPending', confirmed, session);
      expect(response.statusCode).toBe(200);
      return {
        session,
        ...(response.json() as { policy: { policyId: string }; paymentSignature: Record<string, string> }),
      };
    }

    /** What the browser does: the signed fields plus an accepted card to the test gateway; its page's hidden fields. */
    async function gatewayAnswer(app: FastifyInstance, signature: Record<string, string>) {
      const { paymentUrl, paymentSignatureKey, ...signed } = signature;
      const form = new URLSearchParams({
        ...signed,
        signature: paymentSignatureKey!,
        card_type: '001',
        card_number: '4111111111111111',
        card_expiry_date: '12-2030',
        card_cvn: '123',
      });
      const gateway = await app.inject({
        method: 'POST',
        url: new URL(paymentUrl!).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(gateway.statusCode).toBe(200);
      const answer: Record<string, string> = {};
      for (const [, name, value] of gateway.body.matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
      ))
        answer[name!] = value!
          .replaceAll('&quot;', '"')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&#39;', "'")
          .replaceAll('&amp;', '&');
      expect(answer.decision).toBe('ACCEPT');
      expect(answer.signature).toBeTruthy();
      return answer;
    }

    const receipt = (app: FastifyInstance, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/b2c-server/rest/payment/receipt',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: new URLSearchParams(fields).toString(),
      });

    it('gives one policy number to 20 receipts for one payment arriving at once on both instances', async () => {
      const [a, b] = instances as [FastifyInstance, FastifyInstance];
      const { policy, paymentSignature } = await pending(a);
      const answer = await gatewayAnswer(a, paymentSignature);

      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => receipt(index % 2 === 0 ? a : b, answer)),
      );
      const results = responses.map((response) => {
        expect(response.statusCode).toBe(200);
        return response.json() as {
          verified: boolean;
          outcome: string;
          paid: boolean;
          policyNumber: string | null;
        };
      });
      // Every copy of the answer is verified and answered as paid, with the same number.
      expect(results.filter((result) => result.paid)).toHaveLength(20);
      for (const result of results) expect(result).toMatchObject({ verified: true, outcome: 'PAID' });
      const numbers = new Set(results.filter((result) => result.paid).map((result) => result.policyNumber));
      expect(numbers.size).toBe(1);
      const policyNumber = [...numbers][0]!;
      expect(policyNumber).toMatch(/^TSG\d{2}-\d{7}$/);

      const issued = await database.db.select().from(policies).where(eq(policies.policyNumber, policyNumber));
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ policyId: policy.policyId, status: 'issued' });
      const paymentRows = await database.db
        .select()
        .from(payments)
        .where(eq(payments.policyId, policy.policyId));
      expect(paymentRows).toHaveLength(1);
      expect(paymentRows[0]).toMatchObject({
        status: 'paid',
        referenceNumber: paymentSignature.reference_number,
        receiptNumber: issued[0]!.receiptNumber,
      });
      expect(paymentRows[0]!.receiptNumber).toMatch(/^RSG\d{2}-\d{7}$/);
      const mail = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.policyId, policy.policyId));
      expect(mail.filter((row) => row.recipientRole === 'applicant')).toHaveLength(1);
    });

    it('gives 10 purchases paid at once on both instances 10 distinct policy and receipt numbers', async () => {
      const [a, b] = instances as [FastifyInstance, FastifyInstance];
      const started = await Promise.all(
        Array.from({ length: 10 }, (_, index) => pending(index % 2 === 0 ? a : b)),
      );
      const answers = await Promise.all(
        started.map(({ paymentSignature }, index) =>
          gatewayAnswer(index % 2 === 0 ? a : b, paymentSignature),
        ),
      );
      // Each answer reaches the other instance than the one that made it pending, and a copy the same one,
      // as the browser's frame and the gateway's server-to-server post would.
      const responses = await Promise.all(
        answers.flatMap((answer, index) => [
          receipt(index % 2 === 0 ? b : a, answer),
          receipt(index % 2 === 0 ? a : b, answer),
        ]),
      );
      const results = responses.map((response) => {
        expect(response.statusCode).toBe(200);
        return response.json() as {
          paid: boolean;
          policyId: string;
          policyNumber: string;
          receiptNumber: string;
        };
      });
      expect(results.every((result) => result.paid)).toBe(true);
      for (let index = 0; index < 10; index += 1) {
        const [first, copy] = [results[2 * index]!, results[2 * index + 1]!];
        expect(first.policyId).toBe(started[index]!.policy.policyId);
        expect(copy.policyNumber).toBe(first.policyNumber);
        expect(copy.receiptNumber).toBe(first.receiptNumber);
      }
      const answered = results.filter((_, index) => index % 2 === 0);
      expect(new Set(answered.map((result) => result.policyNumber)).size).toBe(10);
      expect(new Set(answered.map((result) => result.receiptNumber)).size).toBe(10);

      const ids = started.map(({ policy }) => policy.policyId as string);
      const rows = await database.db.select().from(policies).where(inArray(policies.policyId, ids));
      expect(rows.map((row) => row.status)).toEqual(Array(10).fill('issued'));
      expect(new Set(rows.map((row) => row.policyNumber)).size).toBe(10);
      expect(new Set(rows.map((row) => row.receiptNumber)).size).toBe(10);
      for (const row of rows) expect(row.policyNumber).toMatch(/^TSG\d{2}-\d{7}$/);
      const paymentRows = await database.db.select().from(payments).where(inArray(payments.policyId, ids));
      expect(paymentRows).toHaveLength(10);
      expect(paymentRows.every((row) => row.status === 'paid')).toBe(true);
      expect(new Set(paymentRows.map((row) => row.receiptNumber)).size).toBe(10);
      const mail = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.policyId, ids));
      expect(mail.filter((row) => row.recipientRole === 'applicant')).toHaveLength(10);
    });
  },
);
