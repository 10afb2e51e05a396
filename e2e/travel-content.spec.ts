import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * The footer's pages as a customer and a regulator read them, per market (decision 042): each page
 * states what its market's law asks for, and nothing of the other market's, at 375 and 1280 px.
 */
type TMarket = 'SGP' | 'HKG';
type TPage = { path: string; title: string; statements: Record<TMarket, string[]> };

const PAGES: TPage[] = [
  {
    path: 'about-us',
    title: 'About us',
    statements: {
      SGP: [
        "Your policy is protected under the Policy Owners' Protection Scheme which is administered by the Singapore Deposit Insurance Corporation (SDIC).",
        'Financial Industry Disputes Resolution Centre (FIDReC)',
        'Lionrock General Insurance (Singapore) Pte. Ltd.',
      ],
      HKG: [
        'A levy of 0.1% of the premium (up to HK$5,000.00 per policy) is payable to the Insurance Authority',
        'Insurance Complaints Bureau (ICB)',
        'Lionrock Insurance (Hong Kong) Limited',
      ],
    },
  },
  {
    path: 'contact-us',
    title: 'Contact us',
    statements: {
      SGP: [
        'call +65 6200 0911, any time, from anywhere in the world',
        'Call 6200 0000',
        'www.fidrec.com.sg',
      ],
      HKG: ['call +852 2100 0911, any time, from anywhere in the world', 'Call 2100 0000', 'www.icb.org.hk'],
    },
  },
  {
    path: 'terms-of-use',
    title: 'Terms of use',
    statements: {
      SGP: [
        'Pursuant to Section 25(5) of the Insurance Act 1966',
        'You may cancel a new policy within 14 days of the day its cover starts',
        'governed by the laws of Singapore',
      ],
      HKG: [
        'The Insurance Authority levy of 0.1% of the premium is shown separately',
        'You may cancel a new policy within 21 days of the day its cover starts',
        'governed by the laws of the Hong Kong Special Administrative Region',
      ],
    },
  },
  {
    path: 'privacy-policy',
    title: 'Privacy policy',
    statements: {
      SGP: [
        'Personal Data Protection Act 2012 (PDPA)',
        'You may withdraw your consent to our use of it at any time',
        'Data Protection Officer at dpo@lionrock.example',
        'agreeing is never a condition of buying a policy',
      ],
      HKG: [
        'Personal Information Collection Statement',
        'Personal Data (Privacy) Ordinance (Cap. 486) (PDPO)',
        'to these classes of transferees',
        'You have the right to ask whether we hold your personal data, to request a copy of it, and to request its correction',
        'Data Protection Officer at dpo.hk@lionrock.example',
      ],
    },
  },
];

async function expectStatements(page: Page, market: TMarket, info: TPage) {
  const article = page.getByRole('article');
  for (const statement of info.statements[market]) await expect(article).toContainText(statement);
  const other: TMarket = market === 'SGP' ? 'HKG' : 'SGP';
  for (const statement of info.statements[other]) await expect(article).not.toContainText(statement);
}

for (const market of ['SGP', 'HKG'] as const) {
  for (const info of PAGES) {
    test(`${info.title} shows the ${market} statements, readable at 375 and 1280 px`, async ({ page }) => {
      const problems = watchConsole(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/travel/${info.path}?country=${market}`);
        await expect(page.getByRole('heading', { level: 1, name: info.title })).toBeVisible();
        await expectStatements(page, market, info);
        await expectNoHorizontalScroll(page);
        await expectNoSeriousAxeViolations(page);
      }
      expect(problems).toEqual([]);
    });
  }
}

test('the pages follow the market and the language: Hong Kong in Traditional Chinese, Singapore in Simplified', async ({
  page,
}) => {
  await page.goto('/travel/contact-us?country=HKG&lang=zh');
  await expect(page.getByRole('heading', { level: 1, name: '聯絡我們' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('+852 2100 0911');
  await expect(page.getByRole('article')).toContainText('保險投訴局（ICB）');
  await page.goto('/travel/privacy-policy?country=HKG&lang=zh');
  await expect(page.getByRole('heading', { level: 2, name: '個人資料收集聲明' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto('/travel/about-us?country=SGP&lang=zh');
  await expect(page.getByRole('article')).toContainText('保单持有人保障计划');
  await expect(page.getByRole('article')).toContainText('金融业纠纷调解中心（FIDReC）');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-SG');
  // Moving between the footer's pages keeps the market: the texts are there at once.
  await page.getByRole('contentinfo').getByRole('link', { name: '使用条款' }).click();
  await expect(page.getByRole('article')).toContainText('新保单保障开始之日起14日内');
});
