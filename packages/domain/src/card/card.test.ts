import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';
import {
  CARD_TYPES,
  cardTypeOf,
  formatCardNumberInput,
  formatExpiryInput,
  isAllowedCardKey,
  normaliseCardHolderName,
  toGatewayExpiry,
  validateCardExpiry,
  validateCardForm,
  validateCardHolderName,
  validateCardNumber,
  validateCvv,
} from './card.ts';

const today = localDate(2026, 11, 23);

describe('card rules (pa-home-payments section 5, design section 6)', () => {
  it.each([
    ['4111111111111111', CARD_TYPES.VISA],
    ['5105105105105100', CARD_TYPES.MASTERCARD],
    ['5555555555554444', CARD_TYPES.MASTERCARD],
    ['2221000000000009', CARD_TYPES.MASTERCARD],
    ['2720990000000007', CARD_TYPES.MASTERCARD],
    ['2721000000000004', null],
    ['2220990000000001', null],
    ['378282246310005', null],
    ['6011111111111117', null],
    ['222', null],
  ])('%s is card type %s', (number, type) => {
    expect(cardTypeOf(number)).toBe(type);
  });

  it('checks the number and refuses brands other than Visa and Mastercard', () => {
    expect(validateCardNumber('')).toBe(MESSAGE_KEYS.cardNumberRequired);
    expect(validateCardNumber('4111-1111-1111-1111')).toBeNull();
    expect(validateCardNumber('4111 1111 1111 1111')).toBeNull();
    expect(validateCardNumber('4111-1111-1111-1112')).toBe(MESSAGE_KEYS.cardNumberInvalid);
    expect(validateCardNumber('4111-1111-1111')).toBe(MESSAGE_KEYS.cardNumberInvalid);
    expect(validateCardNumber('4111x111')).toBe(MESSAGE_KEYS.cardNumberInvalid);
    expect(validateCardNumber('6011111111111117')).toBe(MESSAGE_KEYS.cardNotAccepted);
  });

  it('groups digits as they are typed and blocks other keys', () => {
    expect(formatCardNumberInput('41111111')).toBe('4111-1111');
    expect(formatCardNumberInput('4111a1111-1111 11111111999')).toBe('4111-1111-1111-1111');
    expect(formatCardNumberInput('4111-1111-1111-1111')).toHaveLength(19);
    expect(isAllowedCardKey('7')).toBe(true);
    expect(isAllowedCardKey('Backspace')).toBe(true);
    expect(isAllowedCardKey('e')).toBe(false);
    expect(isAllowedCardKey('-')).toBe(false);
  });

  it('reads the expiry as MM-YY, not past, and sends MM-20YY', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('1228')).toBe('12-28');
    expect(formatExpiryInput('12/289')).toBe('12-28');
    expect(validateCardExpiry('', today)).toBe(MESSAGE_KEYS.cardExpiryRequired);
    expect(validateCardExpiry('13-28', today)).toBe(MESSAGE_KEYS.cardExpiryInvalid);
    expect(validateCardExpiry('10-26', today)).toBe(MESSAGE_KEYS.cardExpired);
    expect(validateCardExpiry('11-26', today)).toBeNull();
    expect(toGatewayExpiry('03-29')).toBe('03-2029');
    expect(() => toGatewayExpiry('3-29')).toThrow(RangeError);
  });

  it('wants exactly 3 CVV digits and a first and last name', () => {
    expect(validateCvv('')).toBe(MESSAGE_KEYS.cvvRequired);
    expect(validateCvv('12')).toBe(MESSAGE_KEYS.cvvInvalid);
    expect(validateCvv('1234')).toBe(MESSAGE_KEYS.cvvInvalid);
    expect(validateCvv('123')).toBeNull();
    expect(validateCardHolderName(' ')).toBe(MESSAGE_KEYS.cardHolderNameRequired);
    expect(validateCardHolderName('Tan-Ah Kow')).toBe(MESSAGE_KEYS.cardHolderNameInvalid);
    expect(validateCardHolderName('Madonna')).toBe(MESSAGE_KEYS.cardHolderNameFirstLast);
    expect(validateCardHolderName("Siobhan O'Neill")).toBeNull();
    expect(normaliseCardHolderName("  siobhan   o'neill ")).toBe("SIOBHAN O'NEILL");
  });

  it('validates the whole card form', () => {
    expect(
      validateCardForm(
        { cardHolderName: 'Tan Ah Kow', cardNumber: '4111-1111-1111-1111', expiryDate: '12-28', cvv: '123' },
        today,
      ),
    ).toEqual({});
    expect(
      validateCardForm({ cardHolderName: '', cardNumber: '1', expiryDate: '01-20', cvv: '1' }, today),
    ).toEqual({
      cardHolderName: MESSAGE_KEYS.cardHolderNameRequired,
      cardNumber: MESSAGE_KEYS.cardNumberInvalid,
      expiryDate: MESSAGE_KEYS.cardExpired,
      cvv: MESSAGE_KEYS.cvvInvalid,
    });
  });
});
