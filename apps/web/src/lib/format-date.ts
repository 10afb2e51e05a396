import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TLanguage } from '@lionrock/domain/environment/language';

const FORMATTERS = new Map<TLanguage, Intl.DateTimeFormat>();

/**
 * A date as people read it ("23 Nov 2026", "2026年11月23日"): unambiguous whatever order the browser's
 * own date input uses. The wire keeps DD/MM/YYYY.
 */
export function formatDisplayDate(date: TLocalDate, lang: TLanguage): string {
  let formatter = FORMATTERS.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    FORMATTERS.set(lang, formatter);
  }
  return formatter.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}
