import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, formatDmy, formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { Page } from '@playwright/test';
import {
  authenticatorCode,
  STAFF_PASSWORD,
  STAFF_USERNAME,
  signInToBackOffice,
} from './support/back-office.ts';
import { watchConsole } from './support/console.ts';
import { SHOP_TIME_ZONE } from './support/dates.ts';
import { expectNoHorizontalScroll } from './support/layout.ts';
import { holderSessionByApi, stepUpCodeByApi } from './support/my-policy.ts';
import { startServer, stopServer, type TServerProcess } from './support/server-process.ts';
import { startSmtpSink, type TSmtpSink } from './support/smtp-sink.ts';
import { createStaffAccount } from './support/staff-accounts.ts';
import { newDataDir } from './support/template.ts';
import { expect, test } from './support/test.ts';
import { buyByApi } from './support/test-gateway.ts';

/**
 * Issue 27 section 5: values a customer, a partner or a bank can put in the shop's records — markup, a
 * script, a `javascript:` address, a right-to-left override, a very long word — are planted through the
 * real customer and staff APIs (a claim and its document, a policy, a client log, a PayNow credit, a
 * campaign, an agent and its mail server's refusal), then every staff screen that shows them is opened:
 * each shows the characters as text, runs nothing, makes no element of them, and does not scroll
 * sideways. The API answers them as JSON strings, and a document's file name travels RFC 5987-encoded.
 */
const HOSTILE = {
  markup: '<img src=x onerror=window.__pwned=1>',
  script: '"><script>window.__pwned=1</script>',
  link: 'javascript:window.__pwned=1',
  rtl: 'invoice\u202Efdp.exe',
  longWord: 'W'.repeat(240),
};
const MARKETING_USERNAME = 'marketing.hostile';
const MARKETING_PASSWORD = 'e2e-marketing-hostile-password';
const CLAIMS_USERNAME = 'claims.hostile';
const CLAIMS_PASSWORD = 'e2e-claims-hostile-password';
const AUDITOR_USERNAME = 'auditor.hostile';
const AUDITOR_PASSWORD = 'e2e-auditor-hostile-password';
const WEBHOOK_SECRET = 'e2e-hostile-paynow-secret';
const AGENT_CODE = 'HOSTILE1';
const AGENT_EMAIL = 'hostile.agent@agents.example';
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** As sent, and as the shop keeps it (a file name loses `<`, `>` and format characters such as U+202E). */
const FILE_NAME = `it's (1) ${HOSTILE.markup} ${HOSTILE.rtl}.pdf`;
const STORED_FILE_NAME = "it's (1) img src=x onerror=window.__pwned=1 invoicefdp.exe.pdf";
const DESCRIPTION = `${HOSTILE.markup} ${HOSTILE.script} ${HOSTILE.link} ${HOSTILE.rtl} ${HOSTILE.longWord}`;
/** A name is letters only (validation.noSpecialCharacters): the longest word one may be. */
const HOLDER_NAME = 'W'.repeat(50);
/** How a staff screen shows the right-to-left override: as a mark, not reordering what follows. */
const SHOWN_RTL = 'invoice⟨U+202E⟩fdp.exe';

let shop: TServerProcess;
let sink: TSmtpSink;
let dataDir: string;

test.beforeAll(async () => {
  // The accounts are made on a copy of the run's migrated database, then the shop opens it (decision 146).
  test.setTimeout(240_000);
  dataDir = newDataDir('lionrock-bo-hostile-');
  // Each screen is looked at by the role whose screen it is (decision 106): marketing makes the
  // campaign, a claims officer reads the claim and its document, an auditor (read only) the rest.
  for (const [username, role, password] of [
    [MARKETING_USERNAME, 'marketing', MARKETING_PASSWORD],
    [CLAIMS_USERNAME, 'claims', CLAIMS_PASSWORD],
    [AUDITOR_USERNAME, 'read_only', AUDITOR_PASSWORD],
  ] as const)
    createStaffAccount(dataDir, { username, role, password });
  // The agent's mail server refuses its mailbox with a reply of its own making.
  sink = await startSmtpSink(path.join(dataDir, 'outbox'), (recipient) =>
    recipient === AGENT_EMAIL ? `${HOSTILE.markup} ${HOSTILE.script} is not a mailbox here` : null,
  );
  shop = await startServer(
    'bo-hostile',
    {
      DATA_DIR: dataDir,
      ADMIN_USERNAME: STAFF_USERNAME,
      ADMIN_PASSWORD: STAFF_PASSWORD,
      PAYNOW_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: sink.url,
    },
    { keepDataDir: true },
  );
});

test.afterAll(async () => {
  if (shop) await stopServer(shop.child);
  await sink?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  pathname: string,
  init: RequestInit & { json?: unknown; session?: string; cookie?: string; csrf?: string } = {},
): Promise<Response> {
  const response = await fetch(`${shop.baseUrl}${pathname}`, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      'session-name': init.session ?? 'e2e-bo-hostile-0001',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.csrf ? { 'x-csrf-token': init.csrf } : {}),
      ...((init.headers as Record<string, string>) ?? {}),
    },
    body: init.json === undefined ? (init.body ?? null) : JSON.stringify(init.json),
  });
  expect(response.ok, `${pathname}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return response;
}
const rest = (pathname: string, init: Parameters<typeof call>[1] = {}) =>
  call(`/b2c-server/rest/${pathname}`, init);
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

/** A single trip from today through the agent, its holder named with the longest word a name may be. */
async function buyTrip(): Promise<string> {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const base = buildTravelPolicy(today, {
    agentCode: AGENT_CODE,
    policyTravel: { deptDate: formatDmy(today), returnDate: formatDmy(addDays(today, 5)) } as never,
  });
  const input = {
    ...base,
    policyTravel: {
      ...base.policyTravel!,
      applicant: {
        ...base.policyTravel!.applicant!,
        fullName: HOLDER_NAME,
        applicantAddress1: HOSTILE.markup,
        applicantAddress2: HOSTILE.link,
      },
      travellersList: (base.policyTravel!.travellersList ?? []).map((traveller) => ({
        ...traveller,
        fullName: HOLDER_NAME,
      })),
    },
  };
  return buyByApi(shop.baseUrl, input as TPolicyInput);
}

/** The policyholder signs in with the mailed code and files a claim of hostile text and file name. */
async function fileClaim(policyNumber: string): Promise<{ claimNumber: string; policyId: string }> {
  const applicant = buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date())).policyTravel!.applicant!;
  const session = await holderSessionByApi(shop.baseUrl, dataDir, policyNumber, {
    idNumber: applicant.hkId!,
    dateOfBirth: applicant.dateOfBirth!,
  });
  const { cookie, policyId } = session;
  const stepUpCode = await stepUpCodeByApi(shop.baseUrl, dataDir, session, 'claim-payout');
  const { claimId } = await json(await rest('claims/draft', { cookie, json: { policyId, lang: 'en' } }));
  await rest(`claims/draft/${claimId}`, {
    method: 'PUT',
    cookie,
    json: {
      claimType: 'medical',
      incidentDate: formatIso(todayIn(SHOP_TIME_ZONE, new Date())),
      incidentPlace: HOSTILE.script,
      description: DESCRIPTION,
      officials: { noOne: false, officials: { police: HOSTILE.link } },
      amountCents: 45_000,
      payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' },
      stepUpCode,
    },
  });
  const form = new FormData();
  form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), FILE_NAME);
  await rest(`claims/draft/${claimId}/documents`, { cookie, body: form });
  const submitted = await json(await rest(`claims/draft/${claimId}/submit`, { cookie, json: {} }));
  return { claimNumber: submitted.claimNumber as string, policyId };
}

/** Marketing, signed in through the staff API (password, then the authenticator's code). */
async function marketingSession(): Promise<{ cookie: string; csrf: string }> {
  const signIn = await call('/back-office/api/session/sign-in', {
    json: { username: MARKETING_USERNAME, password: MARKETING_PASSWORD },
  });
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const answer = (await signIn.json()) as { csrfToken: string; enrol: { secret: string } };
  await call('/back-office/api/session/code', {
    cookie,
    csrf: answer.csrfToken,
    json: { code: authenticatorCode(answer.enrol.secret) },
  });
  return { cookie, csrf: answer.csrfToken };
}

/** What no screen may do with a value: run it, make an element of it, or open a dialog. */
async function expectShownAsText(page: Page, dialogs: string[], texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  const made = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    directionControls: /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(document.body.textContent ?? ''),
    elements: [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          [...element.attributes].some((attribute) => /^on/i.test(attribute.name)) ||
          (element instanceof HTMLImageElement && element.getAttribute('src') === 'x') ||
          (element instanceof HTMLAnchorElement &&
            /^\s*javascript:/i.test(element.getAttribute('href') ?? '')) ||
          (element instanceof HTMLScriptElement && (element.textContent ?? '').includes('pwned')),
      )
      .map((element) => element.outerHTML.slice(0, 120)),
  }));
  expect(made).toEqual({ pwned: undefined, directionControls: false, elements: [] });
  expect(dialogs).toEqual([]);
  await expectNoHorizontalScroll(page);
}

test.describe('back office: hostile values stay text on every staff screen', () => {
  test('claims, policies, queues, client logs, mail, campaigns and agents', async ({ browser }) => {
    test.setTimeout(240_000);
    // Staff data: an agent, its sub-agent and a campaign, through marketing's API.
    const marketing = await marketingSession();
    const asMarketing = { cookie: marketing.cookie, csrf: marketing.csrf };
    await call('/back-office/api/admin/partners/agents', {
      ...asMarketing,
      json: {
        agentCode: AGENT_CODE,
        name: HOSTILE.markup,
        agency: HOSTILE.script,
        email: AGENT_EMAIL,
        tel: '61234567',
        registrationNo: HOSTILE.link,
        country: 'SGP',
      },
    });
    await call(`/back-office/api/admin/partners/agents/${AGENT_CODE}/sub-agents`, {
      ...asMarketing,
      json: {
        subAgentCode: 'S01',
        name: `${HOSTILE.rtl} ${HOSTILE.longWord.slice(0, 150)}`,
        email: 'sub.agent@agents.example',
        tel: '61234568',
      },
    });
    const today = todayIn(SHOP_TIME_ZONE, new Date());
    await call('/back-office/api/admin/campaigns', {
      ...asMarketing,
      json: {
        campaignCode: 'HOSTILE',
        campaignName: HOSTILE.markup,
        status: 'ACTIVE',
        productCode: 'PTR',
        country: 'SGP',
        startDate: formatIso(today),
        endDate: formatIso(addDays(today, 30)),
        marketingMessage: HOSTILE.script,
        promoCodeRequired: false,
        promoCodeReusability: 'REUSABLE',
        discountType: 'PERCENT',
        discountValue: 500,
        termsConditionsEn: `${HOSTILE.rtl} ${HOSTILE.link} ${HOSTILE.longWord}`,
        termsConditionsCn: HOSTILE.script,
      },
    });

    // Customer data: a policy sold through that agent, a claim, a client log.
    const policyNumber = await buyTrip();
    const { claimNumber, policyId } = await fileClaim(policyNumber);
    await call('/b2c-server/b2c/log/error', { json: { data: `error shown: ${DESCRIPTION}` } });
    // A bank's credit for a reference the shop never issued: a refund case carrying the bank's words.
    const credit = JSON.stringify({
      txnRef: 'HOSTILE-0001',
      amount: '12.30',
      currency: 'SGD',
      bankTransactionId: HOSTILE.markup,
      paidAt: new Date().toISOString(),
    });
    await rest('payNow/notify', {
      headers: {
        'content-type': 'application/json',
        'x-paynow-signature': createHmac('sha256', WEBHOOK_SECRET).update(credit, 'utf8').digest('hex'),
      },
      body: credit,
    });

    const staff = await browser.newContext({ baseURL: shop.baseUrl });
    const page = await staff.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInToBackOffice(page, { desk: 'admin', username: CLAIMS_USERNAME, password: CLAIMS_PASSWORD });
    // From here on (the sign-in page's own 401 is expected): a blocked script or an image of `x` would show.
    const problems = watchConsole(page);

    // The claims queue and the claim.
    await page.goto('/admin/claims');
    await page.getByLabel('Claim no., policy no. or holder').fill(claimNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await expectShownAsText(page, dialogs, [claimNumber, HOLDER_NAME]);
    await page.getByRole('link', { name: claimNumber }).click();
    await expectShownAsText(page, dialogs, [
      HOSTILE.markup,
      HOSTILE.script,
      HOSTILE.link,
      SHOWN_RTL,
      HOSTILE.longWord,
      STORED_FILE_NAME,
    ]);
    // The API answers them as data, and the file name travels RFC 5987-encoded.
    const claimId = page.url().split('/').at(-1)!;
    const answer = await page.request.get(`/back-office/api/admin/claims/${claimId}`);
    expect(answer.headers()['content-type']).toContain('application/json');
    const detail = (await answer.json()) as {
      claim: {
        description: string;
        incidentPlace: string;
        documents: { documentId: string; name: string }[];
      };
    };
    expect(detail.claim.description).toBe(DESCRIPTION);
    expect(detail.claim.incidentPlace).toBe(HOSTILE.script);
    expect(detail.claim.documents[0]!.name).toBe(STORED_FILE_NAME);
    const download = await page.request.get(
      `/back-office/api/admin/claims/${claimId}/documents/${detail.claim.documents[0]!.documentId}`,
    );
    const disposition = download.headers()['content-disposition'] ?? '';
    const encoded = /filename\*=UTF-8''([^;\s]*)/.exec(disposition)?.[1] ?? '';
    // RFC 5987 attr-char or %XX only: a quote or a bracket would end or break the value.
    expect(encoded).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/);
    expect(decodeURIComponent(encoded)).toBe(STORED_FILE_NAME);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=/);

    // At 375 px the very long words of the claim wrap instead of pushing the screen sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/admin/claims/${claimId}`);
    await expectShownAsText(page, dialogs, [HOSTILE.longWord, STORED_FILE_NAME]);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The rest as an auditor (read only) sees it. Policies: the list and the policy.
    await signInToBackOffice(page, { desk: 'admin', username: AUDITOR_USERNAME, password: AUDITOR_PASSWORD });
    await page.goto(`/admin/policies?q=${policyNumber}`);
    await expectShownAsText(page, dialogs, [policyNumber, HOLDER_NAME]);
    await page.goto(`/admin/policies/${policyId}`);
    await expectShownAsText(page, dialogs, [policyNumber, HOLDER_NAME]);

    // The refund queue, with the bank's words in its case.
    await page.goto('/admin/queues');
    await page.getByRole('tab', { name: 'Refunds', exact: true }).click();
    await expectShownAsText(page, dialogs, [HOSTILE.markup, 'HOSTILE-0001']);

    // The client logs.
    await page.goto('/admin/client-logs');
    await expectShownAsText(page, dialogs, [HOSTILE.markup, HOSTILE.script, HOSTILE.link, SHOWN_RTL]);

    // The mail outbox: the agent's mail, failing with its server's reply.
    await expect
      .poll(async () => await (await page.request.get('/back-office/api/admin/mail?status=failed')).text(), {
        timeout: 60_000,
      })
      .toContain('is not a mailbox here');
    await page.goto('/admin/mail');
    await expectShownAsText(page, dialogs, [HOSTILE.markup, HOSTILE.script]);

    // Campaigns and agents.
    await page.goto('/admin/campaigns');
    await expectShownAsText(page, dialogs, [HOSTILE.markup]);
    await page.goto('/admin/agents');
    await expectShownAsText(page, dialogs, [HOSTILE.markup, HOSTILE.script, HOSTILE.link]);

    // And on a phone: the very long words wrap instead of pushing the screen sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin/client-logs');
    await expectShownAsText(page, dialogs, [HOSTILE.longWord]);
    expect(problems).toEqual([]);
    await staff.close();
  });
});
