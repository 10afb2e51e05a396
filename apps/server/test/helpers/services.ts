import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';

/**
 * Suites that need a service outside the process. A server is found only through its variable — never
 * by probing a port — so what runs is what the environment says: `.ci/run` sets the variables when the
 * services answer on 127.0.0.1. A program the suite starts itself (PgBouncer) is its variable, else the
 * installed binary: on PATH, or in the sbin folders where Debian puts it.
 */
export const SERVICES = {
  postgres: { name: 'PostgreSQL', variable: 'TEST_DATABASE_URL', binary: undefined },
  redis: { name: 'Redis', variable: 'TEST_REDIS_URL', binary: undefined },
  pgbouncer: { name: 'PgBouncer', variable: 'TEST_PGBOUNCER', binary: 'pgbouncer' },
} as const;
export type TService = keyof typeof SERVICES;

type TEnv = Record<string, string | undefined>;

const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The first executable `name` on PATH or in the sbin folders, if any. */
export function findBinary(name: string, env: TEnv = process.env): string | undefined {
  const folders = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SBIN];
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

/**
 * The services whose suites must run: TEST_REQUIRED_SERVICES (a comma list, empty for none) when set,
 * else every service in CI (CI set and not "false"/"0"), else none.
 */
export function requiredServices(env: TEnv = process.env): Set<TService> {
  const listed = env.TEST_REQUIRED_SERVICES;
  if (listed !== undefined)
    return new Set(
      listed
        .split(',')
        .map((name) => name.trim())
        .filter((name): name is TService => name in SERVICES),
    );
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== 'false' && ci !== '0' ? new Set(Object.keys(SERVICES) as TService[]) : new Set();
}

/** The service's URL (a server) or program path (a binary); undefined when it is not there. */
export function serviceUrl(
  service: TService,
  env: TEnv = process.env,
  lookup: (name: string, env: TEnv) => string | undefined = findBinary,
): string | undefined {
  const { variable, binary } = SERVICES[service];
  const given = env[variable]?.trim() || undefined;
  if (given || !binary) return given;
  return lookup(binary, env);
}

export type TServiceSuite =
  | { run: 'yes'; url: string }
  | { run: 'skip'; reason: string }
  | { run: 'fail'; reason: string };

function missingReason(service: TService): string {
  const { name, variable, binary } = SERVICES[service];
  return binary
    ? `needs ${name}: ${variable} is not set and no ${binary} is on PATH or in ${SBIN.join(', ')}`
    : `needs ${name}: ${variable} is not set`;
}

/** Whether a suite that needs `service` runs, is skipped (and why), or must fail because it is required. */
export function serviceSuite(
  service: TService,
  env: TEnv = process.env,
  lookup: (name: string, env: TEnv) => string | undefined = findBinary,
): TServiceSuite {
  const url = serviceUrl(service, env, lookup);
  if (url) return { run: 'yes', url };
  const reason = missingReason(service);
  return requiredServices(env).has(service) ? { run: 'fail', reason } : { run: 'skip', reason };
}

/**
 * Whether a suite that needs every one of `services` runs (with each one's URL or path), is skipped
 * (naming each missing one) or fails: it fails when any missing one is required.
 */
export function servicesSuite(
  services: TService[],
  env: TEnv = process.env,
  lookup: (name: string, env: TEnv) => string | undefined = findBinary,
): { run: 'yes'; urls: string[] } | { run: 'skip' | 'fail'; reason: string } {
  const decisions = services.map((service) => serviceSuite(service, env, lookup));
  const missing = decisions.filter((decision) => decision.run !== 'yes');
  if (missing.length === 0)
    return { run: 'yes', urls: decisions.map((decision) => (decision as { url: string }).url) };
  const reason = missing.map((decision) => (decision as { reason: string }).reason).join('; ');
  return { run: missing.some((decision) => decision.run === 'fail') ? 'fail' : 'skip', reason };
}

/**
 * `describe` for a suite that needs a service. Without it the suite is skipped with the reason in its
 * title (`npm test` prints each such suite in a WARNING block); where the service is required (CI) it
 * is one failing test instead, so the run cannot pass without it.
 */
export function describeWithService(service: TService, title: string, suite: (url: string) => void): void {
  describeWithServices([service], title, (urls) => suite(urls[0]!));
}

/** `describeWithService` for a suite that needs several services; `suite` gets their URLs in order. */
export function describeWithServices(
  services: TService[],
  title: string,
  suite: (urls: string[]) => void,
): void {
  const decision = servicesSuite(services);
  if (decision.run === 'yes') describe(title, () => suite(decision.urls));
  else if (decision.run === 'skip')
    describe.skip(`${title} [skipped: ${decision.reason}]`, () => suite(services.map(() => '')));
  else
    describe(title, () => {
      it(`runs here: ${decision.reason}, and this run requires it`, () => {
        const names = services.map((service) => SERVICES[service].name).join(' and ');
        throw new Error(`${decision.reason}. This run requires ${names} (CI or TEST_REQUIRED_SERVICES).`);
      });
    });
}
