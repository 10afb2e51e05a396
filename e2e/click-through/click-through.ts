import { expect, test } from '@playwright/test';
import { confirmSecondFactor, submitPassword } from '../support/back-office.ts';

const OPS = { username: 'ops.click', password: 'click-through-operations-pw' };
const AGENT_PASSWORD = 'click-through-agent-pw';
const SHOTS = process.env.CLICK_SHOTS ?? '/tmp/click-shots';

async function signIn(
  page: import('@playwright/test').Page,
  desk: 'admin' | 'agent',
  username: string,
  password: string,
) {
  await page.goto(`/${desk}`);
  // Every problem at once before anything is sent (the form kit).
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please fill this in.')).toHaveCount(2);
  await submitPassword(page, username, password);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await expect(signOut.or(page.getByLabel('6-digit code'))).toBeVisible();
  if (await page.getByLabel('6-digit code').isVisible()) await confirmSecondFactor(page, username);
  await expect(signOut).toBeVisible();
}

/** Fills the open New account form for a role and creates the account; answers its username. */
async function createAccount(
  page: import('@playwright/test').Page,
  account: { prefix: string; name: string; email: string; role: string; password: string },
): Promise<string> {
  const username = `${account.prefix}${Date.now() % 100000}`;
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Role', { exact: true }).selectOption(account.role);
  await page.getByLabel('First password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`${username} is created.`)).toBeVisible();
  return username;
}

test('operations make an underwriter on the form kit; the underwriter signs in and uses the blacklist; search, Back and Reload', async ({
  browser,
}) => {
  const page = await browser.newPage();
  await signIn(page, 'admin', OPS.username, OPS.password);
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'New account' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check the marked fields.')).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/accounts-problems.png`, fullPage: true });
  const password = 'click-through-underwriter-pw';
  const username = await createAccount(page, {
    prefix: 'uw.click',
    name: 'Click Underwriter',
    email: 'uw.click@example.com',
    role: 'underwriting',
    password,
  });

  await page.goto('/admin/policies');
  await page.getByLabel('Created from').fill('20/11/2026');
  await page.getByLabel('Created to').fill('01/11/2026');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Created to must be on or after Created from.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/policy-search-range.png`, fullPage: true });
  await page.goBack();
  await page.goForward();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await signIn(page, 'admin', username, password);
  await page.goto('/admin/blacklist');
  await page.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(page.getByText('Enter the ID number.')).toBeVisible();
  await expect(page.getByText('Give the reason.')).toBeVisible();
  await expect(page.getByLabel('NRIC / FIN / HKID / passport number')).toBeFocused();
  await page.getByLabel('NRIC / FIN / HKID / passport number').fill('S1234567D');
  await page.getByLabel('Reason', { exact: true }).fill('Click-through check');
  await page.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(page.getByText('added to the blacklist.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/blacklist.png`, fullPage: true });
});

test('agents: a quote for a customer in the shop words, and a pre-filled link', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'agent', 'ag1001', AGENT_PASSWORD);
  await page.goto('/agent/customer-quote');
  await page.getByLabel('Product').selectOption('home');
  await expect(page.getByLabel('Home type').locator('option').first()).toHaveText('HDB flat');
  await page.getByLabel('Customer’s e-mail').fill('click.customer@example.com');
  await page.getByRole('button', { name: 'E-mail the quote to the customer' }).click();
  await expect(page.getByTestId('customer-quote-sent')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desk-quote-sent-375.png`, fullPage: true });

  await page.goto('/agent/links');
  await page.getByLabel('Pre-fill the customer’s quote form').check();
  await page.getByLabel('Destination').selectOption('3');
  await page.getByRole('button', { name: 'Make the link' }).click();
  await expect(page.getByTestId('quote-link')).toBeVisible();
  const link = (await page.getByTestId('quote-link').textContent()) ?? '';
  await page.goto(link.trim());
  await expect(page.locator('body')).toContainText(/Worldwide|Tan Wei Ling/);
  await page.screenshot({ path: `${SHOTS}/link-opened-375.png`, fullPage: true });
});

test('marketing: a campaign and an agent campaign typed in percentages and dollars; the list says which are live; queues read in words', async ({
  browser,
}) => {
  const page = await browser.newPage();
  await signIn(page, 'admin', OPS.username, OPS.password);
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'New account' }).click();
  const password = 'click-through-marketing-pw';
  const username = await createAccount(page, {
    prefix: 'mk.click',
    name: 'Click Marketing',
    email: 'mk.click@example.com',
    role: 'marketing',
    password,
  });
  // Operations read the queues' cases in words, not JSON (whatever the demo data holds).
  await page.goto('/admin/queues');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('td', { hasText: /^\{"/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await signIn(page, 'admin', username, password);
  await page.goto('/admin/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const code = `CLICK${Date.now() % 100000}`;
  await page.getByLabel('Campaign code').fill(code);
  await page.getByLabel('Name', { exact: true }).fill('Click-through 12.5%');
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore' }).format(new Date());
  await page.getByLabel('First day').fill(today);
  await page.getByLabel('Last day').fill('31/12/2027');
  // A third decimal is refused beside the field, not rounded.
  await page.getByLabel('Discount', { exact: true }).fill('12.555');
  await page.getByLabel('Terms and conditions (English)').fill('One code per policy.');
  await page.getByLabel('Terms and conditions (Chinese)').fill('每份保单限用一个优惠码。');
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page.getByText('Enter a number, 0 or more, with at most 2 decimals.')).toBeVisible();
  await page.getByLabel('Discount', { exact: true }).fill('12.5');
  await page.getByLabel('Voucher per policy (optional)').fill('15.00');
  await page.getByLabel('Voucher (English)').fill('A supermarket voucher');
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page.getByRole('heading', { name: `${code}: Click-through 12.5%` })).toBeVisible();
  await page.getByRole('button', { name: 'Edit campaign' }).click();
  await expect(page.getByLabel('Discount', { exact: true })).toHaveValue('12.5');
  await expect(page.getByLabel('Voucher per policy (optional)')).toHaveValue('15.00');
  await page.screenshot({ path: `${SHOTS}/campaign-form-percent.png`, fullPage: true });
  await page.goto('/admin/campaigns');
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Live');
  await expect(row).toContainText('12.5%');
  await page.screenshot({ path: `${SHOTS}/campaigns-status.png`, fullPage: true });

  // An agent campaign's commission, typed as a percentage.
  await page.goto('/admin/agents');
  await page.getByRole('button', { name: 'AG1001' }).click();
  await page.getByRole('button', { name: 'Add agent campaign' }).click();
  await page.getByLabel('Account commission (%)').fill('12.345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a percentage from 0 to 100, at most 2 decimals.').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/agent-campaign-percent.png`, fullPage: true });
});

test('operations add a banner, take the policies list out as CSV, and see a cancellation on a business date', async ({
  browser,
}) => {
  const page = await browser.newPage();
  await signIn(page, 'admin', OPS.username, OPS.password);
  await page.goto('/admin/system');
  const banner = page.getByRole('form', { name: 'New banner' });
  await banner.getByRole('button', { name: 'Add banner' }).click();
  await expect(banner.getByText('Title (English) is required.')).toBeVisible();
  await banner.getByLabel('Product').selectOption('HOM');
  await banner.getByLabel('Title (English)').fill('Click-through home banner');
  await banner.getByLabel('Title (Chinese)').fill('測試家居橫額');
  await banner.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByText('The banner is added, last in its list.')).toBeVisible();
  await expect(page.getByText('Click-through home banner')).toBeVisible();

  // The policies list, all of it, as CSV: the link carries the filters and the file downloads.
  await page.goto('/admin/policies');
  await page.getByRole('button', { name: 'Search' }).click();
  const csv = page.getByRole('link', { name: 'CSV' });
  await expect(csv).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
  expect(download.suggestedFilename()).toMatch(/^policies-\d{4}-\d{2}-\d{2}\.csv$/);

  // A cancellation on a business date: an unknown policy refused on its field.
  await page.goto('/admin/system');
  const cancel = page.getByRole('form', { name: 'Cancel a policy on a business date' });
  await cancel.getByRole('textbox', { name: 'Policy number' }).fill('TSG26-9999999');
  await cancel.getByRole('button', { name: 'Show the refund' }).click();
  await expect(cancel.getByText('No policy has this number.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/system-cancel-on-date.png`, fullPage: true });
});
