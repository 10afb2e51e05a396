// What `npm test` says about suites that did not run (scripts/test-all.mjs). Vitest's JSON report counts
// a skipped suite as a passed one (numPassedTestSuites; numPendingTestSuites stays 0) and only its tests
// as pending (numPendingTests, status "skipped" or "pending" in assertionResults), so the skipped suites
// are found from the tests, grouped by file and top-level suite. A suite that needs a service names the
// reason in its title as "[skipped: …]" (apps/server/test/helpers/services.ts).
import path from 'node:path';

export type TVitestReport = {
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string }[];
  }[];
};

export type TSkippedSuite = { file: string; suite: string; tests: number; reason: string };

const SKIPPED = new Set(['skipped', 'pending', 'todo', 'disabled']);
const REASON = /\s*\[skipped: ([^\]]+)\]\s*$/;

/** Each top-level suite (or file, for tests outside any suite) with skipped tests, and why. */
export function skippedSuites(report: TVitestReport, root: string): TSkippedSuite[] {
  const suites = new Map<string, TSkippedSuite>();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (!SKIPPED.has(test.status)) continue;
      const title = test.ancestorTitles[0] ?? test.title;
      const relative = path.relative(root, file.name).split(path.sep).join('/');
      const key = `${relative}\u0000${title}`;
      const found = suites.get(key);
      if (found) found.tests += 1;
      else
        suites.set(key, {
          file: relative,
          suite: title.replace(REASON, ''),
          tests: 1,
          reason: REASON.exec(title)?.[1] ?? 'skipped in the code (no service named)',
        });
    }
  }
  return [...suites.values()];
}

/** The tests the closing line counts as skipped. */
export function skippedTestCount(report: TVitestReport): number {
  return report.numPendingTests + report.numTodoTests;
}

/** True where the environment says this is a CI run (CI=true, CI=1 …; not CI=false or CI=0). */
export function isCi(env: Record<string, string | undefined>): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
}

/**
 * The block printed when suites were skipped; empty when none were. In CI a skipped suite fails the
 * run (CI has PostgreSQL, Redis and PgBouncer: .ci/run sets TEST_DATABASE_URL and TEST_REDIS_URL and
 * installs pgbouncer).
 */
export function skipWarning(suites: TSkippedSuite[], ci: boolean): string {
  if (suites.length === 0) return '';
  const tests = suites.reduce((sum, suite) => sum + suite.tests, 0);
  const bar = '!'.repeat(78);
  const lines = [
    bar,
    `${ci ? 'ERROR' : 'WARNING'}: ${suites.length} test suite${suites.length === 1 ? '' : 's'} (${tests} test${tests === 1 ? '' : 's'}) did NOT run:`,
    ...suites.map((suite) => `  - ${suite.file} › ${suite.suite} (${suite.tests}): ${suite.reason}`),
    ci
      ? 'CI runs every suite: a skipped suite fails the run. Start or install the service and set its variable.'
      : 'Set the variables named above to run them (.ci/run sets them when the services answer).',
    bar,
  ];
  return lines.join('\n');
}
