// The staff screens at an insurer's size (issue 30, goal 4): each call of the back office timed on the
// database `npm run bench:seed` filled (BENCH_DATABASE_URL, default lionrock_large), p50 and p95 of
// `--runs` calls after two warm-up calls, "met" when the p95 is at most 100 ms. The app is built in
// process on that database (migrated first, so a new migration's time on a million rows is printed),
// and signed in as a read-only account and as the seed's agent, as the API tests do.
// `cd bench && npx node large-bench.ts [--runs 20]`.
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@lionrock/server/src/db/database.ts';
import { signedInAs } from '@lionrock/server/test/helpers/back-office.ts';
import { buildTestApp, recordingMailer } from '@lionrock/server/test/helpers/test-app.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, agent: { type: 'string', default: 'AG1001' } },
});
const RUNS = Number(values.runs);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lionrock_large';
const GOAL_MS = 100;

const database = await openDatabase({ databaseUrl: DATABASE_URL });
const migrating = performance.now();
await migrateDatabase(database);
console.info(`migrations: ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
const app = await buildTestApp(database, { mailer: recordingMailer().mailer });
// Read-only staff read every screen measured here but the desk (decision 106).
const ops = await signedInAs(app, 'read_only');
const agent = await signedInAs(app, 'agent', { agentCode: values.agent });

const policyCount = Number(
  ((await database.pool!.query('select count(*) as n from policies')).rows[0] as { n: string }).n,
);
const sample = (
  await database.pool!.query(
    `select policy_id, policy_number, document->'policyTravel'->'applicant'->>'hkId' as id_number,
          contact_email from policies where status = 'issued' and product_type = 'PTR'
      and session_name not like 'seed-%' order by created_at limit 1`,
  )
).rows[0] as { policy_id: string; policy_number: string; id_number: string; contact_email: string };

const STAFF = '/back-office/api';
type TCase = { name: string; url: string; as: typeof ops };
const cases: TCase[] = [
  { name: 'policy list, no filter, first page', url: '/admin/policies?list=all', as: ops },
  { name: 'policy search by number', url: `/admin/policies?q=${sample.policy_number}`, as: ops },
  { name: 'policy search by part of a name', url: '/admin/policies?q=wei%20ming', as: ops },
  { name: 'policy search by ID number', url: `/admin/policies?q=${sample.id_number}`, as: ops },
  {
    name: 'policy search by e-mail',
    url: `/admin/policies?q=${encodeURIComponent(sample.contact_email ?? '')}`,
    as: ops,
  },
  { name: 'policy detail', url: `/admin/policies/${sample.policy_id}`, as: ops },
  { name: 'dashboard, 30 days', url: '/admin/dashboard', as: ops },
  { name: 'dashboard, 366 days', url: `/admin/dashboard?from=${daysAgo(365)}&to=${daysAgo(0)}`, as: ops },
  { name: 'every queue', url: '/admin/queues', as: ops },
  { name: 'claims queue', url: '/admin/claims', as: ops },
  { name: 'claims queue by name', url: '/admin/claims?q=wei%20ming', as: ops },
  { name: `desk summary (${values.agent})`, url: '/desk/summary?period=month', as: agent },
  { name: `desk sales (${values.agent})`, url: '/desk/sales', as: agent },
];

function daysAgo(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// The policy list walked 20 pages by key: the page after the 20th, as staff paging on reach it.
let edge: string | null = null;
for (let page = 0; page < 20; page += 1) {
  const answer: { json(): unknown } = await app.inject({
    url: `${STAFF}/admin/policies?list=all${edge ? `&after=${edge}` : ''}`,
    headers: { cookie: ops.headers.cookie! },
  });
  edge = (answer.json() as { next: string | null }).next;
}
cases.splice(1, 0, {
  name: 'policy list, no filter, page 21',
  url: `/admin/policies?list=all&after=${edge}`,
  as: ops,
});

console.info(`\n${policyCount.toLocaleString('en-SG')} policies, ${RUNS} runs each after 2 warm-up calls\n`);
console.info('| call | p50 | p95 | bytes | goal p95 ≤ 100 ms |');
console.info('| --- | ---: | ---: | ---: | --- |');
const rssBefore = process.memoryUsage().rss;
for (const item of cases) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS + 2; run += 1) {
    const started = performance.now();
    const answer = await app.inject({
      url: `${STAFF}${item.url}`,
      headers: { cookie: item.as.headers.cookie! },
    });
    const took = performance.now() - started;
    if (answer.statusCode !== 200)
      throw new Error(`${item.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    bytes = answer.rawPayload.length;
    if (run >= 2) times.push(took);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.info(
    `| ${item.name} | ${percentile(times, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${bytes.toLocaleString('en-SG')} | ${p95 <= GOAL_MS ? 'met' : 'not met'} |`,
  );
}
console.info(
  `\nserver memory (rss): ${(rssBefore / 2 ** 20).toFixed(0)} MB before the calls, ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB after`,
);
await app.close();
await database.close();
