import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS as K } from '../validation/message-keys.ts';
import { CONSENT_WORDING_VERSION, recordConsent, validateDeclarations, ZConsentsSchema } from './consents.ts';

const none = recordConsent(false, '2026-11-23T06:00:00.000Z');
const noConsents = { declaration1: none, declaration2: none, marketing: none };

describe('consents (pa-home-payments section 5)', () => {
  it('records each consent with its wording version and time', () => {
    expect(recordConsent(true, '2026-11-23T06:00:00.000Z')).toEqual({
      given: true,
      wordingVersion: CONSENT_WORDING_VERSION,
      at: '2026-11-23T06:00:00.000Z',
    });
    expect(recordConsent(false, '2026-11-23T06:00:00.000Z', 'v1')).toEqual({
      given: false,
      wordingVersion: 'v1',
      at: null,
    });
  });

  it('requires both declarations, not marketing', () => {
    expect(validateDeclarations(noConsents)).toEqual({
      declaration1: K.declaration1,
      declaration2: K.declaration2,
    });
    const given = recordConsent(true, '2026-11-23T06:00:00.000Z');
    expect(validateDeclarations({ ...noConsents, declaration1: given, declaration2: given })).toEqual({});
    expect(
      ZConsentsSchema.safeParse({
        ...noConsents,
        marketing: { given: true, wordingVersion: 'x', at: 'yesterday' },
      }).success,
    ).toBe(false);
  });
});
