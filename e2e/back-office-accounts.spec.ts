import { STAFF_PASSWORD, STAFF_USERNAME, signInToBackOffice } from './support/back-office.ts';
import { expect, test } from './support/test.ts';

/**
 * Operations' accounts (issue 18, decision 086): operations makes a claims handler's account in the
 * Accounts screen; it is listed, not yet enrolled in an authenticator, and the new person's first
 * sign-in shows the key to enrol.
 */
test('operations creates an account in the Accounts screen, and its first sign-in enrols', async ({
  page,
}) => {
  test.setTimeout(40_000);
  const username = `claims.${Date.now().toString(36)}`;
  const password = 'a-first-password-for-e2e';
  await signInToBackOffice(page, { desk: 'admin', username: STAFF_USERNAME, password: STAFF_PASSWORD });
  await page.getByRole('navigation').getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'New account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Name', { exact: true }).fill('Claims Handler');
  await page.getByLabel('E-mail').fill(`${username}@insurer.example`);
  await page.getByLabel('Role').selectOption('claims');
  await page.getByLabel('First password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText(`${username} is created`);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Claims');
  await expect(row).toContainText('2FA not enrolled');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('totp-secret')).toBeVisible();
});
