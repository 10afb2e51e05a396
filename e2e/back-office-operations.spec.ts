import { seedJourney } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { STAFF_PASSWORD, STAFF_USERNAME, signInToBackOffice } from './support/back-office.ts';
import { confirmAndGoToPayment, payByCard } from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { mailsWith } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Operations in the back office (issue 18, decision 080): a card payment held for review (the test
 * gateway's 480 card) is accepted by operations in the Queues screen; the policy then shows issued and
 * its e-mail leaves the outbox. The shop is one of its own, so its outbox can be read.
 */

/** The test gateway's card that holds the order for review (reason code 480). */
const REVIEW_CARD = '4000000000004806';

test.describe('back-office operations', () => {
  const shop = ownShop('ops', { ADMIN_USERNAME: STAFF_USERNAME, ADMIN_PASSWORD: STAFF_PASSWORD });

  test('a payment held for review is accepted in the Queues screen: issued, and its e-mail sent', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({
      baseURL: shop.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();

    await seedJourney(page, testInfo, undefined, shop.baseUrl);
    await page.goto('/travel/confirm');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await confirmAndGoToPayment(page);
    await payByCard(page, { number: REVIEW_CARD });
    await expect(page.getByText('Your payment is being reviewed.')).toBeVisible({ timeout: 20_000 });

    await signInToBackOffice(page, { desk: 'admin', username: STAFF_USERNAME, password: STAFF_PASSWORD });
    await page.getByRole('link', { name: 'Queues' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Queues' })).toBeVisible();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('row')).toHaveCount(2);
    await expectNoSeriousAxeViolations(page);
    await panel.getByRole('button', { name: 'Accept' }).click();
    await expect(panel.getByText('Accept this payment?')).toBeVisible();
    await panel.getByRole('button', { name: 'Confirm accept' }).click();
    const done = panel.getByRole('status').filter({ hasText: 'Accepted: policy' });
    await expect(done).toBeVisible({ timeout: 20_000 });
    const policyNumber = /policy (\S+) issued/.exec((await done.textContent()) ?? '')?.[1] ?? '';
    expect(policyNumber).toMatch(/\d/);
    await expect(panel.getByText('No open cases here.')).toBeVisible();

    // The policy, found by its number: issued, and its e-mail delivered from the outbox.
    await page.getByRole('link', { name: 'Policies' }).first().click();
    await page.getByLabel('Policy number, name, e-mail or ID number').fill(policyNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: policyNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Policy ${policyNumber}` })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('definition').first()).toHaveText('issued');
    await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText('accept-payment');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await mailsWith(shop.dataDir, policyNumber);
    await context.close();
  });
});
