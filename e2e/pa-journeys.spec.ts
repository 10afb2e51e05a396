import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { singaporeDateIn } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * Personal accident bought in the browser (issue 16): landing, occupation, effective date, quote,
 * applicant, the children's page, then the shared checkout, ending with an issued, mailed policy.
 */

type TCover = { family?: { adults: 1 | 2; children: number }; occupations: string[]; promo?: string };

async function chooseOccupation(page: Page, group: string, search: string, option: RegExp) {
  const picker = page.getByRole('group', { name: group });
  await picker.getByRole('searchbox').fill(search);
  await picker.getByRole('radio', { name: option }).check();
}

async function coverOnLanding(page: Page, cover: TCover) {
  if (cover.family) {
    await page.getByRole('radio', { name: 'Family' }).check();
    await page.getByLabel('Number of adults').selectOption(String(cover.family.adults));
    await page.getByLabel('Number of dependent children').selectOption(String(cover.family.children));
  }
  const single = cover.occupations.length === 1 && !cover.family;
  for (const [index, search] of cover.occupations.entries()) {
    const group =
      single || cover.family?.adults === 1 ? 'Your occupation' : `Occupation of adult ${index + 1}`;
    await chooseOccupation(page, group, search, new RegExp(search, 'i'));
  }
  if (cover.promo) await page.getByLabel('Promotion code (optional)').fill(cover.promo);
  await page.getByRole('button', { name: 'Get a quote' }).click();
}

async function declareAndDate(page: Page, market: 'SGP' | 'HKG' = 'SGP') {
  await expect(page).toHaveURL(/\/pa\/occupation$/);
  if (market === 'SGP') await page.getByRole('radio', { name: 'Singapore citizen' }).check();
  else await page.getByLabel(/Largest accident claim/).fill('0');
  await page.getByRole('checkbox', { name: /Risk Statements are true/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/effective-date$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/quote$/);
}

async function checkScreen(page: Page) {
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('personal accident journeys (issue 16)', () => {
  test('an SGP individual of class 01 quotes, applies and reaches confirm', async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await page.goto('/pa');
    await checkScreen(page);
    await coverOnLanding(page, { occupations: ['teacher'] });
    await checkScreen(page);
    await declareAndDate(page);
    await checkScreen(page);
    await expect(page.getByTestId('pa-plan-D')).toBeVisible();
    const planB = page.getByTestId('pa-plan-B');
    const before = await planB.getByText(/^S\$/).first().textContent();
    await page.getByRole('checkbox', { name: 'Temporary Total Disablement' }).check();
    await expect(planB.getByText(/^S\$/).first()).not.toHaveText(before ?? '');
    await page.getByRole('button', { name: 'Apply Now for Plan B' }).click();
    await expect(page).toHaveURL(/\/pa\/applicant$/);
    await checkScreen(page);
    await page.getByLabel('Full name (as in your ID)').fill('Tan Wei Ming');
    await page.getByLabel('ID number').fill('S8512345I');
    await page.getByLabel('Date of birth').fill('15/06/1985');
    await page.getByLabel('Mobile number').fill('91234567');
    await page.getByLabel('Email address', { exact: true }).fill('weiming.tan@example.com');
    await page.getByRole('checkbox', { name: /email address is correct/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/pa\/confirm$/);
    expect(problems).toEqual([]);
  });
});
