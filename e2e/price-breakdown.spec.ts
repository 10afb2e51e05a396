import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  EN,
  fillPolicyholder,
  HOLDER,
  HOLDER_CONTACT,
  quoteFromLanding,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * What the customer is charged reads the same on the quote, confirm and payment pages (decision 126;
 * issue 29: "Confirm shows a struck-through 'original price' the customer never saw and drops the agent
 * discount row"), and a home plan's contents sum insured is the one figure every page states (decision
 * 125). Bought to payment through agent links: travel in Singapore in English (the agent's commission
 * discount), home in Hong Kong in Chinese (the agent's campaign and the IA levy) and home in Singapore
 * in English (contents raised to the plan's included sum).
 */

type TLine = [key: string, label: string, amount: string];

/** The price breakdown's lines on the page: [which line, its label, its amount]. */
async function priceLines(page: Page): Promise<TLine[]> {
  const breakdown = page.locator('[data-price-breakdown]');
  await expect(breakdown).toHaveCount(1);
  await expect(breakdown.locator('[data-price-line="total"] dd')).not.toHaveText('');
  return breakdown.locator('[data-price-line]').evaluateAll((lines) =>
    lines.map((line) => [
      line.getAttribute('data-price-line') ?? '',
      // The label alone: a tax's "About GST" button beside it is help, not the line.
      line.querySelector('dt')?.firstChild?.textContent?.trim() ?? '',
      line.querySelector('dd')?.textContent?.trim() ?? '',
    ]),
  );
}

/** The lines but the total's label (the payment page calls it the amount to pay). */
const amounts = (lines: TLine[]) =>
  lines.map(([key, label, amount]) => (key === 'total' ? [key, amount] : [key, label, amount]));

/** Axe and no sideways scroll at 375 px; screenshots at 375 and 1280 px, attached to the report. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 375) await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  }
}

/** The value of the page's one summary line with this label ("Contents sum insured"). */
const summaryValue = (page: Page, label: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('one price breakdown from quote to payment', () => {
  test('Singapore, in English: a travel agent’s commission discount is a line on every page', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.goto('/travel/partner/AG1001');
    await quoteFromLanding(page);
    const quote = await priceLines(page);
    // AG1001's travel campaign: its promotion, and 10 % of the agent's commission given up, each its own
    // line, then the price after them and GST S$0.00 (outbound travel).
    expect(quote.map(([key]) => key)).toEqual([
      'premium',
      'campaignDiscount',
      'agentDiscount',
      'netPremium',
      'gst',
      'total',
    ]);
    expect(quote[2]).toEqual(['agentDiscount', 'Agent discount', expect.stringMatching(/^−S\$\d+\.\d{2}$/)]);
    expect(quote[4]).toEqual(['gst', 'GST', 'S$0.00']);
    await applyNow(page);
    await fillPolicyholder(page);
    await page.getByRole('button', { name: EN.continue }).click();

    await expect(page).toHaveURL(/\/travel\/confirm$/);
    expect(await priceLines(page)).toEqual(quote);
    // Nothing struck through: no "original price" the quote did not show.
    await expect(page.getByRole('region', { name: 'Your plan' }).locator('del')).toHaveCount(0);
    await checkScreen(page, testInfo, 'breakdown-travel-confirm-sgp-en');
    await confirmAndGoToPayment(page);
    expect(amounts(await priceLines(page))).toEqual(amounts(quote));
    await expect(page.locator('[data-price-line="total"] dt')).toHaveText('Amount to pay');
  });

  test('Hong Kong, in Chinese: a home agent’s campaign, the IA levy and the contents Prestige includes', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const hk = hongKongChinese;
    await page.goto('/home/partner/HK2001/campaign/HOMEHK/lang/zh?country=HKG');
    await page.getByLabel('建築面積').selectOption('500_799');
    await page.getByLabel('樓齡').selectOption('20_TO_39');
    await page.getByRole('radio', { name: hk('租户') }).check();
    await page.getByLabel('家居財物保額').selectOption('400000');
    await page.getByRole('button', { name: '索取報價' }).click();

    await expect(page).toHaveURL(/\/home\/quote$/);
    await page.getByRole('radio', { name: '尊貴' }).check();
    // Prestige includes HK$600,000 of contents, which its premium pays for: the card and summary say so.
    await expect(page.locator('[data-plan="PRESTIGE"]')).toContainText(hk('家居财物保额HK$600,000.00'));
    const contents = hk('HK$600,000.00：尊贵计划已包括，高于您选择的HK$400,000.00');
    await expect(summaryValue(page, hk('家居财物保额'))).toHaveText(contents);
    const quote = await priceLines(page);
    expect(quote.map(([key]) => key)).toEqual(['premium', 'campaignDiscount', 'netPremium', 'levy', 'total']);
    expect(quote[1]).toEqual(['campaignDiscount', hk('推广折扣'), '−HK$100.00']);
    expect(quote[3]?.[1]).toBe(hk('保险业监管局征费'));
    await page.getByRole('button', { name: '下一步' }).click();

    await expect(page).toHaveURL(/\/home\/applicant$/);
    const holder = page.getByRole('region', { name: '投保人' });
    await holder.getByLabel(hk('全名（与身份证或护照相同）')).fill('Cheung Ka Yan');
    await holder.getByLabel(hk('证件或护照号码')).fill('K765432(4)');
    await holder.getByLabel('出生日期').fill('1975-09-09');
    await holder.getByLabel(hk('手机号码')).fill('61234567');
    await holder.getByLabel(hk('电邮地址'), { exact: true }).fill('ky.cheung@example.com');
    await holder.getByLabel(new RegExp(`ky\\.cheung@example\\.com${hk('正确无误')}`)).check();
    await page.getByLabel('單位、樓層及座數').fill('Flat 12A, 8/F, Block 3');
    await page.getByLabel('街道').fill('18 Harbour Road');
    await page.getByLabel('地區').selectOption('WC');
    await page.getByRole('button', { name: '下一步' }).click();

    await expect(page).toHaveURL(/\/home\/confirm$/);
    expect(await priceLines(page)).toEqual(quote);
    await expect(summaryValue(page, hk('家居财物保额'))).toHaveText(contents);
    await checkScreen(page, testInfo, 'breakdown-home-confirm-hkg-zh');
    for (const name of ['^本人已阅读并同意声明', '^本人同意狮石'])
      await page.getByRole('checkbox', { name: new RegExp(hk(name)) }).check();
    await page.getByRole('button', { name: '付款', exact: true }).click();
    await expect(page).toHaveURL(/\/home\/payment$/);
    expect(amounts(await priceLines(page))).toEqual(amounts(quote));
    await expect(summaryValue(page, hk('家居财物保额'))).toHaveText(contents);
  });

  test('Singapore, in English: S$50,000 of contents on Enhanced reads S$60,000 from quote to payment', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.goto('/home/partner/AG1001/campaign/HOMESAFE?country=SGP');
    await page.getByRole('radio', { name: 'HDB flat' }).check();
    await page.getByLabel('HDB flat type').selectOption('4_ROOM');
    await page.getByRole('radio', { name: 'Owner living there' }).check();
    await page.getByLabel('Contents sum insured').selectOption('50000');
    await page.getByRole('button', { name: 'Get quote' }).click();

    await expect(page).toHaveURL(/\/home\/quote$/);
    await expect(page.getByRole('radio', { name: 'Enhanced' })).toBeChecked();
    await expect(page.locator('[data-plan="ESSENTIAL"]')).toContainText('Contents S$50,000.00');
    await expect(page.locator('[data-plan="ENHANCED"]')).toContainText('Contents S$60,000.00');
    const contents = 'S$60,000.00: included in Enhanced, more than the S$50,000.00 you chose';
    await expect(summaryValue(page, 'Contents sum insured')).toHaveText(contents);
    // The comparison's Enhanced column, which the schedule prints, says the same.
    await expect(page.getByRole('row', { name: /Household contents/ })).toContainText('S$60,000.00');
    const quote = await priceLines(page);
    expect(quote.map(([key]) => key)).toEqual(['premium', 'campaignDiscount', 'netPremium', 'gst', 'total']);
    await checkScreen(page, testInfo, 'breakdown-home-quote-sgp-en');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/home\/applicant$/);
    const holder = page.getByRole('region', { name: EN.policyholder });
    await holder.getByLabel(EN.fullName).fill(HOLDER.name);
    await holder.getByLabel(EN.idNumber).fill(HOLDER.id);
    await holder.getByLabel(EN.dateOfBirth).fill(HOLDER.birth);
    await holder.getByLabel(EN.mobile).fill(HOLDER_CONTACT.mobile);
    await holder.getByLabel(EN.email, { exact: true }).fill(HOLDER_CONTACT.email);
    await holder.getByLabel(EN.emailConfirmed(HOLDER_CONTACT.email)).check();
    await page.getByLabel('Block or house number').fill('123');
    await page.getByLabel('Street').fill('Tampines Street 11');
    await page.getByLabel('Postal code').fill('521123');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/home\/confirm$/);
    expect(await priceLines(page)).toEqual(quote);
    await expect(summaryValue(page, 'Contents sum insured')).toHaveText(contents);
    for (const name of EN.declarations) await page.getByRole('checkbox', { name }).check();
    await page.getByRole('button', { name: EN.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/home\/payment$/);
    expect(amounts(await priceLines(page))).toEqual(amounts(quote));
    await expect(summaryValue(page, 'Contents sum insured')).toHaveText(contents);
    await checkScreen(page, testInfo, 'breakdown-home-payment-sgp-en');
  });
});
