import { type BaseSyntheticEvent, type ReactNode, useEffect, useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import shell from './back-office.module.css';
import { BackOfficeError } from './back-office-api';

/**
 * The back office's one form kit (issue 28, decision 123): react-hook-form holding what the staff
 * member types, checked with the domain's zod schema of the request (the one the server's route checks
 * too), every problem at once on the field it names, focus on the first; a server's refusal naming a
 * field is shown on that field, any other above the button. Forms of the back office and the desk are
 * built from `useStaffForm`, `FormField` and `FormMessages`.
 */

/** One problem the domain's schema finds, as a form is asked to word it. */
export type TFormIssue = {
  /** The field's path in the form (`travel.departureDate`). */
  path: string;
  code: string;
  minimum?: unknown;
  maximum?: unknown;
  /** What kind of value a bound is of (`string`, `number`, `date`). */
  origin?: unknown;
  /** The schema's own words: a domain rule's message (a refine's), else zod's. */
  message?: string;
};

/** Words for a problem nobody worded: the schema's bounds, said plainly. */
export function plainProblem(issue: TFormIssue): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number')
    return `Use at most ${issue.maximum} characters.`;
  if (issue.code === 'too_small' && issue.minimum === 1) return 'Fill this in.';
  if (issue.code === 'too_small' && typeof issue.minimum === 'number')
    return `Use at least ${issue.minimum} characters.`;
  return 'Check this field.';
}

/**
 * A resolver checking the request the form would send against the domain's schema: every problem at
 * once, each on the field its path names (nested paths nest, as react-hook-form keeps them).
 */
export function schemaResolver<TForm extends FieldValues>(
  schema: z.ZodType,
  toRequest: (values: TForm) => unknown,
  messageOf: (issue: TFormIssue) => string,
): Resolver<TForm> {
  return async (values) => {
    const parsed = schema.safeParse(toRequest(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      let holder = errors;
      for (const key of path.slice(0, -1)) {
        holder[key] ??= {};
        holder = holder[key] as Record<string, unknown>;
      }
      const last = path.at(-1) ?? 'root';
      holder[last] ??= {
        type: issue.code,
        message: messageOf({ ...(issue as Omit<TFormIssue, 'path'>), path: path.join('.') }),
      } satisfies FieldError;
    }
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}

/** Every field path a form's default values hold (`home.effectiveDate`): where a refusal may land. */
export function fieldPathsOf(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) =>
    fieldPathsOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The message of anything a send threw: the server's words, or the connection's. */
export const problemOf = (caught: unknown) =>
  caught instanceof BackOfficeError
    ? caught.message
    : caught instanceof Error
      ? caught.message
      : 'Something went wrong. Please try again.';

export type TStaffForm<TForm extends FieldValues, TRequest> = UseFormReturn<TForm> & {
  /** A refusal that names no field of the form (said above the button). */
  formError: string;
  /** What the last send achieved (said politely to screen readers). */
  done: string;
  setDone: (text: string) => void;
  /** A submit handler: the values checked, `send` given the request (a text it answers is said), refusals placed. */
  submitWith: (
    send: (request: TRequest, values: TForm) => Promise<unknown>,
  ) => (event?: BaseSyntheticEvent) => void;
  /** A prefix for the ids of this form's fields. */
  idPrefix: string;
};

/**
 * One back-office form: the values as typed, checked with the domain's schema of the request. `send`
 * gets the request as the schema parsed it (trimmed, coerced) and may answer the text to say once it
 * is done; a server refusal lands on the field it names (its path in the request, which is the form's,
 * or one of `aliases`) or above the button.
 */
export function useStaffForm<TForm extends FieldValues, TRequest = unknown>(options: {
  defaultValues: DefaultValues<TForm>;
  schema: z.ZodType<TRequest>;
  /** The request the form's values make (the values themselves when the form mirrors the request). */
  toRequest?: (values: TForm) => unknown;
  /** The words for each field's problem, by path; the rest in plain words from the schema's bounds. */
  messages?: Partial<Record<string, string>> | ((issue: TFormIssue) => string | undefined);
  /** Server field names (or their beginnings) that are another name for one of the form's fields. */
  aliases?: Record<string, Path<TForm>>;
}): TStaffForm<TForm, TRequest> {
  const { schema, messages, aliases } = options;
  const toRequest = options.toRequest ?? ((values: TForm) => values);
  const idPrefix = useId();
  const messageOf = (issue: TFormIssue) =>
    (typeof messages === 'function' ? messages(issue) : messages?.[issue.path]) ?? plainProblem(issue);
  const form = useForm<TForm>({
    defaultValues: options.defaultValues,
    resolver: schemaResolver<TForm>(schema, toRequest, messageOf),
  });
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const fields = fieldPathsOf(options.defaultValues);

  const submitWith =
    (send: (request: TRequest, values: TForm) => Promise<unknown>) => (event?: BaseSyntheticEvent) =>
      void form.handleSubmit(async (values) => {
        setFormError('');
        setDone('');
        try {
          const said = await send(schema.parse(toRequest(values)), values);
          if (typeof said === 'string') setDone(said);
        } catch (caught) {
          const message = problemOf(caught);
          const named = caught instanceof BackOfficeError ? caught.field : undefined;
          const field = named
            ? fields.includes(named)
              ? named
              : (Object.entries(aliases ?? {}).find(([alias]) => named.startsWith(alias))?.[1] ??
                fields.find((path) => named.startsWith(`${path}.`)))
            : undefined;
          if (field) form.setError(field as Path<TForm>, { type: 'server', message }, { shouldFocus: true });
          else setFormError(message);
        }
      })(event);

  return { ...form, formError, done, setDone, submitWith, idPrefix };
}

/**
 * A load's refusal that names one of the form's fields (a search's filter, sent through the URL and
 * refused by the server) said on that field, with the focus there. True when it was, so the page does
 * not say it again above.
 */
export function useRefusalOnField<TForm extends FieldValues>(
  form: Pick<UseFormReturn<TForm>, 'setError' | 'formState'>,
  refusal: { field: string | null; message: string | null },
): boolean {
  const field =
    refusal.field && fieldPathsOf(form.formState.defaultValues).includes(refusal.field)
      ? refusal.field
      : null;
  const { setError } = form;
  const { message } = refusal;
  useEffect(() => {
    if (field && message) setError(field as Path<TForm>, { type: 'server', message }, { shouldFocus: true });
  }, [field, message, setError]);
  return field !== null && message !== null;
}

/** What a field's control is given: its id, its look, and whether (and where) its problem is said. */
export type TControlProps = {
  id: string;
  className: string | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/** The id of a form's field: the form's prefix and the field's path, dots as dashes. */
export const controlIdOf = (idPrefix: string, name: string) => `${idPrefix}-${name.replaceAll('.', '-')}`;

/**
 * One labelled field of a back-office form, its hint and its problem (from the domain's check or the
 * server's) tied to the control. The control is the caller's (`children`), given its id and aria.
 */
export function FormField<TForm extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  children,
}: {
  /** The form's id prefix and problems: react-hook-form's `formState.errors` (no FormProvider: its
   * context would stay in the landing's chunk, where the shop's react-hook-form lives). */
  form: { idPrefix: string; formState: { errors: FieldErrors<TForm> } };
  name: Path<TForm>;
  label: string;
  hint?: string | undefined;
  className?: string | undefined;
  children: (props: TControlProps) => ReactNode;
}) {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  const id = controlIdOf(form.idPrefix, name);
  const described = [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `${shell.field} ${className}` : shell.field}>
      <label className={shell.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={shell.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        className: shell.input,
        'aria-invalid': Boolean(error),
        'aria-describedby': described || undefined,
      })}
      {error?.message ? (
        <p className={shell.error} id={`${id}-error`} role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Above or beside a form's button: that fields need looking at (read to screen readers), a refusal
 * naming no field, and what the last send did.
 */
export function FormMessages({
  form,
  problems = 'Check the marked fields.',
}: {
  form: { formError: string; done: string; formState: { errors: FieldErrors<FieldValues> } };
  problems?: string;
}) {
  const hasProblems = Object.keys(form.formState.errors).length > 0;
  return (
    <>
      {hasProblems ? (
        <p className={shell.formError} role="status">
          {problems}
        </p>
      ) : null}
      {form.formError ? (
        <p className={shell.formError} role="alert">
          {form.formError}
        </p>
      ) : null}
      {form.done ? (
        <p className={shell.done} role="status">
          {form.done}
        </p>
      ) : null}
    </>
  );
}
