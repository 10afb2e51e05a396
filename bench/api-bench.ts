// The API benchmark (design section 8, decision 005; figures in bench/README.md): the same server with every production plugin on (logger at info,
// helmet, rate limit, compression), measured with autocannon on the embedded database and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildPaPolicy, buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { buildApp } from '@lionrock/server/src/app.ts';
import { loadConfig } from '@lionrock/server/src/config.ts';
import { migrateDatabase, openDatabase } from '@lionrock/server/src/db/database.ts';
import { seedDatabase } from '@lionrock/server/src/db/seed/seed.ts';
import { formatTable, runCase, type TBenchCase, type TBenchResult } from './http-bench.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const today = todayIn('Asia/Singapore', new Date());
const paFamily = buildPaPolicy(today);
paFamily.policyPAN = {
  ...paFamily.policyPAN,
  insuredPersonType: 'family',
  family: { numberOfAdults: 2, noOfChildren: 2 },
  insured: {
    ...paFamily.policyPAN!.insured,
    adult2: {
      lastName: 'ONG KOK WEE',
      idType: 'NRIC',
      hkId: 'S8512345I',
      dateOfBirth: '15/06/1985',
      occupation: '07',
    },
    children: [
      {
        lastName: 'ONG AH BOY',
        idType: 'NRIC',
        hkId: 'T1812345I',
        dateOfBirth: '01/01/2018',
        fullTimeStudent: 'NO',
      },
      {
        lastName: 'ONG AH GIRL',
        idType: 'NRIC',
        hkId: 'T0712345G',
        dateOfBirth: '01/01/2012',
        fullTimeStudent: 'NO',
      },
    ],
  },
};

const CASES: TBenchCase[] = [
  { name: 'hello-world (same plugins)', method: 'GET', path: '/bench/hello' },
  {
    name: 'multirate travel single trip',
    method: 'POST',
    path: '/b2c-server/rest/policy/multirate',
    body: buildTravelPolicy(today),
  },
  {
    name: 'multirate personal accident family',
    method: 'POST',
    path: '/b2c-server/rest/policy/multirate',
    body: paFamily,
  },
  {
    name: 'getCampaign (database read)',
    method: 'POST',
    path: '/b2c-server/rest/campaign/getCampaign',
    body: { country: 'SGP', productType: 'PTR', campaign: { campaignCode: 'YEAREND' }, promo: 'YEAREND25' },
  },
  {
    name: 'getBanners (database read)',
    method: 'GET',
    path: '/b2c-server/rest/system/getBanners?country=SGP&product=PTR',
  },
];

/** A fresh database on the BENCH_DATABASE_URL server, so a run never depends on what another left there. */
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lionrock_bench_api_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  await admin.pool!.query(`create database ${name}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
      await cleanup.pool!.query(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

async function benchOn(driver: 'pglite' | 'postgres'): Promise<TBenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-bench-'));
  const fresh = driver === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL!) : undefined;
  const databaseUrl = fresh?.url;
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  // Logs go to /dev/null as they would to a collector: the cost of writing them is measured.
  const app = await buildApp({ config, database, logStream: fs.createWriteStream('/dev/null') });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const results: TBenchResult[] = [];
  try {
    for (const benchCase of CASES) {
      // Each case must measure a real answer, not a refusal or an error.
      const probe = await fetch(`http://127.0.0.1:${port}${benchCase.path}`, {
        method: benchCase.method,
        headers: { 'content-type': 'application/json', 'session-name': 'bench-session-0001' },
        ...(benchCase.body ? { body: JSON.stringify(benchCase.body) } : {}),
      });
      const answer = (await probe.json()) as { errorMessage?: string };
      if (probe.status !== 200 || answer.errorMessage) {
        throw new Error(`${benchCase.name}: ${probe.status} ${JSON.stringify(answer).slice(0, 300)}`);
      }
      // A short warm-up so JIT and caches settle before the measured run.
      await runCase(`http://127.0.0.1:${port}`, benchCase, { connections: CONNECTIONS, durationSeconds: 2 });
      results.push(
        await runCase(`http://127.0.0.1:${port}`, benchCase, {
          connections: CONNECTIONS,
          durationSeconds: DURATION,
        }),
      );
    }
  } finally {
    await app.close();
    await database.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export async function runApiBench(): Promise<string> {
  const sections: string[] = [];
  const pglite = await benchOn('pglite');
  sections.push(formatTable(`Embedded database (PGlite), ${CONNECTIONS} connections, ${DURATION} s`, pglite));
  if (process.env.BENCH_DATABASE_URL) {
    const postgres = await benchOn('postgres');
    sections.push(formatTable(`PostgreSQL 15, ${CONNECTIONS} connections, ${DURATION} s`, postgres));
  } else {
    sections.push('_PostgreSQL not measured: set BENCH_DATABASE_URL._');
  }
  return sections.join('\n\n');
}
