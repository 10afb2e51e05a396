import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from '../staff-form';

/** One field of a partner form: a labelled input, select or checkbox, and its hint. */
export type TFieldSpec<TValues extends FieldValues> = {
  key: Path<TValues>;
  label: string;
  hint?: string;
  /** A number is held as the text typed; the form's `toRequest` makes it a number. */
  type?: 'text' | 'number' | 'checkbox' | 'email' | 'tel';
  options?: readonly string[];
  wide?: boolean;
};

/**
 * A small form for agents, sub-agents and agent campaigns, on the back office's form kit: checked with
 * the domain's request schema (the route's) before sending, every problem on its field at once, the
 * server's refusal on the field it names, then `onSaved`.
 */
export function PartnerForm<TValues extends FieldValues, TRequest>({
  heading,
  fields,
  defaultValues,
  schema,
  toRequest,
  messages,
  send,
  onSaved,
  onCancel,
  submitLabel = 'Save',
}: {
  heading: string;
  fields: TFieldSpec<TValues>[];
  defaultValues: DefaultValues<TValues>;
  schema: z.ZodType<TRequest>;
  toRequest?: (values: TValues) => unknown;
  /** The words for each field's problem, by the request's path (as the kit takes them). */
  messages: Partial<Record<string, string>> | ((issue: TFormIssue) => string | undefined);
  send: { method: 'POST' | 'PUT'; path: string };
  onSaved: () => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const form = useStaffForm<TValues, TRequest>({
    defaultValues,
    schema,
    ...(toRequest ? { toRequest } : {}),
    messages,
  });
  const { register } = form;
  const saving = form.formState.isSubmitting;
  const submit = form.submitWith(async (request) => {
    await backOfficeCall(send.method, send.path, request);
    onSaved();
  });

  return (
    <form className={shell.card} onSubmit={submit} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>{heading}</h2>
      <div className={styles.grid}>
        {fields.map((field) => (
          <FormField
            key={field.key}
            form={form}
            name={field.key}
            label={field.label}
            hint={field.hint}
            className={field.wide ? styles.wide : undefined}
          >
            {({ className, ...control }) =>
              field.type === 'checkbox' ? (
                <input {...control} type="checkbox" {...register(field.key)} />
              ) : field.options ? (
                // The saved choice is React's default as well: react-hook-form keeps the shown option
                // of a select that looks changed (every select does where `size` is missing, as in jsdom).
                <select
                  {...control}
                  className={className}
                  defaultValue={String((defaultValues as Record<string, unknown>)[field.key] ?? '')}
                  {...register(field.key)}
                >
                  {field.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...control}
                  className={className}
                  type={field.type ?? 'text'}
                  {...(field.type === 'number' ? { inputMode: 'numeric' as const } : {})}
                  {...register(field.key)}
                />
              )
            }
          </FormField>
        ))}
      </div>
      <FormMessages form={form} />
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
