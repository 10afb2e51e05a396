import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/database.ts';
import { sharedSecret } from './server-secrets.ts';

/**
 * Encryption at rest of the few fields an insurer's auditors expect encrypted (payment data such as a
 * claim's bank account or PayNow proxy; decision 106): AES-256-GCM under a 32-byte key from
 * `DATA_ENCRYPTION_KEY`, each value sealed with a fresh 96-bit IV and bound to its place (the record
 * and what is stored beside it) as additional authenticated data, so a value copied to another record
 * or changed in place does not open. A sealed value names its key by id:
 *
 *   v1.<key id>.<iv>.<tag>.<ciphertext>   (base64url parts), e.g. v1.kQ3xv9aB.…
 *
 * Keys rotate by setting a new `DATA_ENCRYPTION_KEY` and moving the old one to
 * `DATA_ENCRYPTION_PREVIOUS_KEYS`: values open under any key of the ring and are sealed again under the
 * current one (the claims' startup pass). Outside `prod`, without a key, one is made once in the
 * database like the other shared secrets.
 */
export type TDataKeys = { current: { id: string; key: Buffer }; byId: Map<string, Buffer> };

const VERSION = 'v1';

/** A key's id: 8 characters of a hash of it, so a sealed value says which key opens it without saying the key. */
export function keyIdOf(key: Buffer): string {
  return `k${createHash('sha256').update('lionrock-data-key-id|').update(key).digest('base64url').slice(0, 8)}`;
}

export function dataKeyRing(current: Buffer, previous: readonly Buffer[] = []): TDataKeys {
  const byId = new Map<string, Buffer>();
  for (const key of [...previous, current]) byId.set(keyIdOf(key), key);
  return { current: { id: keyIdOf(current), key: current }, byId };
}

/** A sealed value that does not open: unknown key, changed bytes, or another place's value. */
export class SealedValueError extends Error {
  override name = 'SealedValueError';
  readonly code = 'SEALED_VALUE_UNREADABLE';
}

export function sealText(value: string, keys: TDataKeys, place: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
  return [VERSION, keys.current.id, ...parts].join('.');
}

/** The key id a sealed value names; null when it is not a sealed value of this format. */
export function sealedKeyId(sealed: unknown): string | null {
  if (typeof sealed !== 'string') return null;
  const [version, keyId] = sealed.split('.');
  return version === VERSION && keyId ? keyId : null;
}

/** The value, or a SealedValueError: a value that does not authenticate is never returned (fails closed). */
export function openText(sealed: string, keys: TDataKeys, place: string): string {
  const [version, keyId = '', iv, tag, data, extra] = sealed.split('.');
  const key = keys.byId.get(keyId);
  if (version !== VERSION || !key || iv === undefined || tag === undefined || data === undefined || extra)
    throw new SealedValueError(`a sealed value does not open (key ${keyId || 'none'})`);
  try {
    // A full 16-byte tag only: a shortened one would make forging a value easier.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealedValueError(`a sealed value does not open (key ${keyId})`);
  }
}

/** The key ring of this server: the configured keys, or (outside prod) the key made once in the database. */
export async function dataKeysFor(db: TDb, config: Pick<TConfig, 'dataEncryption'>): Promise<TDataKeys> {
  if (config.dataEncryption) return dataKeyRing(config.dataEncryption.key, config.dataEncryption.previous);
  // config.ts refuses to start prod without DATA_ENCRYPTION_KEY; 32 random bytes, base64url.
  return dataKeyRing(Buffer.from(await sharedSecret(db, 'data-encryption'), 'base64url'));
}
