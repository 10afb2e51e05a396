import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

test.describe('the shop foundation', () => {
  test('the travel landing shows the seeded banners and switches to Chinese @phone', async ({
    page,
    isMobile,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/travel$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Travel insurance that goes where you go' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Year-end getaway: 25% off single trips' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Test environment');
    await expectNoSeriousAxeViolations(page);

    if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '出行无忧的旅游保险' })).toBeVisible();
    // The banners come from the database in the chosen language.
    await expect(page.getByRole('heading', { name: '年终出游:单次旅程保险七五折' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-SG');
    await expectNoSeriousAxeViolations(page);

    // No horizontal scrolling at any width down to 375 px.
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  test('a new visit gets the landing in the HTML, the app takes it over, and a visit under way does not', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const response = await page.goto('/travel');
    const html = await response!.text();
    // The server drew the first screen: the heading and the form are in the HTML the browser received.
    expect(html).toMatch(/<div id="root" data-drawn="page"><div class="[^"]+"><a [^>]*href="#main">/);
    expect(html).toContain('Travel insurance that goes where you go');
    expect(html).toContain('Get your travel quote');
    const heading = page.getByRole('heading', { level: 1, name: 'Travel insurance that goes where you go' });
    await expect(heading).toBeVisible();
    // Hydrated, not replaced: the heading the server drew is the one the app now owns, and it works.
    await page.getByRole('radio', { name: 'Annual plan' }).check();
    await expect(page.getByLabel('Return date')).toHaveCount(0);
    // Now that the visit has state, a reload starts from the app's own render (the guard emptied #root).
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Annual plan' })).toBeChecked();
    await expect(heading).toBeVisible();
    // A hydration mismatch would have been logged as an error.
    expect(problems).toEqual([]);
  });

  test('Hong Kong reads Traditional Chinese and prices in HK$', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/travel/lang/tc?country=HKG');
    await expect(page.getByRole('heading', { level: 1, name: '出行無憂的旅遊保險' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: '冬日出遊：最高八折優惠再送150港元超市禮券' }),
    ).toBeVisible();
    await expect(page.getByText('海外醫療費用最高 HK$7,000,000.00')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-HK');
    expect(problems).toEqual([]);
  });

  test('a reload on a deep link renders the page, and the footer shows the version', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/travel/terms-of-use');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/Version \d+\.\d+\.\d+/);
    await page.goto('/pa');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Personal accident insurance' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home insurance' })).toBeVisible();
    await page.goto('/travel/no/such/page/../../nothing');
    expect(problems).toEqual([]);
  });

  test('a partner link shows its agent and keeps the partner on the other products', async ({ page }) => {
    await page.goto('/travel/partner/AG1001/campaign/YEAREND');
    await expect(page.getByText('Tan Wei Ling', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Message Tan Wei Ling on \+6591234567/ })).toHaveAttribute(
      'href',
      'https://wa.me/6591234567',
    );
    await expect(page.getByRole('link', { name: 'View Personal accident' })).toHaveAttribute(
      'href',
      '/pa/partner/AG1001',
    );
    await page.reload();
    await expect(page.getByText('Harbourfront Advisory Pte Ltd')).toBeVisible();
  });

  test('an unknown agent link says the link is not valid', async ({ page }) => {
    await page.goto('/travel/partner/NOPE99');
    await expect(page.getByRole('alert')).toContainText("This link isn't valid");
  });

  test('the products menu and the logo work from the keyboard', async ({ page }) => {
    await page.goto('/travel/about-us');
    await page.getByRole('button', { name: 'Products' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: /Home insurance \(opens in a new tab\)/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: /Home insurance \(opens in a new tab\)/ })).toBeHidden();
    await page.getByRole('button', { name: 'Lionrock Insurance home' }).click();
    await expect(page).toHaveURL(/\/travel\/about-us$/);
  });
});
