import { createHmac } from 'node:crypto';

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
