// The purchase load test (design sections 6 and 8; figures in bench/README.md): full card purchases (multirate → rate → updateToPending → test gateway
// → receipt → issueAndReceiptPolicy) against TWO real server processes sharing one fresh PostgreSQL
// database, a fixed number in flight, then a check in the database that nothing was issued twice or lost,
// and the time until every purchase's mail (schedule PDF attached) was sent: the goals of issue 19.
// Run alone: `cd bench && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node purchase-bench.ts`
// (BENCH_PURCHASES, BENCH_IN_FLIGHT and BENCH_WARMUP_PURCHASES change the run; defaults 200, 20, 20;
// BENCH_CPU_PROF=<dir> runs both servers under `node --cpu-prof`, their threads' profiles included).

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { recordConsent } from '@lionrock/domain/consents/consents';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { openDatabase, type TDatabase } from '@lionrock/server/src/db/database.ts';
import { startServer, stopServer, type TServerProcess } from '../e2e/support/server-process.ts';
import { processCpuMicros, processesCpuMicros, threadCpuMicros } from './process-cpu.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 200);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_PURCHASES ?? 20);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const STEPS = [
  'multirate',
  'rate',
  'updateToPending',
  'gateway',
  'receipt',
  'issueAndReceiptPolicy',
] as const;
type TStep = (typeof STEPS)[number];

type TServer = TServerProcess;

type TPurchase = {
  index: number;
  home: string;
  ms: number;
  steps: Partial<Record<TStep, number>>;
  policyId?: string;
  receiptPolicyNumber?: string | null;
  receiptNumber?: string | null;
  issuedPolicyNumber?: string;
  error?: string;
};

async function callJson(baseUrl: string, route: string, body: unknown, session: string) {
  const response = await fetch(`${baseUrl}/b2c-server/rest/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-name': session },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${route}: ${response.status} ${text.slice(0, 300)}`);
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read as the browser reads it
  const json = JSON.parse(text) as any;
  if (json.errorMessage) throw new Error(`${route}: ${String(json.errorMessage).slice(0, 300)}`);
  return json;
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[name!] = value!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
  return fields;
}

/**
 * One customer's purchase, as the browser makes it. Quote, rate, pending, the gateway post and the issue go
 * to the purchase's home instance; the receipt goes to the other one (the test gateway also posts the same
 * answer server to server to the home instance, so every payment is answered twice, on both instances).
 */
async function purchase(index: number, prefix: string, home: TServer, other: TServer): Promise<TPurchase> {
  const session = `${prefix}-${String(index).padStart(4, '0')}`;
  const started = performance.now();
  const result: TPurchase = { index, home: home.name, ms: 0, steps: {} };
  let mark = started;
  const step = (name: TStep) => {
    const now = performance.now();
    result.steps[name] = now - mark;
    mark = now;
  };
  try {
    const policy = buildTravelPolicy(todayIn('Asia/Singapore', new Date()));
    const quoted = await callJson(home.baseUrl, 'policy/multirate', policy, session);
    step('multirate');
    const chosen = {
      ...policy,
      policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
    };
    const rated = await callJson(home.baseUrl, 'policy/rate', chosen, session);
    step('rate');
    const at = new Date().toISOString();
    const consent = recordConsent(true, at);
    const pending = await callJson(
      home.baseUrl,
      'policy/updateToPending',
      {
        ...rated,
        consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
      },
      session,
    );
    result.policyId = pending.policy.policyId;
    step('updateToPending');
    const { paymentUrl, paymentSignatureKey, ...signed } = pending.paymentSignature as Record<string, string>;
    const gateway = await fetch(paymentUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...signed,
        signature: paymentSignatureKey!,
        card_type: '001',
        card_number: '4111111111111111',
        card_expiry_date: '12-2030',
        card_cvn: '123',
      }).toString(),
    });
    const page = await gateway.text();
    if (gateway.status !== 200) throw new Error(`gateway: ${gateway.status} ${page.slice(0, 300)}`);
    const answer = hiddenFields(page);
    if (answer.decision !== 'ACCEPT') throw new Error(`gateway: ${answer.decision} ${answer.reason_code}`);
    step('gateway');
    const receiptResponse = await fetch(`${other.baseUrl}/b2c-server/rest/payment/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(answer).toString(),
    });
    const receipt = (await receiptResponse.json()) as {
      paid: boolean;
      outcome: string;
      policyNumber: string | null;
      receiptNumber: string | null;
    };
    if (receiptResponse.status !== 200 || !receipt.paid)
      throw new Error(`receipt: ${receiptResponse.status} ${JSON.stringify(receipt).slice(0, 300)}`);
    result.receiptPolicyNumber = receipt.policyNumber;
    result.receiptNumber = receipt.receiptNumber;
    step('receipt');
    const issued = await callJson(home.baseUrl, 'policy/issueAndReceiptPolicy', pending.policy, session);
    if (issued.status !== 'issued' || !issued.policyNumber)
      throw new Error(`issueAndReceiptPolicy: ${issued.status} ${issued.policyNumber}`);
    result.issuedPolicyNumber = issued.policyNumber;
    step('issueAndReceiptPolicy');
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  result.ms = performance.now() - started;
  return result;
}

/** At most `inFlight` purchases at once, alternating the home instance per purchase. */
async function runPool(count: number, inFlight: number, prefix: string, servers: [TServer, TServer]) {
  const results: TPurchase[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(inFlight, count) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        const home = servers[index % 2]!;
        const other = servers[(index + 1) % 2]!;
        results[index] = await purchase(index, prefix, home, other);
      }
    }),
  );
  const ended = performance.now();
  return { results, seconds: (ended - started) / 1000, ended };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : String(Math.round(value)));

/** What the database holds for the run's sessions; every line must read as expected. */
async function verify(database: TDatabase, prefix: string, results: TPurchase[], expected: number) {
  const like = `${prefix}-%`;
  const { rows } = await database.pool!.query<Record<string, string>>(
    `select
      (select count(*) from policies where session_name like $1) as policies,
      (select count(*) from policies where session_name like $1 and status = 'issued') as issued,
      (select count(distinct policy_number) from policies where session_name like $1 and status = 'issued') as policy_numbers,
      (select count(distinct receipt_number) from policies where session_name like $1 and status = 'issued') as policy_receipt_numbers,
      (select count(*) from payments where session_name like $1) as payments,
      (select count(*) from payments where session_name like $1 and status = 'paid') as paid,
      (select count(distinct receipt_number) from payments where session_name like $1 and status = 'paid') as receipt_numbers,
      (select count(*) from payments p join policies q on q.policy_id = p.policy_id
         where p.session_name like $1 and p.status = 'paid'
           and (q.status <> 'issued' or p.receipt_number is distinct from q.receipt_number)) as paid_not_issued,
      (select count(*) from payments where session_name like $1 and status not in ('paid')) as other_payments,
      (select count(*) from (select policy_id from payments where session_name like $1
         group by policy_id having count(*) > 1) as twice) as policies_paid_twice,
      (select count(*) from (select policy_number from policies where session_name like $1 and policy_number is not null
         group by policy_number having count(*) > 1) as twice) as duplicate_policy_numbers,
      (select count(*) from policy_events e join policies q on q.policy_id = e.policy_id
         where q.session_name like $1 and e.to_status = 'issued') as issue_events,
      (select count(*) from mail_outbox m join policies q on q.policy_id = m.policy_id
         where q.session_name like $1 and m.recipient_role = 'applicant') as applicant_mails,
      (select count(*) from mail_outbox m join policies q on q.policy_id = m.policy_id
         where q.session_name like $1 and m.recipient_role = 'applicant' and m.status = 'sent') as mails_sent,
      (select count(*) from operations_alerts) as alerts`,
    [like],
  );
  const count = Object.fromEntries(Object.entries(rows[0]!).map(([name, value]) => [name, Number(value)]));
  const stored = await database.pool!.query<{ policy_id: string; policy_number: string | null }>(
    'select policy_id, policy_number from policies where session_name like $1',
    [like],
  );
  const numberOf = new Map(stored.rows.map((row) => [row.policy_id, row.policy_number]));
  // What each customer was told must be what the database holds: the receipt's number, the issue's number.
  const disagreements = results.filter(
    (result) =>
      !result.error &&
      (result.receiptPolicyNumber !== result.issuedPolicyNumber ||
        numberOf.get(result.policyId!) !== result.issuedPolicyNumber),
  ).length;
  const lost = results.filter((result) => !result.error && numberOf.get(result.policyId!) == null).length;
  const checks: [string, number, number][] = [
    ['issued policies', count.issued!, expected],
    ['distinct policy numbers', count.policy_numbers!, expected],
    ['distinct receipt numbers (policies)', count.policy_receipt_numbers!, expected],
    ['paid payments', count.paid!, expected],
    ['distinct receipt numbers (payments)', count.receipt_numbers!, expected],
    ['policies not issued (of those made pending)', count.policies! - count.issued!, 0],
    ['payments not paid (declined, refund due, pending…)', count.other_payments!, 0],
    ['payments paid without their issued policy', count.paid_not_issued!, 0],
    ['policies with two payments', count.policies_paid_twice!, 0],
    ['duplicate policy numbers', count.duplicate_policy_numbers!, 0],
    ['"issued" events (one per policy)', count.issue_events!, expected],
    ['applicant mails queued (one per policy)', count.applicant_mails!, expected],
    ['operations alerts (refunds, forged answers…)', count.alerts!, 0],
    ['customers told a number the database does not hold', disagreements, 0],
    ['customers told "issued" whose policy is not issued (losses)', lost, 0],
  ];
  const lines = checks.map(
    ([name, actual, wanted]) => `- ${actual === wanted ? '✓' : '✗'} ${name}: ${actual} (expected ${wanted})`,
  );
  lines.push(
    `- applicant mails already delivered when counted: ${count.mails_sent} of ${count.applicant_mails}`,
  );
  return {
    ok: checks.every(([, actual, wanted]) => actual === wanted),
    lines,
    duplicates: count.duplicate_policy_numbers!,
    /** Purchases not issued as the customer was told: unissued, paid without it, told a number not kept. */
    lost: Math.max(0, expected - count.issued!) + count.paid_not_issued! + disagreements + lost,
  };
}

/**
 * After the measured run: the mail job of both instances drains the outbox; nothing may stay unsent.
 * `startedAt` is the database's clock when the run began: the mail's own `sent_at` (the database's clock
 * too) of the last message gives the time until every purchase had its mail.
 */
async function waitForMail(
  database: TDatabase,
  prefix: string,
  since: number,
  startedAt: string,
  timeoutMs: number,
) {
  for (;;) {
    const { rows } = await database.pool!.query<{ sent: string; total: string; seconds: string | null }>(
      `select count(*) filter (where m.status = 'sent') as sent, count(*) as total,
         extract(epoch from max(m.sent_at) - $2::timestamptz) as seconds
         from mail_outbox m join policies q on q.policy_id = m.policy_id where q.session_name like $1`,
      [`${prefix}-%`, startedAt],
    );
    const [sent, total] = [Number(rows[0]!.sent), Number(rows[0]!.total)];
    const seconds = (performance.now() - since) / 1000;
    if (sent === total || seconds * 1000 > timeoutMs) {
      const ok = sent === total;
      return {
        ok,
        sent,
        total,
        /** From the run's start to the last mail sent, by the database's clock. */
        untilLastMail: Number(rows[0]!.seconds),
        line: `- ${ok ? '✓' : '✗'} policy mails (PDF schedule attached) delivered by the two instances' mail jobs: ${sent} of ${total}, ${seconds.toFixed(1)} s after the last purchase`,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Schedules the server's document threads rendered (its /metrics), summed over the instances. */
async function renderedInThreads(servers: TServer[]): Promise<number> {
  let total = 0;
  for (const server of servers) {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const line = text
      .split('\n')
      .find((entry) => entry.startsWith('lionrock_schedules_rendered_in_threads '));
    total += Number(line?.split(' ')[1] ?? Number.NaN);
  }
  return total;
}

/** The server's mails sent with a schedule, every run of this bench on this database (warm-up too). */
async function policyMailsSent(database: TDatabase): Promise<number> {
  const { rows } = await database.pool!.query<{ sent: string }>(
    `select count(*) as sent from mail_outbox where status = 'sent' and policy_id is not null
       and kind = 'policy-issued'`,
  );
  return Number(rows[0]!.sent);
}

/** The name the server gives its document threads (`document-workers.ts`), as /proc shows it. */
const DOCUMENT_THREAD = 'lionrock-docs';

type TCpuSnapshot = {
  servers: Map<string, number>[];
  serverTotals: number[];
  database: Map<number, number>;
  /** Transactions the run database committed or rolled back (a statement outside one counts as one). */
  transactions: number;
  bench: number;
};

/** CPU time so far of the servers (by thread), the run database's backends and this process. */
async function cpuSnapshot(servers: TServer[], database: TDatabase): Promise<TCpuSnapshot> {
  const { rows } = await database.pool!.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const { rows: counts } = await database.pool!.query<{ transactions: string }>(
    `select xact_commit + xact_rollback as transactions from pg_stat_database
       where datname = current_database()`,
  );
  const usage = process.cpuUsage();
  return {
    transactions: Number(counts[0]!.transactions),
    servers: servers.map((server) => threadCpuMicros(server.child.pid!)),
    serverTotals: servers.map((server) => processCpuMicros(server.child.pid!)),
    database: processesCpuMicros(rows.map((row) => row.pid)),
    bench: usage.user + usage.system,
  };
}

/**
 * Where the machine's CPU went between two snapshots, in ms a purchase: the servers' request threads,
 * their document threads, the rest of the servers (V8's GC and compiler threads, libuv's pool), the
 * run database's PostgreSQL backends (those alive at the end) and the bench's own load generator.
 */
function cpuPerPurchase(before: TCpuSnapshot, after: TCpuSnapshot, purchases: number) {
  const sum = (maps: Map<string, number>[], pick: (name: string) => boolean) =>
    maps.reduce(
      (total, map) => total + [...map].filter(([name]) => pick(name)).reduce((s, [, v]) => s + v, 0),
      0,
    );
  const main =
    sum(after.servers, (name) => name === 'MainThread') -
    sum(before.servers, (name) => name === 'MainThread');
  const documents =
    sum(after.servers, (name) => name === DOCUMENT_THREAD) -
    sum(before.servers, (name) => name === DOCUMENT_THREAD);
  // The process totals include threads that ended; the rest is everything but the two above.
  const total =
    after.serverTotals.reduce((a, b) => a + b, 0) - before.serverTotals.reduce((a, b) => a + b, 0);
  let database = 0;
  for (const [pid, micros] of after.database) database += micros - (before.database.get(pid) ?? 0);
  const perPurchase = (micros: number) => micros / 1000 / purchases;
  return {
    main: perPurchase(main),
    documents: perPurchase(documents),
    otherServer: perPurchase(total - main - documents),
    database: perPurchase(database),
    bench: perPurchase(after.bench - before.bench),
    transactions: (after.transactions - before.transactions) / purchases,
  };
}

/** One line of the goals table: `| goal | measured | target | met |`. */
function goalLine(goal: string, measured: string, target: string, met: boolean): string {
  return `| ${goal} | ${measured} | ${target} | ${met ? 'met' : 'not met'} |`;
}

export async function purchaseBench(): Promise<{ ok: boolean; markdown: string }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl)
    return {
      ok: true,
      markdown:
        '_Full purchases across two instances not measured: set BENCH_DATABASE_URL (two server processes need a shared PostgreSQL)._',
    };
  const name = `lionrock_bench_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let database: TDatabase | undefined;
  try {
    await admin.pool!.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    // The first instance migrates and seeds the new database; the second then starts on it as it is.
    const options = CPU_PROF_DIR
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] }
      : {};
    const first = await startServer('A', { DATABASE_URL: databaseUrl }, options);
    children.push(first.child);
    const second = await startServer('B', { DATABASE_URL: databaseUrl }, options);
    children.push(second.child);
    const servers: [TServer, TServer] = [first, second];
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    // pool.end() resolves before its sockets close; the forced drop below may then terminate one of them,
    // and an idle client's error must not crash the bench.
    database.pool!.on('error', () => {});
    const version = (await database.pool!.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;

    const warmup = WARMUP > 0 ? await runPool(WARMUP, IN_FLIGHT, 'bench-warmup', servers) : undefined;
    // The warm-up's mail goes out before the measured run starts, so the run is timed on its own mail.
    if (warmup) await waitForMail(database, 'bench-warmup', performance.now(), 'now()', 120_000);
    const cpuBefore = await cpuSnapshot(servers, database);
    const startedAt = (await database.pool!.query<{ at: string }>('select clock_timestamp()::text as at'))
      .rows[0]!.at;
    const run = await runPool(PURCHASES, IN_FLIGHT, 'bench-purchase', servers);
    // The gateway's server-to-server copies are fire-and-forget: let the last ones land before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const ok = run.results.filter((result) => !result.error);
    const errors = run.results.filter((result) => result.error);
    const latencies = ok.map((result) => result.ms);
    const lines = [
      `### Full purchases across two instances: PostgreSQL ${version.split(' ')[0]}, 2 server processes, ${PURCHASES} purchases, ${IN_FLIGHT} in flight`,
      '',
      '| purchases | errors | wall s | purchases/s | HTTP calls/s | p50 ms | p90 ms | p99 ms | max ms |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${ok.length} | ${errors.length} | ${run.seconds.toFixed(1)} | ${(ok.length / run.seconds).toFixed(1)} | ${Math.round((ok.length * STEPS.length) / run.seconds)} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 90))} | ${ms(percentile(latencies, 99))} | ${ms(Math.max(...latencies))} |`,
      '',
      '| step (instance) | p50 ms | p99 ms |',
      '|---|---:|---:|',
      ...STEPS.map((step) => {
        const values = ok.map((result) => result.steps[step]!);
        const where = step === 'receipt' ? 'other' : 'home';
        return `| ${step} (${where}) | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} |`;
      }),
      '',
      `Verification in the database (${PURCHASES} measured purchases, sessions \`bench-purchase-*\`):`,
      '',
    ];
    const verified = await verify(database, 'bench-purchase', run.results, PURCHASES);
    lines.push(...verified.lines);
    const mail = await waitForMail(database, 'bench-purchase', run.ended, startedAt, 180_000);
    lines.push(mail.line);
    const cpu = cpuPerPurchase(cpuBefore, await cpuSnapshot(servers, database), PURCHASES);
    const cpuTotal = cpu.main + cpu.documents + cpu.otherServer + cpu.database + cpu.bench;
    const loadAverage = os.loadavg().map((value) => value.toFixed(1));
    const inThreads = await renderedInThreads(servers);
    const mailsWithSchedule = await policyMailsSent(database);
    let warmupOk = true;
    if (warmup) {
      const warmupCheck = await verify(database, 'bench-warmup', warmup.results, WARMUP);
      warmupOk = warmupCheck.ok && warmup.results.every((result) => !result.error);
      lines.push(
        `- ${warmupOk ? '✓' : '✗'} ${WARMUP} warm-up purchases before the measured run (not counted above): ${warmupOk ? 'all issued once' : `failed:\n  ${warmupCheck.lines.filter((line) => line.includes('✗')).join('\n  ')}`}`,
      );
    }
    // The goals of issue 19, one line each: the measured figure, the target, met or not.
    const withMail = mail.ok && mail.untilLastMail > 0 ? PURCHASES / mail.untilLastMail : 0;
    const onEventLoop = Math.max(0, mailsWithSchedule - inThreads);
    const duplicates = verified.duplicates;
    const lost =
      errors.length + verified.lost + Math.max(0, PURCHASES - mail.total) + (mail.total - mail.sent);
    lines.push(
      '',
      `Goals (issue 19): ${PURCHASES} purchases over two instances on PostgreSQL, ${IN_FLIGHT} in flight`,
      '',
      '| goal | measured | target | met? |',
      '|---|---|---|---|',
      goalLine(
        'purchases a second, counted until every purchase’s mail (schedule PDF attached) was sent',
        `${withMail.toFixed(1)}/s (${PURCHASES} in ${mail.untilLastMail.toFixed(1)} s; ${(ok.length / run.seconds).toFixed(1)}/s for the purchase calls alone)`,
        '≥ 40/s',
        withMail >= 40,
      ),
      goalLine(
        'schedule PDFs rendered on a server’s request event loop (purchase latency holds no PDF)',
        `${onEventLoop} (${inThreads} rendered in document threads for ${mailsWithSchedule} mails sent; purchase p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms)`,
        '0',
        onEventLoop === 0,
      ),
      goalLine('duplicate policy numbers (database)', String(duplicates), '0', duplicates === 0),
      goalLine(
        'losses: purchases failed, unissued or mis-told, mails unsent (database)',
        String(lost),
        '0',
        lost === 0,
      ),
    );
    const cpuMs = (value: number) => value.toFixed(1);
    lines.push(
      '',
      `CPU a purchase from the first call to the last mail (ms; /proc, load average ${loadAverage.join(', ')} at the end):`,
      '',
      '| servers’ request threads | document threads (PDF, mail) | rest of the servers (GC, libuv) | PostgreSQL backends | bench (load generator) | total | ceiling on 2 cores | database transactions a purchase |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${cpuMs(cpu.main)} | ${cpuMs(cpu.documents)} | ${cpuMs(cpu.otherServer)} | ${cpuMs(cpu.database)} | ${cpuMs(cpu.bench)} | ${cpuMs(cpuTotal)} | ${(2000 / cpuTotal).toFixed(1)}/s | ${cpu.transactions.toFixed(1)} |`,
    );
    if (errors.length > 0) {
      lines.push('', 'Errors (first 5):', '');
      for (const error of errors.slice(0, 5))
        lines.push(`- purchase ${error.index} (home ${error.home}): ${error.error}`);
    }
    for (const server of servers) {
      const output = server.output().trim();
      if (output)
        lines.push(
          '',
          `Server ${server.name} wrote (last 1,500 characters):`,
          '',
          '```',
          output.slice(-1500),
          '```',
        );
    }
    return { ok: verified.ok && mail.ok && warmupOk && errors.length === 0, markdown: lines.join('\n') };
  } finally {
    await Promise.all(children.map((child) => stopServer(child)));
    process.removeListener('exit', killAll);
    await database?.close();
    await admin.pool!.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}

export async function runPurchaseBench(): Promise<string> {
  return (await purchaseBench()).markdown;
}

if (import.meta.main) {
  const { ok, markdown } = await purchaseBench();
  console.info(markdown);
  if (!ok) process.exitCode = 1;
}
