import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import styles from './home.module.css';

/**
 * A rule's message key as the page shows it. The start-date keys are personal accident's
 * (`paErrorMessage.*`, shared by the annual products' rules); home has its own copy of their texts so
 * its pages never depend on another product's catalogue (decision 059).
 */
export function useMessageText() {
  const { t, exists } = useTranslation();
  return (key: string | undefined) => {
    if (!key) return undefined;
    if (exists(key)) return t(key);
    const own = key.replace(/^paErrorMessage\./, 'homeErrorMessage.');
    return exists(own) ? t(own) : t('validation.required');
  };
}

function describedBy(id: string, hint: boolean, error: boolean) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.error}>
      {error}
    </p>
  ) : null;
}

/** A group of radio buttons with its legend, hint and error. */
export function RadioField<T extends string>({
  name,
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  wide,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string | undefined;
  wide?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      className={`${styles.field} ${wide ? styles.wide : ''}`}
      aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
      data-field={name}
    >
      <legend className={styles.label}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

/** A labelled control (select or input) with its hint and error; `render` receives the control's ids. */
export function Field({
  label,
  hint,
  error,
  wide,
  name,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  wide?: boolean;
  name: string;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`} data-field={name}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy: describedBy(id, Boolean(hint), Boolean(error)), invalid: Boolean(error) })}
      <FieldMessage id={id} error={error} />
    </div>
  );
}
