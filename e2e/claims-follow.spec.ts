import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, formatDmy, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import {
  confirmStepUp,
  holderSessionByApi,
  linkInMail,
  stepUpCodeByApi,
  type THolderFacts,
} from './support/my-policy.ts';
import { startServer, stopServer, type TServerProcess } from './support/server-process.ts';
import { newDataDir } from './support/template.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * Claims a customer can follow (issue 29), on a shop of its own (its outbox is read, and a claims
 * officer's account is made before it opens its database). Singapore in English: the officer asks for
 * more information; the mail's link proves the mailbox and opens that claim, where the customer uploads
 * the document online (an empty file is refused as empty before it is sent) and the claim goes back to
 * the officer's queue; the policy's page lists it. Hong Kong in Traditional Chinese: a half-filled claim
 * is offered again after a reload, the account number's message names Hong Kong's length, and a second
 * claim for the same incident is questioned before it is submitted.
 */
const CLAIMS_USERNAME = 'claims.follow.e2e';
const CLAIMS_PASSWORD = 'e2e-claims-follow-password';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let shop: TServerProcess;
let dataDir: string;
let files: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = newDataDir('lionrock-claims-follow-');
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-claims-follow-files-'));
  execFileSync(
    process.execPath,
    [
      path.join(HERE, '../apps/server/scripts/admin-create-user.ts'),
      '--username',
      CLAIMS_USERNAME,
      '--email',
      'claims.follow@lionrock.example',
      '--role',
      'claims',
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        APP_ENV: 'local',
        LOG_LEVEL: 'warn',
        ADMIN_NEW_PASSWORD: CLAIMS_PASSWORD,
      },
      stdio: 'pipe',
    },
  );
  shop = await startServer('claims-follow', { DATA_DIR: dataDir }, { keepDataDir: true });
});

test.afterAll(async () => {
  if (shop) await stopServer(shop.child);
  for (const dir of [dataDir, files]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function api(pathname: string, init: RequestInit & { json?: unknown; cookie: string }) {
  const response = await fetch(`${shop.baseUrl}/b2c-server/rest/${pathname}`, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      'session-name': 'e2e-claims-follow',
      cookie: init.cookie,
    },
    body: init.json === undefined ? (init.body ?? null) : JSON.stringify(init.json),
  });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const isoOf = (date: TLocalDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** A trip from today bought through the API; HK's with a Hong Kong holder. */
async function buyTrip(country: 'SGP' | 'HKG'): Promise<{ policyNumber: string; facts: THolderFacts }> {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const base = buildTravelPolicy(today, {
    ...(country === 'HKG' ? { country: 'HKG', lang: 'zh' } : {}),
    policyTravel: { deptDate: formatDmy(today), returnDate: formatDmy(addDays(today, 5)) },
  } as never);
  const travel = base.policyTravel!;
  if (country === 'HKG') {
    const person = { fullName: 'CHAN TAI MAN', idType: 'HKID', hkId: 'K987654(5)' };
    travel.applicant = {
      ...travel.applicant!,
      ...person,
      mobileNoCountryCode: '852',
      mobileNo: '91234567',
      email: 'taiman.chan@example.com',
    } as never;
    travel.travellersList = [{ ...travel.travellersList![0]!, ...person } as never];
  }
  const policyNumber = await buyByApi(shop.baseUrl, base as TPolicyInput);
  return {
    policyNumber,
    facts: { idNumber: travel.applicant!.hkId!, dateOfBirth: travel.applicant!.dateOfBirth! },
  };
}

/** A claim's fields as the form saves them, its incident today. */
const claimFields = (today: TLocalDate) => ({
  claimType: 'medical',
  incidentDate: isoOf(today),
  incidentPlace: 'Airport',
  description: 'Fell ill with a fever and saw a doctor.',
  officials: { noOne: true, officials: {} },
  amountCents: 45_000,
});

/** A whole claim filed through the claims API in the holder's session; answers its number. */
async function fileClaim(session: { cookie: string; policyId: string }): Promise<string> {
  const { cookie, policyId } = session;
  const stepUpCode = await stepUpCodeByApi(shop.baseUrl, dataDir, session, 'claim-payout');
  const { claimId } = await api('claims/draft', { cookie, json: { policyId, lang: 'en' } });
  await api(`claims/draft/${claimId}`, {
    method: 'PUT',
    cookie,
    json: {
      ...claimFields(todayIn(SHOP_TIME_ZONE, new Date())),
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
      stepUpCode,
    },
  });
  const form = new FormData();
  form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), 'receipt.pdf');
  await api(`claims/draft/${claimId}/documents`, { cookie, body: form });
  return (await api(`claims/draft/${claimId}/submit`, { cookie, json: {} })).claimNumber as string;
}

async function newPage(browser: Browser, cookie?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 1280, height: 800 } });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: shop.baseUrl }]);
  }
  const page = await context.newPage();
  openAppOnGoto(page);
  return page;
}

/** Axe, no sideways scroll at 375 px, and screenshots at both widths (SHOTS_DIR too when set). */
async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 375) await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    if (process.env.SHOTS_DIR)
      await page.screenshot({
        path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`),
        fullPage: true,
      });
  }
}

test('Singapore, English: more information asked, the mail link opens the claim, the document is uploaded online', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { policyNumber, facts } = await buyTrip('SGP');
  const session = await holderSessionByApi(shop.baseUrl, dataDir, policyNumber, facts);
  const claimNumber = await fileClaim(session);

  // The claims officer asks for more information.
  const staff = await newPage(browser);
  await signInToBackOffice(staff, { desk: 'admin', username: CLAIMS_USERNAME, password: CLAIMS_PASSWORD });
  await staff.goto('/admin/claims');
  await staff.getByLabel('Claim no., policy no. or holder').fill(claimNumber);
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: claimNumber }).click();
  const move = staff.getByLabel('New status');
  await move.selectOption('underReview');
  await staff.getByRole('button', { name: 'Save status' }).click();
  await expect(staff.getByTestId('claim-status')).toHaveText('Under review');
  await move.selectOption('moreInformation');
  await staff.getByLabel('What is needed (e-mailed to the customer)').fill('Please send the doctor’s memo.');
  await staff.getByRole('button', { name: 'Save status' }).click();
  await expect(staff.getByTestId('claim-status')).toHaveText('More information needed');

  // The mail's status link, in a browser with no session: it proves the mailbox and opens that claim.
  const link = await linkInMail(dataDir, 'We need more information', '/my-policy/open/');
  expect(link).toContain(`claim=${claimNumber}`);
  const page = await newPage(browser);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(new RegExp(`/claims/status\\?claim=${claimNumber}`));
  await expect(page.getByRole('status').filter({ hasText: 'Status:' })).toHaveText(
    'Status: More information needed',
  );
  const more = page.getByRole('region', { name: 'What we need from you' });
  await expect(more).toContainText('Please send the doctor’s memo.');

  // An empty file is named empty before a byte is sent; a real one is uploaded and sent with a note.
  const empty = path.join(files, 'memo-empty.pdf');
  fs.writeFileSync(empty, '');
  const memo = path.join(files, 'doctor-memo.pdf');
  fs.writeFileSync(memo, TINY_PDF);
  await more.locator('input[type="file"]').setInputFiles(empty);
  await expect(more.getByRole('alert')).toContainText('This file is empty');
  await more.locator('input[type="file"]').setInputFiles(memo);
  await expect(more.getByRole('listitem').filter({ hasText: 'doctor-memo.pdf' }).first()).toBeVisible();
  await more.getByLabel('A note for the claims team (optional)').fill('The memo is attached.');
  await checkScreen(page, testInfo, 'claims-follow-more-information-en');
  await more.getByRole('button', { name: 'Send to the claims team' }).click();
  await expect(page.getByText('the claims team has your answer')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Status:' })).toHaveText('Status: Under review');

  // Back in the officer's queue, with the customer's note; and on the policy's page with its dates and amounts.
  await staff.reload();
  await expect(staff.getByTestId('claim-status')).toHaveText('Under review');
  await expect(staff.getByText('The memo is attached.')).toBeVisible();
  await page.goto(`/my-policy/policies/${session.policyId}`);
  const claims = page.getByRole('region', { name: 'Claims' });
  const row = claims.getByRole('row').filter({ hasText: claimNumber });
  await expect(row).toContainText('Medical expenses');
  await expect(row).toContainText('Under review');
  await expect(row).toContainText('S$450.00');
  await checkScreen(page, testInfo, 'claims-follow-policy-claims-en');
  await row.getByRole('link', { name: claimNumber }).click();
  await expect(page.getByRole('heading', { level: 2, name: claimNumber })).toBeVisible();
});

test('Hong Kong, Traditional Chinese: a half-filled claim is offered again, the account length is named, a second identical claim is questioned', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { policyNumber, facts } = await buyTrip('HKG');
  const session = await holderSessionByApi(shop.baseUrl, dataDir, policyNumber, facts);
  const first = await fileClaim(session);
  // A second claim started for the same incident, half filled.
  const { claimId } = await api('claims/draft', {
    cookie: session.cookie,
    json: { policyId: session.policyId, lang: 'zh' },
  });
  await api(`claims/draft/${claimId}`, {
    method: 'PUT',
    cookie: session.cookie,
    json: claimFields(todayIn(SHOP_TIME_ZONE, new Date())),
  });
  // Its receipt uploaded: what is missing is the payout, typed on the page below.
  const receipt = new FormData();
  receipt.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), 'receipt.pdf');
  await api(`claims/draft/${claimId}/documents`, { cookie: session.cookie, body: receipt });

  const page = await newPage(browser, session.cookie);
  await page.goto(`/claims?country=HKG&lang=zh&policy=${session.policyId}`);
  await expect(page.getByRole('heading', { level: 1, name: '提出索償' })).toBeVisible();
  await page.getByRole('button', { name: /^繼續這項索/ }).click();
  await page.getByLabel('銀行名稱').fill('HSBC');
  await page.getByLabel('帳戶號碼').fill('12345');
  // Typed, not yet saved: a reload offers this claim again with what was typed.
  await page.reload();
  await page.getByRole('button', { name: /^繼續填寫索/ }).click();
  await expect(page.getByLabel('帳戶號碼')).toHaveValue('');
  await expect(page.getByLabel('銀行名稱')).toHaveValue('HSBC');
  await page.getByLabel('帳戶號碼').fill('12345');
  await page.getByRole('button', { name: /^核對索/ }).click();
  // Hong Kong's account numbers: the message names their length.
  await expect(page.locator('#accountNumber-error')).toContainText('9至15');
  await checkScreen(page, testInfo, 'claims-follow-account-length-zh-hk');

  await page.getByLabel('帳戶號碼').fill('004-123456-789');
  const asked = Date.now() - 1000;
  await page.getByRole('button', { name: /^核對索/ }).click();
  const stepUp = page.getByRole('dialog');
  await confirmStepUp(stepUp, dataDir, asked, /^確認並繼續$/, /驗證碼/);
  await page.getByRole('button', { name: /^提交索/ }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(first);
  await checkScreen(page, testInfo, 'claims-follow-duplicate-zh-hk');
  await question.getByRole('button').click();
  const done = page.getByRole('region', { name: /我們已收到您的索/ });
  await expect(done).toBeVisible();
  const second = (await done.getByText(/^CHK\d{2}-\d{7}$/).textContent())?.trim() ?? '';
  expect(second).not.toBe(first);

  await page.goto(`/my-policy/policies/${session.policyId}?country=HKG&lang=zh`);
  const table = page.getByRole('table', { name: '此保單的索償' });
  await expect(table.getByRole('link', { name: first })).toBeVisible();
  await expect(table.getByRole('link', { name: second })).toBeVisible();
  await expect(table).toContainText('HK$450.00');
});
