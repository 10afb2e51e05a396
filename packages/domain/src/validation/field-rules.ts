import { compareDates, parseDmy, type TLocalDate } from '../dates/local-date.ts';
import { isLuhnValid } from '../identity/luhn.ts';
import { MESSAGE_KEYS } from './message-keys.ts';

/**
 * The field-validation engine (travel-flow section 5): a field's rules run in order and the first
 * failure's message key wins; empty values pass every rule but `required` (a required boolean must be
 * true); a form is valid when all its fields are.
 */
export type TRule =
  | { kind: 'required'; messageKey?: string }
  | { kind: 'email'; messageKey?: string }
  | { kind: 'currency'; messageKey?: string }
  | { kind: 'currencyWithoutCents'; messageKey?: string }
  | { kind: 'amount'; messageKey?: string }
  | { kind: 'alpha'; messageKey?: string }
  | { kind: 'alphanumeric'; messageKey?: string }
  | { kind: 'number'; messageKey?: string }
  | { kind: 'minimum'; value: number; messageKey?: string }
  | { kind: 'maximum'; value: number; messageKey?: string }
  | { kind: 'maxLength'; value: number; messageKey?: string }
  | { kind: 'creditCard'; messageKey?: string }
  | { kind: 'minimumDate'; date: TLocalDate; messageKey?: string }
  | { kind: 'maximumDate'; date: TLocalDate; messageKey?: string }
  | { kind: 'match'; pattern: RegExp; messageKey?: string }
  | { kind: 'cardExpiry'; messageKey?: string }
  | { kind: 'expiryFormat'; messageKey?: string };

export type TRuleContext = { today: TLocalDate };

export type TFieldResult =
  | { valid: true }
  | { valid: false; messageKey: string }
  | { valid: true; unsupported: string };

export type TFieldValue = string | number | boolean | null | undefined;

/** A standard address pattern: something@domain.tld, no spaces (travel-flow section 5, Contact). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const DEFAULT_KEYS: Record<TRule['kind'], string> = {
  required: MESSAGE_KEYS.required,
  email: MESSAGE_KEYS.email,
  currency: MESSAGE_KEYS.currency,
  currencyWithoutCents: MESSAGE_KEYS.currencyWithoutCents,
  amount: MESSAGE_KEYS.amount,
  alpha: MESSAGE_KEYS.alpha,
  alphanumeric: MESSAGE_KEYS.alphanumeric,
  number: MESSAGE_KEYS.number,
  minimum: MESSAGE_KEYS.minimum,
  maximum: MESSAGE_KEYS.maximum,
  maxLength: MESSAGE_KEYS.maxLength,
  creditCard: MESSAGE_KEYS.cardNumberInvalid,
  minimumDate: MESSAGE_KEYS.minimumDate,
  maximumDate: MESSAGE_KEYS.maximumDate,
  match: MESSAGE_KEYS.pattern,
  cardExpiry: MESSAGE_KEYS.cardExpired,
  expiryFormat: MESSAGE_KEYS.cardExpiryInvalid,
};

export function isEmptyValue(value: TFieldValue): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** MM-YY, month 1 to 12 (travel-flow section 5: expiry format). */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is usable through the last day of its expiry month. */
export function isExpiryInPast(expiry: { month: number; year: number }, today: TLocalDate): boolean {
  return expiry.year < today.year || (expiry.year === today.year && expiry.month < today.month);
}

function passes(rule: TRule, value: TFieldValue, context: TRuleContext): boolean | 'unsupported' {
  const text = String(value).trim();
  switch (rule.kind) {
    case 'required':
      return typeof value === 'boolean' ? value : !isEmptyValue(value);
    case 'email':
      return EMAIL_PATTERN.test(text);
    case 'currency':
      return /^\d{1,3}(,?\d{3})*(\.\d{1,2})?$/.test(text);
    case 'currencyWithoutCents':
      return /^\d{1,3}(,?\d{3})*$/.test(text);
    case 'amount':
      return /^\d+(\.\d{1,2})?$/.test(text) && Number(text) > 0;
    case 'alpha':
      return /^[A-Za-z]+$/.test(text);
    case 'alphanumeric':
      return /^[A-Za-z0-9]+$/.test(text);
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text);
    case 'minimum':
      return Number(text) >= rule.value;
    case 'maximum':
      return Number(text) <= rule.value;
    case 'maxLength':
      return text.length <= rule.value;
    case 'creditCard':
      return isLuhnValid(text.replace(/[\s-]/g, ''));
    case 'minimumDate': {
      const date = parseDmy(text);
      return date !== null && compareDates(date, rule.date) >= 0;
    }
    case 'maximumDate': {
      const date = parseDmy(text);
      return date !== null && compareDates(date, rule.date) <= 0;
    }
    case 'match':
      return rule.pattern.test(text);
    case 'cardExpiry': {
      const expiry = parseExpiry(text);
      return expiry !== null && !isExpiryInPast(expiry, context.today);
    }
    case 'expiryFormat':
      return parseExpiry(text) !== null;
    default:
      return 'unsupported';
  }
}

export function validateField(
  value: TFieldValue,
  rules: readonly TRule[],
  context: TRuleContext,
): TFieldResult {
  for (const rule of rules) {
    if (rule.kind !== 'required' && isEmptyValue(value)) continue;
    const outcome = passes(rule, value, context);
    // An unknown rule kind leaves the field unvalidated, and says so (travel-flow section 8).
    if (outcome === 'unsupported')
      return { valid: true, unsupported: String((rule as { kind: unknown }).kind) };
    if (!outcome) return { valid: false, messageKey: rule.messageKey ?? DEFAULT_KEYS[rule.kind] };
  }
  return { valid: true };
}
