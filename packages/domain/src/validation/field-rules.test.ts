import { describe, expect, it } from 'vitest';
import { localDate } from '../dates/local-date.ts';
import { isExpiryInPast, parseExpiry, type TRule, validateField } from './field-rules.ts';
import { MESSAGE_KEYS } from './message-keys.ts';

const context = { today: localDate(2026, 11, 23) };
const check = (value: string | boolean | number | null | undefined, rule: TRule) =>
  validateField(value, [rule], context);

describe('field rules (travel-flow section 5)', () => {
  it.each<[TRule, (string | boolean | number)[], (string | boolean | number)[], string]>([
    [{ kind: 'required' }, ['x', true, 0], ['', '  ', false], MESSAGE_KEYS.required],
    [
      { kind: 'email' },
      ['jane.tan@example.com.sg', "o'brien+t@x.io"],
      ['jane@', 'jane tan@x.com', 'a@b.c'],
      MESSAGE_KEYS.email,
    ],
    [{ kind: 'currency' }, ['1,234.50', '1234', '0.5'], ['1.234', 'abc', '12.345'], MESSAGE_KEYS.currency],
    [{ kind: 'currencyWithoutCents' }, ['1,000', '25'], ['1.50', 'x'], MESSAGE_KEYS.currencyWithoutCents],
    [{ kind: 'amount' }, ['45.50', '1'], ['0', '-1', '1.234'], MESSAGE_KEYS.amount],
    [{ kind: 'alpha' }, ['Tan'], ['Tan1', 'Tan Ah'], MESSAGE_KEYS.alpha],
    [{ kind: 'alphanumeric' }, ['YEAREND25'], ['YEAR-END'], MESSAGE_KEYS.alphanumeric],
    [{ kind: 'number' }, ['42', '-3', '2.5'], ['4a', '1e5'], MESSAGE_KEYS.number],
    [{ kind: 'minimum', value: 1 }, ['1', '2'], ['0'], MESSAGE_KEYS.minimum],
    [{ kind: 'maximum', value: 18 }, ['18', 3], ['19'], MESSAGE_KEYS.maximum],
    [{ kind: 'maxLength', value: 10 }, ['YEAREND25'], ['YEAREND2026'], MESSAGE_KEYS.maxLength],
    [
      { kind: 'creditCard' },
      ['4111-1111-1111-1111'],
      ['4111-1111-1111-1112'],
      MESSAGE_KEYS.cardNumberInvalid,
    ],
    [
      { kind: 'minimumDate', date: localDate(2026, 11, 23) },
      ['23/11/2026', '01/01/2027'],
      ['22/11/2026', '31/02/2027'],
      MESSAGE_KEYS.minimumDate,
    ],
    [
      { kind: 'maximumDate', date: localDate(2027, 2, 21) },
      ['21/02/2027'],
      ['22/02/2027', '2027-02-01'],
      MESSAGE_KEYS.maximumDate,
    ],
    [{ kind: 'match', pattern: /^\d{6}$/ }, ['018956'], ['18956'], MESSAGE_KEYS.pattern],
    [{ kind: 'cardExpiry' }, ['11-26', '01-27'], ['10-26', '13-27', '1126'], MESSAGE_KEYS.cardExpired],
    [{ kind: 'expiryFormat' }, ['12-30'], ['00-30', '1-30', '12/30'], MESSAGE_KEYS.cardExpiryInvalid],
  ])('%j: accepts %j, refuses %j with its key', (rule, good, bad, key) => {
    for (const value of good) expect(check(value, rule), String(value)).toEqual({ valid: true });
    for (const value of bad)
      expect(check(value, rule), String(value)).toEqual({ valid: false, messageKey: key });
  });

  it('lets empty values pass every rule but required', () => {
    const rules: TRule[] = [{ kind: 'email' }, { kind: 'minimum', value: 5 }, { kind: 'cardExpiry' }];
    for (const empty of ['', '   ', null, undefined])
      expect(validateField(empty, rules, context)).toEqual({ valid: true });
    expect(validateField(undefined, [{ kind: 'required', messageKey: 'x.required' }], context)).toEqual({
      valid: false,
      messageKey: 'x.required',
    });
  });

  it('stops at the first failing rule, whose key wins', () => {
    const rules: TRule[] = [
      { kind: 'required', messageKey: MESSAGE_KEYS.birthDateRequired },
      { kind: 'match', pattern: /^\d{2}\/\d{2}\/\d{4}$/, messageKey: MESSAGE_KEYS.birthDateInvalid },
      { kind: 'maximumDate', date: localDate(2008, 11, 23), messageKey: MESSAGE_KEYS.birthDateBelow18 },
    ];
    expect(validateField('', rules, context)).toEqual({
      valid: false,
      messageKey: MESSAGE_KEYS.birthDateRequired,
    });
    expect(validateField('1/1/2000', rules, context)).toEqual({
      valid: false,
      messageKey: MESSAGE_KEYS.birthDateInvalid,
    });
    expect(validateField('24/11/2008', rules, context)).toEqual({
      valid: false,
      messageKey: MESSAGE_KEYS.birthDateBelow18,
    });
    expect(validateField('23/11/2008', rules, context)).toEqual({ valid: true });
  });

  it('leaves a field with an unknown rule unvalidated and reports it', () => {
    const unknown = { kind: 'telepathy' } as unknown as TRule;
    expect(validateField('x', [unknown], context)).toEqual({ valid: true, unsupported: 'telepathy' });
  });

  it('reads card expiry dates', () => {
    expect(parseExpiry('02-29')).toEqual({ month: 2, year: 2029 });
    expect(isExpiryInPast({ month: 11, year: 2026 }, context.today)).toBe(false);
    expect(isExpiryInPast({ month: 12, year: 2025 }, context.today)).toBe(true);
  });
});
