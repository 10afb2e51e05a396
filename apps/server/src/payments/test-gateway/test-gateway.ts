import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CARD_TYPES, cardTypeOf } from '@lionrock/domain/card/card';
import { isLuhnValid } from '@lionrock/domain/identity/luhn';
import { REASON_CODES } from '@lionrock/domain/payments/gateway-decision';
import { CARD_PAYMENT_WINDOW_MS } from '@lionrock/domain/payments/payment-rules';
import {
  formatSignedDateTime,
  signableText,
  signFields,
  unsignableReason,
  verifySignature,
} from '../card-gateway/signature.ts';
import { decisionForReasonCode, type TTestDecision, testCardBehaviour } from './test-cards.ts';
import type { TTestGatewayStore } from './test-gateway-repository.ts';

/**
 * The built-in test card gateway (README.md beside this file): it checks a Secure Acceptance Silent
 * Order POST as the real gateway does and answers with signed fields, choosing the outcome by the test
 * card number. Its only state (transaction uuids seen, tokens issued) is in the database, so any
 * instance answers alike. The full card number and CVN are never kept, echoed or logged.
 */
export type TTestGatewayProfile = {
  profileId: string;
  accessKey: string;
  secretKey: string;
  /** The REST key of the transaction lookup (test-gateway-lookup.ts): its id and base64 secret. */
  restKeyId: string;
  restSecret: string;
};

export type TFields = Record<string, string>;

/** A transaction uuid may not come back within the spec's duplicate-reference window (104; decision 050). */
export const REPLAY_WINDOW_MS = CARD_PAYMENT_WINDOW_MS;
/** signed_date_time may be this old… */
export const SIGNED_DATE_MAX_AGE_MS = 15 * 60_000;
/** …or this far ahead of the gateway's clock. */
export const SIGNED_DATE_MAX_AHEAD_MS = 5 * 60_000;
/** How long the cardholder has to answer the 475 challenge. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;

export const TRANSACTION_TYPES = ['sale', 'sale,create_payment_token', 'create_payment_token'] as const;
/** Secure Acceptance's token-only transaction: the card is checked and tokenised, no money moves (amount 0.00). */
export const TOKEN_ONLY = 'create_payment_token';
export const CURRENCIES = ['SGD', 'HKD'] as const;

/** Fields that, when posted, must be covered by the signature: nobody may change them on the way. */
const MUST_BE_SIGNED = [
  'access_key',
  'profile_id',
  'transaction_uuid',
  'signed_date_time',
  'unsigned_field_names',
  'transaction_type',
  'reference_number',
  'amount',
  'currency',
  'override_custom_receipt_page',
];

export const REQUIRED_FIELDS = [
  'access_key',
  'profile_id',
  'transaction_uuid',
  'signed_field_names',
  'signed_date_time',
  'locale',
  'transaction_type',
  'reference_number',
  'amount',
  'currency',
  'payment_method',
  'bill_to_forename',
  'bill_to_surname',
  'bill_to_email',
  'bill_to_address_line1',
  'bill_to_address_city',
  'bill_to_address_country',
  'override_custom_receipt_page',
  'card_type',
  'card_number',
  'card_expiry_date',
  'card_cvn',
];

const MESSAGES: Record<number, string> = {
  100: 'Request was processed successfully.',
  101: 'Request is missing one or more required fields.',
  102: 'One or more fields in the request contains invalid data.',
  104: 'The transaction_uuid was already used within the last 15 minutes.',
  110: 'Only a partial amount was approved.',
  150: 'Error: general system failure.',
  202: 'Expired card.',
  203: 'General decline of the card.',
  204: 'Insufficient funds in the account.',
  205: 'Stolen or lost card.',
  211: 'Invalid card verification number.',
  233: 'General decline by the processor.',
  476: 'The cardholder could not be authenticated.',
  480: 'The order is marked for review.',
  481: 'The order was rejected.',
};

export function messageForReasonCode(code: number): string {
  // Signed text: what the gateway signs can never be re-split (signature.ts).
  return signableText(MESSAGES[code] ?? REASON_CODES[code]?.meaning ?? 'Unknown reason.');
}

// ---------------------------------------------------------------------------------------------
// Step 1: may this request be answered at all?

export type TAccessCheck =
  | { ok: true; profile: TTestGatewayProfile; fields: TFields; receiptPage: URL }
  | { ok: false; reason: string; receiptPage?: URL };

/** `YYYY-MM-DDThh:mm:ssZ`, nothing else. */
export function parseSignedDateTime(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) || formatSignedDateTime(instant) !== value ? null : instant;
}

/** An http(s) URL the answer may be posted to, or null. */
export function parseReceiptPage(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function listOf(value: string | undefined): string[] {
  return (value ?? '').split(',').filter((name) => name !== '');
}

/**
 * Unknown profile, bad signature, a field neither signed nor declared unsigned, a security field left
 * unsigned, a stale or future signed_date_time, or no http(s) receipt page: refused with nothing
 * signed back (HTTP 403).
 */
export function checkAccess(body: unknown, profiles: TTestGatewayProfile[], now: Date): TAccessCheck {
  if (body === null || typeof body !== 'object') return { ok: false, reason: 'No form fields were posted.' };
  const fields: TFields = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== 'string') return { ok: false, reason: `Field ${name} was posted more than once.` };
    fields[name] = value;
  }
  const profile = profiles.find(
    (candidate) => candidate.accessKey === fields.access_key && candidate.profileId === fields.profile_id,
  );
  if (!profile) return { ok: false, reason: 'Unknown access_key or profile_id.' };
  if (!verifySignature(fields, profile.secretKey)) {
    return { ok: false, reason: 'The signature does not match the signed fields.' };
  }
  const signed = new Set(listOf(fields.signed_field_names));
  const unsigned = new Set(listOf(fields.unsigned_field_names));
  for (const name of Object.keys(fields)) {
    if (name !== 'signature' && !signed.has(name) && !unsigned.has(name)) {
      return {
        ok: false,
        reason: `Field ${name.slice(0, 60)} is in neither signed_field_names nor unsigned_field_names.`,
      };
    }
  }
  for (const name of MUST_BE_SIGNED) {
    if (name in fields && !signed.has(name)) return { ok: false, reason: `Field ${name} must be signed.` };
  }
  const signedAt = parseSignedDateTime(fields.signed_date_time);
  if (!signedAt) return { ok: false, reason: 'signed_date_time is missing or not YYYY-MM-DDThh:mm:ssZ.' };
  const age = now.getTime() - signedAt.getTime();
  if (age > SIGNED_DATE_MAX_AGE_MS) return { ok: false, reason: 'signed_date_time is too old.' };
  if (-age > SIGNED_DATE_MAX_AHEAD_MS) return { ok: false, reason: 'signed_date_time is in the future.' };
  const receiptPage = parseReceiptPage(fields.override_custom_receipt_page);
  if (!receiptPage) {
    return { ok: false, reason: 'override_custom_receipt_page must be an http or https URL.' };
  }
  return { ok: true, profile, fields, receiptPage };
}

// ---------------------------------------------------------------------------------------------
// Steps 2 and 3: required and valid fields.

export function missingFields(fields: TFields): string[] {
  return REQUIRED_FIELDS.filter((name) => (fields[name] ?? '').trim() === '');
}

const AMOUNT_PATTERN = /^\d{1,10}\.\d{2}$/;
const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])-(\d{4})$/;
const EMAIL_PATTERN = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export function amountToCents(amount: string): number | null {
  if (!AMOUNT_PATTERN.test(amount)) return null;
  return Number(amount.replace('.', ''));
}

export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function invalidFields(fields: TFields): string[] {
  const invalid: string[] = [];
  const cents = amountToCents(fields.amount ?? '');
  // A token-only request carries 0.00; any other must ask for money.
  const tokenOnly = fields.transaction_type === TOKEN_ONLY;
  if (cents === null || (tokenOnly ? cents !== 0 : cents <= 0)) invalid.push('amount');
  if (!(CURRENCIES as readonly string[]).includes(fields.currency ?? '')) invalid.push('currency');
  if (!(TRANSACTION_TYPES as readonly string[]).includes(fields.transaction_type ?? '')) {
    invalid.push('transaction_type');
  }
  if (fields.payment_method !== 'card') invalid.push('payment_method');
  const number = fields.card_number ?? '';
  const numberValid = /^\d{16}$/.test(number) && isLuhnValid(number);
  const cardTypes: string[] = Object.values(CARD_TYPES);
  if (
    !cardTypes.includes(fields.card_type ?? '') ||
    (numberValid && cardTypeOf(number) !== fields.card_type)
  ) {
    invalid.push('card_type');
  }
  if (!numberValid) invalid.push('card_number');
  if (!EXPIRY_PATTERN.test(fields.card_expiry_date ?? '')) invalid.push('card_expiry_date');
  if (!/^\d{3}$/.test(fields.card_cvn ?? '')) invalid.push('card_cvn');
  if (!EMAIL_PATTERN.test(fields.bill_to_email ?? '')) invalid.push('bill_to_email');
  return invalid;
}

/** True when an `MM-YYYY` expiry's month is before `now`'s (UTC) month. */
export function isCardExpired(expiry: string, now: Date): boolean {
  const match = EXPIRY_PATTERN.exec(expiry);
  if (!match) return true;
  const months = Number(match[2]) * 12 + Number(match[1]) - 1;
  return months < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/** `xxxxxxxxxxxx1111`: only the last four characters are kept. */
export function maskCardNumber(number: string): string {
  return `${'x'.repeat(Math.max(number.length - 4, 0))}${number.slice(-4)}`;
}

/**
 * The request fields the answer echoes as `req_*`: no signature, no CVN, the card number masked, and
 * no field whose name or value could not be signed (an unsigned field posted with `=` in it).
 */
export function echoFields(fields: TFields): TFields {
  const echo: TFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'signature' || name === 'card_cvn') continue;
    const echoed = name === 'card_number' ? maskCardNumber(value) : value;
    const field = `req_${name}`;
    if (unsignableReason({ [field]: echoed, signed_field_names: `${field},signed_field_names` }) !== null)
      continue;
    echo[name] = echoed;
  }
  return echo;
}

// ---------------------------------------------------------------------------------------------
// The signed answer.

function randomDigits(count: number): string {
  let digits = '';
  for (let index = 0; index < count; index += 1) digits += String(randomInt(10));
  return digits;
}

/** 22 digits: the second of `now`, then 12 random digits. */
export function newTransactionId(now: Date): string {
  return `${String(Math.floor(now.getTime() / 1000))
    .padStart(10, '0')
    .slice(-10)}${randomDigits(12)}`;
}

function newAuthCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let code = '';
  for (let index = 0; index < 6; index += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

export type TAnswerOutcome = {
  decision: TTestDecision;
  reasonCode: number;
  /** Extra answer fields (auth_*, payment_token, required_fields, invalid_fields). */
  extra?: TFields;
};

/**
 * decision, reason_code, message, transaction_id, the extras, `req_*` for every echoed request field,
 * signed_date_time, signed_field_names (every field, itself included) and the signature.
 */
export function buildAnswer(
  profile: TTestGatewayProfile,
  echo: TFields,
  outcome: TAnswerOutcome,
  now: Date,
): TFields {
  const answer: TFields = {
    decision: outcome.decision,
    reason_code: String(outcome.reasonCode),
    message: messageForReasonCode(outcome.reasonCode),
    transaction_id: newTransactionId(now),
    ...outcome.extra,
  };
  for (const [name, value] of Object.entries(echo)) answer[`req_${name}`] = value;
  answer.signed_date_time = formatSignedDateTime(now);
  answer.signed_field_names = [...Object.keys(answer), 'signed_field_names'].join(',');
  answer.signature = signFields(answer, profile.secretKey);
  return answer;
}

/**
 * Keeps the signed answer as the gateway's record of the transaction (reference, decision, amounts),
 * which the shop's server-to-server lookup reads (test-gateway-lookup.ts), and returns it.
 */
export async function recordAnswer(
  store: TTestGatewayStore,
  profile: TTestGatewayProfile,
  answer: TFields,
): Promise<TFields> {
  await store.recordAnswer({
    transactionId: answer.transaction_id!,
    accessKey: profile.accessKey,
    profileId: profile.profileId,
    referenceNumber: answer.req_reference_number ?? '',
    transactionUuid: answer.req_transaction_uuid ?? null,
    decision: answer.decision!,
    reasonCode: Number(answer.reason_code),
    amount: answer.req_amount ?? '',
    currency: answer.req_currency ?? '',
    authAmount: answer.auth_amount ?? null,
  });
  return answer;
}

function authorisation(reasonCode: number, amount: string, now: Date): TFields {
  const cents = amountToCents(amount) ?? 0;
  return {
    auth_code: newAuthCode(),
    auth_amount: centsToAmount(reasonCode === 110 ? Math.floor(cents / 2) : cents),
    auth_time: formatSignedDateTime(now),
    auth_response: '00',
  };
}

/**
 * The answer for a card (or token) whose behaviour is `reasonCode`: approvals and reviews carry an
 * authorisation; an approval (100) of `sale,create_payment_token` issues a token that remembers
 * `renewalReasonCode`.
 */
async function answerWithBehaviour(
  store: TTestGatewayStore,
  profile: TTestGatewayProfile,
  echo: TFields,
  behaviour: { reasonCode: number; renewalReasonCode: number },
  now: Date,
): Promise<TFields> {
  if (echo.transaction_type === TOKEN_ONLY) return answerTokenOnly(store, profile, echo, behaviour, now);
  const { reasonCode } = behaviour;
  const decision = decisionForReasonCode(reasonCode);
  const extra: TFields =
    decision === 'ACCEPT' || decision === 'REVIEW' ? authorisation(reasonCode, echo.amount ?? '', now) : {};
  if (reasonCode === 100 && echo.transaction_type === 'sale,create_payment_token') {
    extra.payment_token = await createToken(store, {
      maskedCard: echo.card_number ?? '',
      cardType: echo.card_type ?? '',
      cardExpiry: echo.card_expiry_date ?? '',
      reasonCode: behaviour.renewalReasonCode,
      now,
    });
  }
  return recordAnswer(store, profile, buildAnswer(profile, echo, { decision, reasonCode, extra }, now));
}

/**
 * A token-only request (`create_payment_token`): a card that would be approved (100, or a partial
 * approval or review, which need money) gets ACCEPT 100 with a token and no authorisation; a card
 * that declines or fails declines or fails alike, with no token.
 */
async function answerTokenOnly(
  store: TTestGatewayStore,
  profile: TTestGatewayProfile,
  echo: TFields,
  behaviour: { reasonCode: number; renewalReasonCode: number },
  now: Date,
): Promise<TFields> {
  const approved = [100, 110, 480].includes(behaviour.reasonCode);
  const reasonCode = approved ? 100 : behaviour.reasonCode;
  const extra: TFields = {};
  if (approved)
    extra.payment_token = await createToken(store, {
      maskedCard: echo.card_number ?? '',
      cardType: echo.card_type ?? '',
      cardExpiry: echo.card_expiry_date ?? '',
      reasonCode: behaviour.renewalReasonCode,
      now,
    });
  return recordAnswer(
    store,
    profile,
    buildAnswer(profile, echo, { decision: decisionForReasonCode(reasonCode), reasonCode, extra }, now),
  );
}

// ---------------------------------------------------------------------------------------------
// Database state.

/**
 * Records a transaction uuid atomically: true when it is new or was last seen more than 15 minutes
 * ago (its time is then renewed), false when seen within 15 minutes, also by a concurrent request.
 */
export async function recordTransactionUuid(
  store: TTestGatewayStore,
  transactionUuid: string,
  accessKey: string,
  now: Date,
): Promise<boolean> {
  return store.recordTransactionUuid(
    transactionUuid,
    accessKey,
    now,
    new Date(now.getTime() - REPLAY_WINDOW_MS),
  );
}

async function createToken(
  store: TTestGatewayStore,
  input: { maskedCard: string; cardType: string; cardExpiry: string; reasonCode: number; now: Date },
): Promise<string> {
  const token = randomBytes(16).toString('hex').toUpperCase();
  await store.createToken({
    token,
    maskedCard: input.maskedCard,
    cardType: input.cardType,
    cardExpiry: input.cardExpiry,
    reasonCode: input.reasonCode,
    createdAt: input.now,
  });
  return token;
}

// ---------------------------------------------------------------------------------------------
// A card payment (steps 2 to 8).

export type TPaymentResult =
  | { kind: 'answer'; answer: TFields }
  | { kind: 'challenge'; state: string; echo: TFields };

/** Checks and answers a request that passed checkAccess. */
export async function processPayment(
  store: TTestGatewayStore,
  profile: TTestGatewayProfile,
  fields: TFields,
  now: Date,
): Promise<TPaymentResult> {
  const echo = echoFields(fields);
  const error = async (reasonCode: number, extra: TFields = {}): Promise<TPaymentResult> => ({
    kind: 'answer',
    answer: await recordAnswer(
      store,
      profile,
      buildAnswer(profile, echo, { decision: 'ERROR', reasonCode, extra }, now),
    ),
  });
  const missing = missingFields(fields);
  if (missing.length > 0) return error(101, { required_fields: missing.join(',') });
  const invalid = invalidFields(fields);
  if (invalid.length > 0) return error(102, { invalid_fields: invalid.join(',') });
  if (!(await recordTransactionUuid(store, fields.transaction_uuid!, profile.accessKey, now)))
    return error(104);
  if (isCardExpired(fields.card_expiry_date!, now)) {
    return {
      kind: 'answer',
      answer: await recordAnswer(
        store,
        profile,
        buildAnswer(profile, echo, { decision: 'DECLINE', reasonCode: 202 }, now),
      ),
    };
  }
  const behaviour = testCardBehaviour(fields.card_number!);
  if (behaviour.reasonCode === 475) {
    return {
      kind: 'challenge',
      state: createChallengeState(profile, echo, behaviour.renewalReasonCode, now),
      echo,
    };
  }
  return { kind: 'answer', answer: await answerWithBehaviour(store, profile, echo, behaviour, now) };
}

// ---------------------------------------------------------------------------------------------
// The 475 challenge.

type TChallengePayload = { f: TFields; r: number; exp: number };

function challengeMac(payload: string, secretKey: string): Buffer {
  return createHmac('sha256', Buffer.from(secretKey, 'utf8'))
    .update(`lionrock-test-gateway-challenge.${payload}`, 'utf8')
    .digest();
}

/**
 * `payload.mac`, both base64url: the echoed request (card number masked, no CVN), the token
 * behaviour and an expiry 10 minutes ahead, under an HMAC with the profile's secret.
 */
export function createChallengeState(
  profile: TTestGatewayProfile,
  echo: TFields,
  renewalReasonCode: number,
  now: Date,
): string {
  const body: TChallengePayload = {
    f: echo,
    r: renewalReasonCode,
    exp: now.getTime() + CHALLENGE_LIFETIME_MS,
  };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${challengeMac(payload, profile.secretKey).toString('base64url')}`;
}

export type TChallengeCheck =
  | { ok: true; profile: TTestGatewayProfile; echo: TFields; renewalReasonCode: number; receiptPage: URL }
  | { ok: false; reason: string };

export function readChallengeState(
  state: unknown,
  profiles: TTestGatewayProfile[],
  now: Date,
): TChallengeCheck {
  const denied = { ok: false, reason: 'The verification form is not valid.' } as const;
  if (typeof state !== 'string' || state.length > 20_000) return denied;
  const [payload, mac, rest] = state.split('.');
  if (!payload || !mac || rest !== undefined) return denied;
  let body: TChallengePayload;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TChallengePayload;
  } catch {
    return denied;
  }
  if (body === null || typeof body !== 'object' || typeof body.f !== 'object' || body.f === null)
    return denied;
  const profile = profiles.find(
    (candidate) => candidate.accessKey === body.f.access_key && candidate.profileId === body.f.profile_id,
  );
  if (!profile) return denied;
  const expected = challengeMac(payload, profile.secretKey);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return denied;
  if (typeof body.exp !== 'number' || body.exp <= now.getTime()) {
    return { ok: false, reason: 'The verification has expired. Please start the payment again.' };
  }
  const receiptPage = parseReceiptPage(body.f.override_custom_receipt_page);
  if (!receiptPage) return denied;
  return { ok: true, profile, echo: body.f, renewalReasonCode: body.r, receiptPage };
}

/**
 * The cardholder's answer to the challenge, once: Confirm → ACCEPT 100 (with a token when asked),
 * Cancel → DECLINE 476. Null when this challenge was answered already.
 */
export async function completeChallenge(
  store: TTestGatewayStore,
  challenge: Extract<TChallengeCheck, { ok: true }>,
  confirmed: boolean,
  now: Date,
): Promise<TFields | null> {
  const once = `${challenge.echo.transaction_uuid ?? ''}#challenge`;
  if (!(await recordTransactionUuid(store, once, challenge.profile.accessKey, now))) return null;
  if (!confirmed) {
    return recordAnswer(
      store,
      challenge.profile,
      buildAnswer(challenge.profile, challenge.echo, { decision: 'DECLINE', reasonCode: 476 }, now),
    );
  }
  return answerWithBehaviour(
    store,
    challenge.profile,
    challenge.echo,
    { reasonCode: 100, renewalReasonCode: challenge.renewalReasonCode },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// Token charges (auto-renewal).

export type TChargeTokenInput = {
  token: string;
  /** The merchant's unique id of this charge, echoed (signed) as req_transaction_uuid. */
  transactionUuid: string;
  referenceNumber: string;
  amount: string;
  currency: string;
  now: Date;
};

/**
 * Charges a payment token as the renewal job does: the same signed answer fields as a card payment,
 * behaving like the card the token was made from. Unknown token → ERROR 102 invalid_fields=payment_token;
 * card expiry before `now`'s month → DECLINE 202.
 */
export async function chargeToken(
  store: TTestGatewayStore,
  profile: TTestGatewayProfile,
  input: TChargeTokenInput,
): Promise<TFields> {
  const { now } = input;
  const row = await store.findToken(input.token);
  const echo: TFields = {
    access_key: profile.accessKey,
    profile_id: profile.profileId,
    transaction_uuid: input.transactionUuid,
    transaction_type: 'sale',
    reference_number: input.referenceNumber,
    amount: input.amount,
    currency: input.currency,
    payment_method: 'card',
    payment_token: input.token,
    ...(row
      ? { card_type: row.cardType, card_number: row.maskedCard, card_expiry_date: row.cardExpiry }
      : {}),
  };
  const invalid: string[] = [];
  if (!row) invalid.push('payment_token');
  const cents = amountToCents(input.amount);
  if (cents === null || cents <= 0) invalid.push('amount');
  if (!(CURRENCIES as readonly string[]).includes(input.currency)) invalid.push('currency');
  if (!row || invalid.length > 0) {
    return recordAnswer(
      store,
      profile,
      buildAnswer(
        profile,
        echo,
        { decision: 'ERROR', reasonCode: 102, extra: { invalid_fields: invalid.join(',') } },
        now,
      ),
    );
  }
  if (isCardExpired(row.cardExpiry, now)) {
    return recordAnswer(
      store,
      profile,
      buildAnswer(profile, echo, { decision: 'DECLINE', reasonCode: 202 }, now),
    );
  }
  // A merchant-initiated charge is never challenged.
  const reasonCode = row.reasonCode === 475 ? 100 : row.reasonCode;
  return answerWithBehaviour(store, profile, echo, { reasonCode, renewalReasonCode: reasonCode }, now);
}
