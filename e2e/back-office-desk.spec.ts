import { DEMO_AGENT_PASSWORD } from './support/back-office.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPolicyholder,
  payByCard,
  quoteFromLanding,
} from './support/journey.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * The agents' desk (issue 18, decision 083): an agent makes a quote link, a customer buys through it
 * in a browser of their own, and the desk shows the sale and its commission.
 */
test('an agent shares a travel link, the customer buys, the desk shows the sale and commission', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.goto('/agent');
  await page.getByLabel('Username').fill('ag1001');
  await page.getByLabel('Password').fill(DEMO_AGENT_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.getByRole('link', { name: 'Share a quote link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share a quote link' })).toBeVisible();
  await page.getByLabel('Sub-agent code (optional)').fill('S01');
  await page.getByRole('button', { name: 'Make the link' }).click();
  const shown = page.getByTestId('quote-link');
  await expect(shown).toContainText('/travel/partner/AG1001/sub/S01');
  const link = (await shown.textContent())!.trim();

  // The customer, in a browser of their own.
  const customerContext = await browser.newContext({ baseURL: baseURL! });
  const customer = await customerContext.newPage();
  openAppOnGoto(customer);
  await customer.goto(new URL(link).pathname);
  await quoteFromLanding(customer);
  await applyNow(customer);
  await fillPolicyholder(customer);
  await customer.getByRole('button', { name: 'Continue' }).click();
  await confirmAndGoToPayment(customer);
  await payByCard(customer);
  const policyNumber = await expectFinishPage(customer, { country: 'SGP' });
  await customerContext.close();

  await page.getByRole('link', { name: 'My sales' }).click();
  const sales = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Policy number' }) })
    .first();
  const row = sales.getByRole('row').filter({ hasText: policyNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Lim Jun Jie (S01)');
  await expect(row).toContainText('S****345I');
  // AG1001's agent campaign prices travel at 15 % of the premium before tax (seed agents.json).
  const cells = await row.getByRole('cell').allTextContents();
  const amount = (text: string | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));
  const premium = amount(cells[4]);
  const commission = amount(cells[5]);
  expect(premium).toBeGreaterThan(0);
  expect(commission).toBeCloseTo(Math.round(premium * 15) / 100, 2);
  await expect(page.getByTestId('desk-commission')).toContainText(/SGD \d+\.\d\d/);
});
