import { watchConsole } from './support/console.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  EN,
  expectFinishedAndIssued,
  fillContact,
  fillPerson,
  fillPolicyholder,
  HOLDER,
  HOLDER_CONTACT,
  PARTNER,
  payButtonName,
  payByCard,
  planCard,
  quoteFromLanding,
  ZH,
} from './support/journey.ts';
import { expectScreenFitsEveryWidth } from './support/layout.ts';
import { expect, test } from './support/test.ts';

/**
 * Whole travel journeys clicked from the landing to /travel/finish (travel-flow sections 2 and 4):
 * nothing is seeded; each journey starts on a landing URL and ends with a policy the API confirms issued.
 */

test.describe('whole travel journeys, clicked from the landing', () => {
  // Each screen is also checked at every breakpoint (no sideways scroll) and with axe.
  test('an SGP single-trip individual paid by card', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await page.goto('/travel');
    await expectScreenFitsEveryWidth(page);
    await quoteFromLanding(page);
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText('1 traveller');
    await expectScreenFitsEveryWidth(page);
    await applyNow(page);

    await expectScreenFitsEveryWidth(page);
    await fillPolicyholder(page);
    // The policyholder travels: the only traveller is the policyholder, locked.
    const traveller = page.getByRole('group', { name: 'Traveller 1' });
    await expect(traveller.getByLabel('Full name (as in ID or passport)')).toHaveValue(HOLDER.name);
    await expect(page.getByRole('group', { name: 'Traveller 2' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/travel\/confirm$/);
    await expect(page.getByRole('region', { name: 'Policyholder' })).toContainText('TAN WEI MING');
    await expect(page.getByRole('region', { name: 'Insured persons' })).toContainText(HOLDER.id);
    // A single trip offers no auto-renewal.
    await expect(page.getByRole('checkbox', { name: /Renew my annual plan/ })).toHaveCount(0);
    await expectScreenFitsEveryWidth(page);
    await confirmAndGoToPayment(page);
    await expectScreenFitsEveryWidth(page);
    await payByCard(page, { number: '4111111111111111' });
    await expectFinishedAndIssued(page, testInfo, { country: 'SGP' });
    await expect(page.getByText("We've e-mailed your policy to weiming.tan@example.com.")).toBeVisible();
    await expectScreenFitsEveryWidth(page);
    expect(problems).toEqual([]);
  });

  test('an SGP family annual plan with auto-renewal, paid by card', async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    await quoteFromLanding(page, { travellers: 'family', annual: true });
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText(/2 adults, 1 child/);
    await applyNow(page);

    await fillPolicyholder(page);
    await fillPerson(page.getByRole('group', { name: 'Adult 2' }), PARTNER);
    await fillPerson(page.getByRole('group', { name: 'Child 1' }), {
      name: 'Tan Jia Hui',
      id: 'T1512345H',
      birth: '09/09/2015',
    });
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/travel\/confirm$/);
    const renewal = page.getByRole('checkbox', { name: /Renew my annual plan/ });
    await expect(renewal).toBeChecked();
    await confirmAndGoToPayment(page);
    await expect(page.getByRole('radio', { name: 'PayNow' })).toHaveCount(0);
    await payByCard(page);
    await expectFinishedAndIssued(page, testInfo);
    expect(problems).toEqual([]);
  });

  test('an SGP couple paid by PayNow', async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    await quoteFromLanding(page, { travellers: 'couple' });
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText(/[Cc]ouple/);
    await applyNow(page);
    await fillPolicyholder(page);
    await fillPerson(page.getByRole('group', { name: 'Traveller 2' }), PARTNER);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirmAndGoToPayment(page);
    await page.getByRole('radio', { name: 'PayNow' }).check();
    await expect(page.getByRole('img', { name: 'PayNow QR code' })).toBeVisible();
    await page.getByRole('button', { name: /Simulate the bank payment/ }).click();
    await expectFinishedAndIssued(page, testInfo);
    expect(problems).toEqual([]);
  });

  test('a corporate applicant with a UEN, paid by card', async ({ page }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto('/travel');
    await quoteFromLanding(page);
    await applyNow(page);
    const holder = page.getByRole('region', { name: 'Policyholder' });
    await holder.getByRole('radio', { name: 'A company' }).check();
    await holder.getByLabel('Company name').fill('Lionrock Test Pte Ltd');
    await holder.getByLabel('Company registration number (UEN)').fill('201912345R');
    await fillContact(holder, { mobile: '61234567', email: 'travel@lionrock-test.example.com' });
    await fillPerson(page.getByRole('group', { name: 'Traveller 1' }), HOLDER);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/travel\/confirm$/);
    await expect(page.getByRole('region', { name: 'Policyholder' })).toContainText('201912345R');
    await confirmAndGoToPayment(page);
    await payByCard(page);
    await expectFinishedAndIssued(page, testInfo);
    expect(problems).toEqual([]);
  });

  // A123456(3) is valid but on the seeded underwriting blacklist (declined), so the journey uses another.
  test('the HKG variant: HK$ prices with the IA levy, an HKID applicant, paid by card', async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto('/travel?country=HKG');
    await quoteFromLanding(page);
    for (const plan of ['Standard', 'Super']) {
      const card = planCard(page, plan);
      await expect(card).toContainText(/HK\$\d/);
      await expect(card).toContainText(/IA levy HK\$\d+\.\d{2}/);
    }
    await applyNow(page);
    const holder = page.getByRole('region', { name: 'Policyholder' });
    await holder.getByLabel('ID type').selectOption({ label: 'HKID' });
    await fillPolicyholder(page, {
      person: { name: 'Chan Tai Man', id: 'K987654(5)', birth: '15/06/1985' },
      contact: { mobile: '91234567', email: 'taiman.chan@example.com' },
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/travel\/confirm$/);
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(/HK\$\d/);
    await confirmAndGoToPayment(page);
    await payByCard(page, { country: 'HKG' });
    const policyNumber = await expectFinishedAndIssued(page, testInfo, { country: 'HKG' });
    expect(policyNumber).toMatch(/^THK/);
    expect(problems).toEqual([]);
  });

  test('through a partner link with a promo-required campaign: the agent card and the discount', async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await page.goto('/travel/partner/AG1001/campaign/YEAREND/promo/YEAREND25');
    await expect(page.getByRole('complementary', { name: 'Your agent' })).toBeVisible();
    await quoteFromLanding(page);
    await expect(planCard(page, 'Standard')).toContainText(/Discount\s*−S\$\d/);
    await expect(page.getByText('Promo code YEAREND25 is applied to the prices above.')).toBeVisible();
    await applyNow(page);
    await fillPolicyholder(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirmAndGoToPayment(page);
    await payByCard(page);
    await expectFinishedAndIssued(page, testInfo);
    expect(problems).toEqual([]);
  });

  test('the whole journey in Chinese', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await page.goto('/travel');
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('button', { name: '开始报价' })).toBeVisible();
    await expectScreenFitsEveryWidth(page);
    await quoteFromLanding(page, { labels: ZH });
    await expect(page.getByRole('region', { name: ZH.yourTrip })).toBeVisible();
    await expect(page.getByRole('radio', { name: '尊尚', exact: true })).toBeChecked();
    await expectScreenFitsEveryWidth(page);
    await applyNow(page, ZH);
    await expectScreenFitsEveryWidth(page);
    await fillPolicyholder(page, { labels: ZH });
    await page.getByRole('button', { name: ZH.continue }).click();
    await expect(page.getByRole('heading', { level: 1, name: ZH.confirmTitle })).toBeVisible();
    await expectScreenFitsEveryWidth(page);
    await confirmAndGoToPayment(page, ZH);
    await expect(page.getByLabel('持卡人姓名')).toBeVisible();
    await expectScreenFitsEveryWidth(page);
    await payByCard(page, { labels: ZH });
    await expectFinishedAndIssued(page, testInfo, { labels: ZH });
    await expect(page.getByText('保单号码')).toBeVisible();
    await expectScreenFitsEveryWidth(page);
    expect(problems).toEqual([]);
  });

  test('an invalid agent link shows the invalid-URL message and does not allow quoting', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/travel/partner/NOSUCHAGENT');
    await expect(page.getByText(/This link isn't valid/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start quote' })).toBeDisabled();
    await expect(page.getByRole('complementary', { name: 'Your agent' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a reload on every step keeps the journey', async ({ page }) => {
    const problems = watchConsole(page);
    page.on('dialog', (dialog) => dialog.accept());
    await page.goto('/travel');
    const form = page.getByRole('region', { name: 'Get your travel quote' });
    await form.getByRole('button', { name: /^Travellers / }).click();
    await form.getByRole('radio', { name: 'Couple' }).check();
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(form.getByRole('button', { name: /^Travellers .*[Cc]ouple/ })).toBeVisible();
    await page.reload();
    await expect(form.getByRole('button', { name: /^Travellers .*[Cc]ouple/ })).toBeVisible();
    await form.getByRole('button', { name: 'Start quote' }).click();

    await expect(page).toHaveURL(/\/travel\/quote$/);
    await planCard(page, 'Standard').click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Standard', exact: true })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Your trip' })).toContainText(/[Cc]ouple/);
    await applyNow(page);

    const holder = await fillPolicyholder(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: "Who's covered?" })).toBeVisible();
    await expect(holder.getByLabel('Full name (as in ID or passport)')).toHaveValue('Tan Wei Ming');
    await expect(page.getByRole('group', { name: 'Traveller 2' })).toBeVisible();
    await holder.getByLabel(EN.emailConfirmed(HOLDER_CONTACT.email)).check();
    await fillPerson(page.getByRole('group', { name: 'Traveller 2' }), PARTNER);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/travel\/confirm$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Check and confirm' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Policyholder' })).toContainText('TAN WEI MING');
    await expect(page.getByRole('region', { name: 'Insured persons' })).toContainText(PARTNER.id);
    await confirmAndGoToPayment(page);

    await page.reload();
    await expect(page).toHaveURL(/\/travel\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('button', { name: payButtonName('SGP') })).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
