import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { ApiCallError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { callErrorKey } from '../../api/checkout-api';
import { useMessage } from './form-field';

/** Message keys by form path (`adult2.id`, `insured.1.hkId`; `root` for the form as a whole). */
export type TFormMessages = Record<string, string>;

/** Message keys by form path as react-hook-form's nested errors. */
export function toFieldErrors<TValues extends FieldValues>(messages: TFormMessages): FieldErrors<TValues> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(messages)) {
    const parts = path.split('.');
    let node = errors;
    parts.slice(0, -1).forEach((part, index) => {
      node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts.at(-1)!] = { type: 'domain', message };
  }
  return errors as FieldErrors<TValues>;
}

/** How many fields show a problem (the summary above the buttons counts them). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  if ('message' in errors && typeof (errors as { message: unknown }).message === 'string') return 1;
  return Object.entries(errors).reduce(
    (total, [key, inner]) => (key === 'root' || key === 'ref' ? total : total + countErrors(inner)),
    0,
  );
}

export type TCheckoutForm<TValues extends FieldValues> = {
  form: UseFormReturn<TValues>;
  /** The message key a field shows, if any. */
  errorOf(path: string): string | undefined;
  /** A refusal for the form as a whole (a message key), shown above the buttons. */
  formError: string | null;
  setFormError(key: string | null): void;
  /** The form's onSubmit: the checks first (every field at once, focus on the first), then `onValid`. */
  submitWith(onValid: (values: TValues) => unknown): (event?: React.BaseSyntheticEvent) => Promise<void>;
  /**
   * A failed call: a 4xx naming fields puts each message on its field (the focus on the first), one
   * naming none says its message above the buttons; only a call that failed on the way or with a 5xx
   * says the "try again" text. Returns true when the refusal named fields.
   */
  refuse(error: unknown): boolean;
  /** Only a 4xx naming fields, shown as `refuse` shows it; false (nothing shown) for any other failure. */
  showFieldErrors(error: unknown): boolean;
  summaryRef: RefObject<HTMLParagraphElement | null>;
};

/**
 * The shop's checkout forms (travel, personal accident and home applicant pages; decision 125), on
 * react-hook-form with the domain's checks as the resolver:
 * - Continue checks every field at once, each with its own spec message, the focus on the first, and a
 *   summary announced to screen readers (`FormSummary`);
 * - what is typed is kept as it is typed (`keep`, into the journey in sessionStorage), so Reload, Back
 *   and Forward lose nothing;
 * - the server's 400 names every wrong field (`errors`), each shown on its field through `fieldOf`.
 */
export function useCheckoutForm<TValues extends FieldValues>({
  defaultValues,
  check,
  keep,
  fieldOf,
}: {
  defaultValues: DefaultValues<TValues>;
  /** The domain's rules for what the form holds: message keys by form path. */
  check: (values: TValues) => TFormMessages | Promise<TFormMessages>;
  /** Stores what is typed, on every change. */
  keep?: (values: TValues) => void;
  /** Where a policy path the server names shows on this form; `root` when it has no field here. */
  fieldOf: (path: string, messageKey: string, values: TValues) => string;
}): TCheckoutForm<TValues> {
  const [formError, setFormError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const checkRef = useRef(check);
  checkRef.current = check;
  const resolver: Resolver<TValues> = async (values) => {
    const messages = await checkRef.current(values);
    if (Object.keys(messages).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<TValues>(messages) };
  };
  const form = useForm<TValues>({ defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { watch } = form;
  const keepRef = useRef(keep);
  keepRef.current = keep;
  useEffect(() => {
    const subscription = watch((values) => keepRef.current?.(values as TValues));
    return () => subscription.unsubscribe();
  }, [watch]);

  const onInvalid = () => {
    setFormError(null);
    // Without a field to focus (a problem of the journey, not of a field), the summary takes the focus.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) summaryRef.current?.focus();
    });
  };

  const showFieldErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiCallError && error.status >= 400 && error.status < 500)) return false;
    if (error.fieldErrors.length === 0) return false;
    const values = form.getValues();
    let placed = false;
    for (const { field, messageKey } of error.fieldErrors) {
      const path = fieldOf(field, messageKey, values);
      if (path === 'root') continue;
      form.setError(path as Path<TValues>, { type: 'server', message: messageKey }, { shouldFocus: !placed });
      placed = true;
    }
    if (!placed) setFormError(error.fieldErrors[0]!.messageKey);
    return true;
  };

  return {
    form,
    errorOf: (path) => (get(form.formState.errors, path) as { message?: string } | undefined)?.message,
    formError,
    setFormError,
    submitWith: (onValid) =>
      form.handleSubmit(async (values) => {
        setFormError(null);
        await onValid(values);
      }, onInvalid),
    refuse: (error) => {
      if (showFieldErrors(error)) return true;
      setFormError(callErrorKey(error));
      return false;
    },
    showFieldErrors,
    summaryRef,
  };
}

/**
 * Above the buttons: the form's own refusal, else how many fields to correct — an alert, so a screen
 * reader hears it when Continue finds problems (and the focus lands here when no field can take it).
 */
export function FormSummary<TValues extends FieldValues>({
  checkout,
  className,
}: {
  checkout: TCheckoutForm<TValues>;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const count = countErrors(checkout.form.formState.errors);
  const rootError = checkout.formError ?? checkout.form.formState.errors.root?.message ?? null;
  if (rootError)
    return (
      <p className={className} role="alert">
        {message(rootError)}
      </p>
    );
  if (count === 0) return null;
  return (
    <p className={className} role="alert" tabIndex={-1} ref={checkout.summaryRef}>
      {t('applicant.errorSummary', { count })}
    </p>
  );
}
