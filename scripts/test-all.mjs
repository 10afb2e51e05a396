// `npm test`: every suite — unit, component and API (Vitest, with coverage), then the browser journeys
// (Playwright on Debian's Chromium) — and one closing line "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isCi, skippedSuites, skippedTestCount, skipWarning } from './test-report.ts';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args, options = {}) =>
  spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    ...options,
    env: { ...process.env, ...options.env },
  }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
const only = process.argv[2]; // "unit" or "e2e" to run one half

let failed = false;
let skippedSuiteCount = 0;
if (only !== 'e2e') {
  const vitestJson = path.join(results, 'vitest.json');
  const code = run(bin('vitest'), [
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  if (fs.existsSync(vitestJson)) {
    const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += skippedTestCount(report);
    // A skipped suite is said loudly, and in CI it fails the run (scripts/test-report.ts).
    const skipped = skippedSuites(report, root);
    skippedSuiteCount = skipped.length;
    const warning = skipWarning(skipped, isCi(process.env));
    if (warning) console.warn(`\n${warning}\n`);
    if (skipped.length > 0 && isCi(process.env)) {
      failed = true;
      totals.failed += skipped.length;
    }
  }
  if (code !== 0) {
    failed = true;
    if (totals.failed === 0) totals.failed += 1; // a failure outside any test (coverage threshold, setup)
  }
  reportDomainCoverage();
}

if (only !== 'unit' && !failed) {
  const built = run('npm', ['run', 'build', '--silent']);
  // The bundle budgets (apps/web/scripts/bundle-budgets.mjs, decisions 015 and 022) count as one check.
  const sized = built === 0 ? run('npm', ['run', 'size', '--silent', '-w', '@lionrock/web']) : 1;
  if (sized === 0) totals.passed += 1;
  if (built !== 0 || sized !== 0) {
    failed = true;
    totals.failed += 1;
  } else {
    const e2eJson = path.join(results, 'e2e.json');
    // The main shops' databases of this run, in one folder removed once their servers have stopped
    // (e2e/playwright.config.ts): a run no longer leaves about 100 MB in the temporary folder.
    const e2eData = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-e2e-'));
    const code = run(bin('playwright'), ['test', '--reporter=list,json'], {
      cwd: path.join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, LIONROCK_E2E_DATA: e2eData },
    });
    fs.rmSync(e2eData, { recursive: true, force: true });
    if (fs.existsSync(e2eJson)) {
      const { stats } = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
      if (stats.skipped > 0) {
        console.warn(
          `\n${isCi(process.env) ? 'ERROR' : 'WARNING'}: ${stats.skipped} browser journey(s) did NOT run (see the list above).\n`,
        );
        if (isCi(process.env)) {
          failed = true;
          totals.failed += stats.skipped;
        }
      }
    }
    if (code !== 0) {
      failed = true;
      if (totals.failed === 0) totals.failed += 1;
    }
  }
}

/** The domain holds every business rule; its own line coverage is printed (README: 100 % of the domain's lines is required). */
function reportDomainCoverage() {
  const summaryPath = path.join(root, 'coverage', 'coverage-summary.json');
  if (!fs.existsSync(summaryPath)) return;
  const summary = JSON.parse(fs.readFileSync(summaryPath, 'utf8'));
  let covered = 0;
  let total = 0;
  for (const [file, entry] of Object.entries(summary)) {
    if (!file.includes(`${path.sep}packages${path.sep}domain${path.sep}`)) continue;
    covered += entry.lines.covered;
    total += entry.lines.total;
  }
  if (total > 0)
    console.info(
      `packages/domain line coverage: ${((100 * covered) / total).toFixed(2)}% (${covered}/${total} lines)`,
    );
}

if (skippedSuiteCount > 0)
  console.warn(
    `\n${isCi(process.env) ? 'ERROR' : 'WARNING'}: ${skippedSuiteCount} test suite(s) skipped, listed above.`,
  );
console.info(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
