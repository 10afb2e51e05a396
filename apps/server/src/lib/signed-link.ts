import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring links signed with HMAC-SHA256 (the policy schedule's download link in the issuance e-mail):
 * `${path}?s=<subject>&e=<expiry in unix seconds>&sig=<base64url HMAC over "path|subject|e">`.
 * The path and subject are signed as given, so a link works only for the resource and subject it was
 * made for, and only until its expiry; a link cannot be extended or moved without the secret.
 */
export type TSignLinkInput = { path: string; subject: string; expiresAt: Date };

export type TVerifyLinkInput = {
  path: string;
  subject: string | undefined;
  e: string | undefined;
  sig: string | undefined;
};

export type TVerifyLinkResult = { ok: true } | { ok: false; reason: 'missing' | 'expired' | 'bad-signature' };

/** Whole seconds, at most 12 digits (well past year 9999): anything else was not made by signLink. */
const EXPIRY = /^\d{1,12}$/;

function signature(path: string, subject: string, e: string, secret: string): string {
  return createHmac('sha256', secret).update(`${path}|${subject}|${e}`, 'utf8').digest('base64url');
}

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0)
    throw new TypeError('a link signing secret is required');
}

/**
 * Signs `path` for `subject` until `expiresAt` (rounded down to the second). The path must carry no
 * query or fragment, and neither path nor subject may hold the `|` separator, so that no two different
 * links sign the same text.
 */
export function signLink(input: TSignLinkInput, secret: string): string {
  checkSecret(secret);
  if (!input.path.startsWith('/') || /[?#|]/.test(input.path))
    throw new TypeError('the path must start with / and hold no ?, # or |');
  if (input.subject === '' || input.subject.includes('|'))
    throw new TypeError('the subject must be non-empty and hold no |');
  const time = input.expiresAt.getTime();
  if (!Number.isFinite(time) || time < 0) throw new RangeError('expiresAt must be a valid date after 1970');
  const e = String(Math.floor(time / 1000));
  const sig = signature(input.path, input.subject, e, secret);
  return `${input.path}?s=${encodeURIComponent(input.subject)}&e=${e}&sig=${sig}`;
}

/**
 * Checks a link's decoded query values against the path it was requested on. A missing part is
 * `missing`; a part that does not match the signature (or could not have been signed) is
 * `bad-signature`; a genuine link at or after its expiry is `expired`. Signatures are compared in
 * constant time.
 */
export function verifyLink(input: TVerifyLinkInput, secret: string, now: Date): TVerifyLinkResult {
  checkSecret(secret);
  if (!Number.isFinite(now.getTime())) throw new RangeError('now must be a valid date');
  const { path, subject, e, sig } = input;
  if (!subject || !e || !sig) return { ok: false, reason: 'missing' };
  if (!EXPIRY.test(e) || path.includes('|') || subject.includes('|'))
    return { ok: false, reason: 'bad-signature' };
  const expected = Buffer.from(signature(path, subject, e, secret), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  if (now.getTime() >= Number(e) * 1000) return { ok: false, reason: 'expired' };
  return { ok: true };
}
