import { createHmac } from 'node:crypto';
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

/** The TOTP secret of each account enrolled in this run, and the last 30 s step a code was used in. */
const enrolled = new Map<string, { secret: string; lastStep: number }>();

/** The secret this run enrolled for `username`, if it did. */
export function knownSecret(username: string): string | undefined {
  return enrolled.get(username)?.secret;
}

/**
 * A fresh code for `username`: a code is accepted once, so when the current 30 s step was already used
 * the next step's code is typed (the server allows one step of drift), or, past that, the next step is
 * waited for.
 */
export async function nextAuthenticatorCode(username: string): Promise<string> {
  const known = enrolled.get(username);
  if (!known) throw new Error(`No TOTP secret is known for ${username} in this run.`);
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    const offset = known.lastStep < step ? 0 : known.lastStep === step ? 1 : -1;
    if (offset >= 0) {
      known.lastStep = step + offset;
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
  let enrolledNow = false;
  if (await secretShown.isVisible()) {
    const secret = (await secretShown.innerText()).replace(/\s/g, '');
    if (enrolled.get(username)?.secret !== secret) {
      enrolled.set(username, { secret, lastStep: 0 });
      enrolledNow = true;
    }
  }
  await codeField.fill(code ?? (await nextAuthenticatorCode(username)));
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
  await submitPassword(page, username, password);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const codeField = page.getByLabel('6-digit code');
  await expect(signOut.or(codeField)).toBeVisible();
  if (await codeField.isVisible()) await confirmSecondFactor(page, username);
  await expect(signOut).toBeVisible();
}
