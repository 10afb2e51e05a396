import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CyberSource Secure Acceptance signatures (design section 6): Base64 of HMAC-SHA256 with the secret
 * key's bytes over `name=value` pairs joined by commas, in the order `signed_field_names` lists them
 * (that list names itself).
 *
 * @example
 *   signFields({ access_key: 'a', amount: '45.50', signed_field_names: 'access_key,amount,signed_field_names' }, secret)
 */
export type TSignedFields = Record<string, string>;

export function buildDataToSign(fields: TSignedFields): string {
  const names = (fields.signed_field_names ?? '').split(',').filter((name) => name !== '');
  return names.map((name) => `${name}=${fields[name] ?? ''}`).join(',');
}

export function signFields(fields: TSignedFields, secretKey: string): string {
  return createHmac('sha256', Buffer.from(secretKey, 'utf8'))
    .update(buildDataToSign(fields), 'utf8')
    .digest('base64');
}

/** Constant-time check of a posted `signature` over the fields its own `signed_field_names` lists. */
export function verifySignature(fields: TSignedFields, secretKey: string): boolean {
  const given = fields.signature;
  if (!given || !fields.signed_field_names) return false;
  const names = fields.signed_field_names.split(',');
  // The list must sign itself, or an attacker could drop fields from it unnoticed.
  if (!names.includes('signed_field_names')) return false;
  const expected = Buffer.from(signFields(fields, secretKey), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** `YYYY-MM-DDThh:mm:ssZ` in UTC, the format Secure Acceptance requires for `signed_date_time`. */
export function formatSignedDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
