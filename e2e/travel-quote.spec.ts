import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** Fails the test on any console error, CSP violation included, or uncaught page error. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

/** A date `days` after today in Singapore, as the date input takes it (YYYY-MM-DD). */
function singaporeDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type TStoredJourney = {
  state: {
    policy: { policyId?: string; status?: string; policyTravel: { policyPremium?: { planName: string } } };
  };
};

async function storedJourney(page: Page): Promise<TStoredJourney> {
  return JSON.parse((await page.evaluate(() => sessionStorage.getItem('lionrock.travel'))) ?? 'null');
}

/** The quote page's required boxes, ticked from the keyboard: the declaration, and the campaign's terms when it has some. */
async function tickQuoteConsents(page: Page) {
  // The declaration is always there; the terms box follows the campaign lookup.
  await expect(
    page.getByRole('checkbox', { name: /declare that the travellers are eligible/ }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const name of [/declare that the travellers are eligible/, /campaign's terms and conditions/]) {
    const box = page.getByRole('checkbox', { name });
    if ((await box.count()) > 0 && !(await box.isChecked())) {
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
  }
}

test.describe('the travel quote (issue 6)', () => {
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
    await form.getByLabel('Departure date').fill(singaporeDate(14));
    await form.getByLabel('Return date').fill(singaporeDate(20));
    await form.getByRole('button', { name: /^Travellers / }).click();
    await form.getByRole('button', { name: 'More: Travellers' }).click();
    await expect(form.getByRole('button', { name: /^Travellers 2 travellers/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(form.getByText("Please tell us who's travelling.")).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: 'Start quote' }).click();

    await expect(page).toHaveURL(/\/travel\/quote$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    const standard = page.getByRole('radio', { name: 'Standard', exact: true });
    const superPlan = page.getByRole('radio', { name: 'Super', exact: true });
    await expect(superPlan).toBeChecked();
    await expect(standard).not.toBeChecked();
    for (const plan of [standard, superPlan]) {
      const card = page.locator('label').filter({ has: plan });
      await expect(card).toContainText(/S\$\d+\.\d{2}/);
      await expect(card).toContainText('GST S$0.00');
    }
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('2 travellers');
    await expect(page.getByRole('checkbox', { name: 'Add Plus' })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    const overflowQuote = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflowQuote).toBeLessThanOrEqual(0);

    await page.locator('label').filter({ has: standard }).click();
    await expect(standard).toBeChecked();
    await tickQuoteConsents(page);
    await tickQuoteConsents(page);
    await page.getByRole('button', { name: 'Apply now' }).click();
    await expect(page).toHaveURL(/\/travel\/applicant$/);
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
    await page.getByRole('button', { name: /^Travellers / }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Start quote' }).click();
    await expect(page).toHaveURL(/\/travel\/quote$/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Super', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/travel\/partner\/AG1001$/);
    await expect(page.getByRole('button', { name: /^Travellers 1 traveller/ })).toBeVisible();
  });

  test('the quote page without a quote goes back to the landing', async ({ page }) => {
    await page.goto('/travel/quote');
    await expect(page).toHaveURL(/\/travel$/);
    await expect(page.getByRole('region', { name: 'Get your travel quote' })).toBeVisible();
  });
});
