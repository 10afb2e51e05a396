import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { confirmStepUp, linkInMail, openPolicy, signInWithCode } from './support/my-policy.ts';
import { newestCode } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * After the sale, the policyholder's own changes (decisions 069 and 102): signed in at /my-policy, they
 * change the mobile number, give a new e-mail address and confirm it with the code mailed to it, and give
 * a new card for the renewals, posted straight to the gateway; each change first takes a fresh code sent
 * to the address on the policy. The shop is one of its own, so its mail
 * outbox can be read.
 */

/** An annual travel policy with auto-renewal, bought through the API and the test gateway as a browser does. */
function buyAnnualPolicy(baseUrl: string): Promise<string> {
  const input = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date()), {
    policyTravel: { paPolicyType: 'A', returnDate: '' } as never,
  });
  return buyByApi(baseUrl, input, (rated) => {
    const travel = rated.policyTravel as { applicant: { hasAutoRenewal: boolean } };
    travel.applicant.hasAutoRenewal = true;
    return rated;
  });
}

async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  const viewport = page.viewportSize();
  try {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      if (width === 375) await expectNoHorizontalScroll(page);
      await expectNoSeriousAxeViolations(page);
      const file = testInfo.outputPath(`${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
      if (process.env.SHOTS_DIR)
        await page.screenshot({
          path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`),
          fullPage: true,
        });
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

test.describe('my policy: contact details and the renewal card', () => {
  const shop = ownShop('manage');

  test('changes the mobile, confirms a new e-mail address by its code, and saves a new card for renewals', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const policyNumber = await buyAnnualPolicy(shop.baseUrl);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const problems = watchConsole(page);

    // Signed in with the policy number, ID and birth date, then the code mailed to the policy's address.
    await page.goto('/my-policy');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await signInWithCode(page, shop.dataDir, policyNumber);
    await openPolicy(page, policyNumber);

    const contact = page.getByRole('region', { name: 'Contact details' });
    await expect(contact).toBeVisible();
    await expect(contact.getByText('+65 91234567')).toBeVisible();
    await expect(contact.getByText('W***@E***.COM')).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-manage-en');

    // A new mobile number and a new address: the number at once, the address waits for its code.
    await contact.getByRole('button', { name: 'Change contact details' }).click();
    await contact.getByLabel('Mobile number').fill('87654321');
    await contact.getByLabel('New e-mail address (optional)').fill('new.home@example.org');
    await checkScreen(page, testInfo, 'my-policy-contact-form-en');
    // Nothing changes before a fresh code from the address on the policy (decision 102).
    const asked = Date.now() - 1000;
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect(contact.getByText(/We've e-mailed a 6-digit code to W\*\*\*@E\*\*\*\.COM/)).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-contact-step-up-en');
    const changed = Date.now() - 1000;
    await confirmStepUp(contact, shop.dataDir, asked, 'Save');
    await expect(contact.getByText(/We've sent a 6-digit code to n\*\*\*@e\*\*\*\.org/)).toBeVisible();
    await expect(contact.getByText('+65 87654321')).toBeVisible();
    const code = await newestCode(shop.dataDir, 'contact-change.', changed);
    await contact.getByLabel('Code').fill(code);
    await checkScreen(page, testInfo, 'my-policy-contact-code-en');
    await contact.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await expect(contact.getByText(/Your e-mail address is now n\*\*\*@e\*\*\*\.org/)).toBeVisible();

    // A new card for the renewals: posted to the gateway in the hidden frame, nothing charged.
    const card = page.getByRole('region', { name: 'Card for renewals' });
    await expect(card.getByText(/card ending •••• 1111/)).toBeVisible();
    const shopCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/b2c-server/')) shopCalls.push(request.postData() ?? '');
    });
    await card.getByRole('button', { name: 'Change card' }).click();
    await card.getByLabel('Card number').fill('5555555555554444');
    await card.getByLabel('Name on card').fill('TAN WEI MING');
    await card.getByLabel('Expiry date').fill('12-30');
    await card.getByLabel('CVV').fill('123');
    await checkScreen(page, testInfo, 'my-policy-card-form-en');
    const cardAsked = Date.now() - 1000;
    await card.getByRole('button', { name: 'Save this card' }).click();
    await confirmStepUp(card, shop.dataDir, cardAsked, 'Save this card');
    await expect(
      card.getByText('Your renewals will now be charged to the card ending •••• 4444.'),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByText(/card ending •••• 4444 \(expires 12\/2030\)/)).toBeVisible();
    // The card number went to the gateway only, never to the shop's API.
    expect(shopCalls.filter((body) => body.includes('5555555555554444'))).toEqual([]);
    await checkScreen(page, testInfo, 'my-policy-card-saved-en');

    // In Chinese (Simplified in Singapore), the panels speak it too, and the forms open in it.
    await page.getByRole('button', { name: '中文' }).first().click();
    const contactZh = page.getByRole('region', { name: '联系资料' });
    await expect(contactZh).toBeVisible();
    await contactZh.getByRole('button', { name: '更改联系资料' }).click();
    await expect(contactZh.getByLabel('新电子邮件地址（选填）')).toBeVisible();
    const cardZh = page.getByRole('region', { name: '续保用信用卡' });
    await expect(cardZh.getByText(/尾号为 •••• 4444 的信用卡/)).toBeVisible();
    await cardZh.getByRole('button', { name: '更改信用卡' }).click();
    await expect(cardZh.getByRole('button', { name: '保存此信用卡' })).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-manage-zh');
    expect(problems).toEqual([]);

    // The old address was told of the new one, with a one-click undo (decision 102), in English: it asks
    // first (a mail scanner opening the link changes nothing), then puts the old address back.
    const undo = await linkInMail(shop.dataDir, policyNumber, '/my-policy/undo');
    const owner = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 375, height: 800 } });
    const ownerPage = await owner.newPage();
    const { pathname, search, hash } = new URL(undo);
    await ownerPage.goto(`${pathname}${search}${hash}`);
    await expect(
      ownerPage.getByRole('heading', { level: 1, name: 'Undo the change of e-mail address' }),
    ).toBeVisible();
    await checkScreen(ownerPage, testInfo, 'my-policy-undo-en');
    await ownerPage.getByRole('button', { name: 'Undo the change' }).click();
    await expect(
      ownerPage.getByText(
        new RegExp(`Done: the e-mail address of policy ${policyNumber} is W\\*\\*\\*@E\\*\\*\\*\\.COM again`),
      ),
    ).toBeVisible();
    await checkScreen(ownerPage, testInfo, 'my-policy-undone-en');
    await owner.close();
    // The session that made the change has ended with it.
    await page.reload();
    await expect(page.getByRole('button', { name: '发送验证码到我的邮箱' })).toBeVisible();
    await context.close();
  });
});
