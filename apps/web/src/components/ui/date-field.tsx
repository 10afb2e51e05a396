import { formatDmy, formatIso, parseDmy, parseIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadPageTexts, useTranslation } from '../../lib/i18n';
import styles from './date-field.module.css';

// The calendar and its texts (the pages' part of the catalogue) load on its first opening: the
// landing's first render carries only the text field (decision 022).
const DateFieldCalendar = lazy(() =>
  Promise.all([import('./date-field-calendar'), loadPageTexts()]).then(([module]) => module),
);

/**
 * What the field tells its caller, shaped as react-hook-form's `register` handlers read an event: the
 * date in ISO (`value`) and the text as shown (`text`).
 */
export type TDateFieldEvent = {
  target: { name: string; value: string; text: string };
  type: 'change' | 'blur';
};

/**
 * Text as the customer types it, in DD/MM/YYYY's shape as it goes: digits only, a slash put in after the
 * day and the month while the text grows (a typed slash is taken where it belongs), a one-digit day or
 * month closed by a slash padded ("1/" → "01/"), a pasted ISO date written out. Text already in that
 * shape is left as it is, so an edit inside it keeps its place.
 */
export function maskDateText(raw: string, growing: boolean): string {
  const iso = parseIso(raw.trim());
  if (iso) return formatDmy(iso);
  let text = growing
    ? raw.replace(/(^|\/)([1-9])\/$/, (_, before: string, digit: string) => `${before}0${digit}/`)
    : raw;
  if (!/^(\d{0,2}|\d{1,2}\/\d{0,2}|\d{1,2}\/\d{1,2}\/\d{0,4})$/.test(text)) {
    const digits = raw.replace(/\D/g, '').slice(0, 8);
    text = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
  }
  return growing && /^\d\d(\/\d\d)?$/.test(text) ? `${text}/` : text;
}

/** The date a DD/MM/YYYY text names (a day or month of one digit allowed), or null. */
export function dateOfText(text: string): TLocalDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return match ? parseDmy(`${match[1]!.padStart(2, '0')}/${match[2]!.padStart(2, '0')}/${match[3]}`) : null;
}

/** The value a text stands for: the date in ISO, or '' until it is one (as the native date input gave). */
const isoOf = (text: string) => {
  const date = dateOfText(text);
  return date ? formatIso(date) : '';
};

/** The text a value shows: an ISO date as DD/MM/YYYY, anything else (a text that is no date yet) as it is. */
const textOf = (iso: string) => {
  const date = parseIso(iso);
  return date ? formatDmy(date) : iso;
};

export type TDateFieldProps = {
  id: string;
  /** The field's label (the caller's `<label htmlFor={id}>` shows it), also naming the button and the calendar. */
  label: string;
  name?: string | undefined;
  /** The date as YYYY-MM-DD, '' for none. */
  value: string;
  earliest?: TLocalDate | null | undefined;
  latest?: TLocalDate | null | undefined;
  onChange: (event: TDateFieldEvent) => unknown;
  onBlur?: ((event: TDateFieldEvent) => unknown) | undefined;
  /** The text input itself (to focus it, or to ask whether it is in the page). */
  inputRef?: ((input: HTMLInputElement | null) => void) | undefined;
  className?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
};

/**
 * The shop's one date field (issue 29): a text input showing and taking DD/MM/YYYY in every language,
 * and a "Choose date" button opening a calendar worked by keyboard (date-field-calendar.tsx). Its value
 * is ISO, as the native date inputs it replaced gave (react-hook-form's `register`: date-field-registered.tsx).
 * The calendar offers only the days from `earliest` to `latest`; a typed date outside them is passed on,
 * for the caller's rule to word.
 */
export function DateField({
  id,
  label,
  name = id,
  value,
  earliest,
  latest,
  onChange,
  onBlur,
  inputRef,
  className,
  required,
  disabled,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: TDateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => textOf(value));
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A value the caller changed is shown; the text of one this field reported (an unfinished one is '') stays.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== isoOf(text)) setText(textOf(value));
  }

  const event = (type: TDateFieldEvent['type'], next: string): TDateFieldEvent => ({
    target: { name, value: isoOf(next), text: next },
    type,
  });
  const update = (next: string) => {
    setText(next);
    if (next !== text) onChange(event('change', next));
  };
  const type = (raw: string) => update(maskDateText(raw, raw.length > text.length));

  // A date typed into the server's drawing of the page, before the app took it over, is kept; a press
  // on its calendar button then (marked by the page's early-click script, prerender.tsx) opens it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field is first in the page
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) type(typed);
    if (button.current?.hasAttribute('data-early-clicked')) {
      button.current.removeAttribute('data-early-clicked');
      setOpen(true);
    }
  }, []);

  return (
    <div className={styles.field}>
      <input
        id={id}
        ref={(node) => {
          input.current = node;
          inputRef?.(node);
        }}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('dateField.placeholder')}
        className={className}
        name={name}
        value={text}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(change) => type(change.target.value)}
        onBlur={() => {
          const date = dateOfText(text);
          if (date) setText(formatDmy(date));
          onBlur?.(event('blur', text));
        }}
      />
      <button
        ref={button}
        type="button"
        className={styles.choose}
        disabled={disabled}
        aria-haspopup="dialog"
        data-early-click=""
        onClick={() => setOpen(true)}
      >
        <span className="visually-hidden">{t('dateField.choose', { field: label })}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DateFieldCalendar
            label={label}
            value={dateOfText(text)}
            earliest={earliest}
            latest={latest}
            returnFocus={button}
            onPick={(date) => {
              update(formatDmy(date));
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
