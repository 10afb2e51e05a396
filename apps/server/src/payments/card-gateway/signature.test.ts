import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDataToSign,
  formatSignedDateTime,
  signableText,
  signFields,
  UnsignableFieldError,
  verifySignature,
} from './signature.ts';

const SECRET = 'f1e2d3c4b5a6978877665544332211000112233445566778899aabbccddeeff0';

describe('Secure Acceptance signatures', () => {
  const fields = {
    access_key: 'ak1',
    profile_id: 'PROFILE1',
    amount: '45.50',
    currency: 'SGD',
    reference_number: 'PTR-2611-00001',
    signed_field_names: 'access_key,profile_id,amount,currency,reference_number,signed_field_names',
  };

  it('signs name=value pairs in the order signed_field_names lists', () => {
    expect(buildDataToSign(fields)).toBe(
      'access_key=ak1,profile_id=PROFILE1,amount=45.50,currency=SGD,reference_number=PTR-2611-00001,' +
        'signed_field_names=access_key,profile_id,amount,currency,reference_number,signed_field_names',
    );
    const expected = createHmac('sha256', SECRET).update(buildDataToSign(fields)).digest('base64');
    expect(signFields(fields, SECRET)).toBe(expected);
  });

  it('verifies a genuine signature and refuses an altered field, a wrong key or a list that does not sign itself', () => {
    const signed = { ...fields, signature: signFields(fields, SECRET) };
    expect(verifySignature(signed, SECRET)).toBe(true);
    expect(verifySignature({ ...signed, amount: '4.55' }, SECRET)).toBe(false);
    expect(verifySignature(signed, `${SECRET}x`)).toBe(false);
    expect(verifySignature({ ...fields }, SECRET)).toBe(false);
    const partial = { amount: '1.00', signed_field_names: 'amount' };
    const partialMac = createHmac('sha256', SECRET).update(buildDataToSign(partial)).digest('base64');
    expect(verifySignature({ ...partial, signature: partialMac }, SECRET)).toBe(false);
    expect(() => signFields(partial, SECRET)).toThrow(UnsignableFieldError);
    expect(verifySignature({ ...signed, signature: 'short' }, SECRET)).toBe(false);
  });

  it('fails for any change of any signed value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(fields).filter((key) => key !== 'signed_field_names')),
        fc.string({ minLength: 1, maxLength: 8 }),
        (name, suffix) => {
          const signed = { ...fields, signature: signFields(fields, SECRET) };
          return !verifySignature(
            { ...signed, [name]: `${signed[name as keyof typeof fields]}${suffix}` },
            SECRET,
          );
        },
      ),
    );
  });

  it('formats signed_date_time as UTC without milliseconds', () => {
    expect(formatSignedDateTime(new Date('2026-11-23T06:01:02.345Z'))).toBe('2026-11-23T06:01:02Z');
  });

  it('makes customer-typed text signable: separators and control characters become one space', () => {
    expect(signableText('TAN,decision=ACCEPT')).toBe('TAN decision ACCEPT');
    expect(signableText(' 1 Main St,\n\r\u0000#02-03 = \u2028x ')).toBe('1 Main St #02-03 x');
    expect(signableText('王小明')).toBe('王小明');
  });

  it('refuses to sign a value that could be re-split, whatever the field', () => {
    const sign = (change: Record<string, string>) => () =>
      signFields(
        {
          ...fields,
          ...change,
          signed_field_names: `${Object.keys({ ...fields, ...change })
            .filter((name) => name !== 'signed_field_names')
            .join(',')},signed_field_names`,
        },
        SECRET,
      );
    expect(sign({ reference_number: 'PTR,amount=0.01' })).toThrow(UnsignableFieldError);
    expect(sign({ reference_number: 'PTR=1' })).toThrow(UnsignableFieldError);
    expect(sign({ bill_to_forename: 'TAN\nWEI' })).toThrow(UnsignableFieldError);
    expect(sign({ bill_to_forename: 'TAN\u0085WEI' })).toThrow(UnsignableFieldError);
    // A comma only inside a list of field names (transaction_type=sale,create_payment_token).
    expect(sign({ bill_to_forename: 'TAN, WEI' })).toThrow(UnsignableFieldError);
    expect(sign({ transaction_type: 'sale,create_payment_token' })).not.toThrow();
    // Names: well formed, listed once, present.
    expect(() =>
      signFields({ ...fields, signed_field_names: `${fields.signed_field_names},amount` }, SECRET),
    ).toThrow('listed twice');
    expect(() =>
      signFields({ ...fields, signed_field_names: `x y,${fields.signed_field_names}`, 'x y': '1' }, SECRET),
    ).toThrow('not a field name');
    expect(() =>
      signFields({ ...fields, signed_field_names: `absent,${fields.signed_field_names}` }, SECRET),
    ).toThrow('missing');
  });

  it('refuses a genuine HMAC over fields that could not have been signed', () => {
    const mac = (value: Record<string, string>) =>
      createHmac('sha256', SECRET).update(buildDataToSign(value)).digest('base64');
    const twice = { ...fields, signed_field_names: `${fields.signed_field_names},amount` };
    expect(verifySignature({ ...twice, signature: mac(twice) }, SECRET)).toBe(false);
    const withEquals = { ...fields, reference_number: 'PTR,decision=ACCEPT' };
    expect(verifySignature({ ...withEquals, signature: mac(withEquals) }, SECRET)).toBe(false);
    const oddName = { ...fields, 'x y': '1', signed_field_names: `x y,${fields.signed_field_names}` };
    expect(verifySignature({ ...oddName, signature: mac(oddName) }, SECRET)).toBe(false);
    // A gateway's message may hold commas: they cannot move a boundary, so the answer is believed.
    const message = {
      ...fields,
      message: 'Decline, general decline of the card.',
      signed_field_names: `message,${fields.signed_field_names}`,
    };
    expect(verifySignature({ ...message, signature: mac(message) }, SECRET)).toBe(true);
  });
});
