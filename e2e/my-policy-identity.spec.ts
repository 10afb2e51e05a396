import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { confirmStepUp, linkInMail, SIGN_IN_EN, signInWithCode } from './support/my-policy.ts';
import { newestCode, readOutbox } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * Identity after the sale as customers and strangers meet it (issue 27, decisions 101 and 102): knowing a
 * policyholder's ID number and birth date reaches nothing of theirs; the mailed link opens once, in the
 * mail's language; a change of e-mail address takes a fresh code from the address on the policy, is
 * announced to the old address with an undo, and while the undo stands nothing else can move the policy
 * away. In Traditional Chinese for Hong Kong at 375 px. The shop is the test's own, so its outbox can be
 * read.
 */

const shop = ownShop('identity');

async function openShop(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width, height: 800 } });
  return context.newPage();
}

async function gotoApp(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  if ((page.viewportSize()?.width ?? 0) <= 375) await expectNoHorizontalScroll(page);
  await expectNoSeriousAxeViolations(page);
  const file = process.env.SHOTS_DIR
    ? path.join(process.env.SHOTS_DIR, `${name}.png`)
    : testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** A Singapore single trip in the holder's name (NRIC S8512345I, born 15/06/1985) at `email`. */
function tripFor(email: string): TPolicyInput {
  const input = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date()));
  return {
    ...input,
    policyTravel: { ...input.policyTravel!, applicant: { ...input.policyTravel!.applicant!, email } },
  } as TPolicyInput;
}

/** The address a mail in the outbox went to: its To header. */
const recipientOf = (text: string) => /^To: (.+)$/m.exec(text)?.[1]?.trim().toLowerCase() ?? '';

test('a stranger who knows the ID number and birth date reaches only their own policy', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const victim = await buyByApi(shop.baseUrl, tripFor('weiming.tan@example.com'));
  // The stranger buys a policy declaring the victim's NRIC and birth date, with their own address.
  const own = await buyByApi(shop.baseUrl, tripFor('stranger@example.net'));
  const page = await openShop(browser);
  const problems = watchConsole(page);
  await gotoApp(page, '/my-policy');
  await signInWithCode(page, shop.dataDir, own);
  // One policy reached: straight to it. The victim's is neither listed nor reachable.
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(own) })).toBeVisible();
  await page.getByRole('link', { name: 'All my policies' }).click();
  await expect(page.getByRole('link', { name: `View policy ${own}` })).toBeVisible();
  await expect(page.getByText(victim)).toHaveCount(0);

  // Adding the victim's policy to this session mails its code to the victim's address, not the stranger's.
  const asked = Date.now() - 1000;
  await page.getByRole('button', { name: 'Add a policy' }).click();
  await page.getByLabel(SIGN_IN_EN.policyNumber).fill(victim);
  await page.getByLabel(SIGN_IN_EN.idNumber).fill('S8512345I');
  await page.getByLabel(SIGN_IN_EN.dateOfBirth).fill('15/06/1985');
  await page.getByRole('button', { name: SIGN_IN_EN.send }).click();
  await expect(page.getByLabel(SIGN_IN_EN.code)).toBeVisible();
  const code = await newestCode(shop.dataDir, `${victim}.access-code.`, asked);
  const mailed = readOutbox(shop.dataDir, `${victim}.access-code.`).at(-1)!;
  expect(recipientOf(mailed.text)).toBe('weiming.tan@example.com');
  // Whatever the stranger guesses is refused; the victim's code is not theirs to type.
  await page.getByLabel(SIGN_IN_EN.code).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: SIGN_IN_EN.open }).click();
  await expect(page.getByRole('alert')).toContainText("That code isn't right");
  await checkScreen(page, testInfo, 'identity-stranger-refused-en');
  expect(problems.filter((problem) => !/401|Failed to load resource/.test(problem))).toEqual([]);
  await page.context().close();
});

test('Hong Kong in Traditional Chinese at 375 px: the link opens once, an address change takes a code and can be undone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const base = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date()), {
    country: 'HKG',
    lang: 'zh',
  } as never);
  const applicant = {
    ...base.policyTravel!.applicant!,
    fullName: 'CHAN TAI MAN',
    idType: 'HKID',
    hkId: 'K987654(5)',
    mobileNoCountryCode: '852',
    mobileNo: '91234567',
    email: 'taiman.chan@example.com',
  };
  const policyNumber = await buyByApi(shop.baseUrl, {
    ...base,
    policyTravel: {
      ...base.policyTravel!,
      applicant,
      travellersList: [
        {
          ...base.policyTravel!.travellersList![0]!,
          fullName: 'CHAN TAI MAN',
          idType: 'HKID',
          hkId: 'K987654(5)',
        },
      ],
    },
  } as TPolicyInput);
  const link = await linkInMail(shop.dataDir, policyNumber, '/my-policy/open/');
  expect(link).toContain('country=HKG');
  expect(link).toContain('lang=zh');

  // The mailed link opens the policy in the mail's language.
  const page = await openShop(browser, 375);
  const problems = watchConsole(page);
  await gotoApp(page, link);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(policyNumber) })).toBeVisible();
  await expect(page.getByRole('heading', { name: '保單詳情' })).toBeVisible();
  await checkScreen(page, testInfo, 'identity-hk-link-opened-zh-375');

  // A new e-mail address: first a code to the address on the policy, then one to the new address.
  const contact = page.getByRole('region', { name: '聯絡資料' });
  await contact.getByRole('button', { name: '更改聯絡資料' }).click();
  await contact.getByLabel('新電郵地址（選填）').fill('new.inbox@example.org');
  const asked = Date.now() - 1000;
  await contact.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(
    contact.getByText(/我們已把6位數字驗證碼發送到此保單登記的郵箱 T\*\*\*@E\*\*\*\.COM/i),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'identity-hk-step-up-zh-375');
  const changed = Date.now() - 1000;
  await confirmStepUp(contact, shop.dataDir, asked, '儲存', /^電郵中的驗證碼$/);
  await contact
    .getByLabel('驗證碼', { exact: true })
    .fill(await newestCode(shop.dataDir, 'contact-change.', changed));
  await contact.getByRole('button', { name: '確認電郵地址' }).click();
  await expect(contact.getByText(/您的電郵地址已更改為 N\*\*\*@E\*\*\*\.ORG/i)).toBeVisible();

  // The old address is told, with a one-click undo; until it lapses, the policy cannot be cancelled online.
  const undo = await linkInMail(shop.dataDir, policyNumber, '/my-policy/undo');
  const cancel = page.getByRole('region', { name: '註銷此保單' });
  await cancel.getByRole('button', { name: '註銷保單' }).click();
  const dialog = page.getByRole('dialog', { name: '確定要註銷嗎？' });
  await dialog.getByRole('button', { name: '繼續' }).click();
  await expect(dialog.getByText(/此保單的電郵地址最近已更改。在\d{2}\/\d{2}\/\d{4}之前/)).toBeVisible();
  await checkScreen(page, testInfo, 'identity-hk-cancel-waits-zh-375');
  await dialog.getByRole('button', { name: '取消' }).click();

  // The old address undoes it from another device: the policy is theirs again, the new address's session ends.
  const owner = await openShop(browser, 375);
  await gotoApp(owner, new URL(undo).pathname + new URL(undo).search + new URL(undo).hash);
  await expect(owner.getByRole('heading', { level: 1, name: '撤銷電郵地址的更改' })).toBeVisible();
  await checkScreen(owner, testInfo, 'identity-hk-undo-zh-375');
  await owner.getByRole('button', { name: '撤銷更改' }).click();
  await expect(
    owner.getByText(
      new RegExp(`已完成：保單 ${policyNumber} 的電郵地址已恢復為 T\\*\\*\\*@E\\*\\*\\*\\.COM`, 'i'),
    ),
  ).toBeVisible();
  await checkScreen(owner, testInfo, 'identity-hk-undone-zh-375');
  // The undo link works once (a new tab: the same address with its hash is no new page in this one).
  const again = await owner.context().newPage();
  await gotoApp(again, new URL(undo).pathname + new URL(undo).search + new URL(undo).hash);
  await again.getByRole('button', { name: '撤銷更改' }).click();
  await expect(again.getByText('此更改已經撤銷：每個撤銷連結只能使用一次。')).toBeVisible();
  await owner.context().close();

  // The session that made the change is over: after a reload it is asked who it is.
  await page.reload();
  await expect(page.getByRole('button', { name: '發送驗證碼到我的郵箱' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(policyNumber) })).toHaveCount(0);
  // The mailed link was spent when it opened: it says so, in Traditional Chinese.
  await gotoApp(page, link);
  await expect(page.getByText(/此連結已經使用過/)).toBeVisible();
  await checkScreen(page, testInfo, 'identity-hk-link-used-zh-375');
  expect(problems.filter((problem) => !/401|403|404|409|Failed to load resource/.test(problem))).toEqual([]);
  await page.context().close();
});
