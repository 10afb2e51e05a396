import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { notHongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * Agent links as customers open them (issue 29, decision 128): the link's agent decides the market, its
 * link's language segment the language, on travel, personal accident and home alike; the agent's card
 * opens on every product's landing with the agent's own number; an earlier link's agent or market never
 * shows on a new one; an unknown agent's link says it is not valid and offers the shop without one.
 */

const HK_AGENT = { name: 'Chan Ka Yan', phone: '+85261234567', chat: 'https://wa.me/85261234567' };
const SG_AGENT = { name: 'Tan Wei Ling', phone: '+6591234567', chat: 'https://wa.me/6591234567' };
const INVALID = /This link isn't valid/;

/** The header's agent card, opened by itself on a partner link's landing (decision 016). */
function agentCard(page: Page, title = 'Your agent') {
  return page.getByRole('complementary', { name: title });
}

async function expectAgentCard(page: Page, agent: typeof HK_AGENT, title?: string) {
  const card = agentCard(page, title);
  await expect(card).toContainText(agent.name);
  await expect(card.getByRole('link', { name: new RegExp(`\\${agent.phone}`) })).toHaveAttribute(
    'href',
    agent.chat,
  );
}

/**
 * The screen at 375 and 1280 px, kept when SHOTS_DIR says where: no sideways scroll on the phone, no
 * serious axe finding on the header with its open agent card at both widths, then on the whole page with
 * the card closed (the whole page's check scrolls, and a scroll closes the card midway: header.tsx,
 * 150 px), at the width the page was opened in: sections drawn only when in view
 * (`content-visibility: auto`) keep that width's height until drawn, which axe misreads after a resize.
 */
async function checkScreen(page: Page, name: string) {
  const viewport = page.viewportSize();
  try {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      if (width === 375) await expectNoHorizontalScroll(page);
      if (process.env.SHOTS_DIR) {
        fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`) });
      }
      const header = await new AxeBuilder({ page }).include('header').analyze();
      expect(
        header.violations.filter((found) => ['serious', 'critical'].includes(found.impact ?? '')),
      ).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page);
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

test.describe('an agent link decides market, language and agent', () => {
  // Each test opens several landings and checks each screen at two widths: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('a Hong Kong agent’s PA link in a new browser opens the Hong Kong shop, in English or Chinese per link', async ({
    browser,
    baseURL,
  }) => {
    for (const [link, lang, title, heading] of [
      ['/pa/partner/HK2001', 'en', 'Your agent', 'Personal accident insurance'],
      ['/pa/partner/HK2001/lang/zh', 'zh-Hant-HK', '您的代理人', '個人意外保險'],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(link);
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAgentCard(page, HK_AGENT, title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(
        page.getByRole('alert').filter({ hasText: /This link isn't valid|此連結無效/ }),
      ).toHaveCount(0);
      // Hong Kong's plans: the benefit table is in HK$.
      await expect(page.getByRole('table').getByText(/HK\$/).first()).toBeVisible();
      if (lang !== 'en') {
        // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, hidden text and scripts left out
        expect(notHongKongChinese(await page.locator('body').innerText())).toEqual([]);
      }
      await checkScreen(page, `agent-link-pa-hkg-${lang === 'en' ? 'en' : 'zh'}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test('a Singapore agent’s link after a Hong Kong visit opens the Singapore shop with that agent', async ({
    page,
  }) => {
    // Travel's own link, without ?country=HKG: the agent says Hong Kong.
    await page.goto('/travel/partner/HK2001');
    await expectAgentCard(page, HK_AGENT);
    await expect(page.getByText(/HK\$/).first()).toBeVisible();
    await expect(page.locator('#products-menu a[href^="/pa/"]')).toHaveAttribute(
      'href',
      '/pa/partner/HK2001?country=HKG',
    );
    await page.goto('/pa/partner/AG1001');
    await expectAgentCard(page, SG_AGENT);
    await expect(page.getByText(HK_AGENT.name)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toHaveCount(0);
    await expect(page.getByRole('table').getByText(/S\$/).first()).toBeVisible();
    await expect(page.getByRole('table').getByText(/HK\$/)).toHaveCount(0);
    // Back to travel through the Singapore agent's link: Singapore, that agent.
    await page.goto('/travel/partner/AG1001');
    await expectAgentCard(page, SG_AGENT);
    await expect(page.getByText(/HK\$/)).toHaveCount(0);
  });

  test('home links in both markets show their agent’s card on their market’s form, whatever came before', async ({
    page,
  }) => {
    await page.goto('/home/partner/AG1001');
    await expectAgentCard(page, SG_AGENT);
    await expect(page.getByRole('group', { name: 'Type of home' })).toBeVisible();
    await page.goto('/home/partner/HK2001');
    await expectAgentCard(page, HK_AGENT);
    await expect(page.getByText(SG_AGENT.name)).toHaveCount(0);
    await expect(page.getByLabel('Gross floor area')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Type of home' })).toHaveCount(0);
    await checkScreen(page, 'agent-link-home-hkg-en');
    // An SG link after the HK one: the SG form and agent, nothing of Hong Kong.
    await page.goto('/home/partner/AG1001');
    await expectAgentCard(page, SG_AGENT);
    await expect(page.getByText(HK_AGENT.name)).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Type of home' })).toBeVisible();
    await expect(page.getByLabel('Gross floor area')).toHaveCount(0);
  });

  test('an unknown or former agent’s link says it is not valid and offers the shop without an agent', async ({
    page,
  }) => {
    // Singapore, English, a home link of an agent who left.
    await page.goto('/home/partner/AG9000');
    const alert = page.getByRole('alert').filter({ hasText: INVALID });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get quote' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Your agent' })).toHaveCount(0);
    await checkScreen(page, 'agent-link-invalid-home-sgp-en');
    await alert.getByRole('link', { name: 'Shop without an agent' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get quote' })).toBeEnabled();

    // Hong Kong, Chinese, a PA link of no agent at all.
    await page.goto('/pa/partner/NOPE99/lang/zh?country=HKG');
    const zhAlert = page.getByRole('alert').filter({ hasText: '此連結無效' });
    await expect(zhAlert).toBeVisible();
    await checkScreen(page, 'agent-link-invalid-pa-hkg-zh');
    await zhAlert.getByRole('link', { name: '不經代理直接投保' }).click();
    await expect(page).toHaveURL(/\/pa\/lang\/zh\?country=HKG$/);
    await expect(page.getByRole('heading', { level: 1, name: '個人意外保險' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '此連結無效' })).toHaveCount(0);
  });
});
