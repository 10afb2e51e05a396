/**
 * NRIC/FIN, HKID, e-mail, mobile and card data never reach a log (the bar: Secure). Two layers:
 * pino's structured `redact` paths for known fields, and `scrubText` for free text (client logs, URLs,
 * error messages) where personal data may hide inside a sentence.
 */
const SENSITIVE_KEYS = [
  'hkId',
  'idNumber',
  'nric',
  'uen',
  'email',
  'bill_to_email',
  'mobileNo',
  'bill_to_phone',
  'cardNumber',
  'card_number',
  'card_cvn',
  'cvv',
  'card_expiry_date',
  'cardExpiryDate',
  'fullName',
  'dateOfBirth',
  'paymentToken',
  'payment_token',
  'signature',
  'secretKey',
  'password',
  'authorization',
  'cookie',
  'session-name',
];

const SENSITIVE = new Set(SENSITIVE_KEYS.map((key) => key.toLowerCase()));

/** The fields of the per-request log line, which are serialised from scrubbed values already. */
const REQUEST_LINE_KEYS = new Set(['req', 'status', 'ms', 'res', 'responseTime', 'reqId']);

/**
 * pino `formatters.log`: the hot per-request line passes untouched; any other object is copied with
 * sensitive keys replaced and every string scrubbed (errors included), whatever its depth.
 */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let plain = true;
  for (const key in object) {
    if (!REQUEST_LINE_KEYS.has(key)) {
      plain = false;
      break;
    }
  }
  return plain ? object : (redactValue(object, 0) as Record<string, unknown>);
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[too deep]';
  if (value instanceof Error) {
    const error: Record<string, unknown> = {
      type: value.name,
      message: scrubText(value.message),
      stack: value.stack ? scrubText(value.stack) : undefined,
    };
    for (const [key, inner] of Object.entries(value)) {
      error[key] = SENSITIVE.has(key.toLowerCase()) ? '[redacted]' : redactValue(inner, depth + 1);
    }
    return error;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = SENSITIVE.has(key.toLowerCase()) ? '[redacted]' : redactValue(inner, depth + 1);
  }
  return copy;
}

const PATTERNS: [RegExp, string][] = [
  // e-mail addresses
  [/[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi, '[email]'],
  // card numbers: 13 to 19 digits, optionally grouped by spaces or hyphens
  [/\b(?:\d[ -]?){12,18}\d\b/g, '[card]'],
  // Singapore NRIC/FIN
  [/\b[STFGM]\d{7}[A-Z]\b/gi, '[nric]'],
  // Hong Kong HKID, with or without brackets around the check digit; not the hex of a UUID (job ids)
  [/\b[A-Z]{1,2}\d{6}(?:\s?\([0-9A]\)|[0-9A](?![-\w]))/gi, '[hkid]'],
  // phone numbers and other long digit runs (8+ digits), CVV-like fields named explicitly
  [/\b\d{8,}\b/g, '[number]'],
  [/(cvv|cvn|card_cvn)["'\s:=]+\d{3,4}/gi, '$1=[cvv]'],
];

export function scrubText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}
