import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import styles from './applicant-form.module.css';

/** What an input needs to be found by its label and to announce its hint and error. */
export type TFieldAria = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A message key as text; a key without a translation shows the generic error rather than the key. */
export function useMessage() {
  const { t, exists } = useTranslation();
  return (key: string) => {
    const shown: string = exists(key) ? key : MESSAGE_KEYS.getQuoteError;
    return t(shown);
  };
}

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The error under a field (travel-flow section 5: shown under the field in the error colour). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const message = useMessage();
  return (
    <p id={`${id}-error`} className={styles.error} aria-live="polite">
      {error ? message(error) : null}
    </p>
  );
}

/** A labelled field: the label, the input the caller renders with `aria`, its hint and its error. */
export function Field({
  id,
  label,
  hint,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  wide?: boolean;
  children: (aria: TFieldAria) => ReactNode;
}) {
  const aria: TFieldAria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)),
  };
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children(aria)}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A checkbox with its label beside it and its error beneath. */
export function CheckField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  children: (aria: TFieldAria) => ReactNode;
}) {
  const aria: TFieldAria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)),
  };
  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <div className={styles.check}>
        {children(aria)}
        <div>
          <label htmlFor={id} className={styles.checkLabel}>
            {label}
          </label>
          {hint ? (
            <p id={`${id}-hint`} className={styles.hint}>
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
