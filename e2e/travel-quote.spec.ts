import { expectDocumentLinksWork } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import { singaporeDateIn } from './support/dates.ts';
import { applyNow, planCard, quoteFromLanding, tickQuoteConsents } from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { storedJourney } from './support/storage.ts';
import { expect, test } from './support/test.ts';

test.describe('the travel quote', () => {
  test('landing form to plans to a stored quote, in S$ @phone', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    const form = page.getByRole('region', { name: 'Get your travel quote' });
    await expect(form).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Quoting without travellers says what is missing.
    await form.getByRole('button', { name: 'Start quote' }).click();
    await expect(form.getByText("Please tell us who's travelling.")).toBeVisible();

    await form.getByLabel('Destination').selectOption({ label: 'Asia Pacific' });
    await form.getByLabel('Departure date').fill(singaporeDateIn(14));
    await form.getByLabel('Return date').fill(singaporeDateIn(20));
    await form.getByRole('button', { name: /^Travellers / }).click();
    await form.getByRole('button', { name: 'More: Travellers' }).click();
    await expect(form.getByRole('button', { name: /^Travellers 2 travellers/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(form.getByText("Please tell us who's travelling.")).toBeHidden();
    await expectNoHorizontalScroll(page);
    await form.getByRole('button', { name: 'Start quote' }).click();

    await expect(page).toHaveURL(/\/travel\/quote$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    const standard = page.getByRole('radio', { name: 'Standard', exact: true });
    const superPlan = page.getByRole('radio', { name: 'Super', exact: true });
    await expect(superPlan).toBeChecked();
    await expect(standard).not.toBeChecked();
    // The brochure, policy wording and COVID-19 wording download.
    await expectDocumentLinksWork(page, 3);
    for (const plan of ['Standard', 'Super']) {
      const card = planCard(page, plan);
      await expect(card).toContainText(/S\$\d+\.\d{2}/);
      await expect(card).toContainText('GST S$0.00');
    }
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('2 travellers');
    await expect(page.getByRole('checkbox', { name: 'Add Plus' })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await planCard(page, 'Standard').click();
    await expect(standard).toBeChecked();
    await tickQuoteConsents(page);
    await applyNow(page);
    const journey = await storedJourney(page);
    expect(journey.state.policy.policyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(journey.state.policy.status).toBe('quoted');
    expect(journey.state.policy.policyTravel.policyPremium?.planName).toBe('STANDARD');
    expect(problems).toEqual([]);
  });

  test('the form and the plans can be completed from the keyboard', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    // The dates keep their defaults (today, and 8 days later); the travellers are chosen by keyboard.
    const toggle = page.getByRole('button', { name: /^Travellers / });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Individual' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Family' })).toBeChecked();
    await page.getByRole('button', { name: 'More: Children' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName(/Family: 1 adult, 1 child/);
    await page.getByRole('button', { name: 'Start quote' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/travel\/quote$/);
    const superPlan = page.getByRole('radio', { name: 'Super', exact: true });
    await superPlan.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Standard', exact: true })).toBeChecked();
    await tickQuoteConsents(page);
    await page.getByRole('button', { name: 'Apply now' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/travel\/applicant$/);
    expect((await storedJourney(page)).state.policy.policyId).toBeTruthy();
    expect(problems).toEqual([]);
  });

  test('a reload keeps the quote, and Back returns to the landing it started from', async ({ page }) => {
    await page.goto('/travel/partner/AG1001');
    await quoteFromLanding(page, { landingDates: true });
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Super', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/travel\/partner\/AG1001$/);
    await expect(page.getByRole('button', { name: /^Travellers 1 traveller/ })).toBeVisible();
  });

  test("a reload of the quote page shows its opening from the server, then the app's plans", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    await quoteFromLanding(page);
    // Without the app's scripts the document alone shows where the customer is (decision 021).
    // Read down to the table first: the reload still opens on the page's top, with its progress in view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInViewport();
    await expect(page.getByText('Prices are for the trip below.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeInViewport();
    await page.unroute('**/assets/*.js');
    problems.length = 0;
    // With them, the app replaces that opening with the page: one heading, the plans, nothing logged.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Super', exact: true })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('the quote page without a quote goes back to the landing', async ({ page }) => {
    await page.goto('/travel/quote');
    await expect(page).toHaveURL(/\/travel$/);
    await expect(page.getByRole('region', { name: 'Get your travel quote' })).toBeVisible();
  });
});
