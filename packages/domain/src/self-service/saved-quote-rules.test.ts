import { describe, expect, it } from 'vitest';
import {
  isReminderDue,
  optedOutOfMarketing,
  resumeStep,
  SAVED_QUOTE_REMINDER_HOURS,
  SAVED_QUOTE_TOKEN_BYTES,
  SAVED_QUOTE_TOKEN_PATTERN,
  SAVED_QUOTE_VALID_DAYS,
  savedQuoteExpiry,
} from './saved-quote-rules.ts';

const at = new Date('2026-11-01T00:00:00Z');
const hours = (n: number) => new Date(at.getTime() + n * 3_600_000);

describe('saved quote rules', () => {
  it('asks for at least 128 random bits and a link token of that many', () => {
    expect(SAVED_QUOTE_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(SAVED_QUOTE_TOKEN_PATTERN.test('A'.repeat(43))).toBe(true);
    expect(SAVED_QUOTE_TOKEN_PATTERN.test('A'.repeat(42))).toBe(false);
    expect(SAVED_QUOTE_TOKEN_PATTERN.test(`${'A'.repeat(42)}=`)).toBe(false);
  });

  it('expires 30 days after the save', () => {
    expect(savedQuoteExpiry(at).getTime() - at.getTime()).toBe(SAVED_QUOTE_VALID_DAYS * 86_400_000);
  });

  it.each([
    [0, false],
    [SAVED_QUOTE_REMINDER_HOURS - 0.01, false],
    [SAVED_QUOTE_REMINDER_HOURS, true],
    [SAVED_QUOTE_VALID_DAYS * 24 - 1, true],
    [SAVED_QUOTE_VALID_DAYS * 24, false],
  ])('a journey left %d hours ago is due a reminder: %s', (age, due) => {
    expect(isReminderDue(at, hours(age))).toBe(due);
  });

  it('counts only a recorded "no" to marketing as opting out', () => {
    const consent = (given: boolean) => ({ given, at: '', version: 'v1' });
    expect(optedOutOfMarketing({})).toBe(false);
    expect(
      optedOutOfMarketing({
        consents: { declaration1: consent(true), declaration2: consent(true), marketing: consent(false) },
      } as never),
    ).toBe(true);
    expect(
      optedOutOfMarketing({
        consents: { declaration1: consent(true), declaration2: consent(true), marketing: consent(true) },
      } as never),
    ).toBe(false);
  });

  it('reopens an invalid journey at the quote step', () => {
    expect(resumeStep('confirm', true)).toBe('confirm');
    expect(resumeStep('confirm', false)).toBe('quote');
    expect(resumeStep('applicant', false)).toBe('quote');
  });
});
