import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MANAGE_LINK_VALID_HOURS } from '@lionrock/domain/self-service/access-rules';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { purposeSecret } from '../../lib/server-secrets.ts';

/** The page the "Manage your policy" link opens: `/my-policy/open/{policyId}?n=…&e=…&sig=…`. */
export const MANAGE_LINK_PATH = '/my-policy/open';

export type TManageLinkDeps = { db: TDb; config: TConfig; now: () => Date };

/** The policy a link is made for: its id, its market, and its address as the database compares it. */
export type TLinkedPolicy = { policyId: string; country: string; contactEmail: string | null };

/** The page's market and language, carried by every mailed link so it opens in the mail's language. */
export function pageQuery(country: string, language: string): string {
  return `country=${country === 'HKG' ? 'HKG' : 'SGP'}&lang=${language === 'zh' ? 'zh' : 'en'}`;
}

const secret = (deps: TManageLinkDeps) =>
  purposeSecret(deps.db, 'manage-link', deps.config.linkSigningSecret);

const NONCE = /^[A-Za-z0-9_-]{22,64}$/;
const EXPIRY = /^\d{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function signature(key: string, policyId: string, nonce: string, e: string, contactEmail: string) {
  return createHmac('sha256', key)
    .update(`manage|${policyId}|${nonce}|${e}|${contactEmail}`, 'utf8')
    .digest('base64url');
}

/**
 * The "Manage your policy" link of a mail to the policy's own address (decision 101): a random nonce,
 * the expiry, and a signature over the policy, nonce, expiry and the address the mail goes to (not in
 * the link). It opens once (the nonce is spent), within MANAGE_LINK_VALID_HOURS, and only while the
 * policy's address is still the one it was mailed to. A mail to anyone else (the agent) gets no link:
 * null.
 */
export async function manageLink(
  deps: TManageLinkDeps,
  policy: TLinkedPolicy,
  recipient: string,
  language: string,
): Promise<string | null> {
  const address = policy.contactEmail;
  if (!address || recipient.trim().toLowerCase() !== address) return null;
  const nonce = randomBytes(24).toString('base64url');
  const e = String(Math.floor(deps.now().getTime() / 1000) + MANAGE_LINK_VALID_HOURS * 3600);
  const sig = signature(await secret(deps), policy.policyId, nonce, e, address);
  return `${deps.config.publicUrl}${MANAGE_LINK_PATH}/${policy.policyId}?n=${nonce}&e=${e}&sig=${sig}&${pageQuery(policy.country, language)}`;
}

export type TManageLinkCheck =
  | { ok: true; nonce: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Whether the link was signed for this policy and its address as stored now, and is unexpired. A link
 * for an address the policy no longer has is `invalid`, like a forged one. Spending the nonce is the
 * caller's (the link's `used` state is in the database).
 */
export async function checkManageLink(
  deps: TManageLinkDeps,
  policy: TLinkedPolicy | undefined,
  input: { n: string; e: string; sig: string },
): Promise<TManageLinkCheck> {
  const key = await secret(deps);
  const shaped = NONCE.test(input.n) && EXPIRY.test(input.e) && SIGNATURE.test(input.sig);
  // Signed over something even when the policy or its address is missing, so both refusals cost alike.
  const expected = Buffer.from(
    signature(key, policy?.policyId ?? '-', input.n, input.e, policy?.contactEmail ?? '-'),
    'utf8',
  );
  const given = Buffer.from(input.sig, 'utf8');
  const genuine =
    shaped &&
    Boolean(policy?.contactEmail) &&
    given.length === expected.length &&
    timingSafeEqual(given, expected);
  if (!genuine) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(input.e) * 1000);
  if (deps.now().getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, nonce: input.n, expiresAt };
}
