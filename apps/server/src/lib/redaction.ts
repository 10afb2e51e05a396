import { createHash } from 'node:crypto';
import { isLuhnValid } from '@lionrock/domain/identity/luhn';

/**
 * NRIC/FIN, HKID, e-mail, mobile, card data, names, addresses, dates of birth and Session-Names never
 * reach a log (the bar: Secure; decision 030). Every sink — the server log, the client logs, the
 * payment lifecycle logs and the job errors — goes through this file:
 * - by key: a field whose name says what it holds is replaced whole, whatever the spelling
 *   (`dateOfBirth`, `date_of_birth`, `DOB`, `card-cvn`, `req_bill_to_email`);
 * - by value shape: every string is decoded (percent-encoding, `\uXXXX` escapes) and then scrubbed of
 *   anything shaped like personal data, wherever it hides in a sentence, a URL or a JSON text; a date
 *   in any format is taken for a birth date unless it is named as one of the shop's own (decision 107);
 * - errors keep their type, code and message only: a failed query's parameters, SQL detail and the
 *   documents inside them are never copied (`describeError`).
 */

/**
 * A Session-Name is a bearer of its policies (design section 5: a policy belongs to the session that
 * created it), so a log keeps only its digest: enough to group one visitor's reports, useless to
 * call the API with.
 */
export function sessionDigest(sessionName: string): string {
  return `sha256:${createHash('sha256').update(sessionName).digest('hex').slice(0, 16)}`;
}

/** Keys compared after lower-casing and dropping `-`, `_`, `.` and spaces. */
const SENSITIVE_KEYS = new Set([
  'hkid',
  'idnumber',
  'idno',
  'nric',
  'fin',
  'uen',
  'pan',
  'name',
  'csc',
  'cvd',
  'policy',
  'document',
  'params',
  'parameters',
  'authorization',
  'cookie',
  'setcookie',
]);

/** Fragments that make any key sensitive: `cardHolderName`, `req_bill_to_forename`, `customerCvv2`. */
const SENSITIVE_KEY_PARTS = [
  'email',
  'mobile',
  'phone',
  'cardnumber',
  'cardno',
  'cardexpiry',
  'cvv',
  'cvc',
  'cvn',
  'securitycode',
  'verificationcode',
  'verificationvalue',
  'fullname',
  'forename',
  'surname',
  'firstname',
  'lastname',
  'givenname',
  'familyname',
  'holdername',
  'cardname',
  'nameoncard',
  'creditcardname',
  'birth',
  'dob',
  'address',
  'postalcode',
  'postcode',
  'passport',
  'nric',
  'hkid',
  'idnumber',
  'token',
  'signature',
  'secret',
  'password',
  'sessionname',
];

const keyCache = new Map<string, boolean>();

/** Whether a field of this name is replaced whole in every log. */
export function isSensitiveKey(key: string): boolean {
  const cached = keyCache.get(key);
  if (cached !== undefined) return cached;
  const normal = normalKey(key);
  const sensitive = SENSITIVE_KEYS.has(normal) || SENSITIVE_KEY_PARTS.some((part) => normal.includes(part));
  // Bounded: keys come from clients too, and a cache of their every invention would be a leak of memory.
  if (key.length <= 64 && keyCache.size < 10_000) keyCache.set(key, sensitive);
  return sensitive;
}

/**
 * The names of the shop's own dates — a trip's and a cover's days, a report's range, a record's times —
 * compared like the keys above. A date is kept only as the value of one of these, as an object's key or
 * as `name=` / `"name":` in a text; any other date may be somebody's birthday (decision 107).
 */
const OPERATIONAL_DATE_KEYS = new Set([
  'at',
  'time',
  'timestamp',
  'from',
  'to',
  'deptdate',
  'returndate',
  'startdate',
  'enddate',
  'effectivedate',
  'expirydate',
  'incidentdate',
  'paidon',
  'createdat',
  'updatedat',
  'sentat',
  'expiresat',
]);

const normalKey = (key: string) => key.toLowerCase().replace(/[-_.\s]/g, '');

/** Whether a date given under this name is one of the shop's own, kept in a log (decision 107). */
export function isOperationalDateKey(key: string): boolean {
  return OPERATIONAL_DATE_KEYS.has(normalKey(key));
}

/** The fields of the per-request log line, which are serialised from scrubbed values already. */
const REQUEST_LINE_KEYS = new Set(['req', 'status', 'ms', 'reqId']);

/**
 * pino `formatters.log`: the hot per-request line passes untouched; any other object is copied with
 * sensitive keys replaced and every string scrubbed (errors included), whatever its depth.
 */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let plain = true;
  for (const key in object) {
    if (!REQUEST_LINE_KEYS.has(key) || typeof object[key] === 'string') {
      plain = false;
      break;
    }
  }
  return plain ? object : redactObject(object);
}

/** A copy of any object that is safe to store in a log table: what a client sends, for one. */
export function redactObject(object: Record<string, unknown>): Record<string, unknown> {
  const redacted = redactValue(object, 0);
  return redacted !== null && typeof redacted === 'object' && !Array.isArray(redacted)
    ? (redacted as Record<string, unknown>)
    : { value: redacted };
}

/** `keepDates`: the value is named as one of the shop's own dates (its key), so its dates stay. */
function redactValue(value: unknown, depth: number, keepDates = false): unknown {
  if (typeof value === 'string') return scrubText(value, keepDates);
  if (typeof value === 'number') return scrubNumber(value);
  if (typeof value === 'bigint') return scrubNumber(Number(value));
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[too deep]';
  if (value instanceof Error) return describeError(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value instanceof Date) return keepDates ? value : '[date]';
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[scrubText(key)] = isSensitiveKey(key)
      ? '[redacted]'
      : redactValue(inner, depth + 1, isOperationalDateKey(key));
  }
  return copy;
}

/**
 * A phone number or a card number sent as a JSON number is as personal as one sent as text; other
 * numbers (amounts, counts, times in milliseconds) stay numbers.
 */
function scrubNumber(value: number): number | string {
  if (!Number.isInteger(value) || Math.abs(value) < 10_000_000) return value;
  if (!Number.isSafeInteger(value)) return '[number]';
  const digits = String(Math.abs(value));
  if (digits.length === 8) return '[number]';
  return digits.length >= 13 && isLuhnValid(digits) ? '[card]' : value;
}

/** Properties of an error that name what failed without carrying the data it failed on. */
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'statusCode',
  'field',
  'messageKey',
] as const;

export type TErrorDescription = {
  type: string;
  message: string;
  stack?: string;
  cause?: TErrorDescription;
  errors?: TErrorDescription[];
} & Partial<Record<(typeof SAFE_ERROR_FIELDS)[number], unknown>>;

/**
 * What may be logged of an error: its type, its code and its message, scrubbed. Query errors carry the
 * statement's parameters (a whole policy, a Session-Name) in their message and properties, and
 * PostgreSQL's `detail` and `where` quote the values: none of that is copied.
 */
export function describeError(error: unknown, depth = 0): TErrorDescription {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrubText(String(error)).slice(0, 500) };
  const record = error as unknown as Record<string, unknown>;
  const described: TErrorDescription = { type: error.name, message: safeErrorMessage(error.message) };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') described[field] = scrubText(value).slice(0, 200);
    else if (typeof value === 'number' || typeof value === 'boolean') described[field] = value;
  }
  // Frames only: the first lines of a stack repeat the message, parameters and all.
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => scrubText(line));
  if (frames?.length) described.stack = frames.join('\n');
  if (depth < 4 && error.cause !== undefined) described.cause = describeError(error.cause, depth + 1);
  if (depth < 4 && error instanceof AggregateError)
    described.errors = error.errors.slice(0, 5).map((inner) => describeError(inner, depth + 1));
  return described;
}

/** A message without a failed query's parameter list or quoted values, scrubbed and bounded. */
function safeErrorMessage(message: string): string {
  const withoutParams = message.split(/\nparams:/)[0]!;
  const withoutValues = withoutParams.replace(
    /((?:for type|for enum|value|key)\b[^:"\n]{0,60}):\s*"[^"\n]*"/gi,
    '$1: "[value]"',
  );
  return scrubText(withoutValues).slice(0, 500);
}

/** A plain Error safe to hand to code that stores errors as they are (the job queue's output column). */
export function sanitisedError(error: unknown): Error {
  const described = describeError(error);
  let message = described.message;
  let code = described.code;
  for (let cause = described.cause; cause; cause = cause.cause) {
    message += ` (caused by ${cause.type}${cause.code === undefined ? '' : ` ${cause.code}`}: ${cause.message})`;
    code ??= cause.code;
  }
  const safe = new Error(message);
  safe.name = described.type;
  if (code !== undefined) Object.assign(safe, { code });
  safe.stack = `${described.type}: ${message}${described.stack ? `\n${described.stack}` : ''}`;
  return safe;
}

const SEPARATOR = String.raw`[\s+.-]{1,2}`;
// Labels are matched as words: not inside a longer word, though `req_` or a quote may precede them.
const LABEL_START = '(?<![A-Za-z0-9])';
// Bounded, and never two unbounded runs of the same characters in a row: these run on attackers' text.
const LABEL_GAP = String.raw`["'\s:=#]{0,8}(?:(?:is|was|on|of)\b["'\s:=#]{0,8})?`;

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const TIME = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;

/**
 * A calendar date as a client may write a birth date: Y-M-D (a Date's JSON too, its time included),
 * D/M/Y with `/`, `-` or `.`, a day and a month's English name, and the Chinese pages' 年月日.
 */
const DATE = new RegExp(
  [
    String.raw`(?<!\d)(?:\d{4}[/.-]\d{1,2}[/.-]\d{1,2}${TIME}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}\s?年\s?\d{1,2}\s?月\s?\d{1,2}\s?日?)(?!\d)`,
    String.raw`(?<![\dA-Za-z])${DAY}\s{1,3}${MONTH},?\s{1,3}\d{4}(?!\d)`,
    String.raw`(?<![A-Za-z])${MONTH}\s{1,3}${DAY},?\s{1,3}\d{4}(?!\d)`,
  ].join('|'),
  'gi',
);

/** The name a value is given just before it (`name=`, `name: `, `"name":"`), as its last dotted part. */
const NAME_BEFORE = /([A-Za-z][A-Za-z_-]{0,40})[\\"']{0,2}\s{0,2}[:=]\s{0,2}[\\"']{0,2}$/;

/** A date stays only when the text names it as one of the shop's own dates (decision 107). */
function scrubDate(date: string, offset: number, text: string): string {
  const start = Math.max(0, offset - 64);
  const named = NAME_BEFORE.exec(text.slice(start, offset));
  // The name must be whole: `insuredDeptDate` is not `deptDate`.
  const whole = named !== null && !/[A-Za-z0-9]/.test(text[start + named.index - 1] ?? '');
  return whole && isOperationalDateKey(named[1]!) ? date : '[date]';
}

type TReplacement = string | ((match: string, offset: number, text: string) => string);

const PATTERNS: [RegExp, TReplacement, ('digit' | '@')?][] = [
  // CVV written as a labelled number, in any of the names gateways and people use
  [
    new RegExp(
      `${LABEL_START}(cvv2?|cvc2?|cvn|cvd|csc|card[\\s_-]?(?:cvn|cvv|cvc)|(?:card[\\s_-]?)?security[\\s_-]?code|card[\\s_-]?verification(?:[\\s_-]?(?:code|value|number))?|verification[\\s_-]?(?:code|value))${LABEL_GAP}\\d{3,4}(?!\\d)`,
      'gi',
    ),
    '$1=[cvv]',
    'digit',
  ],
  // a date of birth beside its label, even inside a longer name (`travellerDob`), in numbers (eight
  // together too: 09071958, 19580709) or with a month name
  [
    new RegExp(
      `(dob|d\\.o\\.b\\.?|date[\\s_-]?of[\\s_-]?birth|birth[\\s_-]?date|birthday|born)${LABEL_GAP}(?:\\d{1,4}[/.\\-]\\d{1,2}[/.\\-]\\d{1,4}|\\d{8}(?!\\d)|\\d{1,2}\\s+[A-Za-z]{3,9},?\\s+\\d{2,4}|[A-Za-z]{3,9}\\s+\\d{1,2},?\\s+\\d{2,4})`,
      'gi',
    ),
    '$1=[dob]',
    'digit',
  ],
  // any other date, unless named as one of the shop's own
  [DATE, scrubDate, 'digit'],
  // a name or an address beside its label (names have no shape of their own)
  [
    new RegExp(
      `${LABEL_START}((?:full|first|last|given|family|sur|fore|card[\\s_-]?holder|holder|session)?[\\s_-]?name|address(?:[\\s_-]?(?:line)?[\\s_-]?\\d)?|street|postal[\\s_-]?code)["'\\s]*[:=]["'\\s]*[^,;"'\\n&}\\]]{1,120}`,
      'gi',
    ),
    '$1=[redacted]',
  ],
  // e-mail addresses
  [/[A-Z0-9._%+-]{1,64}@[A-Z0-9.-]{1,253}\.[A-Z]{2,24}/gi, '[email]', '@'],
  // card numbers: 13 to 19 digits, together or in the groups cards print (4-4-4-4…, 4-6-5), spaced by
  // blanks, plus signs or hyphens
  [
    new RegExp(
      `(?<!\\d)(?:\\d{13,19}|\\d{4}(?:${SEPARATOR}\\d{4}){2}${SEPARATOR}\\d{1,7}|\\d{4}${SEPARATOR}\\d{6}${SEPARATOR}\\d{4,5})(?!\\d)`,
      'g',
    ),
    '[card]',
    'digit',
  ],
  // Singapore NRIC/FIN, even run into other text (`%22S1234567D`, `/docsS1234567D`)
  [/[STFGM]\d{7}[A-Z](?![A-Z0-9])/gi, '[nric]', 'digit'],
  // Hong Kong HKID, with or without brackets around the check digit; not the hex of a UUID (job ids)
  [/[A-Z]{1,2}\d{6}(?:\s?\([0-9A]\)|[0-9A](?![-\w]))/gi, '[hkid]', 'digit'],
  // phone numbers written in groups (+65 9123 4567, 9123-4567)
  [/(?<![\d-])(?:\+\d{2,3}[\s-]?)?[35689]\d{3}[\s-]\d{4}(?![\d-])/g, '[number]', 'digit'],
  // other long digit runs (8+ digits)
  [/(?<!\d)\d{8,}(?!\d)/g, '[number]', 'digit'],
];

/** Percent-encoding, `\uXXXX` escapes and numeric HTML entities undone (twice-encoded too), so a value cannot hide in them. */
function decodeForScrubbing(text: string): string {
  let result = text;
  for (let round = 0; round < 3; round += 1) {
    const decoded = result
      .replace(/(?:%[0-9A-F]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run.replace(/%([0-9A-F]{2})/gi, (_match, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          );
        }
      })
      .replace(/\\u([0-9A-F]{4})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/&#(x[0-9A-F]{1,6}|\d{1,7});/gi, (match, code: string) => {
        const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
        return point <= 0x10ffff ? String.fromCodePoint(point) : match;
      });
    if (decoded === result) break;
    result = decoded;
  }
  return result;
}

/** Ids (payments, policies, jobs) are kept whole: their digits are not anybody's data. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** `keepDates`: the whole text is the value of one of the shop's own dates (its key says so). */
export function scrubText(text: string, keepDates = false): string {
  const decoded = /%[0-9A-F]{2}|\\u[0-9A-F]{4}|&#/i.test(text) ? decodeForScrubbing(text) : text;
  const ids = decoded.match(UUID);
  if (!ids) return scrubPart(decoded, keepDates);
  const parts = decoded.split(UUID);
  return parts.map((part, index) => scrubPart(part, keepDates) + (ids[index] ?? '')).join('');
}

// Every pattern above but the name and address one needs an ASCII digit, and the e-mail one an "@": a
// text without them (most URLs of the per-request log line) skips those scans, which are most of the
// cost of a line (issue 19). The guards are exact: each pattern cannot match without its character.
const NEEDS_DIGIT = /\d/;

function scrubPart(text: string, keepDates: boolean): string {
  const hasDigit = NEEDS_DIGIT.test(text);
  const hasAt = text.includes('@');
  let result = text;
  for (const [pattern, replacement, needs] of PATTERNS)
    if ((needs !== 'digit' || hasDigit) && (needs !== '@' || hasAt) && !(keepDates && pattern === DATE))
      result = result.replace(pattern, replacement as string);
  return result;
}
