import type { Locator, Page } from '@playwright/test';
import { watchConsole } from './support/console.ts';
import {
  EN,
  expectFinishedAndIssued,
  HOLDER,
  HOLDER_CONTACT,
  payButtonName,
  TEST_CARD,
} from './support/journey.ts';
import { expect, test } from './support/test.ts';

/**
 * The whole journey can be completed from the keyboard alone. Every control is reached with Tab
 * from wherever the focus is (so it is in the page's tab order, not focused by the test), and used with
 * the keys a keyboard user has: typing, Space, Enter and the arrows.
 */
async function tabTo(page: Page, target: Locator, max = 150) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Types a DD/MM/YYYY date into the shop's date field as digits alone: the field puts the slashes in. */
async function typeDate(page: Page, field: Locator, dmy: string) {
  await typeInto(page, field, dmy.replaceAll('/', ''));
  await expect(field).toHaveValue(dmy);
}

test('the whole journey, from the landing to the policy number, from the keyboard alone', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await page.goto('/travel');

  // Landing: one traveller, the form's own dates, Start quote.
  const form = page.getByRole('region', { name: EN.formTitle });
  await tabTo(page, form.getByRole('button', { name: EN.travellersToggle }));
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByRole('button', { name: EN.done }));
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByRole('button', { name: EN.startQuote }));
  await page.keyboard.press('Enter');

  // Quote: the Standard plan by arrow, the boxes by Space, Apply now by Enter.
  await expect(page).toHaveURL(/\/travel\/quote$/);
  await tabTo(page, page.getByRole('radio', { name: 'Super', exact: true }));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Standard', exact: true })).toBeChecked();
  // The declaration, and the campaign's terms when the campaign has some (its lookup answered first).
  await expect(page.getByRole('checkbox', { name: EN.quoteConsents[0]! })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const name of EN.quoteConsents) {
    const box = page.getByRole('checkbox', { name });
    if ((await box.count()) === 0) continue;
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: EN.applyNow }));
  await page.keyboard.press('Enter');

  // Applicant: the policyholder, who travels (the first traveller mirrors them).
  await expect(page.getByRole('heading', { level: 1, name: EN.applicantTitle })).toBeVisible();
  const holder = page.getByRole('region', { name: EN.policyholder });
  await typeInto(page, holder.getByLabel(EN.fullName), HOLDER.name);
  await typeInto(page, holder.getByLabel(EN.idNumber), HOLDER.id);
  await typeDate(page, holder.getByLabel(EN.dateOfBirth), HOLDER.birth);
  await typeInto(page, holder.getByLabel(EN.mobile), HOLDER_CONTACT.mobile);
  await typeInto(page, holder.getByLabel(EN.email, { exact: true }), HOLDER_CONTACT.email);
  const emailConfirmed = holder.getByLabel(EN.emailConfirmed(HOLDER_CONTACT.email));
  await tabTo(page, emailConfirmed);
  await page.keyboard.press('Space');
  await expect(emailConfirmed).toBeChecked();
  await expect(page.getByRole('group', { name: 'Traveller 1' }).getByLabel(EN.fullName)).toHaveValue(
    HOLDER.name,
  );
  await tabTo(page, page.getByRole('button', { name: EN.continue }));
  await page.keyboard.press('Enter');

  // Confirm: both declarations, then Pay.
  await expect(page.getByRole('heading', { level: 1, name: EN.confirmTitle })).toBeVisible();
  for (const name of EN.declarations) {
    const box = page.getByRole('checkbox', { name });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: EN.pay, exact: true }));
  await page.keyboard.press('Enter');

  // Payment by card: the number groups itself, the expiry takes its dash.
  await expect(page.getByRole('heading', { level: 1, name: EN.paymentTitle })).toBeVisible();
  await typeInto(page, page.getByLabel(EN.cardNumber), TEST_CARD);
  await expect(page.getByLabel(EN.cardNumber)).toHaveValue('4111-1111-1111-1111');
  await typeInto(page, page.getByLabel(EN.cardName), HOLDER.name);
  const expiry = page.getByLabel(EN.expiry);
  await typeInto(page, expiry, `12${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await expect(expiry).toHaveValue(/^12-\d\d$/);
  await typeInto(page, page.getByLabel(EN.cvv), '123');
  await tabTo(page, page.getByRole('button', { name: payButtonName() }));
  await page.keyboard.press('Enter');

  await expectFinishedAndIssued(page, testInfo);
  expect(problems).toEqual([]);
});
