import { describe, expect, it } from 'vitest';
import { displayEmail } from './contact-display.ts';

describe('an e-mail address as the customer reads it', () => {
  it('is shown in lower case whatever case it is stored in', () => {
    expect(displayEmail('WEIMING.TAN@EXAMPLE.COM')).toBe('weiming.tan@example.com');
    expect(displayEmail(' Mei.Ling@Example.com.sg ')).toBe('mei.ling@example.com.sg');
    expect(displayEmail(undefined)).toBe('');
    expect(displayEmail(null)).toBe('');
  });
});
