import type { ReactNode } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError } from '../back-office-api';

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
