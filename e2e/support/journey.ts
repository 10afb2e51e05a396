import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectIssued, seedJourney } from './api.ts';
import { futureCardExpiry, singaporeDateIn } from './dates.ts';

/**
 * The steps of a travel journey in the browser, landing → quote → applicant → confirm → payment →
 * finish, each ending with the check that the next page is there. Labels default to English; pass `ZH`
 * after switching the shop to Chinese.
 */

export type TCountry = 'SGP' | 'HKG';

const CURRENCY: Record<TCountry, string> = { SGP: 'S$', HKG: 'HK$' };

/** The policy number on the finish page: TSG… for Singapore, THK… for Hong Kong. */
export const POLICY_NUMBER: Record<TCountry, RegExp> = {
  SGP: /^TSG\d{2}-\d{7}$/,
  HKG: /^THK\d{2}-\d{7}$/,
};

/** The built-in test gateway's card that pays at once, with no 3-D Secure. */
export const TEST_CARD = '4111111111111111';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const EN = {
  formTitle: 'Get your travel quote',
  annual: 'Annual plan',
  departure: 'Departure date',
  return: 'Return date',
  travellersToggle: /^Travellers /,
  couple: 'Couple',
  family: 'Family',
  moreAdults: 'More: Adults',
  moreChildren: 'More: Children',
  done: 'Done',
  startQuote: 'Start quote',
  quoteTitle: 'Choose your plan',
  yourTrip: 'Your trip',
  quoteConsents: [/declare that the travellers are eligible/, /campaign's terms and conditions/],
  applyNow: 'Apply now',
  applicantTitle: "Who's covered?",
  policyholder: 'Policyholder',
  fullName: 'Full name (as in ID or passport)',
  idNumber: 'ID or passport number',
  dateOfBirth: 'Date of birth',
  mobile: 'Mobile number',
  email: 'E-mail address',
  emailConfirmed: (email: string) => new RegExp(`${escapeRegExp(email)} is correct`, 'i'),
  continue: 'Continue',
  confirmTitle: 'Check and confirm',
  declarations: [/^I have read and agree to the declarations/, /^I agree that Lionrock may use and transfer/],
  pay: 'Pay',
  paymentTitle: 'Payment',
  cardNumber: 'Card number',
  cardName: 'Name on card',
  expiry: 'Expiry date',
  cvv: 'CVV',
  payAmount: (currency: string) => new RegExp(`^Pay ${escapeRegExp(currency)}\\d`),
  finishTitle: "You're covered.",
};

export type TLabels = typeof EN;

/** The same labels in Chinese (the header's 中文 button). */
export const ZH: TLabels = {
  ...EN,
  formTitle: '旅游保险报价',
  departure: '出发日期',
  return: '回程日期',
  travellersToggle: /^出行人数/,
  done: '完成',
  startQuote: '开始报价',
  quoteTitle: '选择您的计划',
  yourTrip: '您的行程',
  quoteConsents: [/^本人已阅读重要事项/, /^本人同意推广活动的条款及细则/],
  applyNow: '立即投保',
  applicantTitle: '受保人资料',
  policyholder: '投保人',
  fullName: '全名（与身份证或护照相同）',
  idNumber: '证件或护照号码',
  dateOfBirth: '出生日期',
  mobile: '手机号码',
  email: '电邮地址',
  emailConfirmed: (email: string) => new RegExp(`${escapeRegExp(email)}正确无误`, 'i'),
  continue: '继续',
  confirmTitle: '核对并确认',
  declarations: [/^本人已阅读并同意声明/, /^本人同意狮石/],
  pay: '付款',
  paymentTitle: '付款',
  cardNumber: '卡号',
  cardName: '持卡人姓名',
  expiry: '有效期',
  cvv: 'CVV 安全码',
  payAmount: (currency: string) => new RegExp(`^支付 ${escapeRegExp(currency)}\\d`),
  finishTitle: '您已受保障。',
};

export type TPerson = { name: string; id: string; birth: string };
export type TContact = { mobile: string; email: string };

/** The policyholder of most journeys, who travels too (the seeded policy's applicant as well). */
export const HOLDER: TPerson = { name: 'Tan Wei Ming', id: 'S8512345I', birth: '15/06/1985' };
export const HOLDER_CONTACT: TContact = { mobile: '91234567', email: 'weiming.tan@example.com' };
/** A second adult traveller. */
export const PARTNER: TPerson = { name: 'Lim Mei Ling', id: 'S8712345F', birth: '02/03/1987' };

export type TTravellers = 'one' | 'couple' | 'family';

/**
 * On a landing page: fills the quote form and starts the quote. The trip runs from two weeks ahead for
 * six days unless `landingDates` keeps the form's own (today, and 8 days later); the travellers are one
 * unless told otherwise (a family is 2 adults and 1 child).
 */
export async function quoteFromLanding(
  page: Page,
  options: { travellers?: TTravellers; annual?: boolean; landingDates?: boolean; labels?: TLabels } = {},
) {
  const labels = options.labels ?? EN;
  const form = page.getByRole('region', { name: labels.formTitle });
  await expect(form).toBeVisible();
  if (options.annual) await form.getByRole('radio', { name: labels.annual }).check();
  if (!options.landingDates) {
    await form.getByLabel(labels.departure).fill(singaporeDateIn(14));
    if (!options.annual) await form.getByLabel(labels.return).fill(singaporeDateIn(20));
  }
  await form.getByRole('button', { name: labels.travellersToggle }).click();
  if (options.travellers === 'couple') await form.getByRole('radio', { name: labels.couple }).check();
  if (options.travellers === 'family') {
    await form.getByRole('radio', { name: labels.family }).check();
    await form.getByRole('button', { name: labels.moreAdults }).click();
    await form.getByRole('button', { name: labels.moreChildren }).click();
  }
  await form.getByRole('button', { name: labels.done }).click();
  await form.getByRole('button', { name: labels.startQuote }).click();
  await expect(page).toHaveURL(/\/travel\/quote$/);
  await expect(page.getByRole('heading', { level: 1, name: labels.quoteTitle })).toBeVisible();
}

/** A plan's card on the quote page: the label around the plan's radio ('Standard', 'Super'). */
export function planCard(page: Page, plan: string): Locator {
  return page.locator('label').filter({ has: page.getByRole('radio', { name: plan, exact: true }) });
}

/** The quote page's required boxes, ticked from the keyboard: the declaration, and the campaign's terms when it has some. */
export async function tickQuoteConsents(page: Page, labels = EN) {
  // The declaration is always there; the terms box follows the campaign lookup.
  await expect(page.getByRole('checkbox', { name: labels.quoteConsents[0]! })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const name of labels.quoteConsents) {
    const box = page.getByRole('checkbox', { name });
    if ((await box.count()) > 0 && !(await box.isChecked())) {
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
  }
}

/** Ticks the quote page's consents and applies: the applicant page opens. */
export async function applyNow(page: Page, labels = EN) {
  await tickQuoteConsents(page, labels);
  await page.getByRole('button', { name: labels.applyNow }).click();
  await expect(page).toHaveURL(/\/travel\/applicant$/);
  await expect(page.getByRole('heading', { level: 1, name: labels.applicantTitle })).toBeVisible();
}

/** Name, ID and date of birth, in the policyholder's region or a traveller's group. */
export async function fillPerson(group: Locator, person: TPerson, labels = EN) {
  await group.getByLabel(labels.fullName).fill(person.name);
  await group.getByLabel(labels.idNumber).fill(person.id);
  await group.getByLabel(labels.dateOfBirth).fill(person.birth);
}

/** Mobile and e-mail, and the box that confirms that very e-mail address is correct. */
export async function fillContact(holder: Locator, contact: TContact, labels = EN) {
  await holder.getByLabel(labels.mobile).fill(contact.mobile);
  await holder.getByLabel(labels.email, { exact: true }).fill(contact.email);
  // The box's label names the address just typed: it is ticked once the page has drawn that label.
  // Once on a busy machine (2 workers) a click landed while the page redrew and the box stayed clear;
  // ticking again until it holds keeps the check that it ends up ticked.
  await tick(holder.getByLabel(labels.emailConfirmed(contact.email)));
}

/**
 * Ticks a box and checks that it stays ticked. On a busy machine (2 workers, 2 cores) a click now and
 * then lands while the page redraws and the box stays clear (the e-mail box above; the PA risk
 * statement in a CI run of 2026-11-29): the click is made again until the box holds.
 */
export async function tick(box: Locator) {
  await expect(async () => {
    await box.check({ timeout: 2_000 });
    await expect(box).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

/** Fills in a person as the policyholder (HOLDER by default); returns the policyholder's region. */
export async function fillPolicyholder(
  page: Page,
  options: { person?: TPerson; contact?: TContact; labels?: TLabels } = {},
): Promise<Locator> {
  const labels = options.labels ?? EN;
  const holder = page.getByRole('region', { name: labels.policyholder });
  await fillPerson(holder, options.person ?? HOLDER, labels);
  await fillContact(holder, options.contact ?? HOLDER_CONTACT, labels);
  return holder;
}

/**
 * On the confirm page: ticks both declarations and goes on to the payment page, from the keyboard: the
 * page scrolls to the top 500 ms after it opens (travel-flow section 9), which a pointer click could race.
 */
export async function confirmAndGoToPayment(page: Page, labels = EN) {
  await expect(page).toHaveURL(/\/travel\/confirm$/);
  await expect(page.getByRole('heading', { level: 1, name: labels.confirmTitle })).toBeVisible();
  for (const name of labels.declarations) {
    const box = page.getByRole('checkbox', { name });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: labels.pay, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/travel\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: labels.paymentTitle })).toBeVisible();
}

/** The payment page's card button, "Pay S$…" (or HK$…) with the amount. */
export function payButtonName(country: TCountry = 'SGP', labels = EN): RegExp {
  return labels.payAmount(CURRENCY[country]);
}

/** Pays on the payment page by card (TEST_CARD unless told), the amount in the country's currency. */
export async function payByCard(
  page: Page,
  options: { number?: string; cvv?: string; country?: TCountry; labels?: TLabels } = {},
) {
  const labels = options.labels ?? EN;
  await page.getByLabel(labels.cardNumber).fill(options.number ?? TEST_CARD);
  await page.getByLabel(labels.cardName).fill(HOLDER.name);
  await page.getByLabel(labels.expiry).fill(futureCardExpiry());
  await page.getByLabel(labels.cvv).fill(options.cvv ?? '123');
  await page.getByRole('button', { name: payButtonName(options.country, labels) }).click();
}

/** The finish page after a payment: its heading and the country's policy number, which it returns. */
export async function expectFinishPage(
  page: Page,
  options: { country?: TCountry; labels?: TLabels } = {},
): Promise<string> {
  const labels = options.labels ?? EN;
  await expect(page).toHaveURL(/\/travel\/finish$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: labels.finishTitle })).toBeVisible();
  const policyNumber = (await page.getByRole('definition').first().textContent())?.trim() ?? '';
  expect(policyNumber).toMatch(POLICY_NUMBER[options.country ?? 'SGP']);
  return policyNumber;
}

/** The finish page, and the API confirms the policy number it shows as issued; returns the number. */
export async function expectFinishedAndIssued(
  page: Page,
  testInfo: TestInfo,
  options: { country?: TCountry; labels?: TLabels } = {},
): Promise<string> {
  const policyNumber = await expectFinishPage(page, options);
  await expectIssued(page, testInfo, policyNumber);
  return policyNumber;
}

/**
 * Seeds a rated single-trip policy (seedJourney), opens /travel/confirm and goes on to the payment page;
 * on the project's shop unless `baseUrl` names another (the page's context must have it as its baseURL).
 */
export async function seedAndOpenPayment(page: Page, testInfo: TestInfo, baseUrl?: string) {
  const seeded = await seedJourney(page, testInfo, undefined, baseUrl);
  await page.goto('/travel/confirm');
  await confirmAndGoToPayment(page);
  return seeded;
}
