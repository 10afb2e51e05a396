import path from 'node:path';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildHomePolicy } from '@lionrock/domain/schemas/fixtures';
import { expect, test } from '@playwright/test';
import { SHOP_TIME_ZONE } from '../support/dates.ts';
import { confirmStepUp, openPolicy, signInWithCode } from '../support/my-policy.ts';
import { mailsWith } from '../support/outbox.ts';
import { buyByApi } from '../support/test-gateway.ts';

/**
 * After the sale on a running `npm start` (see click-through.config.ts): a home bought through the API as
 * a browser buys it, its holder signed in with the code from the shop's outbox (`.data/outbox`, or
 * CLICK_DATA), the home moved to a landed house, and the rise paid by card in the hidden frame
 * (decision 144), then Reload.
 */
const SHOTS = process.env.CLICK_SHOTS ?? '/tmp/click-shots';
const base = process.env.CLICK_BASE ?? 'http://localhost:3000';
const dataDir = process.env.CLICK_DATA ?? path.resolve(import.meta.dirname, '../../.data');
const tag = base.includes('127.0.0.1') ? 'ip' : 'lh';

test('home SG at 375: a move to a landed house, the rise paid by card, the new address after Reload', async ({
  browser,
}) => {
  const input = buildHomePolicy(todayIn(SHOP_TIME_ZONE, new Date()));
  input.policyHome!.applicant = {
    ...input.policyHome!.applicant!,
    email: `mover.${tag}.${Date.now()}@example.com`,
  };
  const policyNumber = await buyByApi(base, input);
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto('/my-policy');
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  await signInWithCode(page, dataDir, policyNumber);
  await openPolicy(page, policyNumber);

  const panel = page.getByRole('region', { name: 'Insured address' });
  await panel.getByRole('button', { name: 'Change the insured address' }).click();
  await panel.getByLabel('Block or house number').fill('7');
  await panel.getByLabel('Street', { exact: true }).fill('Jalan Kembangan');
  await panel.getByLabel('Unit number').fill('');
  await panel.getByLabel('Postal code', { exact: true }).fill('419100');
  await panel.getByLabel('Type of home').selectOption('LANDED');
  await panel.getByRole('button', { name: 'Check the premium' }).click();
  const rises = panel.getByText(/Your premium rises by (S\$[\d,.]+)/);
  await expect(rises).toBeVisible();
  const amount = /rises by (S\$[\d,.]+)/.exec((await rises.textContent()) ?? '')![1]!;
  await panel.getByRole('button', { name: `Pay ${amount} by card` }).click();
  await panel.getByLabel('Card number').fill('4111111111111111');
  await panel.getByLabel('Name on card').fill('TAN WEI MING');
  await panel.getByLabel('Expiry date').fill('12-30');
  await panel.getByLabel('CVV').fill('123');
  await page.screenshot({ path: path.join(SHOTS, `rise-card-${tag}.png`), fullPage: true });
  const asked = Date.now() - 1000;
  await panel.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
  await confirmStepUp(panel, dataDir, asked, `Pay ${amount} and change the address`);
  await expect(
    panel.getByText(`We have charged ${amount} to your card ending 1111.`, { exact: false }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: path.join(SHOTS, `rise-paid-${tag}.png`), fullPage: true });
  await mailsWith(dataDir, `${policyNumber}: insured address changed`);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Insured address' }).getByText('7 Jalan Kembangan'),
  ).toBeVisible();
  await context.close();
});
