import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isCi,
  skippedSuites,
  skippedTestCount,
  skipWarning,
  type TVitestReport,
} from '../../../scripts/test-report.ts';
import { findBinary, requiredServices, serviceSuite, servicesSuite } from './helpers/services.ts';

const root = '/repo';

/**
 * The shape Vitest's JSON reporter wrote for a run where the Redis suite and a PostgreSQL suite were
 * skipped (taken from a real run): the skipped suites count as passed suites, numPendingTestSuites
 * stays 0, and only their tests say "skipped".
 */
const report: TVitestReport & Record<string, unknown> = {
  numTotalTestSuites: 4,
  numPassedTestSuites: 4,
  numFailedTestSuites: 0,
  numPendingTestSuites: 0,
  numPassedTests: 1,
  numFailedTests: 0,
  numPendingTests: 3,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/apps/server/test/rate-limit-redis.test.ts',
      assertionResults: [
        {
          ancestorTitles: [
            'rate limits shared through Redis between two instances [skipped: needs Redis: TEST_REDIS_URL is not set]',
          ],
          title: 'counts requests to both instances against one limit',
          status: 'skipped',
        },
      ],
    },
    {
      name: '/repo/apps/server/test/two-instances.test.ts',
      assertionResults: [
        {
          ancestorTitles: [
            'two instances on one PostgreSQL [skipped: needs PostgreSQL: TEST_DATABASE_URL is not set]',
          ],
          title: 'runs each queued job exactly once across both instances',
          status: 'skipped',
        },
        {
          ancestorTitles: [
            'two instances on one PostgreSQL [skipped: needs PostgreSQL: TEST_DATABASE_URL is not set]',
            'inner',
          ],
          title: 'serves the same answers from both instances',
          status: 'skipped',
        },
      ],
    },
    {
      name: '/repo/apps/server/test/other.test.ts',
      assertionResults: [{ ancestorTitles: ['runs'], title: 'passes', status: 'passed' }],
    },
  ],
};

describe('what npm test says about skipped suites', () => {
  it('finds each skipped suite, its file, its test count and the reason in its title', () => {
    expect(skippedSuites(report, root)).toEqual([
      {
        file: 'apps/server/test/rate-limit-redis.test.ts',
        suite: 'rate limits shared through Redis between two instances',
        tests: 1,
        reason: 'needs Redis: TEST_REDIS_URL is not set',
      },
      {
        file: 'apps/server/test/two-instances.test.ts',
        suite: 'two instances on one PostgreSQL',
        tests: 2,
        reason: 'needs PostgreSQL: TEST_DATABASE_URL is not set',
      },
    ]);
    expect(skippedTestCount(report)).toBe(3);
  });

  it('reports a suite skipped in the code without a reason too', () => {
    const plain: TVitestReport = {
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        {
          name: path.join(root, 'a.test.ts'),
          assertionResults: [
            { ancestorTitles: [], title: 'on its own', status: 'pending' },
            { ancestorTitles: ['later'], title: 'one day', status: 'todo' },
          ],
        },
      ],
    };
    expect(skippedSuites(plain, root).map((suite) => [suite.suite, suite.reason])).toEqual([
      ['on its own', 'skipped in the code (no service named)'],
      ['later', 'skipped in the code (no service named)'],
    ]);
    expect(skippedTestCount(plain)).toBe(2);
  });

  it('prints a WARNING block naming every skipped suite, an ERROR in CI, and nothing when none was skipped', () => {
    const suites = skippedSuites(report, root);
    const local = skipWarning(suites, false);
    expect(local).toMatch(/^!{78}\nWARNING: 2 test suites \(3 tests\) did NOT run:/);
    expect(local).toContain(
      '  - apps/server/test/rate-limit-redis.test.ts › rate limits shared through Redis between two instances (1): needs Redis: TEST_REDIS_URL is not set',
    );
    expect(local).toContain(
      'two instances on one PostgreSQL (2): needs PostgreSQL: TEST_DATABASE_URL is not set',
    );
    const ci = skipWarning(suites, true);
    expect(ci).toMatch(/^!{78}\nERROR: 2 test suites/);
    expect(ci).toContain('a skipped suite fails the run');
    expect(skipWarning([], true)).toBe('');
  });

  it('knows a CI run from the CI variable', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({ CI: '0' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});

describe('which service suites run, skip or fail', () => {
  it('runs a suite whose variable is set, and skips it locally when not', () => {
    expect(serviceSuite('redis', { TEST_REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({
      run: 'yes',
      url: 'redis://127.0.0.1:6379',
    });
    expect(serviceSuite('redis', {})).toEqual({
      run: 'skip',
      reason: 'needs Redis: TEST_REDIS_URL is not set',
    });
    // Redis answering on its usual port changes nothing: only the variable counts.
    expect(serviceSuite('postgres', { TEST_DATABASE_URL: '  ' }).run).toBe('skip');
  });

  it('fails a suite whose service is missing where it is required: in CI, or when listed', () => {
    expect(serviceSuite('redis', { CI: 'true' })).toEqual({
      run: 'fail',
      reason: 'needs Redis: TEST_REDIS_URL is not set',
    });
    expect(serviceSuite('postgres', { CI: 'true' }).run).toBe('fail');
    expect(serviceSuite('redis', { CI: 'true', TEST_REQUIRED_SERVICES: 'postgres' }).run).toBe('skip');
    expect(serviceSuite('redis', { TEST_REQUIRED_SERVICES: 'redis, postgres' }).run).toBe('fail');
    expect([...requiredServices({ CI: 'true' })].sort()).toEqual(['pgbouncer', 'postgres', 'redis']);
    expect([...requiredServices({ CI: 'true', TEST_REQUIRED_SERVICES: '' })]).toEqual([]);
    expect([...requiredServices({ CI: 'false' })]).toEqual([]);
  });
});

describe('a suite that needs PgBouncer (decision 094) and PostgreSQL', () => {
  const none = () => undefined;

  it('finds the pgbouncer program by its variable, else on PATH or in the sbin folders', () => {
    expect(serviceSuite('pgbouncer', { TEST_PGBOUNCER: '/opt/pgbouncer/bin/pgbouncer' }, none)).toEqual({
      run: 'yes',
      url: '/opt/pgbouncer/bin/pgbouncer',
    });
    expect(serviceSuite('pgbouncer', {}, () => '/usr/sbin/pgbouncer')).toEqual({
      run: 'yes',
      url: '/usr/sbin/pgbouncer',
    });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-bin-'));
    try {
      const program = path.join(folder, 'lionrock-test-program');
      fs.writeFileSync(program, '#!/bin/sh\n', { mode: 0o755 });
      expect(findBinary('lionrock-test-program', { PATH: folder })).toBe(program);
      fs.chmodSync(program, 0o644);
      expect(findBinary('lionrock-test-program', { PATH: folder })).toBeUndefined();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('skips locally naming what is missing, and fails in CI when pgbouncer is not installed', () => {
    const reason =
      'needs PgBouncer: TEST_PGBOUNCER is not set and no pgbouncer is on PATH or in /usr/local/sbin, /usr/sbin, /sbin';
    expect(serviceSuite('pgbouncer', {}, none)).toEqual({ run: 'skip', reason });
    expect(serviceSuite('pgbouncer', { CI: 'true' }, none)).toEqual({ run: 'fail', reason });
    expect(servicesSuite(['postgres', 'pgbouncer'], {}, none)).toEqual({
      run: 'skip',
      reason: `needs PostgreSQL: TEST_DATABASE_URL is not set; ${reason}`,
    });
    expect(
      servicesSuite(['postgres', 'pgbouncer'], { TEST_DATABASE_URL: 'postgres://db/x', CI: 'true' }, none),
    ).toEqual({
      run: 'fail',
      reason,
    });
    // PgBouncer there but PostgreSQL not, in CI: fails too.
    expect(servicesSuite(['postgres', 'pgbouncer'], { CI: '1' }, () => '/usr/sbin/pgbouncer').run).toBe(
      'fail',
    );
    expect(
      servicesSuite(
        ['postgres', 'pgbouncer'],
        { TEST_DATABASE_URL: 'postgres://db/x' },
        () => '/usr/sbin/pgbouncer',
      ),
    ).toEqual({ run: 'yes', urls: ['postgres://db/x', '/usr/sbin/pgbouncer'] });
  });
});
