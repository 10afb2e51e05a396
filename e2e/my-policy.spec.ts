import fs from 'node:fs';
import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { Page, TestInfo } from '@playwright/test';
import { seedJourney } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { confirmAndGoToPayment, expectFinishPage, HOLDER, payByCard } from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { linkInMail } from './support/my-policy.ts';
import { newestCode } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * Finding my policy without an account (design section 12, decision 067): a card-paid annual travel
 * policy is bought, then found at /my-policy by number, ID and birth date and the e-mailed code; its
 * schedule downloads as a PDF and auto-renewal is turned off after the "Are you sure?". Every screen
 * is checked with axe, at 375 px, and in Chinese. The shop is one of its own, so its outbox can be read.
 * (The renewal scan skipping a policy turned off here is proven by the API test my-policy-access.)
 */

const SHOTS = process.env.SHOTS_DIR;

async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  const viewport = page.viewportSize();
  try {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      if (width === 375) await expectNoHorizontalScroll(page);
      await expectNoSeriousAxeViolations(page);
      const file = SHOTS
        ? path.join(SHOTS, `${name}-${width}.png`)
        : testInfo.outputPath(`${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

async function gotoApp(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

const annual = (policy: TPolicyInput): TPolicyInput =>
  ({
    ...policy,
    policyTravel: {
      ...policy.policyTravel!,
      paPolicyType: 'A',
      returnDate: '',
      applicant: { ...policy.policyTravel!.applicant, hasAutoRenewal: true },
    },
  }) as TPolicyInput;

test.describe('my policy', () => {
  const shop = ownShop('my-policy');

  test('find a policy by code, download its schedule, turn auto-renewal off; in English and Chinese', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const problems = watchConsole(page);

    await seedJourney(page, testInfo, annual, shop.baseUrl);
    await gotoApp(page, '/travel/confirm');
    await confirmAndGoToPayment(page);
    await payByCard(page);
    const policyNumber = await expectFinishPage(page);
    // The finish page's link is no pass into the policy (decision 101): it opens the code sign-in with
    // the policy number filled in, and the code goes to the policy's own address.
    await page.getByRole('link', { name: 'Manage your policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find my policy' })).toBeVisible();
    await expect(page.getByLabel('Policy number')).toHaveValue(policyNumber);
    await checkScreen(page, testInfo, 'my-policy-sign-in-en');
    await page.getByLabel('Policy number').fill('');
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect(page.getByText('Please enter your policy number.')).toBeVisible();
    const started = Date.now() - 1000;
    await page.getByLabel('Policy number').fill(policyNumber.toLowerCase());
    await page.getByLabel("Policyholder's ID number").fill(HOLDER.id);
    await page.getByLabel("Policyholder's date of birth").fill('15/06/1985');
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByLabel('One-time code')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    await checkScreen(page, testInfo, 'my-policy-code-en');
    const code = await newestCode(shop.dataDir, `${policyNumber}.access-code.`, started);

    // A wrong code is refused plainly; the right one opens the policy (the only one: straight to it).
    await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText("That code isn't right");
    await page.getByLabel('One-time code').fill(code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my-policy\/policies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(policyNumber) })).toBeVisible();
    await expect(page.getByText('S****345I')).toBeVisible();
    await expect(page.getByText(HOLDER.id)).toHaveCount(0);
    await checkScreen(page, testInfo, 'my-policy-details-en');

    // The schedule is a PDF.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the policy schedule (PDF)' }).click();
    const download = await downloading;
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    // A claim on this policy starts from here, the policy already chosen.
    await expect(page.getByRole('link', { name: 'Make a claim on this policy' })).toHaveAttribute(
      'href',
      /^\/claims\?policy=[0-9a-f-]{36}$/,
    );

    // Auto-renewal off, after the checkout's "Are you sure?"; "Keep it on" leaves it on.
    await expect(page.getByText(/^On: we'll renew this policy/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Renewal notices' })).toBeVisible();
    await page.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off auto-renewal?' });
    await expect(dialog).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-turn-off-en');
    await dialog.getByRole('button', { name: 'Keep auto-renewal on' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^On: we'll renew this policy/)).toBeVisible();
    await page.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    await dialog.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    await expect(page.getByText('Auto-renewal is now off.')).toBeVisible();
    await expect(page.getByText(/^Off: this policy ends on/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on auto-renewal' })).toBeVisible();

    // In Chinese, at 375 px too.
    await page.getByRole('button', { name: '中文' }).first().click();
    await expect(page.getByRole('heading', { name: '保单详情' })).toBeVisible();
    await expect(page.getByText(/^已关闭：此保单将于/)).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-details-zh');

    // The list, then sign out: back at sign-in, told so; the policy is no longer reachable.
    await page.getByRole('link', { name: '我的所有保单' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '您的保单' })).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-list-zh');
    await page.getByRole('button', { name: '登出' }).click();
    await expect(page.getByText('您已登出。')).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-sign-in-zh');
    await page.goBack();
    await expect(page.getByText(/为保障您的安全/)).toBeVisible();
    expect(problems.filter((problem) => !/401|Failed to load resource/.test(problem))).toEqual([]);
    await context.close();
  });

  test('the mailed link opens the policy once; forged, used and signed-out links say so and offer the code', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const policyNumber = await buyByApi(shop.baseUrl, buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date())));
    const link = await linkInMail(shop.dataDir, policyNumber, '/my-policy/open/');
    expect(new URL(link).searchParams.get('e')).toMatch(/^\d+$/);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();

    // A changed signature opens nothing and says why, with the code sign-in beneath.
    await gotoApp(page, link.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`));
    await expect(page.getByText(/This link isn't valid/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'E-mail me a code' })).toBeVisible();

    // The link itself opens the policy, and leaves the address bar at once.
    await gotoApp(page, link);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(policyNumber) })).toBeVisible();
    await expect(page).not.toHaveURL(/sig=/);
    await checkScreen(page, testInfo, 'my-policy-link-en');

    // Signed out, the session is over on the server: the same link does not open it again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText("You've signed out.")).toBeVisible();
    await gotoApp(page, link);
    await expect(page.getByText(/This link has already been used/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Find my policy' })).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-link-used-en');
    // In another browser too (a forwarded mail): once is once.
    const other = await browser.newContext({ baseURL: shop.baseUrl });
    const stranger = await other.newPage();
    await gotoApp(stranger, link.replace('lang=en', 'lang=zh'));
    await expect(stranger.getByText(/此链接已经使用过/)).toBeVisible();
    await expect(stranger.getByRole('button', { name: '发送验证码到我的邮箱' })).toBeVisible();
    await other.close();
    await context.close();
  });
});
