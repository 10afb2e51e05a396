import { describe, it } from 'vitest';

/**
 * Suites that need a service outside the process. Each is found only through its variable — never by
 * probing a port — so what runs is what the environment says: `.ci/run` sets the variables when the
 * services answer on 127.0.0.1.
 */
export const SERVICES = {
  postgres: { name: 'PostgreSQL', variable: 'TEST_DATABASE_URL' },
  redis: { name: 'Redis', variable: 'TEST_REDIS_URL' },
} as const;
export type TService = keyof typeof SERVICES;

type TEnv = Record<string, string | undefined>;

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

export function serviceUrl(service: TService, env: TEnv = process.env): string | undefined {
  return env[SERVICES[service].variable]?.trim() || undefined;
}

export type TServiceSuite =
  | { run: 'yes'; url: string }
  | { run: 'skip'; reason: string }
  | { run: 'fail'; reason: string };

/** Whether a suite that needs `service` runs, is skipped (and why), or must fail because it is required. */
export function serviceSuite(service: TService, env: TEnv = process.env): TServiceSuite {
  const url = serviceUrl(service, env);
  if (url) return { run: 'yes', url };
  const { name, variable } = SERVICES[service];
  const reason = `needs ${name}: ${variable} is not set`;
  return requiredServices(env).has(service) ? { run: 'fail', reason } : { run: 'skip', reason };
}

/**
 * `describe` for a suite that needs a service. Without it the suite is skipped with the reason in its
 * title (`npm test` prints each such suite in a WARNING block); where the service is required (CI) it
 * is one failing test instead, so the run cannot pass without it.
 */
export function describeWithService(service: TService, title: string, suite: (url: string) => void): void {
  const decision = serviceSuite(service);
  if (decision.run === 'yes') describe(title, () => suite(decision.url));
  else if (decision.run === 'skip') describe.skip(`${title} [skipped: ${decision.reason}]`, () => suite(''));
  else
    describe(title, () => {
      it(`runs here: ${decision.reason}, and this run requires it`, () => {
        throw new Error(
          `${decision.reason}. This run requires ${SERVICES[service].name} (CI or TEST_REQUIRED_SERVICES).`,
        );
      });
    });
}
