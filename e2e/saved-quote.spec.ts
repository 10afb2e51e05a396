import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { watchConsole } from './support/console.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  expectFinishPage,
  fillPolicyholder,
  HOLDER_CONTACT,
  payByCard,
  quoteFromLanding,
  ZH,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { readOutbox } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { paQuotePage } from './support/pa.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * Quotes saved for later (decision 076): "Save for later" on one browser e-mails a link; the
 * link, read from the shop's mail outbox, reopens the journey in ANOTHER browser context (no shared
 * storage: another device) at the step it was saved at, where the purchase is finished. The shop is one
 * of its own, so its outbox can be read.
 */

const shop = ownShop('saved-quote');

async function openShop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  openAppOnGoto(page);
  return page;
}

/** The saved-quote mails sent to `email`, oldest first (support/outbox.ts). */
const savedQuoteMails = (email: string): string[] =>
  readOutbox(shop.dataDir, 'saved-quote')
    .map((mail) => mail.text)
    .filter((text) => text.includes(email));

/** The link of the newest mail to `email` (waits for the mail job to send it). */
async function linkMailedTo(email: string, product: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]+/${product}/resume#[A-Za-z0-9_-]{43}`);
  await expect
    .poll(() => savedQuoteMails(email).some((mail) => pattern.test(mail)), { timeout: 90_000 })
    .toBe(true);
  const links = savedQuoteMails(email).flatMap((mail) => mail.match(pattern) ?? []);
  return links.at(-1)!;
}

/**
 * Opens the dialog, checks it, and sends the link to `email`. `shown` is something only the step's own
 * page shows: a lazily loaded page arrives after its address, and until then the previous step (with a
 * "Save for later" button of its own) is still on screen.
 */
async function saveForLater(page: Page, shown: Locator, email: string, prefilled?: string | RegExp) {
  await expect(shown).toBeVisible();
  // From the keyboard: the confirm page scrolls to the top just after it opens, which a click could race.
  await page.getByRole('button', { name: 'Save for later' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save your quote for later' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('E-mail address');
  if (prefilled !== undefined) await expect(field).toHaveValue(prefilled);
  await expectNoSeriousAxeViolations(page);
  await field.fill('not an address');
  await dialog.getByRole('button', { name: 'Send me the link' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(email);
  await field.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(`We've sent the link to ${email}`);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Back to my quote' }).click();
  await expect(dialog).toBeHidden();
}

test('a travel quote saved on one browser is bought from the e-mailed link on another', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const first = await openShop(browser);
  const problems = watchConsole(first);
  await first.goto('/travel');
  await quoteFromLanding(first);
  await applyNow(first);
  await fillPolicyholder(first);
  await first.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(first).toHaveURL(/\/travel\/confirm$/);
  const confirmHeading = first.getByRole('heading', { level: 1, name: 'Check and confirm' });
  await expect(confirmHeading).toBeVisible();
  const total = await first.getByText(/S\$\d/).last().textContent();
  // Pre-filled with the applicant's address (stored in capitals, as the spec keeps it).
  await saveForLater(
    first,
    confirmHeading,
    HOLDER_CONTACT.email,
    new RegExp(`^${HOLDER_CONTACT.email.replace(/\./g, '\\.')}$`, 'i'),
  );
  expect(problems).toEqual([]);

  const link = await linkMailedTo(HOLDER_CONTACT.email, 'travel');
  // Another device: a context of its own, nothing of the first one's storage.
  const second = await openShop(browser);
  const secondProblems = watchConsole(second);
  await second.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(second).toHaveURL(/\/travel\/confirm$/);
  // The token is gone from the address bar once read.
  expect(second.url()).not.toContain('#');
  await expect(second.getByText('TAN WEI MING').first()).toBeVisible();
  if (total) await expect(second.getByText(total).last()).toBeVisible();
  await expectNoSeriousAxeViolations(second);
  await confirmAndGoToPayment(second);
  await payByCard(second);
  await expectFinishPage(second);
  expect(secondProblems).toEqual([]);
});

test('a link that is not valid says so and offers a new quote', async ({ browser }) => {
  const page = await openShop(browser);
  await page.goto(`/travel/resume#${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't open this quote" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a new quote' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('a personal accident quote saved at the quote step, then the applicant step, reopens at each', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await openShop(browser);
  await paQuotePage(page);
  // Saved on the quote page first: the link reopens the plans, priced today.
  await saveForLater(
    page,
    page.getByRole('button', { name: 'Apply Now for Plan B' }),
    'pa.quote@example.com',
    '',
  );
  const quoteLink = await linkMailedTo('pa.quote@example.com', 'pa');
  const elsewhere = await openShop(browser);
  await elsewhere.goto(quoteLink.replace(/^https?:\/\/[^/]+/, ''));
  await expect(elsewhere).toHaveURL(/\/pa\/quote$/);
  await expect(elsewhere.getByRole('button', { name: 'Apply Now for Plan B' })).toBeVisible();

  await page.getByRole('button', { name: 'Apply Now for Plan B' }).click();
  await expect(page).toHaveURL(/\/pa\/applicant$/);
  await saveForLater(
    page,
    page.getByRole('region', { name: 'Applicant (Adult 1)' }),
    'pa.saver@example.com',
    '',
  );

  const link = await linkMailedTo('pa.saver@example.com', 'pa');
  const other = await openShop(browser);
  await other.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(other).toHaveURL(/\/pa\/applicant$/);
  await expect(other.getByRole('region', { name: 'Applicant (Adult 1)' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save for later' })).toBeVisible();
});

test('a Hong Kong quote saved in Chinese on the quote page reopens there, in Traditional Chinese and HK$', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const toHongKong = hongKongChinese;
  const page = await openShop(browser);
  await page.goto('/travel?country=HKG');
  await quoteFromLanding(page);
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: toHongKong(ZH.quoteTitle) })).toBeVisible();
  await page.getByRole('button', { name: toHongKong('保存报价，以后再买') }).click();
  const dialog = page.getByRole('dialog', { name: toHongKong('保存报价，以后再买') });
  await dialog.getByLabel(toHongKong('电子邮件地址')).fill('hk.saver@example.com');
  await dialog.getByLabel(toHongKong('电子邮件地址')).press('Enter');
  await expect(dialog.getByRole('status')).toContainText('hk.saver@example.com');

  const link = await linkMailedTo('hk.saver@example.com', 'travel');
  const mail = savedQuoteMails('hk.saver@example.com').at(-1)!;
  expect(mail).toMatch(/Content-Type: text\/plain/i);
  const other = await openShop(browser);
  await other.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(other).toHaveURL(/\/travel\/quote$/);
  await expect(other.getByRole('heading', { level: 1, name: toHongKong(ZH.quoteTitle) })).toBeVisible();
  await expect(other.getByText(/HK\$\d/).first()).toBeVisible();
  await expectNoSeriousAxeViolations(other);
  await other.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(other);
});

test('a home quote saved on its quote page reopens there with its plans', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await openShop(browser);
  await page.goto('/home?country=SGP');
  await page.getByRole('radio', { name: 'HDB flat' }).check();
  await page.getByLabel('HDB flat type').selectOption('4_ROOM');
  await page.getByRole('radio', { name: 'Owner living there' }).check();
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page).toHaveURL(/\/home\/quote$/);
  await saveForLater(
    page,
    page.getByRole('heading', { level: 1, name: 'Your home quote' }),
    'home.saver@example.com',
    '',
  );

  const link = await linkMailedTo('home.saver@example.com', 'home');
  const other = await openShop(browser);
  await other.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(other).toHaveURL(/\/home\/quote$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Your home quote' })).toBeVisible();
  await expect(other.getByText('4-room HDB flat')).toBeVisible();
  await expect(other.locator('[data-plan="ENHANCED"]')).toContainText(/S\$\d/);
});
