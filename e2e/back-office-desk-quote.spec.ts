import { DEMO_AGENT_PASSWORD, signInToBackOffice } from './support/back-office.ts';
import {
  applyNow,
  confirmAndGoToPayment,
  EN,
  expectFinishPage,
  fillPolicyholder,
  payByCard,
} from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { readOutbox } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * An agent's quote for a customer (issue 18, decision 087): the agent fills "Quote for a customer" at
 * the desk, the customer opens the e-mailed link in a browser of their own, finds the quote with the
 * agent's card, applies and pays, and the desk shows the sale. A shop of its own, to read its outbox.
 */
const shop = ownShop('desk-quote', { DEMO_AGENT_PASSWORD });

const CUSTOMER_EMAIL = 'desk.customer@example.com';

async function linkMailedTo(email: string, product: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]+/${product}/resume#[A-Za-z0-9_-]{43}`);
  const mails = () =>
    readOutbox(shop.dataDir, 'saved-quote')
      .map((mail) => mail.text)
      .filter((text) => text.includes(email));
  await expect.poll(() => mails().some((mail) => pattern.test(mail)), { timeout: 30_000 }).toBe(true);
  const mail = mails().at(-1)!;
  expect(mail).toContain('Tan Wei Ling');
  return mail.match(pattern)![0];
}

test('an agent e-mails a travel quote, the customer buys it from the link, the desk shows the sale', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const agentContext = await browser.newContext({ baseURL: shop.baseUrl });
  const page = await agentContext.newPage();
  await signInToBackOffice(page, { desk: 'agent', username: 'ag1001', password: DEMO_AGENT_PASSWORD });
  await page.getByRole('link', { name: 'Quote for a customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote for a customer' })).toBeVisible();
  await page.getByLabel('Customer’s e-mail').fill('not an address');
  await page.getByRole('button', { name: 'E-mail the quote to the customer' }).click();
  await expect(page.getByLabel('Customer’s e-mail')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Customer’s e-mail').fill(CUSTOMER_EMAIL);
  await page.getByLabel('Number of travellers').fill('1');
  await page.getByRole('button', { name: 'E-mail the quote to the customer' }).click();
  await expect(page.getByTestId('customer-quote-sent')).toHaveText(/^Sent to d\*+@e\*+\.com\.$/);
  await expect(page.getByRole('table')).toContainText('SGD');
  // The desk never shows the link.
  await expect(page.getByText(/resume#/)).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const link = await linkMailedTo(CUSTOMER_EMAIL, 'travel');
  const customerContext = await browser.newContext({ baseURL: shop.baseUrl });
  const customer = await customerContext.newPage();
  openAppOnGoto(customer);
  await customer.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(customer).toHaveURL(/\/travel\/quote$/);
  await expect(customer.getByRole('heading', { level: 1, name: EN.quoteTitle })).toBeVisible();
  // The agent's card of the header, as a partner link's journey shows it.
  await customer.getByRole('button', { name: 'Your agent' }).click();
  await expect(customer.getByText('Tan Wei Ling').first()).toBeVisible();
  await expect(customer.getByText('Registration no. RNF-TWL-1001')).toBeVisible();
  await applyNow(customer);
  await fillPolicyholder(customer);
  await customer.getByRole('button', { name: 'Continue' }).click();
  await confirmAndGoToPayment(customer);
  await payByCard(customer);
  const policyNumber = await expectFinishPage(customer, { country: 'SGP' });
  await customerContext.close();

  await page.getByRole('link', { name: 'My sales' }).click();
  await expect(page.getByRole('row').filter({ hasText: policyNumber })).toBeVisible();
  await agentContext.close();
});
