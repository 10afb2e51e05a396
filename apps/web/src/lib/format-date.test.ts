import { addDays, localDate } from '@lionrock/domain/dates/local-date';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './format-date';

describe('formatDisplayDate', () => {
  it('writes a date as Intl does for en-GB and zh-CN, every day of a leap year', () => {
    const intl = (lang: 'en' | 'zh') =>
      new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const formatters = { en: intl('en'), zh: intl('zh') };
    for (let offset = 0; offset < 366; offset += 1) {
      const date = addDays(localDate(2028, 1, 1), offset);
      const instant = new Date(Date.UTC(date.year, date.month - 1, date.day));
      for (const lang of ['en', 'zh'] as const)
        expect(formatDisplayDate(date, lang)).toBe(formatters[lang].format(instant));
    }
  });

  it('reads as the customer expects', () => {
    expect(formatDisplayDate(localDate(2026, 11, 23), 'en')).toBe('23 Nov 2026');
    expect(formatDisplayDate(localDate(2026, 9, 5), 'en')).toBe('5 Sept 2026');
    expect(formatDisplayDate(localDate(2026, 11, 23), 'zh')).toBe('2026年11月23日');
  });
});
