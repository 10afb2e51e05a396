import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { newestCode, newestCodeMail, readOutbox } from './outbox.ts';

/**
 * After the sale as a policyholder meets it (decisions 101 and 102): the code sign-in at /my-policy, a
 * policy opened from the list or straight away, the fresh code asked before a sensitive change, and the
 * one-time "Manage your policy" link of the policy e-mail. The shop is the test's own, so its file outbox
 * (`dataDir`) holds the codes and links.
 */

/** What the sign-in form asks, as the policyholder typed it at purchase (DD/MM/YYYY). */
export type THolderFacts = { idNumber: string; dateOfBirth: string };
export const SG_HOLDER: THolderFacts = { idNumber: 'S8512345I', dateOfBirth: '15/06/1985' };

/** The sign-in's words in the page's language. */
export const SIGN_IN_EN = {
  policyNumber: 'Policy number',
  idNumber: "Policyholder's ID number",
  dateOfBirth: "Policyholder's date of birth",
  send: 'E-mail me a code',
  code: 'One-time code',
  open: 'Open my policy',
};
export type TSignInLabels = typeof SIGN_IN_EN;

/**
 * Signs in on the page already showing the sign-in form: the three facts, then the code mailed to the
 * policy's own address (its outbox file `{policyNumber}.access-code.…`).
 */
export async function signInWithCode(
  page: Page,
  dataDir: string,
  policyNumber: string,
  facts: THolderFacts = SG_HOLDER,
  labels: TSignInLabels = SIGN_IN_EN,
): Promise<void> {
  const asked = Date.now() - 1000;
  await page.getByLabel(labels.policyNumber).fill(policyNumber);
  await page.getByLabel(labels.idNumber).fill(facts.idNumber);
  await page.getByLabel(labels.dateOfBirth).fill(facts.dateOfBirth);
  await page.getByRole('button', { name: labels.send }).click();
  const code = await newestCode(dataDir, `${policyNumber}.access-code.`, asked);
  await page.getByLabel(labels.code).fill(code);
  await page.getByRole('button', { name: labels.open }).click();
}

/** A session reaching one policy lands on it; reaching several, on the list, and opens it from there. */
export async function openPolicy(page: Page, policyNumber: string, view = 'View policy'): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(policyNumber) });
  const link = page.getByRole('link', { name: `${view} ${policyNumber}` });
  await expect(heading.or(link)).toBeVisible({ timeout: 20_000 });
  if (await link.isVisible()) await link.click();
  await expect(heading).toBeVisible();
}

/** The step-up mails each shop's tests have typed a code from, by the shop's data folder. */
const typedStepUps = new Map<string, Set<string>>();

/**
 * The fresh code before a sensitive change: once the form in `scope` says the code went out, the newest
 * step-up mail since `after` (ms) is read and typed, and `confirm` pressed. Answers the code, so a test
 * can try it again.
 */
export async function confirmStepUp(
  scope: Locator | Page,
  dataDir: string,
  after: number,
  confirm: string | RegExp,
  label: string | RegExp = 'Code from the e-mail',
): Promise<string> {
  const field = scope.getByLabel(label);
  await expect(field).toBeVisible();
  // Each change asks a code of its own: a step-up mail typed before (a declined card's, a second ago)
  // is never the one asked for now, even when it was written after `after`.
  const seen = typedStepUps.get(dataDir) ?? new Set<string>();
  typedStepUps.set(dataDir, seen);
  const { file, code } = await newestCodeMail(dataDir, 'step-up.', after, seen);
  seen.add(file);
  await field.fill(code);
  await scope.getByRole('button', { name: confirm, exact: true }).click();
  return code;
}

/** The newest link of the given path in a mail to the policyholder naming `text` (a policy number). */
export async function linkInMail(dataDir: string, text: string, pathname: string): Promise<string> {
  const find = () =>
    readOutbox(dataDir)
      .filter((mail) => mail.text.includes(text))
      .map((mail) => new RegExp(`https?://[^\\s"<>]+${pathname}[^\\s"<>]+`).exec(mail.text)?.[0] ?? '')
      .filter(Boolean)
      .at(-1) ?? '';
  await expect.poll(find, { timeout: 60_000 }).not.toBe('');
  return find().replaceAll('&amp;', '&');
}

async function postJson(baseUrl: string, pathname: string, body: unknown, cookie?: string) {
  const response = await fetch(`${baseUrl}/b2c-server/rest/${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'session-name': 'e2e-holder-api',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBe(200);
  return response;
}

/**
 * A policyholder's session made through the API as the sign-in page makes it: the facts (which answer a
 * challenge), the code mailed to the policy's address, typed back with that challenge. Answers the
 * session's cookie header and the policy's id.
 */
export async function holderSessionByApi(
  baseUrl: string,
  dataDir: string,
  policyNumber: string,
  facts: THolderFacts = SG_HOLDER,
): Promise<{ cookie: string; policyId: string }> {
  const asked = Date.now() - 1000;
  const started = await postJson(baseUrl, 'my-policy/access/start', { policyNumber, ...facts });
  const { challenge } = (await started.json()) as { challenge: string };
  const code = await newestCode(dataDir, `${policyNumber}.access-code.`, asked);
  const verified = await postJson(baseUrl, 'my-policy/access/verify', { policyNumber, code, challenge });
  const cookie = verified.headers.getSetCookie()[0]!.split(';')[0]!;
  const { policies } = (await verified.json()) as { policies: { policyId: string; policyNumber: string }[] };
  return { cookie, policyId: policies.find((row) => row.policyNumber === policyNumber)!.policyId };
}

/** The fresh code a sensitive change needs (decision 102), asked through the API and read from the outbox. */
export async function stepUpCodeByApi(
  baseUrl: string,
  dataDir: string,
  session: { cookie: string; policyId: string },
  purpose: 'contact' | 'renewal-card' | 'cancellation' | 'claim-payout',
): Promise<string> {
  const asked = Date.now() - 1000;
  await postJson(
    baseUrl,
    `my-policy/policies/${session.policyId}/step-up`,
    { purpose, language: 'en' },
    session.cookie,
  );
  return newestCode(dataDir, 'step-up.', asked);
}
