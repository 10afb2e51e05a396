import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TLanguage } from '@lionrock/domain/environment/language';

/** en-GB's short month names, as Intl writes them ("Sept" included). */
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A date as people read it ("23 Nov 2026", "2026年11月23日"): unambiguous whatever order the browser's
 * own date input uses. The wire keeps DD/MM/YYYY. Written out rather than by Intl.DateTimeFormat, with
 * the same result (a test compares them): the first date formatter a page builds loads the browser's
 * calendar data, about 50 ms of a throttled phone's main thread on the landing's first render.
 */
export function formatDisplayDate(date: TLocalDate, lang: TLanguage): string {
  return lang === 'zh'
    ? `${date.year}年${date.month}月${date.day}日`
    : `${date.day} ${EN_MONTHS[date.month - 1]} ${date.year}`;
}
