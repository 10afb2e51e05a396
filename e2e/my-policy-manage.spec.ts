import path from 'node:path';
import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  buildHomePolicy,
  buildHongKongHomePolicy,
  buildTravelPolicy,
} from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import {
  confirmStepUp,
  linkInMail,
  openPolicy,
  SIGN_IN_EN,
  signInWithCode,
  type THolderFacts,
  type TSignInLabels,
} from './support/my-policy.ts';

/** The sign-in's words in Hong Kong's Traditional Chinese. */
const SIGN_IN_ZH_HANT = {
  ...SIGN_IN_EN,
  policyNumber: '保單號碼',
  idNumber: '投保人證件號碼',
  dateOfBirth: '投保人出生日期',
  send: '發送驗證碼到我的郵箱',
  code: '一次性驗證碼',
  open: '查看我的保單',
};

import { mailsWith, newestCode } from './support/outbox.ts';
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

  /**
   * A home bought through the API at an address of its own (so a test's codes and mails are its own), its
   * holder signed in at 375 px at `entry.path` with the outbox's code, its page open.
   */
  async function signedInOnHome(
    browser: Browser,
    input: TPolicyInput,
    email: string,
    entry: { path: string; facts?: THolderFacts; labels?: TSignInLabels; view?: string },
  ) {
    input.policyHome!.applicant = { ...input.policyHome!.applicant!, email };
    const policyNumber = await buyByApi(shop.baseUrl, input);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(entry.path);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await signInWithCode(page, shop.dataDir, policyNumber, entry.facts, entry.labels);
    await openPolicy(page, policyNumber, entry.view);
    return { context, page, problems, policyNumber };
  }

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
    // The address on the policy is told of the new number, both masked, as of a new e-mail address.
    const [notice] = await mailsWith(
      shop.dataDir,
      `The mobile number of your Lionrock policy ${policyNumber} was changed`,
    );
    expect(notice).toMatch(/was changed from \+65 \*{4}4567 to \+65 \*{4}4321\./);
    expect(notice).not.toContain('87654321');
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

  test('moves a home to a smaller flat: checked, re-rated, confirmed by code, the difference refunded to the card with its reference, the new schedule mailed; a landed house is priced to pay by card', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { context, page, problems, policyNumber } = await signedInOnHome(
      browser,
      buildHomePolicy(todayIn(SHOP_TIME_ZONE, new Date())),
      'HOME.MOVER@EXAMPLE.COM',
      { path: '/my-policy' },
    );

    const panel = page.getByRole('region', { name: 'Insured address' });
    await expect(panel.getByText('123 Tampines Street 11')).toBeVisible();
    // What cancelling would refund now: after a refunded move, that less the refund.
    const fullRefund = page.getByText(/we refund the premium in full: S\$[\d,.]+\./);
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    const paidCents = cents(/S\$([\d,.]+)\./.exec((await fullRefund.textContent()) ?? '')![1]!);
    await panel.getByRole('button', { name: 'Change the insured address' }).click();

    // Every problem at once, each on its field, the first focused.
    await panel.getByLabel('Block or house number').fill('');
    await panel.getByLabel('Street', { exact: true }).fill('');
    await panel.getByLabel('Postal code', { exact: true }).fill('12');
    await panel.getByRole('button', { name: 'Check the premium' }).click();
    await expect(panel.locator('[aria-invalid="true"]')).toHaveCount(3);
    await expect(panel.getByLabel('Block or house number')).toBeFocused();

    // A landed house rates higher: the rise is stated, and paid by card before it is made.
    await panel.getByLabel('Block or house number').fill('7');
    await panel.getByLabel('Street', { exact: true }).fill('Jalan Kembangan');
    await panel.getByLabel('Postal code', { exact: true }).fill('419100');
    await panel.getByLabel('Type of home').selectOption('LANDED');
    await panel.getByRole('button', { name: 'Check the premium' }).click();
    await expect(
      panel.getByText(/Your premium rises by S\$[\d,.]+ for the \d+ days left of your cover/),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Pay S\$[\d,.]+ by card$/ })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Confirm the new address' })).toHaveCount(0);

    // A 3-room HDB flat rates lower: the difference for the days left goes back to the card paid with.
    await panel.getByLabel('Block or house number').fill('88');
    await panel.getByLabel('Street', { exact: true }).fill('Ang Mo Kio Avenue 3');
    await panel.getByLabel('Postal code', { exact: true }).fill('560088');
    await panel.getByLabel('Type of home').selectOption('HDB');
    await panel.getByLabel('HDB flat type').selectOption('3_ROOM');
    await panel.getByRole('button', { name: 'Check the premium' }).click();
    const falls = panel.getByText(/Your premium falls by (S\$[\d,.]+) for the \d+ days left of your cover/);
    await expect(falls).toBeVisible();
    const amount = /falls by (S\$[\d,.]+)/.exec((await falls.textContent()) ?? '')![1]!;
    await expect(panel.getByText('The refund goes back to your card ending 1111.')).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-insured-address-quote');
    const asked = Date.now() - 1000;
    await panel.getByRole('button', { name: 'Confirm the new address' }).click();
    await confirmStepUp(panel, shop.dataDir, asked, 'Confirm the new address');
    await expect(
      panel.getByText(/Your insured address is changed with effect from \d{2}\/\d{2}\/\d{4}/),
    ).toBeVisible();
    const done = panel.getByText(`We're refunding ${amount} to your card ending 1111`, { exact: false });
    await expect(done).toBeVisible();
    const reference = /reference is (RE[0-9A-F]{32})/.exec((await done.textContent()) ?? '')![1]!;
    const left = formatMoney(paidCents - cents(amount), 'SGP');
    await expect(page.getByText(`we refund the premium in full: ${left}.`, { exact: false })).toBeVisible();
    await expect(panel.getByText('88 Ang Mo Kio Avenue 3')).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-insured-address-done');

    // The new schedule is mailed with the refund's reference; after Reload the page shows the new
    // address and the refund beside the payment.
    const [mail] = await mailsWith(shop.dataDir, `${policyNumber}: insured address changed`);
    expect(mail).toContain('is changed from');
    expect(mail).toContain(reference);
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Insured address' }).getByText('88 Ang Mo Kio Avenue 3'),
    ).toBeVisible();
    await expect(page.getByText(`Refunded ${amount} · reference ${reference}`)).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('moves a home to a landed house: the rise paid by card in the frame, a refusal first, then the new schedule mailed with the payment', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { context, page, problems, policyNumber } = await signedInOnHome(
      browser,
      buildHomePolicy(todayIn(SHOP_TIME_ZONE, new Date())),
      'HOME.UPSIZER@EXAMPLE.COM',
      { path: '/my-policy' },
    );
    const shopCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/b2c-server/')) shopCalls.push(request.postData() ?? '');
    });
    const panel = page.getByRole('region', { name: 'Insured address' });
    await panel.getByRole('button', { name: 'Change the insured address' }).click();
    await panel.getByLabel('Block or house number').fill('7');
    await panel.getByLabel('Street', { exact: true }).fill('Jalan Kembangan');
    await panel.getByLabel('Unit number').fill('');
    await panel.getByLabel('Postal code', { exact: true }).fill('419100');
    await panel.getByLabel('Type of home').selectOption('LANDED');
    await panel.getByRole('button', { name: 'Check the premium' }).click();
    const rises = panel.getByText(/Your premium rises by (S\$[\d,.]+) for the \d+ days left of your cover/);
    await expect(rises).toBeVisible();
    const amount = /rises by (S\$[\d,.]+)/.exec((await rises.textContent()) ?? '')![1]!;
    await panel.getByRole('button', { name: `Pay ${amount} by card` }).click();

    /** The card typed, the code from the policy's address, the card posted to the gateway's frame. */
    const pay = async (number: string) => {
      await expect(panel.getByLabel('Card number')).toBeFocused();
      await panel.getByLabel('Card number').fill(number);
      await panel.getByLabel('Name on card').fill('TAN WEI MING');
      await panel.getByLabel('Expiry date').fill('12-30');
      await panel.getByLabel('CVV').fill('123');
      const asked = Date.now() - 1000;
      await panel.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
      await confirmStepUp(panel, shop.dataDir, asked, `Pay ${amount} and change the address`);
    };
    await checkScreen(page, testInfo, 'my-policy-insured-address-pay-card');
    // A card the bank declines: the address stays, the card form is back, and why is said.
    await pay('4000000000002040');
    await expect(panel.getByRole('alert')).toHaveText(
      "Your bank didn't accept this payment, so your insured address is unchanged. Please try another card.",
      { timeout: 30_000 },
    );
    await expect(panel.getByText('123 Tampines Street 11')).toBeVisible();
    await pay('5555555555554444');
    const done = panel.getByText(`We have charged ${amount} to your card ending 4444.`, { exact: false });
    await expect(done).toBeVisible({ timeout: 30_000 });
    const reference = /reference is ([A-Z0-9-]+)\./.exec((await done.textContent()) ?? '')![1]!;
    await expect(
      panel.getByText(/Your insured address is changed with effect from \d{2}\/\d{2}\/\d{4}/),
    ).toBeVisible();
    await expect(panel.getByText('7 Jalan Kembangan')).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-insured-address-paid');
    // The card number went to the gateway only, never to the shop's API.
    expect(shopCalls.filter((body) => body.includes('5555555555554444'))).toEqual([]);

    const [mail] = await mailsWith(shop.dataDir, `${policyNumber}: insured address changed`);
    expect(mail).toContain(`we have charged ${amount} to your card ending 4444`);
    expect(mail).toContain(reference);
    expect(mail).not.toContain('5555555555554444');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Insured address' }).getByText('7 Jalan Kembangan'),
    ).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Hong Kong in Traditional Chinese: a fixed line refused as a mobile; a flat in another district of the same bands is endorsed; every field flagged at once; cancelled with the refund’s reference', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    // A second policy of the same holder at the same address: "all my policies" reaches it (C2a).
    const other = buildHongKongHomePolicy(todayIn(SHOP_TIME_ZONE, new Date()));
    other.policyHome!.applicant = { ...other.policyHome!.applicant!, email: 'KY.CHEUNG.MOVER@EXAMPLE.COM' };
    const otherNumber = await buyByApi(shop.baseUrl, other);
    const { context, page, problems, policyNumber } = await signedInOnHome(
      browser,
      buildHongKongHomePolicy(todayIn(SHOP_TIME_ZONE, new Date())),
      'KY.CHEUNG.MOVER@EXAMPLE.COM',
      {
        path: '/my-policy?country=HKG&lang=zh',
        facts: { idNumber: 'K765432(4)', dateOfBirth: '09/09/1975' },
        labels: SIGN_IN_ZH_HANT,
        view: '查看保單',
      },
    );

    // A new mobile number is checked for Hong Kong's format (decision 147): a fixed line is refused beside
    // the field, a mobile is saved under the code, and the address on the policy is told of it.
    const contact = page.getByRole('region', { name: '聯絡資料' });
    await expect(contact.getByText('+852 61234567')).toBeVisible();
    await contact.getByRole('button', { name: '更改聯絡資料' }).click();
    const mobile = contact.getByLabel('手機號碼');
    await mobile.fill('21234567');
    await contact.getByRole('button', { name: '儲存' }).click();
    await expect(mobile).toHaveAccessibleDescription('請輸入 +852 的手機號碼：8位數字，以 4–9 開頭。');
    await expect(mobile).toBeFocused();
    await mobile.fill('98887777');
    // A correspondence address (C2d), saved with the mobile on every policy of this holder (C2a).
    await contact.getByLabel(hongKongChinese('座号或街号'), { exact: true }).fill('8');
    await contact.getByLabel('街道', { exact: true }).fill('Tai Koo Wan Road');
    await contact.getByLabel('地區', { exact: true }).selectOption('EA');
    await contact.getByRole('checkbox', { name: hongKongChinese('将此更改应用于我的所有保单') }).check();
    const contactAsked = Date.now() - 1000;
    await contact.getByRole('button', { name: '儲存' }).click();
    await confirmStepUp(contact, shop.dataDir, contactAsked, '儲存', /電郵中的驗證碼|郵件中的驗證碼/);
    await expect(contact.getByText('+852 98887777')).toBeVisible();
    const savedOnAll = contact.getByText(/您的聯絡資料已在保單 .* 上儲存。/);
    await expect(savedOnAll).toContainText(policyNumber);
    await expect(savedOnAll).toContainText(otherNumber);
    await expect(contact.getByText('8, Tai Koo Wan Road, 東區')).toBeVisible();
    const [notice] = await mailsWith(shop.dataDir, `您的獅石保單 ${policyNumber} 的手機號碼已更改`);
    expect(notice).toMatch(/由 \+852 \*{4}4567 更改為 \+852 \*{4}7777/);

    const panel = page.getByRole('region', { name: '受保地址' });
    await expect(panel.getByText(/18 Harbour Road, 灣仔區/)).toBeVisible();
    await panel.getByRole('button', { name: '更改受保地址' }).click();
    await panel.getByLabel('街道').fill('');
    await panel.getByLabel('地區').selectOption('');
    await panel.getByRole('button', { name: '查看保費' }).click();
    await expect(panel.locator('[aria-invalid="true"]')).toHaveCount(2);

    await panel.getByLabel('街道').fill('1 Tai Koo Shing Road');
    await panel.getByLabel('地區').selectOption('EA');
    await panel.getByRole('button', { name: '查看保費' }).click();
    await expect(panel.getByText(/您的保費不變/)).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-insured-address-quote-hk-zh');
    const asked = Date.now() - 1000;
    await panel.getByRole('button', { name: '確認新地址' }).click();
    await confirmStepUp(panel, shop.dataDir, asked, '確認新地址', /電郵中的驗證碼|郵件中的驗證碼/);
    await expect(panel.getByText(/1 Tai Koo Shing Road, 東區/)).toBeVisible();
    await checkScreen(page, testInfo, 'my-policy-insured-address-done-hk-zh');
    const [mail] = await mailsWith(shop.dataDir, '受保地址已更改');
    expect(mail).toContain(policyNumber);

    // The policy cancelled in Traditional Chinese: the refund's reference on the page and in the mail
    // (issue 29, "Money you can trace").
    const cancel = page.getByRole('region', { name: '註銷此保單' });
    await cancel.getByRole('button', { name: '註銷保單' }).click();
    const dialog = page.getByRole('dialog', { name: '確定要註銷嗎？' });
    const cancelAsked = Date.now() - 1000;
    await dialog.getByRole('button', { name: '繼續' }).click();
    await confirmStepUp(dialog, shop.dataDir, cancelAsked, '確定註銷', /電郵中的驗證碼|郵件中的驗證碼/);
    await expect(cancel.getByText('您的保單已註銷。')).toBeVisible({ timeout: 20_000 });
    const shown = cancel.getByText(/您的退款編號為 RF[0-9A-F]{32}。/);
    await expect(shown).toBeVisible();
    const reference = /(RF[0-9A-F]{32})/.exec((await shown.textContent()) ?? '')![1]!;
    const [cancelled] = await mailsWith(shop.dataDir, reference);
    expect(cancelled).toContain(policyNumber);
    expect(problems).toEqual([]);
    await context.close();
  });
});
