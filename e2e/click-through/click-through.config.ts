import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts';

/**
 * The click-through of a running `npm start` (a fresh clone, as a new user starts it): the staff and
 * agents' journeys the back office's forms serve, and the customers' (customer-click-through.ts), in
 * Chromium. Not part of `npm test` (it starts no shop); run it with the shop's staff and agent
 * passwords set as below:
 *   ADMIN_USERNAME=ops.click ADMIN_PASSWORD=click-through-operations-pw \
 *     DEMO_AGENT_PASSWORD=click-through-agent-pw npm start
 *   cd e2e && npx playwright test -c click-through/click-through.config.ts   (CLICK_BASE for another address)
 * A TOTP secret is known only within one run: start from an empty .data for each run.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['click-through.ts', 'customer-click-through.ts', 'after-sale-click-through.ts'],
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.CLICK_BASE ?? 'http://localhost:3000',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
