import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectIssued } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { singaporeDateIn } from './support/dates.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPolicyholder,
  payByCard,
  quoteFromLanding,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { startServer, stopServer, type TServerProcess } from './support/server-process.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * A campaign reaches the dashboard (issue 18, decisions 082 and 084): marketing makes a Singapore
 * travel campaign with single-use codes, a customer buys with one of them through the campaign's
 * link, and marketing sees the code used and the sale under "Sales by campaign". The shop is one of
 * its own: its marketing account is made with the admin CLI on its DATA_DIR before it starts.
 */

const CREATE_USER = fileURLToPath(new URL('../apps/server/scripts/admin-create-user.ts', import.meta.url));
const MARKETING = { username: 'mkt.e2e', password: 'e2e-marketing-password' };
const CAMPAIGN = 'DASHE2E';

let shop: TServerProcess;
let dataDir: string;

test.describe('campaign to dashboard', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // An empty DATA_DIR, not a copy of the run's template (decision 146): `admin:create-user` makes the
    // database from nothing here, as on a new install, and the shop then opens what it made.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-dash-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      APP_ENV: 'local',
      LOG_LEVEL: 'error',
    };
    delete env.DATABASE_URL;
    const made = spawnSync(
      process.execPath,
      [CREATE_USER, '--username', MARKETING.username, '--email', 'mkt@x.example', '--role', 'marketing'],
      { env: { ...env, ADMIN_NEW_PASSWORD: MARKETING.password }, encoding: 'utf8', timeout: 90_000 },
    );
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
    shop = await startServer('dash', { DATA_DIR: dataDir }, { keepDataDir: true });
  });
  test.afterAll(async () => {
    if (shop) await stopServer(shop.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('marketing makes single-use codes, a customer buys with one, the dashboard shows the sale by campaign', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await signInToBackOffice(page, { desk: 'admin', ...MARKETING });

    // The campaign, made in the Campaigns screen: 10% off, single-use codes.
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    await page.getByRole('button', { name: 'New campaign' }).click();
    await page.getByLabel('Campaign code').fill(CAMPAIGN);
    await page.getByLabel('Name', { exact: true }).fill('Dashboard e2e');
    await page.getByLabel('First day').fill(singaporeDateIn(0));
    await page.getByLabel('Last day').fill(singaporeDateIn(60));
    await page.getByLabel('Discount', { exact: true }).fill('10');
    await page.getByLabel('Promo code', { exact: true }).selectOption('SINGLE_USE');
    await page.getByLabel('Where the code comes from (English)').fill('Our newsletter');
    await page.getByLabel('Terms and conditions (English)').fill('One code, one policy.');
    await page.getByLabel('Terms and conditions (Chinese)').fill('每個優惠碼限用一次。');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await expect(page.getByRole('heading', { name: `${CAMPAIGN}: Dashboard e2e` })).toBeVisible();
    await page.getByLabel(/How many single-use codes/).fill('5');
    await page.getByRole('button', { name: 'Make codes' }).click();
    await expect(page.getByText('5 codes added.')).toBeVisible();
    await expect(page.getByText('5 available, 0 held for a payment, 0 used.')).toBeVisible();

    // One code, read from the CSV download with marketing's own session.
    const href = await page.getByRole('link', { name: 'Download the codes (CSV)' }).getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    // The header, then one line per code: "CODE","AVAILABLE","".
    const code = (await csv.text()).split('\n')[1]?.split(',')[0]?.replace(/"/g, '') ?? '';
    expect(code).toMatch(/^[A-Z0-9]{10}$/);

    // The customer, in a browser of their own, through the campaign's link with the code.
    const customerContext = await browser.newContext({ baseURL: shop.baseUrl });
    const customer = await customerContext.newPage();
    openAppOnGoto(customer);
    await customer.goto(`/travel/campaign/${CAMPAIGN}/promo/${code}`);
    await quoteFromLanding(customer);
    await expect(customer.getByText(`Promo code ${code} is applied to the prices above.`)).toBeVisible();
    await applyNow(customer);
    await fillPolicyholder(customer);
    await customer.getByRole('button', { name: 'Continue' }).click();
    await confirmAndGoToPayment(customer);
    await payByCard(customer);
    const policyNumber = await expectFinishPage(customer);
    await expectIssued(customer, testInfo, policyNumber, shop.baseUrl);
    await customerContext.close();

    // Marketing: the code is used, and the sale is on the dashboard by campaign.
    await page.getByRole('button', { name: 'Back to campaigns' }).click();
    const row = page.getByRole('row').filter({ hasText: CAMPAIGN });
    await expect(row).toContainText('1 / 5');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const byCampaign = page.getByTestId('chart-by-campaign');
    await expect(byCampaign).toContainText(`${CAMPAIGN} Dashboard e2e: 1 ·`);
    await expect(page.getByTestId('dashboard-sales')).toHaveText('1');
    await byCampaign.getByText('Show the numbers').click();
    await expect(byCampaign.getByRole('row', { name: new RegExp(CAMPAIGN) })).toContainText('1');
    // The funnel starts at the landing (decision 090): the campaign landing the server served and the
    // quote page the customer reached, counted per day, before the quote, the payment and the issue.
    // Each instance writes its visit counts every 5 s (FUNNEL_FLUSH_MS): a journey quicker than that
    // reaches the dashboard before the quote page's count is written, so the dashboard is read again.
    const funnel = page.getByTestId('chart-funnel-PTR');
    await expect
      .poll(
        async () => {
          await page.reload();
          return funnel.textContent();
        },
        { timeout: 20_000 },
      )
      .toMatch(/Quote form: 1 \(\d+%\)/);
    await expect(funnel).toContainText(/Landing: [1-9]\d* \(100%\)/);
    await expect(funnel).toContainText(/Issued: 1 \(/);
    await expect(page.getByTestId('funnel-note')).toContainText('visit counts');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});
