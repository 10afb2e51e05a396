import { describe, expect, it } from 'vitest';
import {
  dataKeyRing,
  keyIdOf,
  openText,
  SealedValueError,
  sealedKeyId,
  sealText,
} from './data-encryption.ts';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const PLACE = 'claims.payout|claim-1|bank';

/** Flips one bit of one base64url part of a sealed value (1 iv, 2 tag, 3 ciphertext). */
function flip(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('values sealed at rest (decision 106)', () => {
  it('seals with a fresh IV under the current key, named by its id, and opens again', () => {
    const keys = dataKeyRing(NEW);
    const first = sealText('0123456789', keys, PLACE);
    const second = sealText('0123456789', keys, PLACE);
    expect(first).not.toBe(second);
    expect(first).not.toContain('0123456789');
    expect(first.startsWith(`v1.${keyIdOf(NEW)}.`)).toBe(true);
    expect(sealedKeyId(first)).toBe(keyIdOf(NEW));
    expect(openText(first, keys, PLACE)).toBe('0123456789');
    expect(keyIdOf(NEW)).not.toBe(keyIdOf(OLD));
    expect(keyIdOf(NEW)).toBe(keyIdOf(Buffer.alloc(32, 2)));
  });

  it('fails closed on a changed IV, tag or ciphertext, another place, a cut tag or an unknown key', () => {
    const keys = dataKeyRing(NEW);
    const sealed = sealText('0123456789', keys, PLACE);
    for (const part of [2, 3, 4])
      expect(() => openText(flip(sealed, part), keys, PLACE), `part ${part}`).toThrow(SealedValueError);
    expect(() => openText(sealed, keys, 'claims.payout|claim-2|bank')).toThrow(SealedValueError);
    const parts = sealed.split('.');
    const shortTag = [
      ...parts.slice(0, 3),
      Buffer.from(parts[3]!, 'base64url').subarray(0, 4).toString('base64url'),
      parts[4],
    ];
    expect(() => openText(shortTag.join('.'), keys, PLACE)).toThrow(SealedValueError);
    expect(() => openText(sealed, dataKeyRing(OLD), PLACE)).toThrow(SealedValueError);
    expect(() => openText(`${sealed}.extra`, keys, PLACE)).toThrow(SealedValueError);
    expect(() => openText('0123456789', keys, PLACE)).toThrow(SealedValueError);
    expect(sealedKeyId('0123456789')).toBeNull();
    expect(sealedKeyId(undefined)).toBeNull();
  });

  it('opens what an earlier key sealed once that key is among the previous ones', () => {
    const before = sealText('S1234567D', dataKeyRing(OLD), PLACE);
    const rotated = dataKeyRing(NEW, [OLD]);
    expect(rotated.current.id).toBe(keyIdOf(NEW));
    expect(openText(before, rotated, PLACE)).toBe('S1234567D');
    expect(sealedKeyId(sealText('S1234567D', rotated, PLACE))).toBe(keyIdOf(NEW));
  });
});
