import { type FormEvent, type ReactNode, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';

/** One field of a partner form: a labelled input or select, its hint and its error (announced). */
export type TFieldSpec = {
  key: string;
  label: string;
  hint?: string;
  type?: 'text' | 'number' | 'checkbox' | 'email' | 'tel';
  options?: readonly string[];
  wide?: boolean;
};
type TValues = Record<string, string | number | boolean>;

export const problemOf = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';

/**
 * A small form for agents, sub-agents and agent campaigns: checks with the domain's rules (`check`)
 * before sending, shows the server's field error beside its field, and reports when it saved.
 */
export function PartnerForm({
  heading,
  fields,
  initial,
  check,
  send,
  onSaved,
  onCancel,
  submitLabel = 'Save',
}: {
  heading: string;
  fields: TFieldSpec[];
  initial: TValues;
  check: (values: TValues) => Record<string, string | undefined>;
  send: { method: 'POST' | 'PUT'; path: string; body?: (values: TValues) => unknown };
  onSaved: () => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const id = useId();
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = Object.fromEntries(Object.entries(check(values)).filter(([, message]) => message));
    setErrors(checked);
    setFormError('');
    const first = Object.keys(checked)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await backOfficeCall(send.method, send.path, send.body ? send.body(values) : values);
      onSaved();
    } catch (caught) {
      if (
        caught instanceof BackOfficeError &&
        caught.field &&
        fields.some((field) => field.key === caught.field)
      )
        setErrors({ [caught.field]: caught.message });
      else setFormError(problemOf(caught));
    } finally {
      setSaving(false);
    }
  };

  const control = (field: TFieldSpec): ReactNode => {
    const inputId = `${id}-${field.key}`;
    const described = [field.hint ? `${inputId}-hint` : '', errors[field.key] ? `${inputId}-error` : '']
      .filter(Boolean)
      .join(' ');
    const common = {
      id: inputId,
      ...(described ? { 'aria-describedby': described } : {}),
      ...(errors[field.key] ? { 'aria-invalid': true as const } : {}),
    };
    const value = values[field.key];
    if (field.type === 'checkbox')
      return (
        <input
          {...common}
          type="checkbox"
          checked={Boolean(value)}
          onChange={(event) => setValues({ ...values, [field.key]: event.target.checked })}
        />
      );
    if (field.options)
      return (
        <select
          {...common}
          className={shell.input}
          value={String(value)}
          onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
        >
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    return (
      <input
        {...common}
        className={shell.input}
        type={field.type ?? 'text'}
        {...(field.type === 'number' ? { inputMode: 'numeric' as const } : {})}
        value={String(value ?? '')}
        onChange={(event) =>
          setValues({
            ...values,
            [field.key]: field.type === 'number' ? Number(event.target.value) : event.target.value,
          })
        }
      />
    );
  };

  return (
    <form className={shell.card} onSubmit={submit} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>{heading}</h2>
      <div className={styles.grid}>
        {fields.map((field) => (
          <div key={field.key} className={`${shell.field} ${field.wide ? styles.wide : ''}`}>
            <label className={shell.label} htmlFor={`${id}-${field.key}`}>
              {field.label}
            </label>
            {field.hint ? (
              <p className={shell.hint} id={`${id}-${field.key}-hint`}>
                {field.hint}
              </p>
            ) : null}
            {control(field)}
            {errors[field.key] ? (
              <p className={shell.error} id={`${id}-${field.key}-error`} role="alert">
                {errors[field.key]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {formError ? (
        <p className={shell.formError} role="alert">
          {formError}
        </p>
      ) : null}
      <div className={styles.row}>
        <button className={shell.primary} type="submit" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button className={shell.secondary} type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
