import { describe, expect, it } from 'vitest';
import { redactLogObject, scrubText } from './redaction.ts';

describe('log redaction', () => {
  it('scrubs personal data inside free text', () => {
    expect(
      scrubText(
        'S1234567D, f1234567n, A123456(3), AB987654 (1), jane@x.example, 4111 1111 1111 1111, 98765432',
      ),
    ).toBe('[nric], [nric], [hkid], [hkid], [email], [card], [number]');
    expect(scrubText('card_cvn=123 and cvv: 9876')).toBe('card_cvn=[cvv] and cvv=[cvv]');
    expect(scrubText('policy TSG26-0001234 for S$45.50')).toBe('policy TSG26-0001234 for S$45.50');
    expect(scrubText('K9876545 and job e1234567-6170-461c-b326-31019b2f8f62')).toBe(
      '[hkid] and job e1234567-6170-461c-b326-31019b2f8f62',
    );
  });

  it('passes the per-request line through untouched', () => {
    const line = { req: { method: 'GET', url: '/x', id: 'r1' }, status: 200, ms: 1.2 };
    expect(redactLogObject(line)).toBe(line);
  });

  it('redacts sensitive keys at any depth and scrubs strings, errors included', () => {
    const error = Object.assign(new Error('no policy for S1234567D'), { hkId: 'A123456(3)', code: 'X1' });
    const redacted = redactLogObject({
      policy: {
        applicant: { fullName: 'TAN AH KOW', hkId: 'S1234567D', email: 'a@b.example', note: 'call 91234567' },
      },
      list: [{ cardNumber: '4111111111111111' }, 'mail c@d.example'],
      when: new Date(0),
      count: 3,
      err: error,
    });
    expect(redacted).toMatchObject({
      policy: {
        applicant: { fullName: '[redacted]', hkId: '[redacted]', email: '[redacted]', note: 'call [number]' },
      },
      list: [{ cardNumber: '[redacted]' }, 'mail [email]'],
      when: new Date(0),
      count: 3,
      err: { type: 'Error', message: 'no policy for [nric]', hkId: '[redacted]', code: 'X1' },
    });
    expect(JSON.stringify(redacted)).not.toMatch(/S1234567D|A123456|4111/);
  });

  it('stops at a sensible depth instead of walking forever', () => {
    let deep: Record<string, unknown> = { leaf: 'S1234567D' };
    for (let level = 0; level < 12; level += 1) deep = { next: deep };
    expect(JSON.stringify(redactLogObject({ deep }))).toContain('[too deep]');
  });
});
