import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { Locator, Page } from '@playwright/test';
import { watchConsole } from './support/console.ts';
import { paQuotePage } from './support/pa.ts';
import { shootBothWidths } from './support/shots.ts';
import { expect, test } from './support/test.ts';

/**
 * The applicant pages as customers meet them (issue 29, decision 125): Continue flags every problem at
 * once with its own message and a summary, the focus on the first; a 400 naming a field is that field's
 * message, never the "try again" text; Reload, Back and Forward lose nothing typed; adding a person
 * re-prices in place. Personal accident in Singapore in English, home in Hong Kong in Chinese.
 */

/** The ids of the inputs in `scope` marked invalid, in the page's order. */
async function invalidIds(scope: Locator): Promise<string[]> {
  return scope.locator('[aria-invalid="true"]').evaluateAll((inputs) => inputs.map((input) => input.id));
}

async function paApplicantPage(page: Page) {
  await paQuotePage(page);
  await page.getByRole('button', { name: 'Apply Now for Plan A' }).click();
  await expect(page).toHaveURL(/\/pa\/applicant$/);
}

test('personal accident in Singapore, in English: every problem at once, nothing typed lost', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await paApplicantPage(page);
  const holder = page.getByRole('region', { name: 'Applicant (Adult 1)' });

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect
    .poll(() => invalidIds(holder))
    .toEqual([
      'pa-adult1-name',
      'pa-adult1-id',
      'pa-adult1-dateOfBirth',
      'pa-mobile',
      'pa-email',
      'pa-email-confirmed',
    ]);
  await expect(holder.getByLabel('Full name (as in your ID)')).toBeFocused();
  await expect(page.getByText('Please check the 6 fields marked above.')).toHaveAttribute('role', 'alert');
  await expect(page).toHaveURL(/\/pa\/applicant$/);
  await shootBothWidths(page, 'forms-after-pa-applicant-empty-sgp-en');

  // A date typed the ISO way is the field's own message, not "We couldn't get your quote".
  await holder.getByLabel('Full name (as in your ID)').fill('Tan Wei Ming');
  await holder.getByLabel('Date of birth').fill('1980-01-01');
  await holder.getByLabel('Mobile number').fill('91234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(holder.getByLabel('Date of birth')).toHaveAccessibleDescription(/DD\/MM\/YYYY|valid date/i);
  await expect(page.getByText(/couldn.t get your quote/)).toHaveCount(0);
  // A policyholder of 17 is told PA's own rule, not travel's "adult travellers" (issue 29, B10).
  const seventeen = new Date().getFullYear() - 17;
  await holder.getByLabel('Date of birth').fill(`01/01/${seventeen}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(holder.getByLabel('Date of birth')).toHaveAccessibleDescription(
    /The policyholder and each insured adult must be 18 or over\./,
  );
  await expect(page.getByText(/traveller/i)).toHaveCount(0);

  // A policyholder of 67 is told what changes (half the death and disablement cover) and what does not
  // (the premium), with the plan's figures for that age; Cancel stays on the page (issue 29, B14).
  await holder.getByLabel('Date of birth').fill(`01/01/${new Date().getFullYear() - 67}`);
  await holder.getByLabel('ID number').fill('S8512345I');
  await holder.getByLabel('Email address', { exact: true }).fill('weiming.tan@example.com');
  await holder.getByRole('checkbox', { name: /email address is correct/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const senior = page.getByRole('dialog', { name: 'About your premium and benefits' });
  await expect(senior).toContainText(
    'An insured person aged 65 to 70 gets half the accidental death and disablement cover, at the same premium.',
  );
  await expect(senior.getByRole('table')).toBeVisible();
  await shootBothWidths(page, 'page-after-pa-age-65-to-70-sgp-en');
  await senior.getByRole('button', { name: 'Cancel' }).click();
  await expect(senior).toHaveCount(0);
  await expect(page).toHaveURL(/\/pa\/applicant$/);

  // Reload, then Back and Forward: what was typed is still there.
  await page.reload();
  await expect(holder.getByLabel('Full name (as in your ID)')).toHaveValue(/Tan Wei Ming/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/pa\/quote$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/pa\/applicant$/);
  await expect(holder.getByLabel('Full name (as in your ID)')).toHaveValue(/Tan Wei Ming/i);
  await expect(holder.getByLabel('Mobile number')).toHaveValue('91234567');

  // Adding a child re-prices in place: no error, the page and what is on it stay.
  await page.getByRole('button', { name: 'Add child' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/pa\/applicant$/);
  await expect(page.getByRole('button', { name: 'Add child' })).toHaveCount(0);
  await expect(holder.getByLabel('Full name (as in your ID)')).toHaveValue(/Tan Wei Ming/i);
  await shootBothWidths(page, 'forms-after-pa-child-added-sgp-en');
  expect(problems).toEqual([]);
});

test('home in Hong Kong, in Chinese: every problem at once in its own words, kept over a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await page.goto('/home/lang/zh?country=HKG');
  await page.getByLabel('建築面積').selectOption('500_799');
  await page.getByLabel('樓齡').selectOption('20_TO_39');
  await page.getByRole('radio', { name: hongKongChinese('租户') }).check();
  await page.getByRole('button', { name: '索取報價' }).click();
  await expect(page).toHaveURL(/\/home\/quote$/);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/home\/applicant$/);
  // The quote page stays drawn while the applicant page loads: wait for the page itself.
  await expect(page.getByRole('heading', { level: 1, name: '您的資料及住所地址' })).toBeVisible();

  await page.getByRole('button', { name: '下一步' }).click();
  const form = page.locator('form');
  await expect.poll(async () => (await invalidIds(form)).length).toBeGreaterThanOrEqual(7);
  await expect(page).toHaveURL(/\/home\/applicant$/);
  // Each field says its own problem; the outage text is for outages only.
  await expect(page.getByText(hongKongChinese('暂时无法为您报价'))).toHaveCount(0);
  await expect(page.getByLabel('街道')).toHaveAccessibleDescription(hongKongChinese('请填写此栏。'));
  await expect(page.getByLabel('地區')).toHaveAccessibleDescription(hongKongChinese('请选择'));
  await shootBothWidths(page, 'forms-after-home-applicant-empty-hkg-zh');

  await page.getByLabel('單位、樓層及座數').fill('Flat 12A, 8/F, Block 3');
  await page.getByLabel('街道').fill('18 Harbour Road');
  await page.reload();
  await expect(page.getByLabel('單位、樓層及座數')).toHaveValue('Flat 12A, 8/F, Block 3');
  await expect(page.getByLabel('街道')).toHaveValue('18 Harbour Road');
  expect(problems).toEqual([]);
});
