// Lighthouse on the landing (/travel) and the quote page (/travel/quote): Lighthouse's default config (mobile
// emulation, simulated "slow 4G" throttling, 4× CPU slowdown) driving Debian's Chromium, each page measured
// BENCH_LIGHTHOUSE_RUNS times (default 3, each in a fresh browser) against a real server process started here on
// a fresh embedded database; the median run by performance score is reported against the goals.
// Run alone: `cd bench && npx node lighthouse-bench.ts` (BENCH_LIGHTHOUSE_RUNS changes the number of runs;
// BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's report there as JSON and HTML; CHROMIUM_PATH picks the browser).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, generateReport, type Result, startFlow } from 'lighthouse';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';
import { startServer, stopServer } from '../e2e/support/server-process.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_BUILD = path.join(ROOT, 'apps/web/scripts/build-if-needed.mjs');

/** The goals of the issue: performance ≥ 95, accessibility 100, LCP ≤ 1.8 s, TBT ≤ 150 ms, CLS ≤ 0.05. */
const GOALS = { performance: 95, accessibility: 100, lcpMs: 1800, tbtMs: 150, cls: 0.05 };

/**
 * Lighthouse's default (mobile) settings, spelled out where they matter: Moto G Power emulation (412 × 823),
 * simulated throttling (150 ms RTT, 1.6 Mbit/s, CPU × 4). Only the two categories the goals name are run.
 * Storage reset stays on: before each measured load Lighthouse clears the HTTP cache and the storage types
 * below, which leave localStorage and sessionStorage alone (the quote page's journey lives in sessionStorage).
 */
const FLAGS: Flags = {
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  onlyCategories: ['performance', 'accessibility'],
  clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  output: 'json',
  logLevel: 'error',
};

function progress(message: string) {
  process.stderr.write(`[lighthouse-bench] ${message}\n`);
}

/** `npm run build`'s script: builds the web app only when its sources changed since the last build. */
function buildWebApp() {
  const result = spawnSync(process.execPath, [WEB_BUILD], {
    cwd: path.dirname(WEB_BUILD),
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0)
    throw new Error(`building the web app failed (exit ${result.status ?? result.signal})`);
}

async function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: findChromium(),
    headless: true, // puppeteer passes --headless=new
    args: CHROMIUM_ARGS,
    defaultViewport: null,
  });
}

/** Console errors and uncaught page errors (a CSP violation included), as the e2e tests watch them. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(oneLine(message.text(), 300));
  });
  page.on('pageerror', (error) => problems.push(oneLine(String(error), 300)));
  return problems;
}

/** The first enabled button whose accessible name (aria-labelledby, aria-label or text) matches, once there. */
async function findButton(page: Page, name: RegExp, timeout: number): Promise<ElementHandle<Element>> {
  try {
    const handle = await page.waitForFunction(
      (source: string) => {
        const pattern = new RegExp(source);
        const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
        const nameOf = (button: HTMLButtonElement) => {
          const ids = button.getAttribute('aria-labelledby');
          if (ids)
            return squash(
              ids
                .split(/\s+/)
                .map((id) => document.getElementById(id)?.textContent ?? '')
                .join(' '),
            );
          return squash(button.getAttribute('aria-label') ?? button.textContent);
        };
        return (
          [...document.querySelectorAll('button')].find(
            (button) => !button.disabled && pattern.test(nameOf(button)),
          ) ?? false
        );
      },
      { timeout, polling: 100 },
      name.source,
    );
    const button = handle.asElement() as ElementHandle<Element> | null;
    if (!button) throw new Error('not an element');
    return button;
  } catch (error) {
    throw new Error(
      `no enabled button named ${name} on ${page.url()} within ${timeout} ms (${String(error)})`,
    );
  }
}

async function clickButton(page: Page, name: RegExp): Promise<void> {
  const button = await findButton(page, name, 20_000);
  await button.click();
  await button.dispose();
}

/**
 * Arrives at /travel/quote the way a customer does: the landing's quote form with its default dates (today and
 * 8 days later) and destination, the traveller picker closed on its default (one traveller), Start quote. The
 * journey (the quoted plans) is then in sessionStorage under `lionrock.travel`.
 */
async function quoteFromLanding(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/travel`, { waitUntil: 'networkidle0' });
  await clickButton(page, /^Travellers /);
  await clickButton(page, /^Done$/);
  await clickButton(page, /^Start quote$/);
  await page.waitForFunction(
    () => {
      const stored = JSON.parse(sessionStorage.getItem('lionrock.travel') ?? 'null') as {
        state?: { plans?: unknown[] };
      } | null;
      return location.pathname === '/travel/quote' && (stored?.state?.plans?.length ?? 0) > 0;
    },
    { timeout: 30_000, polling: 100 },
  );
}

type TPage = {
  label: string;
  path: string;
  /** Runs one measured load of the page in a fresh browser and returns its report. */
  measure(browser: Browser, baseUrl: string): Promise<Result>;
};

const PAGES: TPage[] = [
  {
    label: 'landing',
    path: '/travel',
    async measure(browser, baseUrl) {
      const page = await browser.newPage();
      const problems = watchProblems(page);
      const result = await lighthouse(`${baseUrl}/travel`, FLAGS, undefined, page);
      if (!result) throw new Error('Lighthouse returned no result for /travel');
      // The measured page must be the working landing, not an error page: its quote form is there.
      await findButton(page, /^Start quote$/, 5000);
      if (problems.length > 0) throw new Error(`/travel logged errors:\n${problems.join('\n')}`);
      return result.lhr;
    },
  },
  {
    label: 'quote',
    path: '/travel/quote',
    async measure(browser, baseUrl) {
      const page = await browser.newPage();
      const problems = watchProblems(page);
      await quoteFromLanding(page, baseUrl).catch((error) => {
        throw new Error(
          `${String(error)}${problems.length > 0 ? `\nthe page logged:\n${problems.join('\n')}` : ''}`,
        );
      });
      // A navigation step of a user flow: a full (cold-cache) load of /travel/quote in the same tab, so the
      // journey in sessionStorage is there, as on a reload of the quote page.
      const flow = await startFlow(page, { name: 'Landing form → quote page', flags: FLAGS });
      await flow.navigate(`${baseUrl}/travel/quote`, { name: 'quote page' });
      const lhr = (await flow.createFlowResult()).steps[0]?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result for /travel/quote');
      // Without a journey the app replaces the URL with the landing's: make sure the quote page was measured.
      const where = await page.evaluate(() => ({
        path: location.pathname,
        heading: document.querySelector('h1')?.textContent ?? '',
      }));
      if (
        where.path !== '/travel/quote' ||
        !new URL(lhr.finalDisplayedUrl).pathname.endsWith('/travel/quote')
      )
        throw new Error(
          `the quote page was not measured: ended on ${where.path} (${lhr.finalDisplayedUrl}), heading "${where.heading}"`,
        );
      if (problems.length > 0) throw new Error(`/travel/quote logged errors:\n${problems.join('\n')}`);
      return lhr;
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Reading the reports.

type TAudit = Result['audits'][string];
// biome-ignore lint/suspicious/noExplicitAny: Lighthouse's audit details are a union of many shapes
type TDetails = any;

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

type TFigures = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
};

function figures(lhr: Result): TFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    siMs: numeric(lhr, 'speed-index'),
  };
}

function misses(value: TFigures): string[] {
  const missed: string[] = [];
  if (value.performance < GOALS.performance)
    missed.push(`performance ${value.performance} < ${GOALS.performance}`);
  if (value.accessibility < GOALS.accessibility)
    missed.push(`accessibility ${value.accessibility} < ${GOALS.accessibility}`);
  if (value.lcpMs > GOALS.lcpMs) missed.push(`LCP ${seconds(value.lcpMs)} s > ${seconds(GOALS.lcpMs)} s`);
  if (value.tbtMs > GOALS.tbtMs) missed.push(`TBT ${Math.round(value.tbtMs)} ms > ${GOALS.tbtMs} ms`);
  if (value.cls > GOALS.cls) missed.push(`CLS ${value.cls.toFixed(3)} > ${GOALS.cls}`);
  return missed;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');
/** A URL of the shop without its origin; other URLs as they are. */
const short = (url: string, baseUrl: string) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url);
const oneLine = (text: string, max = 160) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;

function nodeText(node: TDetails): string {
  if (!node) return '';
  const parts = [
    node.selector && code(node.selector),
    node.snippet && code(oneLine(node.snippet, 140)),
  ].filter(Boolean);
  if (node.nodeLabel && !String(node.snippet ?? '').includes(node.nodeLabel))
    parts.push(`("${oneLine(node.nodeLabel, 60)}")`);
  return parts.join(' ');
}

/** The failing accessibility audits with their elements. */
function accessibilityFindings(lhr: Result): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    lines.push(`- ✗ ${code(audit.id)} — ${audit.title} (weight ${ref.weight})`);
    const items: TDetails[] = (audit.details as TDetails)?.items ?? [];
    for (const item of items.slice(0, 6)) lines.push(`  - ${nodeText(item.node)}`);
    if (items.length > 6) lines.push(`  - … and ${items.length - 6} more`);
  }
  return lines;
}

const savings = (audit: TAudit) =>
  Object.entries(audit.metricSavings ?? {})
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(
      ([metric, value]) =>
        `${metric} −${metric === 'CLS' ? Number(value).toFixed(3) : `${Math.round(value!)} ms`}`,
    )
    .join(', ');

const itemsOf = (audit: TAudit | undefined): TDetails[] => (audit?.details as TDetails)?.items ?? [];
const withSavings = (audit: TAudit) => {
  const estimate = savings(audit) ? `est. ${savings(audit)}` : audit.metricSavings && 'no estimated saving';
  const text = [audit.displayValue, estimate].filter(Boolean).join(', ');
  return text ? ` (${text})` : '';
};

/**
 * Where the performance goes, from the median run's report: the LCP element and its phases, the scripts of the
 * load, unused JavaScript, render-blocking requests, main-thread work, layout shifts, then any other insight or
 * diagnostic Lighthouse flags (score below 0.9, or an estimated saving).
 */
function performanceFindings(lhr: Result, baseUrl: string): string[] {
  const lines: string[] = [];
  const at = (url: string) => code(short(url, baseUrl));
  const lcp = lhr.audits['lcp-breakdown-insight']?.details as TDetails;
  if (lcp?.type === 'list') {
    const node = lcp.items.find((item: TDetails) => item.type === 'node');
    const table = lcp.items.find((item: TDetails) => item.type === 'table');
    const phases = (table?.items ?? [])
      .map((phase: TDetails) => `${phase.label ?? phase.subpart} ${Math.round(phase.duration)} ms`)
      .join(', ');
    if (node)
      lines.push(
        `- LCP element (${code('lcp-breakdown-insight')}): ${nodeText(node)}${phases ? `; phases as observed, unthrottled: ${phases}` : ''}`,
      );
  }
  const requests = itemsOf(lhr.audits['network-requests']);
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  if (scripts.length > 0) {
    const sum = (key: string) => scripts.reduce((total, request) => total + (request[key] ?? 0), 0);
    const largest = [...scripts].sort((a, b) => b.transferSize - a.transferSize).slice(0, 4);
    lines.push(
      `- JavaScript loaded: ${scripts.length} files, ${kb(sum('transferSize'))} transferred (${kb(sum('resourceSize'))} uncompressed); largest ${largest
        .map(
          (request) =>
            `${at(request.url)} ${kb(request.transferSize)} (${kb(request.resourceSize)})${request.isLinkPreload ? ' preloaded' : ''}`,
        )
        .join(', ')}`,
    );
  }
  const unused = lhr.audits['unused-javascript'];
  if (unused && itemsOf(unused).length > 0)
    lines.push(
      `- ${code('unused-javascript')}${withSavings(unused)}: ${itemsOf(unused)
        .slice(0, 5)
        .map(
          (item) =>
            `${at(item.url)} ${kb(item.wastedBytes)} of ${kb(item.totalBytes)} unused (${Math.round(item.wastedPercent)} %)`,
        )
        .join('; ')}`,
    );
  const blocking = lhr.audits['render-blocking-insight'];
  if (blocking && itemsOf(blocking).length > 0)
    lines.push(
      `- ${code('render-blocking-insight')}${withSavings(blocking)}: ${itemsOf(blocking)
        .map((item) => `${at(item.url)} ${kb(item.totalBytes)}, ${Math.round(item.wastedMs)} ms`)
        .join('; ')}`,
    );
  const bootup = lhr.audits['bootup-time'];
  if (bootup && itemsOf(bootup).length > 0)
    lines.push(
      `- ${code('bootup-time')}${withSavings(bootup)}: ${itemsOf(bootup)
        .slice(0, 4)
        .map(
          (item) =>
            `${at(item.url)} ${Math.round(item.total)} ms (script evaluation ${Math.round(item.scripting)} ms)`,
        )
        .join('; ')}`,
    );
  const mainThread = lhr.audits['mainthread-work-breakdown'];
  if (mainThread && itemsOf(mainThread).length > 0)
    lines.push(
      `- ${code('mainthread-work-breakdown')}${withSavings(mainThread)}: ${itemsOf(mainThread)
        .slice(0, 4)
        .map((item) => `${item.groupLabel} ${Math.round(item.duration)} ms`)
        .join(', ')}`,
    );
  const longTasks = lhr.audits['long-tasks'];
  if (longTasks && itemsOf(longTasks).length > 0)
    lines.push(
      `- ${code('long-tasks')}${withSavings(longTasks)}, longest: ${[...itemsOf(longTasks)]
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 4)
        .map((item) => `${at(item.url)} ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms`)
        .join('; ')}`,
    );
  const shifts = lhr.audits['layout-shifts'];
  if (shifts && itemsOf(shifts).length > 0)
    lines.push(
      `- ${code('layout-shifts')} / ${code('cls-culprits-insight')}${withSavings(shifts)}:`,
      ...itemsOf(shifts)
        .slice(0, 5)
        .map(
          (item) =>
            `  - ${Number(item.score).toFixed(3)}: ${nodeText(item.node)} (now at ${item.node?.boundingRect?.top ?? '?'} px from the top)${(
              item.subItems?.items ?? []
            )
              .map((sub: TDetails) => `; cause: ${sub.cause ?? sub.extra?.value ?? ''}`)
              .join('')}`,
        ),
    );
  const reflow = lhr.audits['forced-reflow-insight']?.details as TDetails;
  const reflows: TDetails[] = (reflow?.items ?? []).flatMap((table: TDetails) => table.items ?? []);
  if (reflows.length > 0)
    lines.push(
      `- ${code('forced-reflow-insight')}: ${reflows
        .map(
          (item) =>
            `${at(item.source?.url ?? '?')}:${(item.source?.line ?? 0) + 1}:${item.source?.column ?? 0} ${Math.round(item.reflowTime)} ms`,
        )
        .join('; ')}`,
    );
  const tree = lhr.audits['network-dependency-tree-insight'];
  const treeValue = itemsOf(tree).find((item) => item.value?.type === 'network-tree')?.value;
  if (tree && tree.score !== null && tree.score < 0.9 && treeValue) {
    const chain: string[] = [];
    let level = treeValue.chains;
    while (level && Object.keys(level).length > 0) {
      const nodes = Object.values(level) as TDetails[];
      const next = nodes.find((node) => node.isLongest) ?? nodes[0];
      chain.push(
        `${at(next.url)} (${kb(next.transferSize)}, ends at ${Math.round(next.navStartToEndTime)} ms)`,
      );
      level = next.children;
    }
    lines.push(
      `- ${code('network-dependency-tree-insight')}, longest chain (observed): ${chain.join(' → ')}`,
    );
  }
  const shown = new Set([
    'unused-javascript',
    'render-blocking-insight',
    'bootup-time',
    'mainthread-work-breakdown',
    'long-tasks',
    'cls-culprits-insight',
    'forced-reflow-insight',
    'network-dependency-tree-insight',
  ]);
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || shown.has(ref.id) || (ref.group !== 'insights' && ref.group !== 'diagnostics')) continue;
    const failing =
      (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') ||
      Boolean(savings(audit));
    if (failing) lines.push(`- ${code(ref.id)}: ${audit.title}${withSavings(audit)}`);
  }
  const byteWeight = lhr.audits['total-byte-weight'];
  if (byteWeight?.displayValue) lines.push(`- ${code('total-byte-weight')}: ${byteWeight.displayValue}`);
  return lines;
}

type TPageResult = { page: TPage; runs: Result[]; median: Result | undefined; error?: string };

const medianRun = (runs: Result[]) =>
  [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
    Math.floor((runs.length - 1) / 2)
  ];

/** Measures every page RUNS times; a page whose run fails is reported with the error, the others still run. */
async function measureAll(baseUrl: string): Promise<{ results: TPageResult[]; chromium: string }> {
  const results: TPageResult[] = [];
  let chromium = '';
  if (REPORTS_DIR) fs.mkdirSync(REPORTS_DIR, { recursive: true });
  for (const page of PAGES) {
    const runs: Result[] = [];
    try {
      for (let run = 1; run <= RUNS; run++) {
        const browser = await launchChromium();
        try {
          chromium ||= await browser.version();
          const lhr = await page.measure(browser, baseUrl);
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          runs.push(lhr);
          const value = figures(lhr);
          progress(
            `${page.path} run ${run}/${RUNS}: performance ${value.performance}, accessibility ${value.accessibility}, LCP ${seconds(value.lcpMs)} s, TBT ${Math.round(value.tbtMs)} ms, CLS ${value.cls.toFixed(3)}`,
          );
          if (REPORTS_DIR) {
            const file = path.join(REPORTS_DIR, `${page.label}-${run}`);
            fs.writeFileSync(`${file}.json`, JSON.stringify(lhr));
            fs.writeFileSync(`${file}.html`, generateReport(lhr, 'html'));
          }
        } finally {
          await browser.close();
        }
      }
      results.push({ page, runs, median: medianRun(runs) });
    } catch (error) {
      progress(`${page.path} failed: ${String(error)}`);
      results.push({ page, runs, median: undefined, error: String(error) });
    }
  }
  return { results, chromium };
}

export async function lighthouseBench(): Promise<{ ok: boolean; markdown: string }> {
  progress('building the web app if its sources changed…');
  buildWebApp();
  const server = await startServer('lighthouse');
  const killServer = () => server.child.kill('SIGKILL');
  process.once('exit', killServer);
  let measured: Awaited<ReturnType<typeof measureAll>>;
  try {
    progress(`server ready at ${server.baseUrl}`);
    measured = await measureAll(server.baseUrl);
  } finally {
    await stopServer(server.child);
    process.removeListener('exit', killServer);
  }
  const { results, chromium } = measured;
  const lhrs = results.flatMap((result) => result.runs);
  const settings = lhrs[0]?.configSettings;
  const benchmarkIndexes = lhrs.map((lhr) => lhr.environment.benchmarkIndex);
  const lines = [
    `### Lighthouse ${lhrs[0]?.lighthouseVersion ?? ''}, mobile preset, median of ${RUNS}`,
    '',
    `${chromium} (${findChromium()}, headless)${settings ? `; ${settings.formFactor} emulation ${settings.screenEmulation.width} × ${settings.screenEmulation.height} at ${settings.screenEmulation.deviceScaleFactor}×, simulated throttling (RTT ${settings.throttling.rttMs} ms, ${Math.round(settings.throttling.throughputKbps)} kbit/s, CPU × ${settings.throttling.cpuSlowdownMultiplier}); Lighthouse's CPU benchmark index ${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)}` : ''}; ${os.cpus().length} cores, load average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}.`,
    '',
    '| page | performance (runs) | performance | accessibility | LCP s | TBT ms | CLS | FCP s | SI s |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { page, runs, median, error } of results) {
    if (!median || error) {
      lines.push(`| ${page.label} \`${page.path}\` | not measured (see below) | | | | | | | |`);
      continue;
    }
    const value = figures(median);
    lines.push(
      `| ${page.label} \`${page.path}\` | ${runs.map((lhr) => score(lhr, 'performance')).join(' / ')} | ${value.performance} ${mark(value.performance >= GOALS.performance)} | ${value.accessibility} ${mark(value.accessibility >= GOALS.accessibility)} | ${seconds(value.lcpMs)} ${mark(value.lcpMs <= GOALS.lcpMs)} | ${Math.round(value.tbtMs)} ${mark(value.tbtMs <= GOALS.tbtMs)} | ${value.cls.toFixed(3)} ${mark(value.cls <= GOALS.cls)} | ${seconds(value.fcpMs)} | ${seconds(value.siMs)} |`,
    );
  }
  lines.push(
    '',
    `Goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, LCP ≤ ${seconds(GOALS.lcpMs)} s, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls} (FCP and Speed Index have no goal).`,
  );
  for (const { page, median, error } of results) {
    if (!median || error) {
      lines.push(
        '',
        `#### ${page.label} \`${page.path}\`: not measured`,
        '',
        '```',
        error ?? 'no run',
        '```',
      );
      continue;
    }
    const missed = misses(figures(median));
    lines.push(
      '',
      `#### ${page.label} \`${page.path}\` (median run): ${missed.length === 0 ? 'every goal met' : `missed — ${missed.join('; ')}`}`,
    );
    if (missed.length === 0) continue;
    const a11y = accessibilityFindings(median);
    if (a11y.length > 0) lines.push('', 'Accessibility audits failing:', '', ...a11y);
    if (missed.some((miss) => !miss.startsWith('accessibility')))
      lines.push('', 'Performance audits flagged:', '', ...performanceFindings(median, server.baseUrl));
    const warnings = median.runWarnings.map((warning) => oneLine(String(warning), 200));
    if (warnings.length > 0)
      lines.push('', 'Run warnings:', '', ...warnings.map((warning) => `- ${warning}`));
  }
  // Missed goals are findings, not failures; a page that could not be measured is.
  return { ok: results.every((result) => !result.error), markdown: lines.join('\n') };
}

export async function runLighthouseBench(): Promise<string> {
  return (await lighthouseBench()).markdown;
}

if (import.meta.main) {
  const { ok, markdown } = await lighthouseBench();
  console.info(markdown);
  if (!ok) process.exitCode = 1;
}
