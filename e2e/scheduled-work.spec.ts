import path from 'node:path';
import { annualEndDate } from '@lionrock/domain/dates/cover-period';
import { addDays, formatDmy, parseDmy, todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { STAFF_PASSWORD, STAFF_USERNAME, signInToBackOffice } from './support/back-office.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { linkInMail } from './support/my-policy.ts';
import { readOutbox } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * Time-based work staff can run (issue 29, decision 129): outside prod, operations run the renewal scan
 * for the notice's day and then the charge's from the back office, and the customer's policy page then
 * says the renewal was charged and links the new policy instead of offering to turn renewal off; a
 * policy is cancelled as on a business date months ahead, with its short-period refund (decision 148).
 * Singapore in English, Hong Kong's customer page in Traditional Chinese.
 */
test.describe.configure({ timeout: 300_000 });
// A shop of its own, so its outbox can be read, with the operations account made at start.
const shop = ownShop('scheduled-work', { ADMIN_USERNAME: STAFF_USERNAME, ADMIN_PASSWORD: STAFF_PASSWORD });

/** An annual travel policy with auto-renewal, bought through the API; answers its number and last day. */
async function buyAnnual(country: 'SGP' | 'HKG', lang: 'en' | 'zh') {
  const base = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date()), {
    country,
    lang,
    policyTravel: { paPolicyType: 'A', returnDate: '' },
  } as never) as TPolicyInput;
  const policyNumber = await buyByApi(shop.baseUrl, base, (rated) => {
    (rated.policyTravel as { applicant: { hasAutoRenewal: boolean } }).applicant.hasAutoRenewal = true;
    return rated;
  });
  const end = annualEndDate(parseDmy(base.policyTravel?.deptDate ?? '')!);
  return { policyNumber, end };
}

async function openPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width, height: 800 } });
  return context.newPage();
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  if ((page.viewportSize()?.width ?? 0) <= 375) await expectNoHorizontalScroll(page);
  await expectNoSeriousAxeViolations(page);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Operations signed in, on the System settings page. */
async function openSystemSettings(page: Page) {
  // The back office's first load on a busy machine takes longer than an expectation's 10 s.
  await page.goto('/admin');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible({ timeout: 60_000 });
  await signInToBackOffice(page, { desk: 'admin', username: STAFF_USERNAME, password: STAFF_PASSWORD });
  await page.goto('/admin/system');
}

/** Staff run the renewal scan for `market` on each of `days` (DD/MM/YYYY) and read what it did. */
async function runRenewalScan(page: Page, market: string, days: string[], testInfo: TestInfo, shot: string) {
  await openSystemSettings(page);
  const form = page.getByRole('form', { name: 'Run scheduled work' });
  await expect(form).toBeVisible();
  await form.getByLabel('Market').selectOption({ label: market });
  for (const name of [/Reminders/, /Pruning/]) await form.getByRole('checkbox', { name }).uncheck();
  const did: string[] = [];
  for (const day of days) {
    const date = form.getByRole('textbox', { name: 'Business date' });
    await date.fill(day);
    await form.getByRole('button', { name: 'Run now' }).click();
    await expect(form.getByText(`Ran for ${day} in ${market}.`)).toBeVisible();
    did.push((await form.getByRole('definition').textContent()) ?? '');
  }
  await shoot(page, testInfo, shot);
  return did;
}

test('Singapore: staff run the scan for the notice and the charge; the notice’s link and the policy say it was charged', async ({
  browser,
}, testInfo) => {
  const { policyNumber, end } = await buyAnnual('SGP', 'en');
  const manage = await linkInMail(shop.dataDir, policyNumber, '/my-policy/open/');
  const notice = formatDmy(addDays(end, -30));
  const charge = formatDmy(addDays(end, -15));

  const staff = await openPage(browser, 1280);
  const did = await runRenewalScan(
    staff,
    'Singapore',
    [notice, charge, charge],
    testInfo,
    'scheduled-work-staff-sg-1280',
  );
  expect(did[0]).toContain('notices 1');
  expect(did[1]).toContain('charged 1');
  expect(did[1]).toContain('renewed 1');
  // The same date again charges nothing twice.
  expect(did[2]).toContain('charged 0');
  await staff.context().close();

  // The renewal notice's turn-off link now says what happened, and offers nothing to turn off.
  // The notice's link, the first turn-off link mailed: the renewal's own mail links the new policy's.
  await linkInMail(shop.dataDir, 'renewal', '/b2c-server/rest/renewal/turn-off/');
  const turnOff = readOutbox(shop.dataDir)
    .map(
      (mail) => /https?:\/\/[^\s"<>]+\/b2c-server\/rest\/renewal\/turn-off\/[^\s"<>]+/.exec(mail.text)?.[0],
    )
    .find(Boolean)!
    .replaceAll('&amp;', '&');
  const customer = await openPage(browser, 1280);
  await customer.goto(turnOff);
  await expect(customer.getByRole('heading', { name: 'Your policy has been renewed' })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Turn off auto-renewal' })).toHaveCount(0);
  await expect(customer.getByRole('link', { name: /See the new policy/ })).toBeVisible();

  // The old policy's page: renewed and charged, the new policy linked, no turn-off.
  await customer.goto(manage);
  await expect(customer.getByRole('heading', { level: 1, name: new RegExp(policyNumber) })).toBeVisible({
    timeout: 20_000,
  });
  const renewal = customer.getByRole('region', { name: 'Auto-renewal' });
  await expect(renewal).toContainText('Renewed: we charged S$');
  await expect(renewal.getByRole('button', { name: 'Turn off auto-renewal' })).toHaveCount(0);
  await shoot(customer, testInfo, 'scheduled-work-customer-sg-1280');
  await renewal.getByRole('link', { name: /See the new policy/ }).click();
  await expect(customer).toHaveURL(/\/my-policy\/policies\//);
  await expect(customer.getByRole('heading', { level: 1 })).not.toContainText(policyNumber);
  await customer.context().close();
});

test('Hong Kong: the customer page says the charged renewal in Traditional Chinese at 375 px', async ({
  browser,
}, testInfo) => {
  const { policyNumber, end } = await buyAnnual('HKG', 'zh');
  const manage = await linkInMail(shop.dataDir, policyNumber, '/my-policy/open/');
  const staff = await openPage(browser, 1280);
  const did = await runRenewalScan(
    staff,
    'Hong Kong',
    [formatDmy(addDays(end, -30)), formatDmy(addDays(end, -15))],
    testInfo,
    'scheduled-work-staff-hk-1280',
  );
  expect(did[1]).toContain('renewed 1');
  await staff.context().close();

  const customer = await openPage(browser, 375);
  await customer.goto(manage);
  await expect(customer.getByRole('heading', { level: 1, name: new RegExp(policyNumber) })).toBeVisible({
    timeout: 20_000,
  });
  const renewal = customer.getByRole('region', { name: '自動續保' });
  await expect(renewal).toContainText('已續保：我們已從您的信用卡扣除 HK$');
  await expect(renewal.getByRole('link', { name: /查看新保單/ })).toBeVisible();
  await expect(renewal.getByRole('button')).toHaveCount(0);
  await shoot(customer, testInfo, 'scheduled-work-customer-hk-zh-375');

  // The renewal (no free look) cancelled on a day 100 days into it: a short-period refund (decision 148).
  await renewal.getByRole('link', { name: /查看新保單/ }).click();
  const heading = customer.getByRole('heading', { level: 1 });
  await expect(heading).not.toContainText(policyNumber);
  const renewed = /THK\d{2}-\d{7}/.exec((await heading.textContent()) ?? '')![0];
  const day = formatDmy(addDays(end, 101));
  const cancelling = await openPage(browser, 1280);
  const said = await cancelOnDate(cancelling, renewed, day, testInfo);
  expect(said.quoted).toMatch(/^Short-period refund .*: HK\$[\d,]+\.\d{2}\. After the free-look period\.$/);
  expect(said.done).toMatch(
    /^Cancelled\. Refund HK\$[\d,]+\.\d{2} \(succeeded\), reference RF[0-9A-F]{32}\.$/,
  );
  await cancelling.context().close();
  // The customer's page of the renewal: cancelled, its refund's reference, in Traditional Chinese.
  await customer.reload();
  const reference = /RF[0-9A-F]{32}/.exec(said.done)![0];
  await expect(customer.getByText(`您的退款編號為 ${reference}。`, { exact: false })).toBeVisible({
    timeout: 20_000,
  });
  await shoot(customer, testInfo, 'scheduled-work-cancelled-hk-zh-375');
  await customer.context().close();
});

/**
 * Staff cancel a policy as on a business date (decision 148): the refund shown first, then the
 * cancellation; answers what each said.
 */
async function cancelOnDate(page: Page, policyNumber: string, day: string, testInfo: TestInfo) {
  await openSystemSettings(page);
  const form = page.getByRole('form', { name: 'Cancel a policy on a business date' });
  await form.getByRole('textbox', { name: 'Policy number' }).fill(policyNumber);
  await form.getByRole('textbox', { name: 'Cancellation date' }).fill(day);
  await form.getByRole('button', { name: 'Show the refund' }).click();
  const answer = form.getByRole('definition');
  await expect(answer).toBeVisible();
  const quoted = (await answer.textContent()) ?? '';
  await form.getByRole('button', { name: `Cancel the policy as on ${day}` }).click();
  await expect(form.getByText(`Cancelled ${policyNumber} as on ${day}.`)).toBeVisible();
  const done = (await answer.textContent()) ?? '';
  await shoot(page, testInfo, 'scheduled-work-cancel-on-date-1280');
  return { quoted, done };
}
