import {
  addDays,
  addMonths,
  compareDates,
  daysInMonth,
  formatIso,
  type TLocalDate,
} from '@lionrock/domain/dates/local-date';
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type TI18nLanguage, useTranslation } from '../../lib/i18n';
import styles from './date-field-calendar.module.css';
import { Modal } from './modal';

/** The page's language as Intl names it: month and weekday names come from the browser, in that language. */
const LOCALES: Record<TI18nLanguage, string> = {
  en: 'en-GB',
  'zh-Hans': 'zh-Hans-SG',
  'zh-Hant': 'zh-Hant-HK',
};

/** A calendar date as Intl takes it (noon UTC: the same day in every zone Intl may format in). */
const instantOf = ({ year, month, day }: TLocalDate) => new Date(Date.UTC(year, month - 1, day, 12));

/** 0 for Sunday: the week starts on Sunday, as Singapore's and Hong Kong's calendars print it. */
const weekdayOf = (date: TLocalDate) => instantOf(date).getUTCDay();

function clamp(date: TLocalDate, earliest?: TLocalDate | null, latest?: TLocalDate | null): TLocalDate {
  if (earliest && compareDates(date, earliest) < 0) return earliest;
  if (latest && compareDates(date, latest) > 0) return latest;
  return date;
}

const monthIndex = ({ year, month }: TLocalDate) => year * 12 + month;

/** The browser's today, where the calendar opens when the field is empty (the bounds are the market's). */
function browserToday(): TLocalDate {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** Where each key moves the focused day (WAI-ARIA date picker dialog): by day, week, month (year with Shift), week's ends. */
function moveOf(event: KeyboardEvent, date: TLocalDate): TLocalDate | null {
  const months = event.shiftKey ? 12 : 1;
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'PageUp':
      return addMonths(date, -months);
    case 'PageDown':
      return addMonths(date, months);
    case 'Home':
      return addDays(date, -weekdayOf(date));
    case 'End':
      return addDays(date, 6 - weekdayOf(date));
    default:
      return null;
  }
}

/**
 * The date field's calendar (date-field.tsx), loaded on its first opening: a dialog with the month and
 * year to choose, and the month's days as buttons in a grid. Arrow keys move by day and week, Page Up
 * and Page Down by month (with Shift by year), Home and End to the week's ends; Enter or Space picks
 * the day, Escape closes; either way the focus goes back to the field's button. Days outside the bounds cannot be picked
 * nor reached. Names of months and days are Intl's in the page's language.
 */
export default function DateFieldCalendar({
  label,
  value,
  earliest,
  latest,
  returnFocus,
  onPick,
  onClose,
}: {
  label: string;
  value: TLocalDate | null;
  earliest?: TLocalDate | null | undefined;
  latest?: TLocalDate | null | undefined;
  /** Focused when the calendar has gone (the field's button). */
  returnFocus: RefObject<HTMLElement | null>;
  onPick: (date: TLocalDate) => void;
  onClose: () => void;
}) {
  const { t, language } = useTranslation();
  const id = useId();
  const [focused, setFocused] = useState(() => clamp(value ?? browserToday(), earliest, latest));
  // The focus follows the focused day when it opens and after a key, not after a choice in a select.
  const focusDay = useRef(true);
  const grid = useRef<HTMLTableElement>(null);
  // After the dialog has left the page (the page behind it is inert while it is open).
  useEffect(() => () => returnFocus.current?.focus(), [returnFocus]);
  // Runs after the dialog (a child) has opened and focused its first control, and after each move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focused day changing is what moves the focus
  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const names = useMemo(() => {
    const locale = LOCALES[language];
    const format = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format;
    // 1 January 2023 was a Sunday.
    const week = Array.from({ length: 7 }, (_, day) => instantOf({ year: 2023, month: 1, day: day + 1 }));
    return {
      day: format({ dateStyle: 'full' }),
      monthYear: format({ month: 'long', year: 'numeric' }),
      // Short in the select, so month and year fit beside the arrows at 375 px; the grid's name is long.
      months: Array.from({ length: 12 }, (_, month) =>
        format({ month: 'short' })(instantOf({ year: 2023, month: month + 1, day: 1 })),
      ),
      weekdays: week.map((date) => [format({ weekday: 'short' })(date), format({ weekday: 'long' })(date)]),
    };
  }, [language]);

  const { year, month } = focused;
  const first = { year, month, day: 1 };
  const length = daysInMonth(year, month);
  const lead = weekdayOf(first);
  const weeks: (TLocalDate | null)[][] = [];
  for (let cell = 0; cell < Math.ceil((lead + length) / 7) * 7; cell += 1) {
    const day = cell - lead + 1;
    if (cell % 7 === 0) weeks.push([]);
    weeks.at(-1)!.push(day >= 1 && day <= length ? { year, month, day } : null);
  }
  const outside = (date: TLocalDate) => clamp(date, earliest, latest) !== date;
  const show = (date: TLocalDate, withFocus: boolean) => {
    focusDay.current = withFocus;
    setFocused(clamp(date, earliest, latest));
  };
  // Another month or year keeps the day where the month has it (31 → 30 in a shorter month).
  const showMonth = (nextYear: number, nextMonth: number) =>
    show(
      { year: nextYear, month: nextMonth, day: Math.min(focused.day, daysInMonth(nextYear, nextMonth)) },
      false,
    );
  const firstYear = earliest?.year ?? year - 100;
  const lastYear = latest?.year ?? year + 10;

  return (
    <Modal open onClose={onClose} title={t('dateField.choose', { field: label })} size="small">
      <div className={styles.head}>
        <button
          type="button"
          className={styles.step}
          aria-label={t('dateCalendar.previousMonth')}
          disabled={Boolean(earliest) && monthIndex(focused) <= monthIndex(earliest!)}
          onClick={() => show(addMonths(focused, -1), false)}
        >
          ‹
        </button>
        <label className="visually-hidden" htmlFor={`${id}-month`}>
          {t('dateCalendar.month')}
        </label>
        <select
          id={`${id}-month`}
          className={styles.select}
          value={month}
          onChange={(event) => showMonth(year, Number(event.target.value))}
        >
          {names.months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-year`}>
          {t('dateCalendar.year')}
        </label>
        <select
          id={`${id}-year`}
          className={styles.select}
          value={year}
          onChange={(event) => showMonth(Number(event.target.value), month)}
        >
          {Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.step}
          aria-label={t('dateCalendar.nextMonth')}
          disabled={Boolean(latest) && monthIndex(focused) >= monthIndex(latest!)}
          onClick={() => show(addMonths(focused, 1), false)}
        >
          ›
        </button>
      </div>
      <p className={styles.help} id={`${id}-help`}>
        {t('dateCalendar.keys')}
      </p>
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker's days are a table made a grid
        role="grid"
        className={styles.grid}
        aria-label={names.monthYear(instantOf(first))}
        aria-describedby={`${id}-help`}
        onKeyDown={(event) => {
          const next = moveOf(event, focused);
          if (!next) return;
          event.preventDefault();
          show(next, true);
        }}
      >
        <thead>
          <tr>
            {names.weekdays.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={formatIso(week.find(Boolean)!)}>
              {week.map((date, index) =>
                date ? (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a table grid's cell is a gridcell, selected or not
                  <td key={date.day} aria-selected={value !== null && compareDates(date, value) === 0}>
                    <button
                      type="button"
                      className={styles.day}
                      tabIndex={date.day === focused.day ? 0 : -1}
                      disabled={outside(date)}
                      aria-label={names.day(instantOf(date))}
                      onClick={() => onPick(date)}
                    >
                      {date.day}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blank days before and after the month have no date
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
