import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumVersion, findChromium } from './chromium.ts';
import { DEMO_AGENT_PASSWORD, STAFF_PASSWORD, STAFF_USERNAME } from './support/back-office.ts';
import { mainPort, SURVEY_PORT, SURVEY_SCRIPT_URL, WORKER_PORT, WORKERS } from './support/servers.ts';
import { fromTemplate, makeTemplate, TEMPLATE_ENV } from './support/template.ts';

const executablePath = findChromium();

// The main shops' databases, one folder per run: `npm test` names it and removes it after the run
// (scripts/test-all.mjs); a run of its own names one here. The worker processes, which read this
// config again, inherit the name rather than making folders of their own.
process.env.LIONROCK_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-e2e-'));
const RUN_DATA = process.env.LIONROCK_E2E_DATA;
const shopDataDir = (index: number) => path.join(RUN_DATA, `shop-${index}`);
const SURVEY_DATA = path.join(RUN_DATA, 'survey');

// One migrated and seeded database per run, made here, before the shops start (a globalSetup runs
// after webServer): each shop below, and each shop a spec starts, starts on a copy (decision 146).
// The workers, which read this config again, inherit its name and make nothing.
if (!process.env[TEMPLATE_ENV]) {
  const template = path.join(RUN_DATA, 'template');
  makeTemplate(template);
  process.env[TEMPLATE_ENV] = template;
  for (let index = 0; index < WORKERS; index += 1) fromTemplate(shopDataDir(index));
  fromTemplate(SURVEY_DATA);
}

const playwrightVersion = JSON.parse(
  fs.readFileSync(new URL('../node_modules/@playwright/test/package.json', import.meta.url), 'utf8'),
).version as string;
console.info(`Playwright ${playwrightVersion}; ${chromiumVersion(executablePath)} at ${executablePath}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Files are shared out between the workers; a file's tests run in order in one worker, against that
  // worker's own main shop (WORKER_PORT: this config is read again in each worker process).
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${WORKER_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } }, grep: /@phone/ },
  ],
  webServer: [
    // Every run starts each main shop on a fresh copy of the run's migrated and seeded database; the
    // server still runs its migrations and seed, which find nothing to do (decision 146).
    ...Array.from({ length: WORKERS }, (_, index) => ({
      command: `node ../apps/server/src/server.ts`,
      url: `http://localhost:${mainPort(index)}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(mainPort(index)),
        DATA_DIR: shopDataDir(index),
        LOG_LEVEL: 'warn',
        APP_ENV: 'local',
        ADMIN_USERNAME: STAFF_USERNAME,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        DEMO_AGENT_PASSWORD,
      },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: `node ../apps/server/src/server.ts`,
      url: `http://localhost:${SURVEY_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(SURVEY_PORT),
        PUBLIC_URL: `http://localhost:${SURVEY_PORT}`,
        DATA_DIR: SURVEY_DATA,
        LOG_LEVEL: 'warn',
        APP_ENV: 'local',
        SURVEY_SCRIPT_URL,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
