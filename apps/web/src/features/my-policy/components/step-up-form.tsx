import {
  ACCESS_CODE_DIGITS,
  ACCESS_RESEND_SECONDS,
  IDENTITY_MESSAGE_KEYS,
  type TStepUpPurpose,
  validateAccessCode,
} from '@lionrock/domain/self-service/access-rules';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { isStepUpRefusal, refusalDetails, requestStepUp } from '../api/step-up-api';
import styles from './manage-panels.module.css';

/** A refusal's words: its key with the values the server gave (a date, a wait), or the fallback. */
export function refusalText(
  t: (key: string, values?: Record<string, string | number>) => string,
  exists: (key: string) => boolean,
  error: unknown,
  fallback: string,
): string {
  if (!(error instanceof ApiCallError) || !error.messageKey || !exists(error.messageKey)) return t(fallback);
  const { values, retryAfterSeconds } = refusalDetails(error);
  return t(error.messageKey, {
    ...values,
    seconds: retryAfterSeconds ?? ACCESS_RESEND_SECONDS,
    minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)),
  });
}

/**
 * The fresh code before a sensitive change (issue 27, decision 102): on opening it asks the server to
 * e-mail a code to the address on the policy, then takes the code and makes the change with it
 * (`onConfirm`). A refusal about the code (wrong, expired, used up, none) is shown on the code's field;
 * a change that must wait (an undo pending) above the buttons; anything else goes to `onError`.
 */
export function StepUpForm({
  policyId,
  purpose,
  confirmLabel,
  onConfirm,
  onCancel,
  onError,
}: {
  policyId: string;
  purpose: TStepUpPurpose;
  /** The button that makes the change: "Save", "Cancel my policy", "Continue". */
  confirmLabel: string;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
  onError?: (error: unknown) => void;
}) {
  const { t, exists, language } = useTranslation();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [resendIn, setResendIn] = useState(0);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const send = useCallback(
    async (again: boolean) => {
      setSending(true);
      setFormError(null);
      setCodeError(null);
      try {
        const answer = await requestStepUp(policyId, purpose, language === 'en' ? 'en' : 'zh');
        setSentTo(answer.sentTo);
        setResent(again);
        setResendIn(ACCESS_RESEND_SECONDS);
        focusAfterRender(input);
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 429)
          setResendIn(refusalDetails(error).retryAfterSeconds ?? ACCESS_RESEND_SECONDS);
        setFormError(refusalText(t, exists, error, 'myPolicy.stepUp.errors.failed'));
      } finally {
        setSending(false);
      }
    },
    [exists, focusAfterRender, language, policyId, purpose, t],
  );

  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void send(false);
  }, [send]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const key = validateAccessCode(code);
    if (key) {
      setCodeError(t(key));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setCodeError(null);
    setFormError(null);
    try {
      await onConfirm(code.replace(/\s/g, ''));
    } catch (error) {
      if (isStepUpRefusal(error)) {
        setCodeError(refusalText(t, exists, error, 'myPolicy.stepUp.errors.failed'));
        input.current?.focus();
      } else if (error instanceof ApiCallError && error.messageKey === IDENTITY_MESSAGE_KEYS.undoPending)
        setFormError(refusalText(t, exists, error, 'myPolicy.stepUp.errors.failed'));
      else if (onError) onError(error);
      else setFormError(refusalText(t, exists, error, 'myPolicy.stepUp.errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('myPolicy.stepUp.title')}
      </h3>
      {sending && !sentTo ? <Spinner inline label={t('myPolicy.stepUp.sending')} /> : null}
      {sentTo ? (
        <p className={styles.intro}>
          {t('myPolicy.stepUp.sent', { email: sentTo, purpose: t(`myPolicy.stepUp.purposes.${purpose}`) })}
        </p>
      ) : null}
      <p className={styles.hint}>{t('myPolicy.stepUp.why')}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-code`} className={styles.label}>
          {t('myPolicy.stepUp.code')}
        </label>
        <input
          id={`${id}-code`}
          ref={input}
          className={styles.input}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ACCESS_CODE_DIGITS + 2}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={`${id}-code-hint${codeError ? ` ${id}-code-error` : ''}`}
          onChange={(event) => {
            setCode(event.target.value);
            if (codeError) setCodeError(null);
          }}
        />
        <p id={`${id}-code-hint`} className={styles.hint}>
          {t('myPolicy.stepUp.codeHint')}
        </p>
        {codeError ? (
          <p id={`${id}-code-error`} className={styles.fieldError} role="alert">
            {codeError}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className={styles.formError} role="alert">
          {formError}
        </p>
      ) : null}
      <p className={styles.intro} role="status">
        {resent ? t('myPolicy.stepUp.resent') : ''}
      </p>
      <button
        type="button"
        className={styles.linkButton}
        disabled={sending || busy || resendIn > 0}
        onClick={() => {
          setCode('');
          void send(true);
        }}
      >
        {resendIn > 0 ? t('myPolicy.stepUp.resendIn', { seconds: resendIn }) : t('myPolicy.stepUp.resend')}
      </button>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
          {t('myPolicy.stepUp.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={busy || !sentTo} aria-disabled={busy}>
          {confirmLabel}
        </button>
      </div>
      {busy ? <Spinner inline label={t('myPolicy.stepUp.working')} /> : null}
    </form>
  );
}
