import { hongKongChinese, notHongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { Page } from '@playwright/test';
import { DEMO_AGENT_PASSWORD, signInToBackOffice } from './support/back-office.ts';
import { expect, test } from './support/test.ts';

/**
 * Hong Kong reads Chinese in its own characters and words on every page (decision 110): each page of the
 * shop a Hong Kong customer opens in Chinese is read whole, and a Simplified character or a mainland word
 * anywhere on it (a catalogue text, a benefit label the server serves, a hand-typed word) fails the test.
 * Singapore's pages stay in Simplified, as written.
 */
const HONG_KONG_PAGES = [
  // The landings: the PA one draws the benefit table from the served schedule (燒傷, 醫療費用).
  { path: '/travel?country=HKG&lang=zh', ready: /出外旅遊|旅遊保險/ },
  { path: '/pa?country=HKG&lang=zh', ready: /個人意外/ },
  { path: '/home?country=HKG&lang=zh', ready: /家居/ },
  { path: '/travel/about-us?country=HKG&lang=zh', ready: /獅石/ },
  { path: '/travel/contact-us?country=HKG&lang=zh', ready: /聯絡我們/ },
  { path: '/travel/terms-of-use?country=HKG&lang=zh', ready: /條款/ },
  { path: '/travel/privacy-policy?country=HKG&lang=zh', ready: /個人資料/ },
  { path: '/my-policy?country=HKG&lang=zh', ready: /保單/ },
  { path: '/claims?country=HKG&lang=zh', ready: /索償|保單/ },
];

async function pageText(page: Page, ready: RegExp): Promise<string> {
  await expect(page.locator('main')).toContainText(ready);
  // Anything still loading (a benefit table, a catalogue part) is waited for.
  await expect(page.locator('[role="status"][aria-busy="true"], [aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /載入|加載|Loading/ })).toHaveCount(0);
  // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, hidden text and scripts left out
  return page.locator('body').innerText();
}

for (const { path, ready } of HONG_KONG_PAGES)
  test(`Hong Kong in Chinese has no Simplified character or mainland word: ${path}`, async ({ page }) => {
    await page.goto(path);
    const text = await pageText(page, ready);
    expect(text.length).toBeGreaterThan(50);
    expect(notHongKongChinese(text), text.slice(0, 400)).toEqual([]);
  });

test('the PA benefit table a Hong Kong customer reads in Chinese is the served schedule in Traditional', async ({
  page,
}) => {
  await page.goto('/pa?country=HKG&lang=zh');
  const table = page.getByRole('table').first();
  await expect(table).toContainText(hongKongChinese('医疗费用'));
  await expect(table).not.toContainText('医疗费用');
  // Singapore's, in Simplified as written.
  await page.goto('/pa?country=SGP&lang=zh');
  await expect(page.getByRole('table').first()).toContainText('医疗费用');
});

test("a Hong Kong agent's desk is in Hong Kong's Chinese and opens on Hong Kong, whatever market the shop was on", async ({
  page,
}) => {
  // The shop was last on Singapore: the desk follows the agent's market, not the shop's.
  await page.goto('/travel?country=SGP&lang=en');
  await signInToBackOffice(page, { desk: 'agent', username: 'hk2001', password: DEMO_AGENT_PASSWORD });
  await page.getByRole('button', { name: '中文' }).click();
  for (const name of ['我的銷售', '分享報價連結', '為客戶報價']) {
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, hidden text and scripts left out
    const shown = await page.locator('body').innerText();
    expect(notHongKongChinese(shown), name).toEqual([]);
  }
  await page.getByRole('link', { name: '分享報價連結' }).click();
  await expect(page.getByLabel('市場')).toHaveValue('HKG');
});
