import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A short value a queued mail must carry but the shop keeps no plain copy of (a one-time code):
 * AES-256-GCM under a key derived from a server secret, as `iv.tag.ciphertext` in base64url
 * (decision 067). A changed or foreign value does not open: GCM's tag is checked.
 */
const keyOf = (secret: string) => createHash('sha256').update(`sealed-values|${secret}`, 'utf8').digest();

export function sealValue(value: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

/** The sealed value, or null when it was not sealed with this secret or was changed. */
export function openSealedValue(sealed: string, secret: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
