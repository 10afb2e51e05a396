import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { OFFICIAL_DETAILS_MAX_LENGTH } from '@lionrock/domain/claims/attended-officials';
import { CLAIM_DOCUMENT_MAX_BYTES } from '@lionrock/domain/claims/claim-rules';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { futureCardExpiry, singaporeDateIn } from './support/dates.ts';
import { EN, TEST_CARD, tick } from './support/journey.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { confirmStepUp } from './support/my-policy.ts';
import { readOutbox } from './support/outbox.ts';
import { ownShop } from './support/own-shop.ts';
import { expect, openAppOnGoto, test } from './support/test.ts';

/**
 * Claims online (issue "After the sale", decisions 073 to 075): a personal accident policy bought in
 * the browser, the policyholder signed in by the e-mailed code, a claim filed with two documents and
 * an attended police officer, then its status. The shop is one of its own, so its outbox can be read.
 */

/** Screenshots at 1280 and 375 px, when SHOTS_DIR names where. */
const SCREENSHOTS = process.env.SHOTS_DIR;
const HOLDER = {
  name: 'Tan Wei Ming',
  id: 'S8512345I',
  birth: '15/06/1985',
  email: 'weiming.tan@example.com',
};

const shop = ownShop('claims');
let files: string;

test.beforeAll(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-claim-files-'));
});

test.afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

async function openShop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  openAppOnGoto(page);
  return page;
}

/** The texts of this spec's shop's sent mail (support/outbox.ts). */
const mails = () => readOutbox(shop.dataDir).map((mail) => mail.text);

/** Buys an SGP personal accident policy by card, its cover starting today, and returns its number. */
async function buyPa(page: Page): Promise<string> {
  await page.goto('/pa');
  const picker = page.getByRole('group', { name: 'Your occupation' });
  await picker.getByRole('searchbox').fill('teacher');
  await picker.getByRole('radio', { name: /teacher/i }).check();
  await page.getByRole('button', { name: 'Get a quote' }).click();
  await page.getByRole('radio', { name: 'Singapore citizen' }).check();
  await tick(page.getByRole('checkbox', { name: /Risk Statements are true/ }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/effective-date$/);
  // Cover from today, so today's accident is within it.
  await page.locator('#pa-effective-date').fill(singaporeDateIn(0));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/quote$/);
  await page.getByRole('button', { name: 'Apply Now for Plan B' }).click();
  const holder = page.getByRole('region', { name: 'Applicant (Adult 1)' });
  await holder.getByLabel('Full name (as in your ID)').fill(HOLDER.name);
  await holder.getByLabel('ID number').fill(HOLDER.id);
  await holder.getByLabel('Date of birth').fill(HOLDER.birth);
  await holder.getByLabel('Mobile number').fill('91234567');
  await holder.getByLabel('Email address', { exact: true }).fill(HOLDER.email);
  await holder.getByRole('checkbox', { name: /email address is correct/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/confirm$/);
  for (const name of EN.declarations) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: EN.pay, exact: true }).click();
  await expect(page).toHaveURL(/\/pa\/payment$/);
  await page.getByLabel(EN.cardNumber).fill(TEST_CARD);
  await page.getByLabel(EN.cardName).fill(HOLDER.name);
  await page.getByLabel(EN.expiry).fill(futureCardExpiry());
  await page.getByLabel(EN.cvv).fill('123');
  await page.getByRole('button', { name: EN.payAmount('S$') }).click();
  await expect(page).toHaveURL(/\/pa\/finish$/, { timeout: 20_000 });
  const policyNumber = (await page.getByRole('definition').first().textContent())?.trim() ?? '';
  expect(policyNumber).toMatch(/^ASG\d{2}-\d{7}$/);
  return policyNumber;
}

/** Axe (no serious or critical) and no sideways scroll at 375 px; screenshots at both widths when asked. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousAxeViolations(page);
  if (SCREENSHOTS)
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A small real PDF and PNG, written by the test. */
function writeDocuments(): { pdf: string; png: string } {
  const pdf = path.join(files, 'hospital-bill.pdf');
  fs.writeFileSync(
    pdf,
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 0, 255, 255, 255, 255]);
  const png = path.join(files, 'x-ray.png');
  fs.writeFileSync(
    png,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return { pdf, png };
}

/** Signs in with the policy number, ID and birth date, then the code from the outbox. */
/** The shared sign-in of the after-sale pages (features/my-policy's HolderSignIn). */
const SIGN_IN_EN = {
  policyNumber: 'Policy number',
  idNumber: "Policyholder's ID number",
  dateOfBirth: "Policyholder's date of birth",
  send: 'E-mail me a code',
  code: 'One-time code',
  verify: 'Open my policy',
};

async function signIn(page: Page, policyNumber: string, labels = SIGN_IN_EN) {
  await page.getByLabel(labels.policyNumber).fill(policyNumber);
  await page.getByLabel(labels.idNumber).fill(HOLDER.id);
  await page.getByLabel(labels.dateOfBirth).fill(HOLDER.birth);
  await page.getByRole('button', { name: labels.send }).click();
  await expect(page.getByLabel(labels.code)).toBeVisible();
  let code = '';
  await expect
    .poll(
      () => {
        // The code's mail names the policy and has the code on a line of its own.
        const mail = mails().find((text) => text.includes(policyNumber) && /\n\d{6}\r?\n/.test(text));
        code = /\n(\d{6})\r?\n/.exec(mail ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByLabel(labels.code).fill(code);
  await page.getByRole('button', { name: labels.verify }).click();
}

test.describe('claims', () => {
  test('files a PA claim with two documents and an attended police officer, then sees it received', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await openShop(browser);
    const policyNumber = await buyPa(page);
    const documents = writeDocuments();

    await page.goto('/claims');
    await expect(page.getByRole('heading', { level: 1, name: 'Make a claim' })).toBeVisible();
    await checkScreen(page, 'claims-sign-in');
    await signIn(page, policyNumber);

    await page.getByRole('radio', { name: new RegExp(`Personal accident policy ${policyNumber}`) }).check();
    await page.getByRole('button', { name: 'Start my claim' }).click();
    await page.getByRole('radio', { name: 'Accidental injury' }).check();
    for (const question of ['suddenly', 'outside the body', 'physical force', 'visible or recorded'])
      await page
        .getByRole('group', { name: new RegExp(question) })
        .getByRole('radio', { name: 'Yes' })
        .check();
    await expect(page.getByText('This sounds like an accident')).toBeVisible();

    await page.getByLabel('Date of the incident').fill(singaporeDateIn(0));
    await page.getByLabel('Where did it happen?').fill('Orchard Road, Singapore');
    await page
      .getByLabel('Tell us what happened')
      .fill('Slipped on a wet floor at a mall and broke my wrist.');
    await expect(page.getByText(/^52 of \d+ characters$/)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Police' }).check();
    await page.getByLabel('Police: name, station or report number').fill('PC Lim, Tanglin NPC');
    await page.getByLabel(/Amount you are claiming/).fill('1250.50');
    await page.getByRole('radio', { name: 'PayNow' }).check();
    await page.getByLabel('PayNow mobile, NRIC/FIN or UEN').fill('91234567');
    await page.locator('input[type="file"]').setInputFiles([documents.pdf, documents.png]);
    await expect(page.getByRole('listitem').filter({ hasText: 'hospital-bill.pdf' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'x-ray.png' })).toBeVisible();
    await checkScreen(page, 'claims-form');

    // A file over the limit is refused on the page before anything is sent (issue 29, C1h).
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/documents$/.test(request.url())) uploads.push(request.url());
    });
    await page.locator('input[type="file"]').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(CLAIM_DOCUMENT_MAX_BYTES + 1, 0x25),
    });
    await expect(
      page.getByText(
        `This file is too large: each file may be up to ${CLAIM_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
      ),
    ).toBeVisible();
    expect(uploads).toEqual([]);
    // An official's details over their limit are kept as typed and flagged with the limit (C1g).
    const police = page.getByLabel('Police: name, station or report number');
    const tooLong = `PC Lim, Tanglin NPC ${'x'.repeat(OFFICIAL_DETAILS_MAX_LENGTH)}`;
    await police.fill(tooLong);
    await expect(police).toHaveValue(tooLong);
    await page.getByRole('button', { name: 'Review my claim' }).click();
    await expect(police).toHaveAccessibleDescription(
      `Please shorten the details to ${OFFICIAL_DETAILS_MAX_LENGTH} characters or fewer.`,
    );
    await police.fill('PC Lim, Tanglin NPC');

    // Where the money goes is set only with a fresh code from the policy's own address (decision 102).
    const payoutAsked = Date.now() - 1000;
    await page.getByRole('button', { name: 'Review my claim' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm the payout account' });
    await expect(stepUp.getByText(/We've e-mailed a 6-digit code to/)).toBeVisible();
    await checkScreen(page, 'claims-payout-step-up');
    await confirmStepUp(stepUp, shop.dataDir, payoutAsked, 'Confirm and continue');
    const review = page.getByRole('region', { name: 'Check your claim' });
    await expect(review).toContainText('Police: PC Lim, Tanglin NPC');
    await expect(review).toContainText('S$1,250.50');
    // The payout is answered masked once saved.
    await expect(review).toContainText('••••4567');
    await expect(review).not.toContainText('91234567');
    await checkScreen(page, 'claims-review');
    await page.getByRole('button', { name: 'Submit my claim' }).click();

    const done = page.getByRole('region', { name: 'We have your claim' });
    await expect(done).toBeVisible();
    const claimNumber = (await done.getByText(/^CSG\d{2}-\d{7}$/).textContent())?.trim() ?? '';
    expect(claimNumber).toMatch(/^CSG\d{2}-\d{7}$/);
    await checkScreen(page, 'claims-done');
    await expect
      .poll(() => mails().some((mail) => mail.includes(claimNumber)), { timeout: 60_000 })
      .toBe(true);

    await done.getByRole('link', { name: "See the claim's status" }).click();
    await expect(page).toHaveURL(/\/claims\/status\?claim=/);
    await page.getByRole('button', { name: 'Show status' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Status:' })).toHaveText('Status: Received');
    await checkScreen(page, 'claims-status');
  });

  test('in Chinese: the form, save and finish later, and the e-mailed link opening that draft on another device', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await openShop(browser);
    const policyNumber = await buyPa(page);
    await page.goto('/claims');
    await signIn(page, policyNumber);
    // The shop's language switch: the rest of the claim, and its mail, in Chinese.
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '提出索偿' })).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(policyNumber) }).check();
    await page.getByRole('button', { name: '开始索偿' }).click();
    await page.getByRole('radio', { name: '住院' }).check();
    await page.getByRole('checkbox', { name: '没有人员到场' }).check();
    await expect(page.getByRole('checkbox', { name: '警察' })).toBeDisabled();
    await page.getByLabel('请说明事发经过').fill('在商场滑倒，手腕骨折，住院两日。');
    await checkScreen(page, 'claims-form-zh');
    await page.getByRole('button', { name: '保存，稍后完成' }).click();
    await expect(page.getByText(/我们已把链接发送到/)).toBeVisible();

    let link = '';
    await expect
      .poll(
        () => {
          const mail = mails().find((text) => text.includes('/claims/resume#'));
          link = /(https?:\/\/[^\s"<>]+?\/claims\/resume#[A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
          return link;
        },
        { timeout: 60_000 },
      )
      .not.toBe('');
    // Another device: no session, only the link.
    const other = await openShop(browser);
    await other.goto(`${new URL(link).pathname}${new URL(link).hash}`);
    await expect(other.getByRole('radio', { name: 'Hospital stay' })).toBeChecked();
    await expect(other.getByRole('textbox', { name: 'Tell us what happened' })).toHaveValue(
      '在商场滑倒，手腕骨折，住院两日。',
    );
    expect(new URL(other.url()).hash).toBe('');
    await checkScreen(other, 'claims-resume');
  });

  test('Hong Kong, Traditional Chinese: the status page asks who you are first', async ({ browser }) => {
    const page = await openShop(browser);
    await page.goto('/claims/status?country=HKG&lang=zh');
    await expect(page.getByRole('heading', { level: 1, name: '索償進度' })).toBeVisible();
    await expect(page.getByRole('button', { name: '發送驗證碼到我的郵箱' })).toBeVisible();
    await checkScreen(page, 'claims-status-hk');
  });
});
