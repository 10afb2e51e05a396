import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { expect, type Page, type TestInfo, test } from '@playwright/test';

/**
 * Confirm, payment and finish against the real API and the built-in test gateway (issue 6). The
 * applicant page is built separately, so each journey seeds a rated policy through the API with the
 * browser's own Session-Name and opens /travel/confirm.
 */

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

/** Screenshots for review when SHOTS_DIR is set (e.g. /tmp/shots): {name}-{viewport width}.png. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true, scale: 'css' });
}

/** The next year's December as the card form takes it: MM-YY. */
function futureExpiry(): string {
  return `12-${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
}

type TJourney = {
  session: string;
  call: (path: string, body: unknown) => Promise<{ status: number; json: Record<string, unknown> }>;
};

/**
 * Quotes and rates a full travel policy (applicant and traveller) with a Session-Name of its own, and
 * puts it in the browser's journey store under that session, as the applicant page leaves it.
 */
async function seedJourney(
  page: Page,
  testInfo: TestInfo,
  change: (policy: TPolicyInput) => TPolicyInput = (policy) => policy,
): Promise<TJourney> {
  const baseURL = testInfo.project.use.baseURL!;
  const session = `e2e-${randomUUID()}`;
  const call: TJourney['call'] = async (path, body) => {
    const response = await fetch(`${baseURL}/b2c-server/rest/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'session-name': session },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const policy = change(buildTravelPolicy(todayIn('Asia/Singapore', new Date())));
  const quoted = await call('policy/multirate', policy);
  expect(quoted.status).toBe(200);
  const plans = (quoted.json.policyTravel as { premiumItems: unknown[] }).premiumItems;
  const rated = await call('policy/rate', {
    ...policy,
    policyTravel: { ...policy.policyTravel, policyPremium: plans[0] },
  });
  expect(rated.status).toBe(200);
  const journey = {
    state: { policy: rated.json, plans, campaign: null, initialUrl: '/travel' },
    version: 1,
  };
  // Once per tab and in the top window only: the gateway's frames share the tab's sessionStorage.
  await page.addInitScript(
    ({ session, journey }) => {
      if (window !== window.top || sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      sessionStorage.setItem('lionrock.sessionName', session);
      sessionStorage.setItem('lionrock.travel', JSON.stringify(journey));
    },
    { session, journey },
  );
  return { session, call };
}

/**
 * Ticks both declarations on the confirm page and goes on to the payment page, from the keyboard: the
 * page scrolls to the top 500 ms after it opens (travel-flow section 9), which a pointer click could race.
 */
async function confirmAndGoToPayment(page: Page) {
  await page.goto('/travel/confirm');
  await expect(page.getByRole('heading', { level: 1, name: 'Check and confirm' })).toBeVisible();
  for (const name of [
    /^I have read and agree to the declarations/,
    /^I agree that Lionrock may use and transfer/,
  ]) {
    const box = page.getByRole('checkbox', { name });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: 'Pay', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/travel\/payment$/);
}

async function payByCard(page: Page, number: string, cvv = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Name on card').fill('Tan Wei Ming');
  await page.getByLabel('Expiry date').fill(futureExpiry());
  await page.getByLabel('CVV').fill(cvv);
  await page.getByRole('button', { name: /^Pay S\$\d/ }).click();
}

async function storedPolicy(page: Page): Promise<TPolicyInput> {
  const stored = await page.evaluate(() => sessionStorage.getItem('lionrock.travel'));
  return (JSON.parse(stored ?? 'null') as { state: { policy: TPolicyInput } }).state.policy;
}

const POLICY_NUMBER = /^TSG\d{2}-\d{7}$/;

test.describe('confirm, pay and finish (issue 6)', () => {
  test('pays by card and shows the issued policy, which the API confirms @phone', async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    const journey = await seedJourney(page, testInfo);
    await page.goto('/travel/confirm');
    await expect(page.getByRole('heading', { level: 1, name: 'Check and confirm' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Policyholder' })).toContainText('TAN WEI MING');
    await expect(page.getByRole('region', { name: 'Insured persons' })).toContainText('S8512345I');
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(/Total premium.*S\$\d/);
    // A single trip offers no auto-renewal.
    await expect(page.getByRole('checkbox', { name: /Renew my annual plan/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'confirm');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Pay is refused until both declarations are ticked.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Please tick the first declaration to go on.')).toBeVisible();
    await expect(page.getByText('Please tick the second declaration to go on.')).toBeVisible();
    await expect(page).toHaveURL(/\/travel\/confirm$/);
    // The policy wording popup closes with Escape.
    await page.getByRole('button', { name: 'Policy wording' }).click();
    const wording = page.getByRole('dialog', { name: 'Policy wording' });
    await expect(wording.getByRole('link', { name: /Download the policy wording/ })).toHaveAttribute(
      'href',
      /document\/get\/travel-policyWording/,
    );
    await page.keyboard.press('Escape');
    await expect(wording).toBeHidden();
    await page.getByRole('checkbox', { name: /^I have read and agree to the declarations/ }).check();
    await page.getByRole('checkbox', { name: /^I agree that Lionrock may use and transfer/ }).check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/travel\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'PayNow' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'payment');
    await payByCard(page, '4111111111111111');

    await expect(page).toHaveURL(/\/travel\/finish$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: "You're covered." })).toBeVisible();
    const policyNumber = (await page.getByRole('definition').first().textContent())?.trim() ?? '';
    expect(policyNumber).toMatch(POLICY_NUMBER);
    await expect(page.getByText("We've e-mailed your policy to WEIMING.TAN@EXAMPLE.COM.")).toBeVisible();
    await expect(page.getByRole('link', { name: /Download your policy/ })).toHaveAttribute('href', /.+/);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'finish');

    const issued = await journey.call('policy/issueAndReceiptPolicy', await storedPolicy(page));
    expect(issued.json).toMatchObject({ status: 'issued', policyNumber });

    // Back to home clears the journey.
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/travel$/);
    expect((await storedPolicy(page)).policyNumber).toBeUndefined();
    expect(problems).toEqual([]);
  });

  test('a declined card shows the reason code, and the page stays to try again', async ({
    page,
  }, testInfo) => {
    await seedJourney(page, testInfo);
    await confirmAndGoToPayment(page);
    await payByCard(page, '4000000000002040');
    const alert = page.getByRole('alert').filter({ hasText: 'reason code 204' });
    await expect(alert).toContainText("We couldn't take this payment (reason code 204).");
    await expect(alert).toContainText("There aren't enough funds on this card.");
    await expect(page).toHaveURL(/\/travel\/payment$/);
    // The card number and CVV were cleared once sent.
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('CVV')).toHaveValue('');
    await expect(page.getByRole('button', { name: /^Pay S\$\d/ })).toBeEnabled();
  });

  test('a card that asks for 3-D Secure shows the bank’s dialog, and Confirm payment pays', async ({
    page,
  }, testInfo) => {
    await seedJourney(page, testInfo);
    await confirmAndGoToPayment(page);
    await payByCard(page, '4000000000004756');
    const dialog = page.getByRole('dialog', { name: 'Verify your payment' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousAxeViolations(page);
    await page
      .frameLocator('iframe[name="lionrock-gateway-frame"]')
      .getByRole('button', { name: 'Confirm payment' })
      .click();
    await expect(page).toHaveURL(/\/travel\/finish$/, { timeout: 20_000 });
    expect((await page.getByRole('definition').first().textContent())?.trim()).toMatch(POLICY_NUMBER);
  });

  test('pays a single trip by PayNow: the QR, then the simulated bank payment @phone', async ({
    page,
  }, testInfo) => {
    const problems = watchConsole(page);
    await seedJourney(page, testInfo);
    await confirmAndGoToPayment(page);
    await page.getByRole('radio', { name: 'PayNow' }).check();
    const qr = page.getByRole('img', { name: 'PayNow QR code' });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByRole('timer')).toHaveText(/^Expires in (10:00|09:5\d)$/);
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'payment-paynow');
    await page.getByRole('button', { name: /Simulate the bank payment/ }).click();
    await expect(page).toHaveURL(/\/travel\/finish$/, { timeout: 20_000 });
    expect((await page.getByRole('definition').first().textContent())?.trim()).toMatch(POLICY_NUMBER);
    expect(problems).toEqual([]);
  });

  test('an expired PayNow QR is dimmed and can be reloaded', async ({ page }, testInfo) => {
    await page.clock.install();
    await seedJourney(page, testInfo);
    await confirmAndGoToPayment(page);
    await page.getByRole('radio', { name: 'PayNow' }).check();
    const qr = page.getByRole('img', { name: 'PayNow QR code' });
    await expect(qr).toBeVisible();
    const first = await qr.getAttribute('src');
    await page.clock.fastForward('10:01');
    await expect(page.getByText('This QR code has expired.')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await page.getByRole('button', { name: 'Click to reload QR code' }).click();
    await expect(page.getByRole('timer')).toHaveText(/^Expires in (10:00|09:5\d)$/);
    await expect(qr).not.toHaveAttribute('src', first ?? '');
    await expect(page.getByRole('button', { name: 'Click to reload QR code' })).toHaveCount(0);
  });

  test('after a card payment no storage holds the card number or the CVV', async ({ page }, testInfo) => {
    await seedJourney(page, testInfo);
    await confirmAndGoToPayment(page);
    await payByCard(page, '5555555555554444', '737');
    await expect(page).toHaveURL(/\/travel\/finish$/, { timeout: 20_000 });
    const stored = await page.evaluate(() => {
      const values: Record<string, string> = {};
      for (const storage of [sessionStorage, localStorage])
        for (let index = 0; index < storage.length; index += 1) {
          const key = storage.key(index)!;
          values[key] = storage.getItem(key) ?? '';
        }
      return values;
    });
    expect(Object.keys(stored)).toContain('lionrock.travel');
    const text = JSON.stringify(stored);
    for (const number of ['5555555555554444', '5555-5555-5555-4444', '5555 5555 5555 4444'])
      expect(text).not.toContain(number);
    // No stored value is the CVV, and no stored field is named for one.
    const found: string[] = [];
    const walk = (value: unknown, key: string) => {
      if (/cvv|cvn/i.test(key) || value === '737') found.push(key);
      if (value && typeof value === 'object')
        for (const [inner, child] of Object.entries(value)) walk(child, inner);
    };
    for (const [key, value] of Object.entries(stored)) {
      let parsed: unknown = value;
      try {
        parsed = JSON.parse(value);
      } catch {
        // a plain string
      }
      walk(parsed, key);
    }
    expect(found).toEqual([]);
  });
});
