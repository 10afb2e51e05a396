import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  confirmSecondFactor,
  DEMO_AGENT_PASSWORD,
  knownSecret,
  STAFF_PASSWORD,
  STAFF_USERNAME,
  signInToBackOffice,
  submitPassword,
} from './support/back-office.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * The back office's and the agents' desk's doors (issue 18, decision 079): staff sign in with a
 * password and an authenticator code (enrolled on the first sign-in), a wrong code is refused, the
 * header signs out; an agent signs in at /agent and is sent there from /admin. Each screen is checked
 * with axe and at 375 px.
 */

async function checkScreen(page: import('@playwright/test').Page) {
  const viewport = page.viewportSize();
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

test('staff sign in with a password and an authenticator code, a wrong code refused, and sign out', async ({
  page,
}) => {
  const answer = await page.goto('/admin');
  expect(answer?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await checkScreen(page);

  // A wrong password is refused where it was typed.
  await submitPassword(page, STAFF_USERNAME, 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();

  await submitPassword(page, STAFF_USERNAME, STAFF_PASSWORD);
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  // The key shows on the account's first sign-in of the run (another spec may have come first).
  if (await page.getByTestId('totp-secret').isVisible()) {
    // A first sign-in shows the key to add to an authenticator app, in groups of four.
    await expect(page.getByRole('heading', { name: 'Add Lionrock to your authenticator app' })).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expect(page.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
      'href',
      /^otpauth:\/\/totp\//,
    );
    await checkScreen(page);
  }
  // A code that is not the app's is refused, and the right one lets the account in.
  await confirmSecondFactor(page, STAFF_USERNAME, '000000');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  expect(await confirmSecondFactor(page, STAFF_USERNAME)).toBe(false);
  expect(knownSecret(page, STAFF_USERNAME)).toBeTruthy();

  await expect(page.getByRole('banner')).toContainText('Operations');
  await expect(page.getByRole('heading', { name: 'What you can do' })).toBeVisible();
  await checkScreen(page);

  // The session outlives a reload; signing out ends it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();

  // The next sign-in of the run asks only for a code (the helper types a fresh one).
  await signInToBackOffice(page, { desk: 'admin', username: STAFF_USERNAME, password: STAFF_PASSWORD });
});

test('an agent signs in at the desk and is told the back office is the staff side', async ({ page }) => {
  await page.goto('/agent');
  await expect(page.getByRole('heading', { name: "Sign in to the agents' desk" })).toBeVisible();
  await signInToBackOffice(page, { desk: 'agent', username: 'ag1001', password: DEMO_AGENT_PASSWORD });
  await expect(page.getByRole('heading', { name: "Welcome to the agents' desk" })).toBeVisible();
  await expect(page.getByText('AG1001', { exact: false })).toBeVisible();
  await checkScreen(page);

  // The desk speaks Chinese too.
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { name: '欢迎来到代理人专区' })).toBeVisible();
  await page.getByRole('button', { name: 'EN' }).click();

  await page.goto('/admin');
  await expect(page.getByRole('alert')).toContainText('This is the staff side of Lionrock');
  await page.getByRole('link', { name: "Go to the agents' desk" }).click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByRole('heading', { name: "Welcome to the agents' desk" })).toBeVisible();
});
