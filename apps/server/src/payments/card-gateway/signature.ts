import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CyberSource Secure Acceptance signatures (design section 6): Base64 of HMAC-SHA256 with the secret
 * key's bytes over `name=value` pairs joined by commas, in the order `signed_field_names` lists them
 * (that list names itself).
 *
 * That string is only unambiguous when no name and no value can pose as a separator: a value holding
 * `,decision=ACCEPT` would let anyone re-split a signature made for them into other fields (design
 * section 11). So every signer and every verifier goes through `unsignableReason`: names are
 * lower-case field names, values hold no `=` and no control character, and a comma only inside a
 * list of names (`signed_field_names`, `transaction_type=sale,create_payment_token`,
 * `invalid_fields`). Customer-typed text is made signable with `signableText` before it is signed.
 *
 * @example
 *   signFields({ access_key: 'a', amount: '45.50', signed_field_names: 'access_key,amount,signed_field_names' }, secret)
 */
export type TSignedFields = Record<string, string>;

const NAME = /^[a-z][a-z0-9_]{0,99}$/;
const NAME_LIST = /^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/;
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const NOT_SIGNABLE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029,=]+/g;

export class UnsignableFieldError extends Error {
  override name = 'UnsignableFieldError';
}

/**
 * Customer-typed text (names, address lines, city, phone) made signable: `,`, `=` and control
 * characters become spaces, runs of white space one space, the ends trimmed.
 */
export function signableText(value: string): string {
  return value.replace(NOT_SIGNABLE_TEXT, ' ').replace(/\s+/g, ' ').trim();
}

/** The names `signed_field_names` lists; duplicates and malformed names are kept for the checks. */
export function signedNames(fields: TSignedFields): string[] {
  return (fields.signed_field_names ?? '').split(',');
}

/**
 * Why these fields cannot be signed (`sign`) or believed (`verify`), or null: every listed name
 * well-formed, listed once and present; no value with `=` or a control character. What we sign has a
 * comma only in a list of names; what we verify may have commas in values (a gateway's `message`
 * text does), which cannot move a boundary: with `=` only after names and no comma in a name, the
 * signed string splits into name=value pairs one way only.
 */
export function unsignableReason(fields: TSignedFields, use: 'sign' | 'verify' = 'sign'): string | null {
  const names = signedNames(fields);
  const seen = new Set<string>();
  for (const name of names) {
    if (!NAME.test(name)) return `signed field name "${name.slice(0, 40)}" is not a field name`;
    if (seen.has(name)) return `signed field ${name} is listed twice`;
    seen.add(name);
    const value = fields[name];
    if (typeof value !== 'string') return `signed field ${name} is missing`;
    if (value.includes('=') || CONTROL.test(value))
      return `signed field ${name} holds = or a control character`;
    if (use === 'sign' && value.includes(',') && !NAME_LIST.test(value))
      return `signed field ${name} holds a comma`;
  }
  if (!seen.has('signed_field_names')) return 'signed_field_names does not sign itself';
  return null;
}

export function buildDataToSign(fields: TSignedFields): string {
  return signedNames(fields)
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join(',');
}

function hmac(fields: TSignedFields, secretKey: string): string {
  return createHmac('sha256', Buffer.from(secretKey, 'utf8'))
    .update(buildDataToSign(fields), 'utf8')
    .digest('base64');
}

/** Signs the fields `signed_field_names` lists; throws UnsignableFieldError for anything ambiguous. */
export function signFields(fields: TSignedFields, secretKey: string): string {
  const reason = unsignableReason(fields);
  if (reason) throw new UnsignableFieldError(reason);
  return hmac(fields, secretKey);
}

/**
 * Constant-time check of a posted `signature` over the fields its own `signed_field_names` lists;
 * false for fields that could not have been signed (unsignableReason), whatever the signature.
 */
export function verifySignature(fields: TSignedFields, secretKey: string): boolean {
  const given = fields.signature;
  if (!given || !fields.signed_field_names) return false;
  if (unsignableReason(fields, 'verify') !== null) return false;
  const expected = Buffer.from(hmac(fields, secretKey), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Only the fields the signature covers: nothing unsigned is read from a gateway answer (design section 11). */
export function signedView(fields: TSignedFields): TSignedFields {
  const view: TSignedFields = {};
  for (const name of signedNames(fields)) view[name] = fields[name]!;
  return view;
}

/** `YYYY-MM-DDThh:mm:ssZ` in UTC, the format Secure Acceptance requires for `signed_date_time`. */
export function formatSignedDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
