import type { ReactNode } from 'react';
import { type FieldError, type FieldErrors, get } from 'react-hook-form';
import shell from '../back-office.module.css';
import type { TDeskQuoteForm } from './desk-quote-form';

/** What a field's control is given: its id, its look, and whether (and where) its problem is said. */
export type TControlProps = {
  id: string;
  className: string | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/** The id of a field's control: its name with dots as dashes (`cq-travel-departureDate`). */
export const controlIdOf = (name: string) => `cq-${name.replaceAll('.', '-')}`;

/**
 * One labelled field of the desk's quote form; its problem, from the domain's check or the server's,
 * is shown beneath it and tied to the control.
 */
export function QuoteField({
  name,
  label,
  errors,
  children,
}: {
  name: string;
  label: string;
  /** The form's problems (react-hook-form's `formState.errors`), given rather than read from a context:
   * its FormProvider would stay in the landing's chunk, where the shop's react-hook-form lives. */
  errors: FieldErrors<TDeskQuoteForm>;
  children: (props: TControlProps) => ReactNode;
}) {
  const error = get(errors, name) as FieldError | undefined;
  const id = controlIdOf(name);
  return (
    <div className={shell.field}>
      <label className={shell.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: shell.input,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error?.message ? (
        <p className={shell.error} id={`${id}-error`} role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
