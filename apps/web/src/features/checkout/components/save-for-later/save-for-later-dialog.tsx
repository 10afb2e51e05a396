import { validateEmail } from '@lionrock/domain/eligibility/people';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import {
  SAVED_QUOTE_VALID_DAYS,
  type TSavedQuoteStep,
} from '@lionrock/domain/self-service/saved-quote-rules';
import { type FormEvent, useId, useState } from 'react';
import { DismissButton, Modal } from '../../../../components/ui/modal';
import { ApiCallError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import { savedQuoteApi } from '../../api/saved-quote-api';
import { Field } from '../applicant/form-field';
import styles from './save-for-later.module.css';

/** The applicant's e-mail if the journey has one yet: the dialog starts with it. */
function applicantEmail(policy: TPolicyInput): string {
  const part = policy.policyTravel ?? policy.policyPAN ?? policy.policyHome;
  return part?.applicant?.email?.trim() ?? '';
}

/**
 * Asks where to send the link (the domain's e-mail rule) and saves the journey (decision 076). The
 * answer is the same whether or not a mail went out, so the dialog always says where it was sent.
 */
export function SaveForLaterDialog({
  step,
  policy,
  storedPolicy,
  onClose,
}: {
  step: TSavedQuoteStep;
  policy: TPolicyInput;
  /** The journey as last stored: saved instead when the page's half-typed details break the schema. */
  storedPolicy?: TPolicyInput | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const id = useId();
  const [email, setEmail] = useState(() => applicantEmail(policy));
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<'asking' | 'saving' | 'sent'>('asking');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React passes a portal's events up its own tree: the page's form around the button must not submit.
    event.stopPropagation();
    const invalid = validateEmail(email);
    setError(invalid ?? undefined);
    if (invalid) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setState('saving');
    const request = {
      step,
      email: email.trim(),
      language: lang === 'zh' ? ('zh' as const) : ('en' as const),
    };
    try {
      try {
        await savedQuoteApi.save({ ...request, policy });
      } catch (refused) {
        const field = refused instanceof ApiCallError && refused.status === 400 ? refused.field : undefined;
        if (!storedPolicy || field === undefined || field === 'email') throw refused;
        await savedQuoteApi.save({ ...request, policy: storedPolicy });
      }
      setState('sent');
    } catch (caught) {
      setState('asking');
      if (caught instanceof ApiCallError && caught.status === 400 && caught.messageKey)
        setError(caught.messageKey);
      else if (caught instanceof ApiCallError && caught.status === 429) setError('savedQuote.tooMany');
      else setError('savedQuote.notSaved');
    }
  };

  return (
    <Modal open onClose={onClose} title={t('savedQuote.title')} size="small">
      {state === 'sent' ? (
        <div className={styles.form}>
          <p className={styles.done} role="status">
            {t('savedQuote.sent', { email: email.trim(), days: SAVED_QUOTE_VALID_DAYS })}
          </p>
          <div className={styles.actions}>
            <DismissButton className={styles.primary}>{t('savedQuote.close')}</DismissButton>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.done}>{t('savedQuote.intro', { days: SAVED_QUOTE_VALID_DAYS })}</p>
          <Field id={`${id}-email`} label={t('savedQuote.email')} error={error}>
            {(aria) => (
              <input
                {...aria}
                className={styles.input}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <div className={styles.actions}>
            <DismissButton className={styles.secondary}>{t('savedQuote.cancel')}</DismissButton>
            <button type="submit" className={styles.primary} disabled={state === 'saving'}>
              {t('savedQuote.send')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
