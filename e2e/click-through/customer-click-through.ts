import { expect, test } from '@playwright/test';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPolicyholder,
  HOLDER_CONTACT,
  payByCard,
  quoteFromLanding,
} from '../support/journey.ts';
import { paQuotePage } from '../support/pa.ts';

/**
 * The customer journeys issue 29 touched, clicked through on a running `npm start` (see
 * click-through.config.ts): the DD/MM/YYYY field and its calendar by keyboard, a travel purchase over
 * Reload, Back and Forward at 375 px, PA's promo field and applicant page, an HK agent's links in a
 * fresh browser, and the home applicant in Traditional Chinese. CLICK_BASE=http://127.0.0.1:3000 runs
 * them at the other address.
 */
const SHOTS = process.env.CLICK_SHOTS ?? '/tmp/click-shots';
const base = process.env.CLICK_BASE ?? 'http://localhost:3000';
const tag = base.includes('127.0.0.1') ? 'ip' : 'lh';

test('travel SG at 375: the DD/MM/YYYY field and its calendar by keyboard, quote, buy, Back and Reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/travel');
  const departure = page.getByLabel('Departure date');
  await departure.click();
  await page.getByRole('button', { name: /Choose date: Departure date/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: `${SHOTS}/${tag}-travel-calendar-375.png` });
  await page.keyboard.press('Enter');
  await expect(departure).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.goto('/travel');
  await quoteFromLanding(page);
  await applyNow(page);
  await fillPolicyholder(page);
  await page.reload();
  await page.goBack();
  await page.goForward();
  await expect(page.getByLabel('Mobile number')).toHaveValue(HOLDER_CONTACT.mobile);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/travel\/confirm$/);
  await confirmAndGoToPayment(page);
  await payByCard(page);
  await expectFinishPage(page);
  await page.screenshot({ path: `${SHOTS}/${tag}-travel-finish-375.png`, fullPage: true });
});

test('PA SG: a wrong promo said beside the field; every applicant problem at once', async ({ page }) => {
  await page.goto('/pa?country=SGP');
  const promo = page.getByLabel(/Promo(tion)? code/i);
  await promo.fill('NOSUCHCODE99');
  await expect(promo).toHaveValue('NOSUCHCODE');
  await promo.blur();
  await expect(page.getByText("This promo code isn't valid. Please check it and try again.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${tag}-pa-promo.png` });
  await promo.fill('');
  await paQuotePage(page);
  await page.getByRole('button', { name: 'Apply Now for Plan A' }).click();
  await expect(page).toHaveURL(/\/pa\/applicant$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/Please check the \d+ fields marked above/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${tag}-pa-applicant-errors.png`, fullPage: true });
});

test('an HK agent link in a fresh browser opens the HK shop with its agent, in Traditional Chinese at 375', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/pa/partner/HK2001/lang/zh');
  await expect(page.getByText('這個連結無效')).toHaveCount(0);
  await expect(page.locator('body')).toContainText('HK$');
  await page.screenshot({ path: `${SHOTS}/${tag}-pa-hk-agent-375.png`, fullPage: true });
  await page.goto('/home/partner/HK2001/lang/zh');
  await expect(page.getByLabel('建築面積')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${tag}-home-hk-agent-375.png`, fullPage: true });
});

test('home HK in Chinese at 375: every problem at once, kept over Reload, Back and Forward', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home/lang/zh?country=HKG');
  await page.getByLabel('建築面積').selectOption('500_799');
  await page.getByLabel('樓齡').selectOption('20_TO_39');
  await page.getByRole('button', { name: '索取報價' }).click();
  await expect(page).toHaveURL(/\/home\/quote$/);
  await page.screenshot({ path: `${SHOTS}/${tag}-home-quote-375.png`, fullPage: true });
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '您的資料及住所地址' })).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${tag}-home-applicant-errors-375.png`, fullPage: true });
  await page.getByLabel('街道').fill('18 Harbour Road');
  await page.reload();
  await page.goBack();
  await page.goForward();
  await expect(page.getByLabel('街道')).toHaveValue('18 Harbour Road');
});
