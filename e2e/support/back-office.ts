import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The back-office accounts every e2e shop starts with (playwright.config.ts sets them; decision 078):
 * the operations account from ADMIN_USERNAME / ADMIN_PASSWORD, and the demo agents' password.
 */
export const STAFF_USERNAME = 'ops.e2e';
export const STAFF_PASSWORD = 'e2e-operations-password';
export const DEMO_AGENT_PASSWORD = 'e2e-demo-agent-password';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    value = (value << 5) | ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, 6 digits, 30 s), written here independently of the server's. */
export function authenticatorCode(secret: string, at = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(at / 30_000) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The TOTP secret of each account enrolled in this run, and the last 30 s step a code was used in: a
 * file per account (its shop's host and its name), so a new worker (after a failed test) still knows the
 * accounts enrolled before it, and two workers never write over each other's. A stale file of an
 * earlier run does no harm: a fresh shop shows the key to enrol again.
 */
const enrolledFile = (account: string) =>
  path.join(os.tmpdir(), `lionrock-e2e-totp-${account.replace(/[^A-Za-z0-9.-]/g, '_')}.json`);
const enrolled = {
  get(account: string): { secret: string; lastStep: number } | undefined {
    try {
      return JSON.parse(fs.readFileSync(enrolledFile(account), 'utf8'));
    } catch {
      return undefined;
    }
  },
  set(account: string, value: { secret: string; lastStep: number }) {
    fs.writeFileSync(enrolledFile(account), JSON.stringify(value));
  },
};

/** An account is known per shop: two shops of one run may each have an operations account of one name. */
function accountKey(page: Page, username: string): string {
  return `${new URL(page.url()).host}/${username}`;
}

/** The secret this run enrolled for `username` on the page's shop, if it did. */
export function knownSecret(page: Page, username: string): string | undefined {
  return enrolled.get(accountKey(page, username))?.secret;
}

/**
 * A fresh code for `username`: a code is accepted once, so when the current 30 s step was already used
 * the next step's code is typed (the server allows one step of drift), or, past that, the next step is
 * waited for.
 */
export async function nextAuthenticatorCode(account: string): Promise<string> {
  const known = enrolled.get(account);
  if (!known) throw new Error(`No TOTP secret is known for ${account} in this run.`);
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    const offset = known.lastStep < step ? 0 : known.lastStep === step ? 1 : -1;
    if (offset >= 0) {
      enrolled.set(account, { secret: known.secret, lastStep: step + offset });
      return authenticatorCode(known.secret, Date.now(), offset);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Types username and password into the sign-in form shown at /admin or /agent and sends it. */
export async function submitPassword(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * The code step after the password: on a first sign-in reads the key the page shows (and keeps it for
 * later sign-ins of this run), then types a fresh code. Returns whether the account enrolled just now.
 */
export async function confirmSecondFactor(page: Page, username: string, code?: string): Promise<boolean> {
  const codeField = page.getByLabel('6-digit code');
  await codeField.waitFor();
  const secretShown = page.getByTestId('totp-secret');
  const account = accountKey(page, username);
  let enrolledNow = false;
  if (await secretShown.isVisible()) {
    const secret = ((await secretShown.textContent()) ?? '').replace(/\s/g, '');
    if (enrolled.get(account)?.secret !== secret) {
      enrolled.set(account, { secret, lastStep: 0 });
      enrolledNow = true;
    }
  }
  await codeField.fill(code ?? (await nextAuthenticatorCode(account)));
  await page.getByRole('button', { name: 'Confirm' }).click();
  return enrolledNow;
}

/**
 * Signs in at the back office (`/admin`) or the agents' desk (`/agent`), handling the TOTP enrolment of
 * a staff account's first sign-in; returns once the desk's header shows the account's Sign out.
 */
export async function signInToBackOffice(
  page: Page,
  { desk, username, password }: { desk: 'admin' | 'agent'; username: string; password: string },
): Promise<void> {
  await page.goto(`/${desk}`);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const codeField = page.getByLabel('6-digit code');
  const usernameField = page.getByLabel('Username', { exact: true });
  // Whoever is signed in (or half-way, at the code) goes first: this sign-in starts from the password.
  await expect(usernameField.or(signOut).or(codeField)).toBeVisible();
  if (await signOut.isVisible()) await signOut.click();
  else if (await codeField.isVisible()) await page.getByRole('button', { name: 'Start again' }).click();
  await submitPassword(page, username, password);
  await expect(signOut.or(codeField)).toBeVisible();
  if (await codeField.isVisible()) await confirmSecondFactor(page, username);
  await expect(signOut).toBeVisible();
}
