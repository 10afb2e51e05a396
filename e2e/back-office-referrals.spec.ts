import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { tick } from './support/journey.ts';
import { readOutbox } from './support/outbox.ts';
import { startServer, stopServer, type TServerProcess } from './support/server-process.ts';
import { newDataDir } from './support/template.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * Underwriting referrals (issue 18, decision 089): a customer whose occupation is declined (class 04)
 * asks the underwriters; an underwriter accepts at class 02; the customer opens the mailed link on
 * another browser, sees a price and goes on to the applicant page. The shop is one of its own, with an
 * underwriting account made by the CLI on its DATA_DIR, so its outbox can be read.
 */
const USERNAME = 'uw.referrals';
const PASSWORD = 'e2e-referrals-password';
const EMAIL = 'ah.kow.tan@example.com';
const CREATE_USER = fileURLToPath(new URL('../apps/server/scripts/admin-create-user.ts', import.meta.url));
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

let shop: TServerProcess;
let dataDir: string;

async function openShop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  openAppOnGoto(page);
  return page;
}

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('underwriting referrals', () => {
  test.beforeAll(async () => {
    // The CLI and a fresh shop's first start (migrations, seed) on a busy machine.
    test.setTimeout(180_000);
    dataDir = newDataDir('lionrock-referrals-');
    execFileSync(
      process.execPath,
      [CREATE_USER, '--username', USERNAME, '--email', 'uw@x.example', '--role', 'underwriting'],
      {
        env: { ...process.env, DATA_DIR: dataDir, ADMIN_NEW_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
        stdio: 'pipe',
      },
    );
    shop = await startServer('referrals', { DATA_DIR: dataDir }, { keepDataDir: true });
  });
  test.afterAll(async () => {
    if (shop) await stopServer(shop.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a declined occupation is referred, accepted at class 02, and priced from the mailed link', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // The customer: a demolition worker (class 04) is declined and asks the underwriters.
    const customer = await openShop(browser);
    await customer.goto('/pa');
    const picker = customer.getByRole('group', { name: 'Your occupation' });
    await picker.getByRole('searchbox').fill('demolition');
    await picker.getByRole('radio', { name: /demolition/i }).check();
    // The not-covered popup offers the underwriters at once.
    await customer
      .getByRole('dialog', { name: 'Your occupation is not covered in the Policy' })
      .getByRole('button', { name: 'Ask our underwriters' })
      .click();
    await expect(customer).toHaveURL(/\/pa\/occupation$/);
    await customer.getByRole('radio', { name: 'Singapore citizen' }).check();
    await tick(customer.getByRole('checkbox', { name: /Risk Statements are true/ }));
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.getByRole('button', { name: 'Ask our underwriters' }).click();
    await expect(customer).toHaveURL(/\/pa\/refer\?reason=OCCUPATION_DECLINED$/);
    await expect(customer.getByRole('heading', { level: 1, name: 'Ask our underwriters' })).toBeVisible();
    await expect(customer.getByText('Offshore or demolition worker')).toBeVisible();
    // The form's own rules first: the consent is needed.
    await customer.getByRole('button', { name: 'Send to our underwriters' }).click();
    await expect(
      customer.getByText('Please tick the box so that our underwriters may contact you.'),
    ).toBeVisible();
    await customer.getByLabel('Full name (as in your ID)').fill('Tan Ah Kow');
    await customer.getByLabel('ID number').fill('S8512345I');
    await customer.getByLabel('Mobile number').fill('91234567');
    await customer.getByLabel('E-mail address').fill(EMAIL);
    await customer.getByRole('checkbox', { name: /You may contact me/ }).check();
    await expectNoSeriousAxeViolations(customer);
    await shot(customer, 'referral-form');
    await customer.getByRole('button', { name: 'Send to our underwriters' }).click();
    await expect(
      customer.getByRole('heading', { level: 1, name: 'Thank you: we have your request' }),
    ).toBeVisible();
    const status = (await customer.getByText(/Your reference is R-/).textContent()) ?? '';
    const reference = /R-[0-9A-F]{8}/.exec(status)![0];
    await expectNoSeriousAxeViolations(customer);

    // The underwriter: the queue, the referral (ID masked, revealed), accepted at class 02.
    const staff = await openShop(browser);
    await signInToBackOffice(staff, { desk: 'admin', username: USERNAME, password: PASSWORD });
    await staff.getByRole('link', { name: 'Referrals' }).first().click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
    await expectNoSeriousAxeViolations(staff);
    await staff.getByRole('link', { name: reference }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Referral ${reference}` })).toBeVisible();
    await expect(staff.getByText('S8512345I')).toHaveCount(0);
    await staff.getByRole('button', { name: 'Reveal id number' }).click();
    await expect(staff.getByText('S8512345I')).toBeVisible();
    await expect(staff.getByText('Offshore or demolition worker (code 1A, class 04)')).toBeVisible();
    await expectNoSeriousAxeViolations(staff);
    await staff.getByLabel('Rate the occupation at class').selectOption('02');
    await staff
      .getByLabel('Reason for accepting (kept on file)')
      .fill('Site supervisor; no demolition work himself');
    await shot(staff, 'referral-decision');
    await staff.getByRole('button', { name: 'Accept and e-mail the customer' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Decided' })).toBeVisible();
    await expect(staff.getByText(/accepted by uw\.referrals, class 02/)).toBeVisible();

    // The acceptance's mail carries the link; on another browser it reopens the quote, priced.
    const pattern = /https?:\/\/[^\s"<]+\/pa\/resume#[A-Za-z0-9_-]{43}/;
    const mailed = () =>
      readOutbox(dataDir, 'referral')
        .map((mail) => mail.text)
        .filter((text) => text.includes(EMAIL) && pattern.test(text));
    await expect.poll(() => mailed().length, { timeout: 90_000 }).toBeGreaterThan(0);
    const link = pattern.exec(mailed().at(-1)!)![0];
    const again = await openShop(browser);
    await again.goto(new URL(link).pathname + new URL(link).hash);
    await expect(again).toHaveURL(/\/pa\/quote$/);
    await expect(again.getByText(/S\$\d+\.\d{2}/).first()).toBeVisible();
    await again.getByRole('button', { name: 'Apply Now for Plan A' }).click();
    await expect(again).toHaveURL(/\/pa\/applicant$/);
  });
});
