// Where one API case's time goes (issue 19, decision 092): the server as the API bench starts it, under
// `node --cpu-prof`, one case under autocannon, then the functions that took the most of the server's main
// thread during the measured run (self time), and the profile left for Chrome's DevTools.
// `cd bench && npx node profile-api.ts multirate [dir]` (cases: healthz, multirate, getBanners,
// getCampaign; BENCH_DATABASE_URL for PostgreSQL — the database at that URL is used as it is, migrated
// and seeded by the server; BENCH_SECONDS, default 8).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../e2e/support/server-process.ts';
import { BROWSER_HEADERS, CASES } from './api-bench.ts';
import { runCase } from './http-bench.ts';

const key = process.argv[2] ?? 'multirate';
const dir = path.resolve(process.argv[3] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-profile-')));
fs.mkdirSync(dir, { recursive: true });
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const benchCase = CASES.find((candidate) => candidate.key === key);
if (!benchCase) throw new Error(`no case ${key}: ${CASES.map((candidate) => candidate.key).join(', ')}`);

const server = await startServer(
  'profile',
  {
    LOG_LEVEL: 'info',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
  { logFile: path.join(dir, 'server.log'), nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
);
let result: Awaited<ReturnType<typeof runCase>>;
try {
  await runCase(server.baseUrl, benchCase, { connections: 50, durationSeconds: 3, headers: BROWSER_HEADERS });
  result = await runCase(server.baseUrl, benchCase, {
    connections: 50,
    durationSeconds: seconds,
    headers: BROWSER_HEADERS,
  });
} finally {
  await stopServer(server.child);
}

type TNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: TNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<string, number>();
let at = profile.startTime;
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  // Only the measured run (the server stops a moment after it): not the start, not the warm-up.
  if (profile.endTime - at > seconds * 1e6) return;
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`;
  self.set(name, (self.get(name) ?? 0) + delta);
  total += delta;
});
console.info(
  `${benchCase.name}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms; main thread ${(total / 1e6).toFixed(1)} s over ${result.requests} requests = ${Math.round(total / result.requests)} µs a request`,
);
for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.info(
    `${((100 * time) / total).toFixed(1).padStart(5)} %  ${Math.round(time / result.requests)
      .toString()
      .padStart(4)} µs  ${name}`,
  );
console.info(`profile: ${path.join(dir, file)}`);
