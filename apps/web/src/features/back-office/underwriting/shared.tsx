import type { ReactNode } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError } from '../back-office-api';
import styles from './underwriting.module.css';

export const problem = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';

/** A labelled field with its hint and its error (announced). */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`${shell.field} ${className ?? ''}`}>
      <label className={shell.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={shell.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className={shell.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p className={shell.loading} role="status">
      {label}
    </p>
  );
}

/** A table's scrolling box: focusable, so the keyboard can scroll it on a narrow screen. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it.
    <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
