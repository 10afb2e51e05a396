import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { DEMO_AGENT_PASSWORD } from './support/back-office.ts';
import { singaporeDateIn } from './support/dates.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPolicyholder,
  payByCard,
  planCard,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * The agents' desk (issue 18, decisions 083 and 090): an agent makes a pre-filled quote link, a
 * customer opens it in a browser of their own, finds the quote form filled and the agent's plan
 * preselected, buys, and the desk shows the sale and its commission, and the link's opens and sale.
 */
test('an agent shares a pre-filled travel link, the customer buys, the desk shows the sale and commission', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto('/agent');
  await page.getByLabel('Username').fill('ag1001');
  await page.getByLabel('Password').fill(DEMO_AGENT_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.getByRole('link', { name: 'Share a quote link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share a quote link' })).toBeVisible();
  await page.getByLabel('Sub-agent code (optional)').fill('S01');
  await page.getByLabel('Pre-fill the customer’s quote form').check();
  await page.getByLabel('Destination').selectOption('3');
  await page.getByLabel('Who travels').selectOption('ID');
  await page.getByLabel('Number of travellers').selectOption('1');
  // Not the plan the quote page starts on by itself (Super), so the preselection shows.
  await page.getByLabel('Plan to preselect').selectOption('STANDARD');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Make the link' }).click();
  const shown = page.getByTestId('quote-link');
  await expect(shown).toContainText(/\/travel\/link\/[\w-]{16}$/);
  const link = (await shown.textContent())!.trim();

  // The customer, in a browser of their own.
  const customerContext = await browser.newContext({ baseURL: baseURL! });
  const customer = await customerContext.newPage();
  openAppOnGoto(customer);
  await customer.goto(new URL(link).pathname);
  // The landing of the agent's own partner link, its form filled with the agent's choices.
  await expect(customer).toHaveURL(/\/travel\/partner\/AG1001\/sub\/S01$/);
  const form = customer.getByRole('region', { name: 'Get your travel quote' });
  await expect(form.getByLabel('Destination')).toHaveValue('3');
  await expect(form.getByRole('button', { name: /^Travellers / })).toContainText('1');
  // Only the dates are the customer's.
  await form.getByLabel('Departure date').fill(singaporeDateIn(14));
  await form.getByLabel('Return date').fill(singaporeDateIn(20));
  await form.getByRole('button', { name: 'Start quote' }).click();
  await expect(customer).toHaveURL(/\/travel\/quote$/);
  await expect(planCard(customer, 'Standard').getByRole('radio')).toBeChecked();
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

  // The link's own line: one open, one quote, one sale, its commission.
  await page.getByRole('link', { name: 'Share a quote link' }).click();
  const linkRow = page
    .getByTestId('my-links')
    .getByRole('row')
    .filter({ hasText: new URL(link).pathname });
  await expect(linkRow.getByRole('cell')).toHaveText([
    `${new URL(link).pathname} (S01)`,
    /Travel/,
    /^\d{2}\/\d{2}\/\d{4}$/,
    '1',
    '1',
    '1',
    `SGD ${commission.toFixed(2)}`,
  ]);
});
