import fs from 'node:fs';
import path from 'node:path';
import { addDays, formatDmy, todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { STAFF_PASSWORD, STAFF_USERNAME, signInToBackOffice } from './support/back-office.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { holderSessionByApi, stepUpCodeByApi } from './support/my-policy.ts';
import { startServer, stopServer, type TServerProcess } from './support/server-process.ts';
import { shootBothWidths } from './support/shots.ts';
import { createStaffAccount } from './support/staff-accounts.ts';
import { newDataDir } from './support/template.ts';
import { expect, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * The back office's claims queue and system settings (issue 18, decisions 081 and 082), on a shop of its
 * own (the private-mode switch must not reach the rest of the suite): operations switch private mode on
 * for Singapore and a customer's /travel refuses quotes within seconds; a claims officer reveals the
 * payout of a claim filed through the API (audited), moves it to under review and approves it, and the
 * customer's status page says approved.
 */
const CLAIMS_USERNAME = 'claims.e2e';
const CLAIMS_PASSWORD = 'e2e-claims-officer-password';
/** A second claims officer, who confirms what the first asks above the limit (decision 149). */
const SECOND_USERNAME = 'claims.second.e2e';
const SECOND_PASSWORD = 'e2e-second-claims-officer-password';
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let shop: TServerProcess;
/** The shop's data directory (its database and mail outbox): made here so the account exists first. */
let dataDir: string;

test.beforeAll(async () => {
  // The account is made on a copy of the run's migrated database, then the shop opens it (decision 146).
  test.setTimeout(240_000);
  // A claims officer's account, made as an administrator would, before the shop opens its database.
  dataDir = newDataDir('lionrock-bo-claims-');
  for (const [username, password] of [
    [CLAIMS_USERNAME, CLAIMS_PASSWORD],
    [SECOND_USERNAME, SECOND_PASSWORD],
  ] as const)
    createStaffAccount(dataDir, { username, role: 'claims', password });
  shop = await startServer(
    'bo-claims',
    { DATA_DIR: dataDir, ADMIN_USERNAME: STAFF_USERNAME, ADMIN_PASSWORD: STAFF_PASSWORD },
    { keepDataDir: true },
  );
});

test.afterAll(async () => {
  if (!shop) return;
  await stopServer(shop.child);
  for (const dir of [shop.dataDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

async function api(
  pathname: string,
  init: RequestInit & { json?: unknown; session?: string; cookie?: string },
) {
  const response = await fetch(`${shop.baseUrl}/b2c-server/rest/${pathname}`, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      'session-name': init.session ?? 'e2e-bo-claims-0001',
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.json === undefined ? (init.body ?? null) : JSON.stringify(init.json),
  });
  expect(response.status, `${pathname}: ${response.status}`).toBe(200);
  return response;
}
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

/** A single trip from today, bought through the API and the test gateway as a browser does. */
function buyTrip(): Promise<string> {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const input = buildTravelPolicy(today, {
    policyTravel: { deptDate: formatDmy(today), returnDate: formatDmy(addDays(today, 5)) } as never,
  });
  return buyByApi(shop.baseUrl, input);
}

/** The policyholder's session cookie (the e-mailed code), then a claim filed through the claims API. */
async function fileClaim(
  policyNumber: string,
  applicant: { idNumber: string; dateOfBirth: string },
  amountCents = 45_000,
) {
  const session = await holderSessionByApi(shop.baseUrl, dataDir, policyNumber, applicant);
  const { cookie, policyId } = session;
  const [name, value] = cookie.split('=') as [string, string];
  const stepUpCode = await stepUpCodeByApi(shop.baseUrl, dataDir, session, 'claim-payout');
  const { claimId } = await json(await api('claims/draft', { cookie, json: { policyId, lang: 'en' } }));
  await api(`claims/draft/${claimId}`, {
    method: 'PUT',
    cookie,
    json: {
      claimType: 'medical',
      incidentDate: new Date().toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE }),
      incidentPlace: 'Singapore',
      description: 'Fell ill with a fever and saw a doctor.',
      officials: { noOne: true, officials: {} },
      amountCents,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
      stepUpCode,
    },
  });
  const form = new FormData();
  form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), 'receipt.pdf');
  await api(`claims/draft/${claimId}/documents`, { cookie, body: form });
  const submitted = await json(await api(`claims/draft/${claimId}/submit`, { cookie, json: {} }));
  return { cookie: { name, value }, claimNumber: submitted.claimNumber as unknown as string };
}

test.describe('back office: claims and system settings', () => {
  test('private mode switched on for Singapore refuses quotes at /travel within seconds', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const staff = await browser.newContext({ baseURL: shop.baseUrl });
    const page = await staff.newPage();
    await signInToBackOffice(page, { desk: 'admin', username: STAFF_USERNAME, password: STAFF_PASSWORD });
    await page.getByRole('link', { name: 'System settings' }).first().click();
    const privateMode = page.getByRole('checkbox', { name: 'Private mode (no quotes), Singapore' });
    await expect(privateMode).not.toBeChecked();
    page.once('dialog', (dialog) => void dialog.accept());
    // The switch shows the server's state: it turns once the change is saved.
    await privateMode.click();
    await expect(privateMode).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'is now on in Singapore' })).toBeVisible();
    try {
      const customer = await browser.newContext({ baseURL: shop.baseUrl });
      const shopPage = await customer.newPage();
      await shopPage.goto('/travel');
      await expect(
        shopPage
          .getByText('Sorry, the quotation function is currently unavailable. Please try again later.')
          .first(),
      ).toBeVisible({ timeout: 15_000 });
      await customer.close();
    } finally {
      await privateMode.click();
      await expect(privateMode).not.toBeChecked();
      await staff.close();
    }
  });

  test('operations edit a banner title and the shop shows the new one (decision 091)', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const staff = await browser.newContext({ baseURL: shop.baseUrl });
    const page = await staff.newPage();
    await signInToBackOffice(page, { desk: 'admin', username: STAFF_USERNAME, password: STAFF_PASSWORD });
    await page.getByRole('link', { name: 'System settings' }).first().click();
    await page.getByRole('button', { name: 'Edit "Year-end getaway: 25% off single trips"' }).click();
    const form = page.getByRole('form', { name: 'Edit banner "Year-end getaway: 25% off single trips"' });
    await form.getByLabel('Title (English)').fill('Year-end getaway: book by 31 December');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The banner is saved' })).toBeVisible();
    await expect(page.getByText('Year-end getaway: book by 31 December')).toBeVisible();
    const customer = await browser.newContext({ baseURL: shop.baseUrl });
    const shopPage = await customer.newPage();
    await shopPage.goto('/travel');
    await expect(shopPage.getByText('Year-end getaway: book by 31 December').first()).toBeAttached({
      timeout: 15_000,
    });
    await customer.close();
    await staff.close();
  });

  test('a claims officer reviews and approves a claim, and the customer sees it approved', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const policyNumber = await buyTrip();
    const fixture = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date())).policyTravel!.applicant!;
    const { cookie, claimNumber } = await fileClaim(policyNumber, {
      idNumber: fixture.hkId!,
      dateOfBirth: fixture.dateOfBirth!,
    });

    const staff = await browser.newContext({ baseURL: shop.baseUrl });
    const page = await staff.newPage();
    await signInToBackOffice(page, { desk: 'admin', username: CLAIMS_USERNAME, password: CLAIMS_PASSWORD });
    await page.goto('/admin/claims');
    await page.getByLabel('Claim no., policy no. or holder').fill(claimNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: claimNumber }).click();
    await expect(page.getByTestId('claim-status')).toHaveText('Received');
    await expect(page.getByRole('link', { name: 'receipt.pdf' })).toBeVisible();
    // The payout shows masked; Reveal opens its sealed copy and puts the look on the trail (decision 106).
    await expect(page.getByText('DBS Bank ••••••6789')).toBeVisible();
    await page.getByRole('button', { name: 'Reveal payout' }).click();
    await expect(page.getByText('DBS Bank 012-345678-9')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reveal payout' })).toHaveCount(0);
    // Only the domain's moves are offered: from received, under review alone.
    const move = page.getByLabel('New status');
    await expect(move.locator('option')).toHaveText(['Choose…', 'Move to under review']);
    await move.selectOption('underReview');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('claim-status')).toHaveText('Under review');
    await move.selectOption('approved');
    await page.getByLabel(/Amount approved/).fill('400');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByTestId('claim-status')).toHaveText('Approved');
    const trail = page.getByRole('region', { name: 'Audit trail' });
    await expect(trail.getByRole('cell', { name: 'Revealed the payout details' })).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .filter({ hasText: 'Audit' })
        .or(page.getByText('Under review → Approved (S$400.00)')),
    ).toBeVisible();
    await staff.close();

    const customer = await browser.newContext({ baseURL: shop.baseUrl });
    await customer.addCookies([{ name: cookie.name, value: cookie.value, url: shop.baseUrl }]);
    const status = await customer.newPage();
    await status.goto(`/claims/status?claim=${claimNumber}`);
    await status.getByRole('button', { name: 'Show status' }).click();
    await expect(status.getByRole('status').filter({ hasText: 'Status:' })).toHaveText('Status: Approved');
    await customer.close();
  });

  test('an approval above S$5,000 waits for a second claims officer, who confirms it (decision 149)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const policyNumber = await buyTrip();
    const fixture = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date())).policyTravel!.applicant!;
    const { claimNumber } = await fileClaim(
      policyNumber,
      { idNumber: fixture.hkId!, dateOfBirth: fixture.dateOfBirth! },
      800_000,
    );

    const first = await browser.newContext({ baseURL: shop.baseUrl });
    const maker = await first.newPage();
    await signInToBackOffice(maker, { desk: 'admin', username: CLAIMS_USERNAME, password: CLAIMS_PASSWORD });
    await maker.goto('/admin/claims');
    await maker.getByLabel('Claim no., policy no. or holder').fill(claimNumber);
    await maker.getByRole('button', { name: 'Search' }).click();
    await maker.getByRole('link', { name: claimNumber }).click();
    const move = maker.getByLabel('New status');
    await move.selectOption('underReview');
    await maker.getByRole('button', { name: 'Save status' }).click();
    await expect(maker.getByTestId('claim-status')).toHaveText('Under review');
    await move.selectOption('approved');
    await maker.getByLabel(/Amount approved/).fill('6000');
    await maker.getByRole('button', { name: 'Save status' }).click();
    await expect(
      maker.getByText('Sent for a second approval: above S$5,000.00 another claims officer confirms it.'),
    ).toBeVisible();
    // Still under review; its maker may only withdraw it.
    await expect(maker.getByTestId('claim-status')).toHaveText('Under review');
    const waiting = maker.getByRole('region', { name: 'Waiting for a second approval' });
    await expect(waiting.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(waiting.getByRole('button', { name: /Confirm approval/ })).toHaveCount(0);
    await shootBothWidths(maker, 'claims-approval-waiting-maker');
    await first.close();

    const second = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 375, height: 800 } });
    const checker = await second.newPage();
    await signInToBackOffice(checker, {
      desk: 'admin',
      username: SECOND_USERNAME,
      password: SECOND_PASSWORD,
    });
    await checker.goto('/admin/claims');
    const toApprove = checker.getByRole('region', { name: 'To approve' });
    await expect(toApprove.getByRole('link', { name: claimNumber })).toBeVisible();
    await expect(toApprove).toContainText('S$6,000.00');
    await expectNoSeriousAxeViolations(checker);
    await shootBothWidths(checker, 'claims-approval-to-approve');
    await toApprove.getByRole('link', { name: claimNumber }).click();
    await expect(checker.getByRole('region', { name: 'Waiting for a second approval' })).toBeVisible();
    await shootBothWidths(checker, 'claims-approval-waiting-checker');
    await checker
      .getByRole('region', { name: 'Waiting for a second approval' })
      .getByRole('button', { name: 'Confirm approval of S$6,000.00' })
      .click();
    await expect(checker.getByText('Approved S$6,000.00.')).toBeVisible();
    await expect(checker.getByTestId('claim-status')).toHaveText('Approved');
    await expectNoSeriousAxeViolations(checker);
    await second.close();
  });
});
