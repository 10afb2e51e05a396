import { describe, expect, it } from 'vitest';
import { openSealedValue, sealValue } from './sealed-values.ts';

describe('sealed values', () => {
  it('opens with the same secret only, and never shows the value', () => {
    const sealed = sealValue('482913', 'secret-a');
    expect(sealed).not.toContain('482913');
    expect(openSealedValue(sealed, 'secret-a')).toBe('482913');
    expect(openSealedValue(sealed, 'secret-b')).toBeNull();
  });

  it('refuses a changed or malformed value', () => {
    const [iv, tag, data] = sealValue('482913', 's').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(openSealedValue([iv, tag, flipped.toString('base64url')].join('.'), 's')).toBeNull();
    expect(openSealedValue('nonsense', 's')).toBeNull();
  });
});
