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

type TStoredJourney = {
  state: {
    policy: {
      policyId?: string;
      status?: string;
      policyTravel: {
        isTraveller?: boolean;
        travellerIndividual?: number;
        applicant?: Record<string, unknown>;
        travellersList?: Record<string, unknown>[];
        policyPremium?: { planName: string; totalPremium: number };
      };
    };
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

/** Landing → quote → Apply now, with the landing's default trip for one traveller. */
async function quoteOneTraveller(page: Page) {
  await page.goto('/travel');
  const form = page.getByRole('region', { name: 'Get your travel quote' });
  await form.getByRole('button', { name: /^Travellers / }).click();
  await form.getByRole('button', { name: 'Done' }).click();
  await form.getByRole('button', { name: 'Start quote' }).click();
  await expect(page).toHaveURL(/\/travel\/quote$/);
  await tickQuoteConsents(page);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/\/travel\/applicant$/);
  await expect(page.getByRole('heading', { level: 1, name: "Who's covered?" })).toBeVisible();
}

test.describe('the travel applicant page (issue 6)', () => {
  test('a personal applicant who travels fills the page and lands on confirm @phone', async ({ page }) => {
    const problems = watchConsole(page);
    await quoteOneTraveller(page);
    const amount = page.getByText('Amount to pay');
    const isPhone = (page.viewportSize()?.width ?? 0) < 960;
    if (isPhone) await expect(amount).toBeVisible();
    else await expect(amount).toBeHidden();
    await expectNoSeriousAxeViolations(page);

    // Continue with nothing filled in says what is missing, under each field.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please check the 6 fields marked above.');
    const holder = page.getByRole('region', { name: 'Policyholder' });
    const name = holder.getByLabel('Full name (as in ID or passport)');
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription('Please fill in this field.');
    await expectNoSeriousAxeViolations(page);

    await name.fill('Tan Wei Ming');
    await holder.getByLabel('ID or passport number').fill('S8512345I');
    await holder.getByLabel('Date of birth').fill('1985-06-15');
    await expect(holder.getByText('15 Jun 1985')).toBeVisible();
    await holder.getByLabel('Mobile number').fill('91234567');
    await holder.getByLabel('E-mail address', { exact: true }).fill('weiming.tan@example.com');
    await holder.getByLabel(/weiming\.tan@example\.com is correct/).check();

    // The first traveller is the applicant, locked.
    const traveller = page.getByRole('group', { name: 'Traveller 1' });
    await expect(traveller.getByLabel('Full name (as in ID or passport)')).toHaveValue('Tan Wei Ming');
    await expect(traveller.getByLabel('Full name (as in ID or passport)')).not.toBeEditable();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);

    const before = await storedJourney(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/travel\/confirm$/);
    const journey = await storedJourney(page);
    const travel = journey.state.policy.policyTravel;
    expect(journey.state.policy.policyId).toBe(before.state.policy.policyId);
    expect(journey.state.policy.status).toBe('quoted');
    expect(travel.isTraveller).toBe(true);
    expect(travel.applicant).toMatchObject({
      clientType: 'P',
      fullName: 'TAN WEI MING',
      idType: 'NRIC',
      hkId: 'S8512345I',
      dateOfBirth: '15/06/1985',
      mobileNoCountryCode: '65',
      mobileNo: '91234567',
      email: 'WEIMING.TAN@EXAMPLE.COM',
    });
    expect(travel.travellersList).toEqual([
      expect.objectContaining({ type: 'ADULT', fullName: 'TAN WEI MING', hkId: 'S8512345I' }),
    ]);
    expect(problems).toEqual([]);
  });

  test('adding and removing a traveller re-rates; a repeated ID is refused; Back keeps what was typed', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await quoteOneTraveller(page);
    const summary = page.getByRole('region', { name: 'Your trip' });
    const total = async () =>
      (await summary.getByText('Total premium').locator('xpath=following-sibling::dd').textContent()) ?? '';
    const single = await total();

    await page.getByRole('button', { name: 'Add a traveller' }).click();
    const second = page.getByRole('group', { name: 'Traveller 2' });
    await expect(second.getByLabel('Full name (as in ID or passport)')).toBeFocused();
    await expect(summary).toContainText('2 travellers');
    expect(await total()).not.toBe(single);
    expect((await storedJourney(page)).state.policy.policyTravel.travellerIndividual).toBe(2);

    const holder = page.getByRole('region', { name: 'Policyholder' });
    await holder.getByLabel('Full name (as in ID or passport)').fill('Tan Wei Ming');
    await holder.getByLabel('ID or passport number').fill('S8512345I');
    await holder.getByLabel('Date of birth').fill('1985-06-15');
    await holder.getByLabel('Mobile number').fill('91234567');
    await holder.getByLabel('E-mail address', { exact: true }).fill('weiming.tan@example.com');
    await holder.getByLabel(/is correct/).check();
    await second.getByLabel('Full name (as in ID or passport)').fill('Lee Ah Kow');
    await second.getByLabel('ID or passport number').fill('S8512345I');
    await second.getByLabel('Date of birth').fill('1980-01-01');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(second.getByLabel('ID or passport number')).toHaveAccessibleDescription(
      'This ID number has already been entered in a previous field.',
    );

    await page.getByRole('button', { name: 'Remove Traveller 2' }).click();
    await expect(page.getByRole('group', { name: 'Traveller 2' })).toHaveCount(0);
    await expect(summary).toContainText('1 traveller');
    expect(await total()).toBe(single);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/travel\/quote$/);
    await tickQuoteConsents(page);
    await tickQuoteConsents(page);
    await page.getByRole('button', { name: 'Apply now' }).click();
    await expect(page).toHaveURL(/\/travel\/applicant$/);
    // What was typed is still there.
    await expect(holder.getByLabel('Full name (as in ID or passport)')).toHaveValue('Tan Wei Ming');
    expect(problems).toEqual([]);
  });
});
