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
});
