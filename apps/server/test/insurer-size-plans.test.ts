import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { policies } from '../src/db/schema.ts';
import { policySearchCondition } from '../src/modules/back-office/operations/operations-repository.ts';
import {
  createMailOutboxRepository,
  NEXT_DUE_MAIL,
} from '../src/modules/notifications/mail-outbox-repository.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/**
 * The plans the shop needs at an insurer's size (issue 30, decisions 139 and 140). The outbox: with every
 * mail ever sent kept beside the few waiting, the next mail is found through the index of the waiting
 * alone, not by walking the sent (at a million sent on PostgreSQL: 226 ms a claim before, 0.04 ms after).
 * The lookups by one policy: each by its index (bench/README.md has their figures at a million).
 */
describeEachDriver('plans at an insurer size', (driver) => {
  let database: TTestDatabase;
  const rows = (result: unknown) =>
    ((result as { rows?: Record<string, unknown>[] }).rows ??
      (result as Record<string, unknown>[])) as Record<string, unknown>[];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await database.db.execute(sql`
      insert into mail_outbox (message_id, kind, recipient_role, recipient, language, status, sent_at)
      select 'sent.' || n, 'policy-issued', 'applicant', 'someone@example.com', 'en', 'sent', now()
        from generate_series(1, 30000) as n`);
    await database.db.execute(sql`
      insert into mail_outbox (message_id, kind, recipient_role, recipient, language, status, next_attempt_at)
      select 'waiting.' || n, 'test-kind', 'applicant', 'waiting' || n || '@example.com', 'en',
             'queued', now() - interval '1 minute'
        from generate_series(1, 3) as n`);
    // Not yet due: a retry waiting for its time.
    await database.db.execute(sql`
      insert into mail_outbox (message_id, kind, recipient_role, recipient, language, status, next_attempt_at)
      values ('later.1', 'test-kind', 'applicant', 'later@example.com', 'en', 'queued', now() + interval '1 hour')`);
    await database.db.execute(sql`analyze mail_outbox`);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('finds the next mail through the index of the waiting, not by walking the sent', async () => {
    const plan = rows(await database.db.execute(sql.raw(`explain (costs off) ${NEXT_DUE_MAIL}`)))
      .map((row) => String(row['QUERY PLAN']))
      .join('\n');
    expect(plan).toContain('mail_outbox_waiting_idx');
  });

  /**
   * The plan of a lookup by one policy, with sequential scans priced out (in a transaction of its own):
   * a missing index leaves a sequential scan in it whatever the table's size. The statements are the
   * ones the repositories send (decision 140).
   */
  async function planOf(statement: string): Promise<string> {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows(await tx.execute(sql.raw(`explain (costs off) ${statement}`)))
        .map((row) => String(row['QUERY PLAN']))
        .join('\n');
    });
  }
  const POLICY = "'7f3c2a10-0000-4000-8000-000000000001'";

  it.each([
    [
      "the policy detail's payment log (operations-repository policyRecords)",
      `select * from payment_lifecycle_logs where policy_id = ${POLICY} or reference_number in ('SEED1') order by id limit 200`,
      ['payment_lifecycle_logs_policy_idx', 'payment_lifecycle_logs_reference_idx'],
    ],
    [
      "the policy detail's mail (operations-repository policyRecords)",
      `select * from mail_outbox where policy_id = ${POLICY} order by id`,
      ['mail_outbox_policy_idx'],
    ],
    [
      'the renewal of a policy (renewal-repository, once per candidate of the scan)',
      `select * from policies where renewal_of = ${POLICY} limit 1`,
      ['policies_renewal_of_idx'],
    ],
  ])('finds %s by an index, never by a scan of the table', async (_, statement, indexes) => {
    const plan = await planOf(statement);
    for (const index of indexes) expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it.each([
    ['a policy number', 'TSG26-0000001', ['policies_number_prefix_idx']],
    ['the beginning of a number', 'HSG26-20', ['policies_number_prefix_idx']],
    ['part of a name', 'wei ming', ['policies_holder_name_trgm_idx']],
    ['an e-mail address', 'weiming.tan@example.com', ['policies_contact_idx']],
    ['an ID number', 'S8512345I', ['policies_holder_id_idx', 'policies_holder_uen_idx']],
  ])(
    "searches policies by %s through the indexes, never a scan of every policy's document (decision 141)",
    async (_, typed, indexes) => {
      const condition = policySearchCondition({
        text: {
          policyNumber: typed.toUpperCase(),
          name: typed.toLowerCase(),
          email: typed.toLowerCase(),
          idNumber: typed.length >= 6 ? typed.toUpperCase() : undefined,
        },
      });
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rows(
          await tx.execute(sql`explain (costs off) select policy_id from ${policies} where ${condition}`),
        )
          .map((row) => String(row['QUERY PLAN']))
          .join('\n');
      });
      for (const index of indexes) expect(plan).toContain(index);
      expect(plan).not.toMatch(/Seq Scan/);
    },
  );

  it('sends the waiting mail that is due, oldest first, and leaves the sent and the not yet due alone', async () => {
    const order: string[] = [];
    const outcome = await createMailOutboxRepository(database.db).deliverDueMail(10, 1, async (mail) => {
      order.push(mail.messageId);
    });
    expect(outcome).toEqual({ sent: 3, failed: 0 });
    expect(order).toEqual(['waiting.1', 'waiting.2', 'waiting.3']);
  });
});
