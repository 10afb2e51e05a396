import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRAVEL_BENEFITS } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { TRAVEL_RATE_TABLES } from '@lionrock/domain/rating/bundled-rate-tables';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { singaporeDateIn } from './support/dates.ts';
import { EN, planCard } from './support/journey.ts';
import { startServer, stopServer, type TServerProcess } from './support/server-process.ts';
import { newDataDir } from './support/template.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * Underwriting in the back office (issue 18, decision 085): an underwriter uploads a Singapore travel
 * rate table effective 20 days ahead with the 6–10 day Asia Pacific Standard price raised from S$36 to
 * S$500, sees the difference on the sample policies, activates it; a customer's 7-day trip departing
 * after that day is priced by it, one departing before is not. The shop is one of its own, with an
 * underwriting account made by the CLI on its DATA_DIR.
 */
const USERNAME = 'uw.e2e';
const PASSWORD = 'e2e-underwriting-password';
const READ_ONLY = 'audit.e2e';
const READ_ONLY_PASSWORD = 'e2e-read-only-password';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const CREATE_USER = fileURLToPath(new URL('../apps/server/scripts/admin-create-user.ts', import.meta.url));

let shop: TServerProcess;
let dataDir: string;

/** A one-traveller 7-day trip from the landing, departing `days` from today; the Standard card's text. */
async function standardPriceDeparting(page: Page, days: number): Promise<string> {
  await page.goto('/travel');
  const form = page.getByRole('region', { name: EN.formTitle });
  await expect(form).toBeVisible();
  await form.getByLabel(EN.departure).fill(singaporeDateIn(days));
  await form.getByLabel(EN.return).fill(singaporeDateIn(days + 6));
  await form.getByRole('button', { name: EN.travellersToggle }).click();
  await form.getByRole('button', { name: EN.done }).click();
  await form.getByRole('button', { name: EN.startQuote }).click();
  await expect(page).toHaveURL(/\/travel\/quote$/);
  const card = planCard(page, 'Standard');
  await expect(card).toContainText(/S\$\d+\.\d{2}/);
  return (await card.textContent()) ?? '';
}

/**
 * Signed in as the underwriter: a table version uploaded as a draft from its JSON file on the Rate
 * tables screen; answers the page and the draft's diff region.
 */
async function uploadDraft(
  browser: Browser,
  draft: { slot: string; version: string; effective: string; data: object },
): Promise<{ context: BrowserContext; page: Page; diff: Locator }> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInToBackOffice(page, { desk: 'admin', username: USERNAME, password: PASSWORD });
  await page.getByRole('link', { name: 'Rate tables' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rate tables' })).toBeVisible();
  await page.getByLabel('Table', { exact: true }).selectOption(draft.slot);
  await page.getByLabel('Version label').fill(draft.version);
  await page.getByLabel('Effective date').fill(draft.effective);
  await page.getByLabel('JSON file').setInputFiles({
    name: 'table.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(draft.data)),
  });
  await expect(page.getByLabel('Table (JSON)')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Upload as draft' }).click();
  const escaped = draft.version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    context,
    page,
    diff: page.getByRole('region', { name: new RegExp(`Version ${escaped} against`) }),
  };
}

/** The draft in `diff` activated, and said to be active. */
async function activate(diff: Locator): Promise<void> {
  await diff.getByRole('button', { name: 'Activate…' }).click();
  await diff.getByRole('button', { name: 'Yes, activate' }).click();
  await expect(diff.getByRole('status').filter({ hasText: 'is active' })).toBeVisible();
}

test.describe('back-office underwriting', () => {
  test.beforeAll(async () => {
    // Each account made builds the app once, then the shop starts: minutes on a loaded machine.
    test.setTimeout(180_000);
    dataDir = newDataDir('lionrock-uw-');
    for (const [username, role, password] of [
      [USERNAME, 'underwriting', PASSWORD],
      [READ_ONLY, 'read_only', READ_ONLY_PASSWORD],
    ] as const)
      execFileSync(
        process.execPath,
        [CREATE_USER, '--username', username, '--email', `${username}@x.example`, '--role', role],
        {
          env: { ...process.env, DATA_DIR: dataDir, ADMIN_NEW_PASSWORD: password, LOG_LEVEL: 'warn' },
          stdio: 'pipe',
        },
      );
    shop = await startServer('uw', { DATA_DIR: dataDir }, { keepDataDir: true });
  });
  test.afterAll(async () => {
    if (shop) await stopServer(shop.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('upload a rate-table version and see new quotes priced by it from its effective date', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const table = structuredClone(TRAVEL_RATE_TABLES.SGP);
    table.single.areas['6'].STANDARD[1] = 50_000;
    const { context, page, diff } = await uploadDraft(browser, {
      slot: 'PTR/SGP/rates',
      version: '2027.1-e2e',
      effective: singaporeDateIn(20),
      data: table,
    });

    // The diff: the 7-day Asia Pacific Standard price, S$36.00 in force against S$500.00.
    const week = diff
      .getByRole('row')
      .filter({ hasText: 'SGP single trip, 7 days, Asia Pacific' })
      .filter({ hasText: 'STANDARD' });
    await expect(week).toContainText('36.00');
    await expect(week).toContainText('500.00');
    await expect(week).toContainText('+464.00');

    await expectNoSeriousAxeViolations(page);

    // A draft prices nothing yet.
    const customer = await context.newPage();
    // Each landing is filled once the app is ready, as the page fixture does (support/test.ts).
    openAppOnGoto(customer);
    expect(await standardPriceDeparting(customer, 22)).not.toMatch(/S\$(500\.00|425\.00)/);

    await activate(diff);

    // After the effective date: the new price (list S$500, or S$425 with the direct campaign's 15 %).
    await expect
      .poll(() => standardPriceDeparting(customer, 22), { timeout: 15_000 })
      .toMatch(/S\$(500\.00|425\.00)/);
    // Before it: the old one.
    expect(await standardPriceDeparting(customer, 14)).toMatch(/S\$(36\.00|30\.60)/);
    await context.close();
  });

  test('activate a benefit schedule and see quotes compare its limits from its effective date (decision 099)', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    // Singapore's Standard medical limit, S$500,000 in force, becomes S$543,210 in 20 days.
    const schedule = structuredClone(TRAVEL_BENEFITS);
    schedule.groups[0]!.rows.find((row) => row.key === 'medical')!.values.SGP.STANDARD = 54_321_000;
    const { context, diff } = await uploadDraft(browser, {
      slot: 'PTR/ALL/benefits',
      version: '2027.1-e2e-benefits',
      effective: singaporeDateIn(20),
      data: schedule,
    });
    await activate(diff);

    // A trip departing after the effective date compares the new limit, on the card and in the table.
    const customer = await context.newPage();
    // Each landing is filled once the app is ready, as the page fixture does (support/test.ts).
    openAppOnGoto(customer);
    await expect
      .poll(
        async () => {
          await standardPriceDeparting(customer, 22);
          return planCard(customer, 'Standard').locator('[data-cover="medical"]').textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('S$543,210.00');
    const compare = customer.getByRole('region', { name: 'Compare the plans' });
    await compare.getByRole('button', { name: 'Personal covers' }).click();
    await expect(
      compare.getByRole('row', { name: /Medical and additional expenses \(per adult\)/ }),
    ).toContainText('S$543,210.00');
    // One departing before it, the limit in force then.
    await standardPriceDeparting(customer, 14);
    await expect(planCard(customer, 'Standard').locator('[data-cover="medical"]')).toContainText(
      'S$500,000.00',
    );
    await context.close();
  });

  test('a read-only account sees the blacklist, rate tables and system settings with no control to change them', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const nav = page.getByRole('navigation');

    // The underwriter has the blacklist's controls (the seed's entries), so their absence below is the role's.
    await signInToBackOffice(page, { desk: 'admin', username: USERNAME, password: PASSWORD });
    await nav.getByRole('link', { name: 'Blacklist' }).click();
    await expect(page.getByRole('button', { name: 'Remove…' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to blacklist' })).toBeVisible();

    await signInToBackOffice(page, { desk: 'admin', username: READ_ONLY, password: READ_ONLY_PASSWORD });
    await nav.getByRole('link', { name: 'Blacklist' }).click();
    const entries = page.getByRole('region', { name: 'Blacklist entries' });
    await expect(entries.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add an ID number' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    if (SCREENSHOTS)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'read-only-blacklist-1280.png'), fullPage: true });

    await nav.getByRole('link', { name: 'Rate tables' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Versions' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'In force' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upload a new version' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Upload|Activate/ })).toHaveCount(0);

    await nav.getByRole('link', { name: 'System settings' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Flags per market' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Singapore' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Banners' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'New notice' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    if (SCREENSHOTS)
      await page.screenshot({ path: path.join(SCREENSHOTS, 'read-only-system-1280.png'), fullPage: true });
    await context.close();
  });
});
