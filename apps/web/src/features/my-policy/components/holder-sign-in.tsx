import {
  ACCESS_RESEND_SECONDS,
  type TSignInErrors,
  type TSignInFields,
  validateAccessCode,
  validateSignIn,
} from '@lionrock/domain/self-service/access-rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { startAccess, type TSignedIn, verifyAccess } from '../api/my-policy-api';
import { refusalDetails } from '../api/step-up-api';
import styles from './my-policy.module.css';

/** A refusal in words: a 429 says how long to wait, anything else from the server is the one "no". */
type TMessage = { key: string; minutes?: number };

/**
 * The sign-in under way, kept for this tab so a reload on the code step keeps it: the policy number and
 * the challenge the code was mailed for. Never the ID number or birth date.
 */
const STARTED_KEY = 'lionrock.myPolicy.signIn';
type TStarted = { policyNumber: string; challenge: string };

function readStarted(): TStarted | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STARTED_KEY) ?? 'null') as TStarted | null;
    return value && typeof value.challenge === 'string' && typeof value.policyNumber === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}
function keepStarted(value: TStarted | null): void {
  try {
    if (value) window.sessionStorage.setItem(STARTED_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(STARTED_KEY);
  } catch {
    // Storage refused (private mode): the sign-in still works in this page.
  }
}

function refusalKey(error: unknown): TMessage {
  if (error instanceof ApiCallError && error.status === 429) {
    const wait = refusalDetails(error).retryAfterSeconds ?? 60;
    return { key: 'myPolicy.signIn.tooMany', minutes: Math.max(1, Math.ceil(wait / 60)) };
  }
  if (error instanceof ApiCallError && error.status === 401) return { key: 'myPolicy.signIn.wrongCode' };
  if (error instanceof ApiCallError && error.messageKey) return { key: error.messageKey };
  return { key: 'myPolicy.signIn.failed' };
}

/**
 * Signing in without an account (design section 12, decision 101): policy number, ID number and date of
 * birth locate the policy; the one-time code e-mailed to its address, typed back in this browser,
 * proves who holds it. Reused by every after-sale page (my policy, claims) and to add a policy at
 * another address to a session: `onSignedIn` gets the policies the session reaches.
 */
export function HolderSignIn({
  onSignedIn,
  notice,
  titleLevel = 1,
  policyNumber = '',
  title,
}: {
  onSignedIn: (signedIn: TSignedIn) => void;
  /** Shown above the form (the session ended, or a link no longer works). */
  notice?: string | undefined;
  /** The heading level of the step's title: 1 on a page of its own, 2 inside another page. */
  titleLevel?: 1 | 2;
  /** A policy number to start with (the finish page's link carries it). */
  policyNumber?: string;
  /** The first step's title, where it is not "Find my policy". */
  title?: string;
}) {
  const { t, language } = useTranslation();
  const id = useId();
  const [started] = useState(readStarted);
  const [fields, setFields] = useState<TSignInFields>({
    policyNumber: started?.policyNumber ?? policyNumber,
    idNumber: '',
    dateOfBirth: '',
  });
  const [errors, setErrors] = useState<TSignInErrors>({});
  const [challenge, setChallenge] = useState(started?.challenge ?? '');
  const [step, setStep] = useState<'details' | 'code'>(started ? 'code' : 'details');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<TMessage | null>(null);
  const [formError, setFormError] = useState<TMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const [resent, setResent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const Heading = titleLevel === 1 ? 'h1' : 'h2';

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const send = async () => {
    setBusy(true);
    setFormError(null);
    try {
      const answer = await startAccess({ ...fields, language: language === 'en' ? 'en' : 'zh' });
      setChallenge(answer.challenge);
      keepStarted({ policyNumber: fields.policyNumber, challenge: answer.challenge });
      setStep('code');
      setResendIn(ACCESS_RESEND_SECONDS);
      return true;
    } catch (error) {
      setFormError(refusalKey(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignIn(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const field = (['policyNumber', 'idNumber', 'dateOfBirth'] as const).find((name) => found[name]);
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    await send();
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const key = validateAccessCode(code);
    setCodeError(key ? { key } : null);
    if (key) {
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const signedIn = await verifyAccess({ challenge, code: code.replace(/\s/g, '') });
      keepStarted(null);
      onSignedIn(signedIn);
    } catch (error) {
      setCodeError(refusalKey(error));
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResent(false);
    setCode('');
    setCodeError(null);
    // After a reload the ID and birth date were not kept: they are asked again.
    if (!fields.idNumber || !fields.dateOfBirth) {
      keepStarted(null);
      setStep('details');
      return;
    }
    if (await send()) setResent(true);
  };

  const field = (name: keyof TSignInFields, autoComplete: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${name}`}>
        {t(`myPolicy.signIn.${name}`)}
      </label>
      <p className={styles.hint} id={`${id}-${name}-hint`}>
        {t(`myPolicy.signIn.${name}Hint`)}
      </p>
      <input
        id={`${id}-${name}`}
        className={styles.input}
        value={fields[name]}
        autoComplete={autoComplete}
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ''}`}
        onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
      />
      {errors[name] ? (
        <p className={styles.error} id={`${id}-${name}-error`}>
          {t(errors[name]!)}
        </p>
      ) : null}
    </div>
  );

  if (step === 'code')
    return (
      <section className={styles.card} aria-labelledby={`${id}-code-title`}>
        <Heading id={`${id}-code-title`} className={styles.cardTitle}>
          {t('myPolicy.signIn.codeTitle')}
        </Heading>
        <p className={styles.muted}>{t('myPolicy.signIn.codeIntro')}</p>
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-code`}>
              {t('myPolicy.signIn.code')}
            </label>
            <p className={styles.hint} id={`${id}-code-hint`}>
              {t('myPolicy.signIn.codeHint')}
            </p>
            <input
              id={`${id}-code`}
              ref={codeRef}
              className={styles.codeInput}
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={`${id}-code-hint${codeError ? ` ${id}-code-error` : ''}`}
              onChange={(event) => setCode(event.target.value)}
            />
            {codeError ? (
              <p className={styles.error} id={`${id}-code-error`} role="alert">
                {t(codeError.key, codeError.minutes ? { minutes: codeError.minutes } : {})}
              </p>
            ) : null}
          </div>
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('myPolicy.signIn.verify')}
            </button>
          </div>
        </form>
        {/* The countdown is not announced each second; only a new code being sent is. */}
        {resendIn > 0 ? (
          <p className={styles.muted}>{t('myPolicy.signIn.resendIn', { seconds: resendIn })}</p>
        ) : null}
        <p className={styles.muted} role="status">
          {resent ? t('myPolicy.signIn.resent') : ''}
        </p>
        {formError ? (
          <p className={styles.error} role="alert">
            {t(formError.key, formError.minutes ? { minutes: formError.minutes } : {})}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} disabled={busy || resendIn > 0} onClick={resend}>
            {t('myPolicy.signIn.resend')}
          </button>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              keepStarted(null);
              setStep('details');
              setCode('');
              setCodeError(null);
              setResent(false);
            }}
          >
            {t('myPolicy.signIn.startOver')}
          </button>
        </div>
      </section>
    );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.cardTitle}>
        {title ?? t('myPolicy.signIn.title')}
      </Heading>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <p className={styles.muted}>{t('myPolicy.signIn.intro')}</p>
      <form className={styles.form} onSubmit={submitDetails} noValidate>
        {field('policyNumber', 'off')}
        {field('idNumber', 'off')}
        {field('dateOfBirth', 'bday')}
        {formError ? (
          <p className={styles.error} role="alert">
            {t(formError.key, formError.minutes ? { minutes: formError.minutes } : {})}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('myPolicy.signIn.submit')}
          </button>
        </div>
      </form>
      <p className={styles.muted}>{t('myPolicy.signIn.privacy')}</p>
      <p className={styles.muted}>{t('myPolicy.signIn.emailLink')}</p>
    </section>
  );
}
