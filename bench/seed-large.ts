// An insurer's size in PostgreSQL, for the large-data goals of issue 30 (figures in bench/README.md):
// `npm run bench:seed -- --policies 1000000` fills a database with a million issued policies, each with its
// payment, its policy mail (sent), its issue event and, for every second one, a payment lifecycle row;
// 100,000 claims (a tenth of the policies, any number with --claims) and one agent with 100,000 sales
// (--agent-sales). Nothing is invented: a shop started on the database migrates and seeds it as `npm start`
// would, real purchases are made through its API and the test gateway (travel single and annual, home in
// Singapore and Hong Kong), and those rows are then copied by set-based SQL, batch by batch, each copy
// with its own ids, numbers, name, ID number, e-mail address and dates (over the last two years).
//
// The database is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lionrock_large, created
// when it does not exist). A database that already holds copies is refused; --fresh drops it first.

import { parseArgs } from 'node:util';
import { CLAIM_TYPES } from '@lionrock/domain/claims/claim-rules';
import { CLAIM_STATUSES } from '@lionrock/domain/claims/claim-status';
import { todayIn } from '@lionrock/domain/dates/local-date';
import {
  buildHomePolicy,
  buildHongKongHomePolicy,
  buildTravelPolicy,
} from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { openDatabase } from '@lionrock/server/src/db/database.ts';
import { startServer, stopServer } from '../e2e/support/server-process.ts';
import { buyByApi } from '../e2e/support/test-gateway.ts';

const { values } = parseArgs({
  options: {
    policies: { type: 'string', default: '1000000' },
    claims: { type: 'string' },
    'agent-sales': { type: 'string' },
    agent: { type: 'string', default: 'AG1001' },
    batch: { type: 'string', default: '50000' },
    fresh: { type: 'boolean', default: false },
  },
});
const POLICIES = Number(values.policies);
const CLAIMS = Number(values.claims ?? Math.floor(POLICIES / 10));
const AGENT_SALES = Number(values['agent-sales'] ?? Math.floor(POLICIES / 10));
const BATCH = Number(values.batch);
if (![POLICIES, CLAIMS, AGENT_SALES, BATCH].every((n) => Number.isInteger(n) && n >= 0) || BATCH < 1)
  throw new Error('--policies, --claims, --agent-sales and --batch take whole numbers');
if (CLAIMS > POLICIES || AGENT_SALES > POLICIES) throw new Error('more claims or agent sales than policies');
if (!/^[A-Z0-9]{2,12}$/.test(values.agent)) throw new Error('--agent takes an agent code');

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lionrock_large';
/** Copies are numbered from here, above any number the shop's own sequences will reach in a run. */
const FIRST_COPY = 2_000_000;
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  url.pathname = '/postgres';
  const admin = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    if (values.fresh) await admin.pool!.query(`drop database if exists ${name} with (force)`);
    const found = await admin.pool!.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.pool!.query(`create database ${name}`);
  } finally {
    await admin.close();
  }
}

/** Real purchases through a shop on the database: the rows every copy is made from. */
async function buyTemplates(): Promise<string[]> {
  const shop = await startServer('seed-large', { DATABASE_URL, LOG_LEVEL: 'warn' });
  try {
    const today = todayIn('Asia/Singapore', new Date());
    const inputs: TPolicyInput[] = [
      buildTravelPolicy(today),
      buildTravelPolicy(today, { policyTravel: { paPolicyType: 'A', returnDate: '' } as never }),
      buildHomePolicy(today),
      buildHongKongHomePolicy(today),
    ];
    const numbers: string[] = [];
    for (const input of inputs) numbers.push(await buyByApi(shop.baseUrl, input));
    return numbers;
  } finally {
    await stopServer(shop.child);
  }
}

// The copies' people: 48 × 48 names, so a name fragment finds about one policy in 48.
const SURNAMES = `TAN LIM LEE NG ONG WONG GOH CHUA CHAN KOH TEO ANG YEO SIM CHEW LOH HO LAU CHONG TAY YAP
  SOH FOO PNG QUEK SEAH TOH LOW CHIA KWEK HENG CHEN WU LI ZHANG LIU YANG HUANG ZHAO ZHOU XU SUN MA ZHU HU GUO HE LIN`
  .split(/\s+/)
  .filter(Boolean);
const GIVEN =
  `WEI MING, MEI LING, JUN HAO, XIN YI, ZHI HAO, KAI WEN, SHU FEN, JIA HUI, YONG JIE, LI NA, HUI MIN,
  CHENG, KAR YAN, KA YAN, WING SZE, CHI KEUNG, SIU MING, HOI YAN, TSZ CHUN, PUI SHAN, MAN KIT, SIEW LING,
  BOON KIAT, GEK HOON, AH KOW, RAJ, PRIYA, ARJUN, DIVYA, AHMAD, NUR AISYAH, FARID, WAI LUN, KIN MAN,
  SUK YEE, YUK LAN, CHUN KIT, HIU TUNG, ZI XUAN, YU TING, JING YI, SHI HUI, BEE LENG, CHOON HOCK,
  SOON HUAT, ELAINE, MARCUS, RACHEL`
    .split(',')
    .map((name) => name.trim());

/** One batch of copies, `from` to `to` (exclusive): the policies and every row that hangs on them. */
function copyBatchSql(from: number, to: number): string {
  const surnames = `(array[${SURNAMES.map((s) => `'${s}'`).join(',')}])`;
  const given = `(array[${GIVEN.map((s) => `'${s}'`).join(',')}])`;
  // The applicant's JSON path of each product.
  const part = `case t.product_type when 'PTR' then 'policyTravel' when 'PAN' then 'policyPAN' else 'policyHome' end`;
  // The claims' statuses and types as the domain names them, spread evenly.
  const statuses = `(array[${CLAIM_STATUSES.map((status) => `'${status}'`).join(',')}])`;
  const claimType = `case product_type ${Object.entries(CLAIM_TYPES)
    .map(([product, types]) => `when '${product}' then '${types[0]}'`)
    .join(' ')} end`;
  return `
with t as (
  select p.*, row_number() over (order by p.policy_number) - 1 as k, count(*) over () as templates,
         pay.method as pay_method, pay.amount_cents as pay_amount, pay.masked_card, pay.card_type,
         pay.card_expiry, pay.payment_token, pay.decision, pay.auth_code, pay.gateway_answer
    from policies p
    join payments pay on pay.policy_id = p.policy_id and pay.status = 'paid'
   where p.session_name not like 'seed-%' and p.status = 'issued'
),
g as (
  select n, ${FIRST_COPY} + n as number,
         now() - make_interval(days => ((n::bigint * 7919) % 730)::int, secs => (n::bigint * 104729) % 86400) as at,
         ${surnames}[1 + n % ${SURNAMES.length}] || ' ' || ${given}[1 + (n / ${SURNAMES.length}) % ${GIVEN.length}] as full_name
    from generate_series(${from}, ${to - 1}) as n
),
c as (
  select g.*, t.*, md5('lionrock-seed-policy-' || g.n)::uuid as new_policy_id,
         ${part} as part,
         (case when t.country = 'HKG' then 'K' else 'S' end) || lpad((g.n % 10000000)::text, 7, '0') || 'Z' as id_number,
         lower(replace(g.full_name, ' ', '.')) || '.' || g.n || '@example.com' as email
    from g join t on t.k = g.n % t.templates
),
inserted as (
  insert into policies (policy_id, session_name, product_type, country, status, plan_code, currency,
      premium_cents, tax_cents, total_cents, agent_code, campaign_id, promo_code, start_date, end_date,
      policy_number, receipt_number, document, consents, rate_version, auto_renewal, issued_at,
      created_at, updated_at)
  select new_policy_id, 'seed-' || n, product_type, country,
         case when n % 33 = 0 then 'cancelled' else 'issued' end,
         plan_code, currency, premium_cents, tax_cents, total_cents,
         case when n < ${AGENT_SALES} then '${values.agent}' else agent_code end,
         campaign_id, promo_code,
         (at + interval '1 day')::date, (at + interval '1 day')::date + (end_date - start_date),
         substring(policy_number from 1 for 6) || lpad(number::text, 7, '0'),
         'RS' || number,
         jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(document,
           array[part, 'applicant', 'fullName'], to_jsonb(full_name)),
           array[part, 'applicant', 'hkId'], to_jsonb(id_number)),
           array[part, 'applicant', 'email'], to_jsonb(upper(email))),
           '{policyId}', to_jsonb(new_policy_id::text)),
           '{policyNumber}', to_jsonb(substring(policy_number from 1 for 6) || lpad(number::text, 7, '0'))),
           -- The period the columns say, in the document's own fields (a missing one stays missing).
           array[part, case part when 'policyTravel' then 'deptDate' else 'effectiveDate' end],
           to_jsonb(to_char(at + interval '1 day', 'DD/MM/YYYY')), false),
           array[part, case part when 'policyTravel' then 'returnDate' else 'expiryDate' end],
           case when coalesce(document#>>array[part, case part when 'policyTravel' then 'returnDate' else 'expiryDate' end], '') = ''
                then to_jsonb(''::text)
                else to_jsonb(to_char((at + interval '1 day')::date + (end_date - start_date), 'DD/MM/YYYY')) end, false),
         consents, rate_version, auto_renewal, at, at, at
    from c
  returning policy_id
),
paid as (
  insert into payments (payment_id, policy_id, session_name, method, reference_number, transaction_uuid,
      amount_cents, currency, status, expires_at, gateway_transaction_id, decision, auth_code,
      authorised_cents, masked_card, card_type, card_expiry, payment_token, gateway_answer, receipt_number,
      answered_at, created_at, updated_at)
  select md5('lionrock-seed-payment-' || n)::uuid, new_policy_id, 'seed-' || n, pay_method, 'SEED' || number,
         md5('lionrock-seed-transaction-' || n), pay_amount, currency, 'paid', at + interval '15 minutes',
         'SEEDTX' || number, decision, auth_code, pay_amount, masked_card, card_type, card_expiry,
         case when payment_token is null then null else 'SEEDTOKEN' || number end,
         gateway_answer, 'RS' || number, at, at, at
    from c
  returning policy_id
),
mailed as (
  insert into mail_outbox (message_id, policy_id, kind, recipient_role, recipient, language, status,
      attempts, next_attempt_at, sent_at, created_at)
  select 'seed.' || n || '.applicant', new_policy_id, 'policy-issued', 'applicant', email,
         coalesce(document->>'lang', 'en'), 'sent', 1, at, at + interval '1 minute', at
    from c
  returning id
),
evented as (
  insert into policy_events (policy_id, from_status, to_status, detail, created_at)
  select new_policy_id, 'pending', 'issued', jsonb_build_object('seed', true), at from c
  returning id
),
logged as (
  insert into payment_lifecycle_logs (policy_id, reference_number, entry, created_at)
  select new_policy_id::text, 'SEED' || number,
         jsonb_build_object('step', 'receipt', 'outcome', 'PAID'), at
    from c where n % 2 = 0
  returning id
),
claimed as (
  insert into claims (claim_id, claim_number, policy_id, holder_key, country, product_type, claim_type,
      incident_date, incident_place, description, amount_cents, currency, status, agent_code, language,
      submitted_at, created_at, updated_at)
  select md5('lionrock-seed-claim-' || n)::uuid, 'CS' || number, new_policy_id, 'seed-' || n, country,
         product_type, ${claimType},
         (at + interval '3 days')::date, 'Singapore', 'Seeded claim', 10000 + (n % 500) * 100, currency,
         ${statuses}[1 + n % ${CLAIM_STATUSES.length}],
         case when n < ${AGENT_SALES} then '${values.agent}' else agent_code end,
         coalesce(document->>'lang', 'en'), at + interval '5 days', at + interval '5 days', at + interval '5 days'
    from c where n < ${CLAIMS}
  returning claim_id
)
select (select count(*) from inserted) as policies, (select count(*) from paid) as payments,
       (select count(*) from mailed) as mails, (select count(*) from claimed) as claims`;
}

async function main() {
  const started = performance.now();
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 1 });
  try {
    const [existing] = (
      await database.pool!.query(
        "select count(*)::int as n from information_schema.tables where table_name = 'policies'",
      )
    ).rows as { n: number }[];
    if (existing!.n > 0) {
      const copies = await database.pool!.query(
        "select 1 from policies where session_name like 'seed-%' limit 1",
      );
      if (copies.rowCount) throw new Error('this database holds copies already: give --fresh to start again');
    }
    const numbers = await buyTemplates();
    console.info(`templates bought through the API: ${numbers.join(', ')} (${seconds(started)})`);
    const agent = await database.pool!.query('select 1 from agents where agent_code = $1', [values.agent]);
    if (!agent.rowCount) throw new Error(`no agent ${values.agent} in the seeded shop`);
    const totals = { policies: 0, payments: 0, mails: 0, claims: 0 };
    for (let from = 0; from < POLICIES; from += BATCH) {
      const to = Math.min(POLICIES, from + BATCH);
      const batchStarted = performance.now();
      const { rows } = await database.pool!.query(copyBatchSql(from, to));
      const row = rows[0] as Record<keyof typeof totals, string>;
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += Number(row[key]);
      console.info(`copies ${from}–${to - 1}: ${seconds(batchStarted)}`);
    }
    const analyzed = performance.now();
    await database.pool!.query('vacuum analyze');
    console.info(`vacuum analyze: ${seconds(analyzed)}`);
    const size = await database.pool!.query(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    );
    console.info(
      `seeded ${totals.policies} policies, ${totals.payments} payments, ${totals.mails} mails, ${totals.claims} claims` +
        ` (${AGENT_SALES} sold by ${values.agent}) in ${seconds(started)}; database ${size.rows[0].size}`,
    );
    if (totals.policies !== POLICIES || totals.payments !== POLICIES || totals.claims !== CLAIMS)
      throw new Error('the copies do not add up');
  } finally {
    await database.close();
  }
}

await main();
