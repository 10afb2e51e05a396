import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { seedJourney } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { confirmAndGoToPayment, expectFinishPage, payByCard, quoteFromLanding } from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { confirmStepUp, openPolicy, signInWithCode } from './support/my-policy.ts';
import { mailsWith as mailsIn } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * Free-look cancellation in the browser (decisions 071 and 072): a travel policy paid by card, found at
 * /my-policy by number, ID and birth date and the e-mailed code, cancelled before its trip for a full
 * refund after a fresh code from the policy's address (decision 102); the status reads cancelled, the test gateway holds the refund, and the cancellation e-mail with
 * its endorsement is in the outbox. The shop is one of its own, so its outbox can be read.
 */

/** Screenshots at 1280 and 375 px, English and Chinese, when SHOTS_DIR names where. */
const SHOTS = process.env.SHOTS_DIR;

const shop = ownShop('cancel');

/** The sent mails that contain `text` (support/outbox.ts), from this spec's own shop. */
const mailsWith = (text: string, count = 1) => mailsIn(shop.dataDir, text, count);

async function openShop(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width, height: 800 } });
  const page = await context.newPage();
  openAppOnGoto(page);
  return page;
}

async function buyByCard(page: Page, testInfo: TestInfo): Promise<string> {
  await seedJourney(page, testInfo, undefined, shop.baseUrl);
  await page.goto('/travel/confirm');
  await confirmAndGoToPayment(page);
  await payByCard(page);
  return expectFinishPage(page);
}

test('free-look cancel a card-paid policy: status cancelled, the refund at the gateway, the e-mail sent', async ({
  browser,
}, testInfo) => {
  const page = await openShop(browser);
  const policyNumber = await buyByCard(page, testInfo);
  await page.goto('/my-policy');
  await signInWithCode(page, shop.dataDir, policyNumber);
  await openPolicy(page, policyNumber);

  const panel = page.getByRole('region', { name: 'Cancel this policy' });
  await expect(
    panel.getByText(/Your cover hasn't started yet\. If you cancel now, we refund the premium in full: S\$/),
  ).toBeVisible();
  await expect(panel.getByText(/your card ending 1111/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'cancel-quote-1280-en.png'), fullPage: true });

  await panel.getByRole('button', { name: 'Cancel policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'cancel-confirm-1280-en.png') });
  await dialog.getByLabel('Why are you cancelling? (optional)').fill('Trip called off');
  // A cancellation asks a fresh code from the policy's own address first (decision 102).
  const asked = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(/We've e-mailed a 6-digit code to W\*\*\*@E\*\*\*\.COM/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'cancel-step-up-1280-en.png') });
  await confirmStepUp(dialog, shop.dataDir, asked, 'Yes, cancel policy');

  await expect(panel.getByText('Your policy is cancelled.')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText(/We're refunding S\$[\d,.]+ to your card ending 1111/)).toBeVisible();
  // The refund's reference, the same on the page and in the mail (issue 29, "Money you can trace").
  const shown = panel.getByText(/Your refund's reference is RF[0-9A-F]{32}\./);
  await expect(shown).toBeVisible();
  const reference = /(RF[0-9A-F]{32})/.exec((await shown.textContent()) ?? '')![1]!;
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  // A cancelled policy is promised no renewal notice.
  await expect(page.getByRole('heading', { name: 'Renewal notices' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'cancel-done-1280-en.png'), fullPage: true });

  // The refund as the API reports it, with the browser's own session.
  const policyId = new URL(page.url()).pathname.split('/').pop()!;
  const view = await page.evaluate(async (id) => {
    const response = await fetch(`/b2c-server/rest/my-policy/policies/${id}/cancellation`, {
      headers: { 'Session-Name': 'e2e-cancel-check' },
    });
    return response.json();
  }, policyId);
  expect(view).toMatchObject({ status: 'cancelled', refund: { state: 'succeeded', method: 'CC' } });

  const [mail] = await mailsWith(`${policyNumber} is cancelled`);
  expect(mail).toContain(`cancellation-endorsement-${policyNumber}.pdf`);
  expect(mail).toContain('your card ending 1111');
  expect(mail).toContain(reference);

  // Back in the shop in the same tab, a new quote is a new policy, not the cancelled one.
  await page.goto('/travel');
  await quoteFromLanding(page);
  await page.context().close();
});

test('the cancel panel at 375 px and in Chinese', async ({ browser }, testInfo) => {
  const page = await openShop(browser, 375);
  const policyNumber = await buyByCard(page, testInfo);
  await page.goto('/my-policy');
  await signInWithCode(page, shop.dataDir, policyNumber);
  await openPolicy(page, policyNumber);
  const panel = page.getByRole('region', { name: 'Cancel this policy' });
  await expect(panel.getByRole('button', { name: 'Cancel policy' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'cancel-quote-375-en.png'), fullPage: true });
  // At 375 px the language switch sits in the menu.
  if (!(await page.locator('button:visible', { hasText: '中文' }).count()))
    await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('button:visible', { hasText: '中文' }).first().click();
  const zhPanel = page.getByRole('region', { name: '注销此保单' });
  await expect(zhPanel.getByText(/您的保障尚未开始/)).toBeVisible();
  await zhPanel.getByRole('button', { name: '注销保单' }).click();
  await expect(page.getByRole('dialog', { name: '确定要注销吗？' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'cancel-confirm-375-zh.png') });
  await page.getByRole('button', { name: '保留保单' }).click();
  await expect(page.getByRole('dialog', { name: '确定要注销吗？' })).toBeHidden();
  await page.context().close();
});
