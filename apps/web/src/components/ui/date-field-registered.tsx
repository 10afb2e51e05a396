import { formatDmy, formatIso, parseDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { useRef, useState } from 'react';
import { DateField, type TDateFieldEvent, type TDateFieldProps } from './date-field';

/** What react-hook-form's `register` ref is given: it reads and writes `value` and focuses the field. */
export type TDateFieldHandle = { name: string; value: string; focus: () => void };

/** The form's value of an ISO date: its own format. */
const fromIso = (iso: string, format: 'iso' | 'dmy') => {
  const date = format === 'dmy' ? parseIso(iso) : null;
  return date ? formatDmy(date) : iso;
};
const toIso = (value: string, format: 'iso' | 'dmy') => {
  const date = format === 'dmy' ? parseDmy(value) : null;
  return date ? formatIso(date) : value;
};

/**
 * The date field registered with react-hook-form: `<RegisteredDateField id label {...register(name)} />`.
 * The form's value is ISO (as the native date inputs gave), '' while the text is no date; or, with
 * `format="dmy"`, DD/MM/YYYY, and the text as typed while it is no date (for the form's rule to word, as
 * a DD/MM/YYYY text field gave it). The form's defaults, `reset` and `setValue` reach the text through
 * the handle the `register` ref is given; a form's error focuses the text input.
 */
export function RegisteredDateField({
  name,
  ref,
  onChange,
  onBlur,
  format = 'iso',
  ...field
}: Omit<TDateFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'> & {
  name: string;
  ref: (handle: TDateFieldHandle | null) => void;
  onChange: (event: TDateFieldEvent) => unknown;
  onBlur: (event: TDateFieldEvent) => unknown;
  format?: 'iso' | 'dmy';
}) {
  // The field's value: ISO, or (`format="dmy"`) the text as typed while it is no date. `latest` is the
  // same, read by react-hook-form between renders.
  const [iso, setIso] = useState('');
  const latest = useRef('');
  const input = useRef<HTMLInputElement | null>(null);
  const [handle] = useState<TDateFieldHandle>(() => ({
    name,
    focus: () => input.current?.focus(),
    get value() {
      return fromIso(latest.current, format);
    },
    set value(next: string) {
      latest.current = toIso(next ?? '', format);
      setIso(latest.current);
    },
  }));
  // The field's value (ISO, or the text itself where the form keeps DD/MM/YYYY and it is no date yet).
  const formValueOf = ({ target }: TDateFieldEvent) =>
    target.value || (format === 'dmy' ? target.text.trim() : '');
  const passOn = (event: TDateFieldEvent): TDateFieldEvent => ({
    ...event,
    target: { ...event.target, name, value: fromIso(formValueOf(event), format) },
  });
  return (
    <DateField
      {...field}
      name={name}
      value={iso}
      inputRef={(node) => {
        input.current = node;
        ref(node ? handle : null);
      }}
      onChange={(event) => {
        latest.current = formValueOf(event);
        setIso(latest.current);
        return onChange(passOn(event));
      }}
      onBlur={(event) => onBlur(passOn(event))}
    />
  );
}
