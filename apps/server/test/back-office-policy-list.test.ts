import { POLICY_SEARCH } from '@lionrock/domain/back-office/operations-requests';
import { localDate } from '@lionrock/domain/dates/local-date';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POLICY_PAGE_SIZE } from '../src/modules/back-office/operations/operations-service.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy, type TBought } from './helpers/purchase.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

type TAnswer = {
  pageSize: number;
  total: number;
  totalAtLeast: boolean;
  policies: { policyId: string }[];
  next: string | null;
  previous: string | null;
};

/**
 * The back office's policy list by key (issue 30, decision 143): every policy once, newest first,
 * forwards and back, even where many were made in the same instant; the count bounded. How would it
 * break? An offset that skips or repeats rows as policies arrive, a tie in `created_at` ordered
 * differently on two pages, a forged edge, a count that reads a million rows on every page.
 */
describeEachDriver('back-office policy list', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-25T02:00:00.000Z');
  let ops: TSignedIn;
  let bought: TBought;
  /** Copies of the bought policy, three to an instant, so ties in the key's first column abound. */
  const COPIES = POLICY_SEARCH.countMax + 40;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    ops = await signedInAs(app, 'operations', { at: clock });
    bought = await buyTravelPolicy(app, database.db, {
      today: localDate(2026, 11, 25),
      session: 'list-0001',
    });
    await database.db.execute(sql`
      insert into policies (policy_id, session_name, product_type, country, status, plan_code, currency,
        premium_cents, tax_cents, total_cents, document, consents, rate_version, created_at, updated_at)
      select gen_random_uuid(), 'list-copy', product_type, country, 'quoted', plan_code, currency,
        premium_cents, tax_cents, total_cents, document, consents, rate_version,
        created_at - make_interval(secs => ((n + 2) / 3)), updated_at
      from policies, generate_series(1, ${COPIES}) as n
      where policy_id = ${bought.policyId}`);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const list = async (query: string): Promise<TAnswer> => {
    const answer = await app.inject({
      method: 'GET',
      url: `${BACK_OFFICE}/admin/policies${query}`,
      headers: { cookie: ops.headers.cookie! },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  it('counts up to its bound and then says "more"', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: POLICY_SEARCH.countMax, totalAtLeast: true, previous: null });
    expect(first.policies).toHaveLength(POLICY_PAGE_SIZE);
    expect(first.policies[0]!.policyId).toBe(bought.policyId);
    // A search that finds few counts them exactly.
    expect(await list(`?q=${encodeURIComponent(bought.policyNumber)}`)).toMatchObject({
      total: 1,
      totalAtLeast: false,
      next: null,
      previous: null,
    });
  });

  it('walks every policy once, newest first, forwards by `next` and back by `previous`', async () => {
    const pages: string[][] = [];
    let answer = await list('?status=quoted');
    pages.push(answer.policies.map((row) => row.policyId));
    // 10,040 copies in 50s: walked to the last page and back over the first five.
    for (let index = 0; answer.next && index < 400; index += 1) {
      answer = await list(`?status=quoted&after=${answer.next}`);
      pages.push(answer.policies.map((row) => row.policyId));
    }
    expect(answer.next).toBeNull();
    const all = pages.flat();
    expect(all).toHaveLength(COPIES);
    expect(new Set(all).size).toBe(COPIES);
    // The order is the key's: newest first, ties by id, as the database sorts them.
    const ordered = await database.db.execute<{ policy_id: string }>(
      sql`select policy_id from policies where status = 'quoted' order by created_at desc, policy_id desc`,
    );
    const rows = (ordered as unknown as { rows?: { policy_id: string }[] }).rows ?? (ordered as never);
    expect(all).toEqual((rows as { policy_id: string }[]).map((row) => row.policy_id));

    // Back from the third page: the second, then the first, which has no previous.
    const third = await list(`?status=quoted&after=${pages[1]!.at(-1)}`);
    expect(third.policies.map((row) => row.policyId)).toEqual(pages[2]);
    const second = await list(`?status=quoted&before=${third.previous}`);
    expect(second.policies.map((row) => row.policyId)).toEqual(pages[1]);
    const firstAgain = await list(`?status=quoted&before=${second.previous}`);
    expect(firstAgain.policies.map((row) => row.policyId)).toEqual(pages[0]);
    expect(firstAgain.previous).toBeNull();
    expect(firstAgain.next).toBe(pages[0]!.at(-1));
  }, 180_000);

  it('refuses an edge that is not a policy id, and both edges at once, naming the field', async () => {
    for (const [query, field] of [
      ['?after=1%20or%201%3D1', 'after'],
      [`?after=${bought.policyId}&before=${bought.policyId}`, 'before'],
    ] as const) {
      const answer = await app.inject({
        method: 'GET',
        url: `${BACK_OFFICE}/admin/policies${query}`,
        headers: { cookie: ops.headers.cookie! },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().field).toBe(field);
    }
    // An id of no policy finds an empty page, not an error.
    expect((await list('?after=00000000-0000-4000-8000-000000000000')).policies).toEqual([]);
  });
});
