import { createHmac, randomBytes } from 'node:crypto';
import { TOTP } from '@lionrock/domain/back-office/staff-rules';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps compute them:
 * HMAC-SHA-1 of the 30-second step, dynamically truncated to 6 digits.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value of `counter` (RFC 4226 section 5.3). */
export function hotp(secret: Buffer, counter: number, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP.periodSeconds);
}

/** The code an app shows at `at` for a base32 secret. */
export function totpCode(secretBase32: string, at: Date): string {
  return hotp(base32Decode(secretBase32), totpStep(at));
}

/**
 * The time step a typed code belongs to (now, or one step either side for a clock that drifts), or
 * null. A step at or before `lastStep` is refused: a code works once.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const now = totpStep(at);
  for (let drift = -TOTP.driftSteps; drift <= TOTP.driftSteps; drift += 1) {
    const step = now + drift;
    if (lastStep !== null && step <= lastStep) continue;
    if (hotp(secret, step) === code) return step;
  }
  return null;
}

/** The otpauth:// address an authenticator app reads (as a QR code or typed). */
export function otpauthUri(secretBase32: string, username: string, issuer = 'Lionrock'): string {
  const label = encodeURIComponent(`${issuer}:${username}`);
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP.digits}&period=${TOTP.periodSeconds}`;
}
