import type { Page, Response } from '@playwright/test';
import { watchConsole } from './support/console.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPolicyholder,
  payByCard,
  quoteFromLanding,
} from './support/journey.ts';
import { SURVEY_PORT, SURVEY_SCRIPT_URL } from './support/servers.ts';
import { expect, test } from './support/test.ts';

/**
 * The finish page's third-party survey (decision 016), on a shop with SURVEY_SCRIPT_URL set:
 * the script runs on /travel/finish only, in a document whose CSP allows its origin; no other page's
 * document allows or loads it, and leaving the finish page leaves that document behind. The data layer
 * gets the checkout steps on the way.
 */
test.use({ baseURL: `http://localhost:${SURVEY_PORT}` });

const SURVEY_ORIGIN = new URL(SURVEY_SCRIPT_URL).origin;

/** Document responses of the main frame, in order: their path and Content-Security-Policy. */
function watchDocuments(page: Page) {
  const documents: { path: string; policy: string }[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'document' || response.frame() !== page.mainFrame()) return;
    documents.push({
      path: new URL(response.url()).pathname,
      policy: response.headers()['content-security-policy'] ?? '',
    });
  });
  return documents;
}

test('the survey runs on the finish page only, in a document of its own', async ({ page }) => {
  const problems = watchConsole(page);
  const documents = watchDocuments(page);
  const surveyRequests: string[] = [];
  await page.route(`${SURVEY_ORIGIN}/**`, async (route) => {
    surveyRequests.push(new URL(page.url()).pathname);
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'window.surveyRuns = (window.surveyRuns || 0) + 1;',
    });
  });

  await page.goto('/travel');
  await quoteFromLanding(page);
  await applyNow(page);
  await fillPolicyholder(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndGoToPayment(page);
  // Every page so far reported its checkout step; no survey was asked for.
  const steps = await page.evaluate(() => {
    type TEntry = { event?: string; ecommerce?: { checkout: { actionField: { step: number } } } };
    const layer = (window as { dataLayer?: TEntry[] }).dataLayer ?? [];
    return layer
      .filter((entry) => entry.event === 'checkout')
      .map((entry) => entry.ecommerce!.checkout.actionField.step);
  });
  expect(steps).toEqual([1, 2, 3, 4, 5]);
  expect(surveyRequests).toEqual([]);
  expect(await page.locator('script[data-survey]').count()).toBe(0);

  await payByCard(page);
  await expectFinishPage(page);
  await expect.poll(() => page.evaluate(() => (window as { surveyRuns?: number }).surveyRuns)).toBe(1);
  expect(surveyRequests).toEqual(['/travel/finish']);
  // Only the finish page's own document allows the survey's origin.
  const finish = documents.filter((document) => document.path === '/travel/finish');
  expect(finish.length).toBeGreaterThan(0);
  expect(finish.at(-1)!.policy).toMatch(new RegExp(`script-src 'nonce-[^']+' ${SURVEY_ORIGIN};`));
  for (const document of documents.filter((entry) => entry.path !== '/travel/finish')) {
    expect(document.policy).not.toContain(SURVEY_ORIGIN);
    // The shop's own scripts run by nonce only.
    expect(document.policy).toMatch(/script-src 'nonce-[^']+';/);
  }

  // Back to home: a fresh document, with the strict policy and no survey in it.
  const documentsBefore = documents.length;
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/travel$/);
  // The landing shows at once in the finish page's document, then the page reloads into its own.
  await expect.poll(() => documents.length).toBe(documentsBefore + 1);
  await page.waitForLoadState('load');
  await expect(page.getByRole('region', { name: 'Get your travel quote' })).toBeVisible();
  expect(await page.evaluate(() => (window as { surveyRuns?: number }).surveyRuns)).toBeUndefined();
  expect(documents.at(-1)).toMatchObject({ path: '/travel' });
  expect(documents.at(-1)!.policy).not.toContain(SURVEY_ORIGIN);
  expect(problems).toEqual([]);
});
