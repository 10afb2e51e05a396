import type { TLocalDate } from '../dates/local-date.ts';
import { isLuhnValid } from '../identity/luhn.ts';
import { isExpiryInPast, parseExpiry } from '../validation/field-rules.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * Card payment rules (pa-home-payments section 5; design section 6): Visa and Mastercard only,
 * 16 digits grouped 4-4-4-4, Luhn, expiry MM-YY not past (sent as MM-20YY), CVV exactly 3 digits,
 * holder name of letters, apostrophes and spaces with a first and last name, upper-cased.
 */
export const CARD_TYPES = { VISA: '001', MASTERCARD: '002' } as const;
/** A card number has 16 digits and a CVV 3 (pa-home-payments section 5). */
export const CARD_NUMBER_DIGITS = 16;
export const CVV_DIGITS = 3;
export type TCardType = (typeof CARD_TYPES)[keyof typeof CARD_TYPES];

/** Visa starts with 4; Mastercard with 51–55 or 2221–2720. Any other card is refused, not sent as Visa (decision 004). */
export function cardTypeOf(digits: string): TCardType | null {
  if (/^4/.test(digits)) return CARD_TYPES.VISA;
  if (/^5[1-5]/.test(digits)) return CARD_TYPES.MASTERCARD;
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return CARD_TYPES.MASTERCARD;
  return null;
}

export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Digits only, grouped 4-4-4-4 with hyphens as the customer types (at most 19 characters). */
export function formatCardNumberInput(value: string): string {
  const digits = cardDigits(value).slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1-');
}

/** Non-digit key presses are blocked in the card fields; editing and navigation keys are not. */
export function isAllowedCardKey(key: string): boolean {
  return /^\d$/.test(key) || key.length > 1;
}

/** MM-YY (5 characters), the hyphen put in after the month once a third digit is typed (decision 023). */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/** The gateway wants MM-YYYY. */
export function toGatewayExpiry(value: string): string {
  const expiry = parseExpiry(value);
  if (!expiry) throw new RangeError(`not an MM-YY expiry: ${value}`);
  return `${String(expiry.month).padStart(2, '0')}-${expiry.year}`;
}

export function validateCardHolderName(value: string): string | null {
  const name = value.trim();
  if (name === '') return MESSAGE_KEYS.cardHolderNameRequired;
  if (!/^[A-Za-z' ]+$/.test(name)) return MESSAGE_KEYS.cardHolderNameInvalid;
  if (name.split(/\s+/).length < 2) return MESSAGE_KEYS.cardHolderNameFirstLast;
  return null;
}

export function validateCardNumber(value: string): string | null {
  if (value.trim() === '') return MESSAGE_KEYS.cardNumberRequired;
  if (!/^[\d -]+$/.test(value)) return MESSAGE_KEYS.cardNumberInvalid;
  const digits = cardDigits(value);
  if (digits.length !== CARD_NUMBER_DIGITS || !isLuhnValid(digits)) return MESSAGE_KEYS.cardNumberInvalid;
  return cardTypeOf(digits) ? null : MESSAGE_KEYS.cardNotAccepted;
}

export function validateCardExpiry(value: string, today: TLocalDate): string | null {
  if (value.trim() === '') return MESSAGE_KEYS.cardExpiryRequired;
  const expiry = parseExpiry(value.trim());
  if (!expiry) return MESSAGE_KEYS.cardExpiryInvalid;
  return isExpiryInPast(expiry, today) ? MESSAGE_KEYS.cardExpired : null;
}

export function validateCvv(value: string): string | null {
  if (value.trim() === '') return MESSAGE_KEYS.cvvRequired;
  return new RegExp(`^\\d{${CVV_DIGITS}}$`).test(value.trim()) ? null : MESSAGE_KEYS.cvvInvalid;
}

export type TCardForm = { cardHolderName: string; cardNumber: string; expiryDate: string; cvv: string };

/** Every card field's first failure, by field name; empty when the card can be sent. */
export function validateCardForm(
  form: TCardForm,
  today: TLocalDate,
): Partial<Record<keyof TCardForm, string>> {
  const errors: Partial<Record<keyof TCardForm, string>> = {};
  const results = {
    cardHolderName: validateCardHolderName(form.cardHolderName),
    cardNumber: validateCardNumber(form.cardNumber),
    expiryDate: validateCardExpiry(form.expiryDate, today),
    cvv: validateCvv(form.cvv),
  };
  for (const [field, key] of Object.entries(results) as [keyof TCardForm, string | null][])
    if (key) errors[field] = key;
  return errors;
}

/** The name as the gateway receives it: upper case, single spaces. */
export function normaliseCardHolderName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}
