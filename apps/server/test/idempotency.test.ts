import { randomBytes } from 'node:crypto';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema.ts';
import { confirmedTravelQuote } from './helpers/purchase.ts';
import { buildTestApp, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const today = localDate(2026, 11, 23);
const AT = '2026-11-23T02:00:00.000Z';
const OTHER_SESSION = 'another-session-0002';

describeEachDriver('Idempotency-Key keeps only answers that were given', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, session = SESSION) =>
    app.inject({
      method: 'POST',
      url: `/b2c-server/rest/${path}`,
      headers: { 'session-name': session, ...headers },
      payload: payload as object,
    });
  const keyRows = async () => (await database.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;
  const newKey = () => ({ 'idempotency-key': `key-${randomBytes(8).toString('hex')}` });

  async function confirmedPolicy() {
    return (await confirmedTravelQuote(post, buildTravelPolicy(today, {}), AT)) as TPolicyInput & {
      policyId: string;
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => new Date(AT) });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('writes no row for refused requests, however many keys are sent', async () => {
    const policy = await confirmedPolicy();
    const before = await keyRows();
    for (let index = 0; index < 20; index += 1) {
      // Someone else's policy: refused, and nothing of it is kept.
      const refused = await post('policy/updateToPending', policy, newKey(), OTHER_SESSION);
      expect(refused.statusCode).toBe(403);
    }
    const unpaid = await post(
      'policy/issueAndReceiptPolicy',
      { ...policy, policyId: crypto.randomUUID() },
      newKey(),
    );
    expect(unpaid.statusCode).toBe(404);
    expect(await keyRows()).toBe(before);
  });

  it('lets a refused request be put right and sent again under the same key', async () => {
    const policy = await confirmedPolicy();
    const key = newKey();
    const shown = policy.policyTravel!.policyPremium!;
    const stale = {
      ...policy,
      policyTravel: {
        ...policy.policyTravel,
        policyPremium: { ...shown, totalPremium: shown.totalPremium + 100 },
      },
    };
    const refused = await post('policy/updateToPending', stale, key);
    expect(refused.statusCode).toBe(409);
    // The same request again runs again (it is not answered from a stored refusal)…
    const again = await post('policy/updateToPending', stale, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // …and the corrected request is not refused as "another request" under a used key.
    const corrected = await post('policy/updateToPending', policy, key);
    expect(corrected.statusCode).toBe(200);
    const replay = await post('policy/updateToPending', policy, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().paymentSignature.reference_number).toBe(
      corrected.json().paymentSignature.reference_number,
    );
  });
});
