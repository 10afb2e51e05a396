import type { Page } from '@playwright/test';
import { expectDocumentLinksWork } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import {
  applyNow,
  fillContact,
  fillPerson,
  fillPolicyholder,
  HOLDER,
  HOLDER_CONTACT,
  quoteFromLanding,
  tickQuoteConsents,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { storedJourney } from './support/storage.ts';
import { expect, test } from './support/test.ts';

/** Landing → quote → Apply now, with the landing's default trip for one traveller. */
async function quoteOneTraveller(page: Page) {
  await page.goto('/travel');
  await quoteFromLanding(page, { landingDates: true });
  await applyNow(page);
}

test.describe('the travel applicant page', () => {
  test('a personal applicant who travels fills the page and lands on confirm @phone', async ({ page }) => {
    const problems = watchConsole(page);
    await quoteOneTraveller(page);
    // The important notes' brochure, policy wording and COVID-19 wording download.
    await expectDocumentLinksWork(page, 3);
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

    await fillPerson(holder, HOLDER);
    await expect(holder.getByText('15 Jun 1985')).toBeVisible();
    await fillContact(holder, HOLDER_CONTACT);

    // The first traveller is the applicant, locked.
    const traveller = page.getByRole('group', { name: 'Traveller 1' });
    await expect(traveller.getByLabel('Full name (as in ID or passport)')).toHaveValue('Tan Wei Ming');
    await expect(traveller.getByLabel('Full name (as in ID or passport)')).not.toBeEditable();

    await expectNoHorizontalScroll(page);
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
      email: 'weiming.tan@example.com', // as typed (decision 131)
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

    const holder = await fillPolicyholder(page);
    // The second traveller repeats the policyholder's ID.
    await fillPerson(second, { name: 'Lee Ah Kow', id: HOLDER.id, birth: '01/01/1980' });
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
    await applyNow(page);
    // What was typed is still there.
    await expect(holder.getByLabel('Full name (as in ID or passport)')).toHaveValue('Tan Wei Ming');
    expect(problems).toEqual([]);
  });
});
