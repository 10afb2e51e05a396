import type { ReactNode } from 'react';
import styles from './check-field.module.css';

/**
 * A checkbox with its label, optional content under the label (links to popups) and its error,
 * announced as it appears and describing the box (the quote page's and the confirm page's consents).
 */
export function CheckField({
  id,
  checked,
  onChange,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** A line under the label that describes the box. */
  hint?: string;
  error?: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        className={styles.box}
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {children}
        {error ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
