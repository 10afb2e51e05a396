import { type FormEvent, useId, useState } from 'react';
import styles from './back-office.module.css';
import { BackOfficeError, backOfficeCall, setCsrfToken } from './back-office-api';
import { groupSecret, type TBackOfficeAccount, type TDesk, type TSessionAnswer } from './back-office-session';
import type { TDeskKey, TDeskText } from './desk-texts';

type TStep =
  | { name: 'password' }
  | { name: 'code'; enrol: TSessionAnswer['enrol'] }
  | { name: 'forgot' }
  | { name: 'forgot-sent' };

type TErrors = Partial<Record<'username' | 'password' | 'code' | 'form', string>>;

/** A server error shown next to the field it names, or above the form's button. */
function errorsOf(error: unknown, fields: readonly string[]): TErrors {
  const message = error instanceof Error ? error.message : String(error);
  const field = error instanceof BackOfficeError ? error.field : undefined;
  return field && fields.includes(field) ? { [field]: message } : { form: message };
}

export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Signing in (decision 079): username and password; then, for staff (and agents who added one), the
 * code of an authenticator app, with the key to add on a first sign-in; or a reset link by e-mail.
 */
export function SignIn({
  desk,
  t,
  initialStage = 'password',
  onReady,
}: {
  desk: TDesk;
  t: TDeskText;
  /** `code` when the session already took the password (a reload between the two steps). */
  initialStage?: 'password' | 'code';
  onReady: (account: TBackOfficeAccount) => void;
}) {
  const id = useId();
  const [step, setStep] = useState<TStep>(
    initialStage === 'code' ? { name: 'code', enrol: null } : { name: 'password' },
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);

  const go = (next: TStep) => {
    setErrors({});
    setStep(next);
  };
  const run = async (work: () => Promise<void>, fields: readonly string[]) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      setErrors(errorsOf(error, fields));
    } finally {
      setBusy(false);
    }
  };
  const required = (values: Partial<Record<keyof TErrors, string>>) => {
    const missing: TErrors = {};
    for (const [key, value] of Object.entries(values))
      if (!value?.trim()) missing[key as keyof TErrors] = t('required');
    setErrors(missing);
    return Object.keys(missing).length === 0;
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!required({ username, password })) return;
    void run(async () => {
      const answer = await backOfficeCall<TSessionAnswer>('POST', '/session/sign-in', {
        username,
        password,
      });
      setCsrfToken(answer.csrfToken);
      setPassword('');
      if (answer.stage === 'ready' && answer.account) onReady(answer.account);
      else go({ name: 'code', enrol: answer.enrol });
    }, ['username', 'password']);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setErrors({ code: t('code.invalid') });
      return;
    }
    void run(async () => {
      const answer = await backOfficeCall<TSessionAnswer>('POST', '/session/code', { code: digits });
      setCsrfToken(answer.csrfToken);
      setCode('');
      if (answer.account) onReady(answer.account);
    }, ['code']);
  };

  const submitForgot = (event: FormEvent) => {
    event.preventDefault();
    if (!required({ username })) return;
    void run(async () => {
      await backOfficeCall('POST', '/session/reset', { username });
      go({ name: 'forgot-sent' });
    }, ['username']);
  };

  const button = (label: TDeskKey, busyLabel: TDeskKey) => (
    <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
      {busy ? t(busyLabel) : t(label)}
    </button>
  );

  if (step.name === 'forgot' || step.name === 'forgot-sent')
    return (
      <section className={styles.card} aria-labelledby={`${id}-heading`}>
        <h1 id={`${id}-heading`} className={styles.heading}>
          {t('forgot.heading')}
        </h1>
        {step.name === 'forgot-sent' ? (
          <p role="status">{t('forgot.sent')}</p>
        ) : (
          <form className={styles.form} onSubmit={submitForgot} noValidate>
            <p className={styles.hint}>{t('forgot.intro')}</p>
            <Field
              id={`${id}-username`}
              label={t('signIn.username')}
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={errors.username}
            />
            <FormError message={errors.form} />
            {button('forgot.submit', 'forgot.busy')}
          </form>
        )}
        <button type="button" className={styles.link} onClick={() => go({ name: 'password' })}>
          {t('forgot.back')}
        </button>
      </section>
    );

  if (step.name === 'code')
    return (
      <section className={styles.card} aria-labelledby={`${id}-heading`}>
        <h1 id={`${id}-heading`} className={styles.heading}>
          {step.enrol ? t('code.enrolHeading') : t('code.heading')}
        </h1>
        {step.enrol && (
          <div className={styles.enrol}>
            <p>{t('code.enrolIntro')}</p>
            <p>
              {t('code.secret')}:{' '}
              <code className={styles.secret} data-testid="totp-secret">
                {groupSecret(step.enrol.secret)}
              </code>
            </p>
            <p>
              <a href={step.enrol.uri}>{t('code.link')}</a>
            </p>
          </div>
        )}
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <Field
            id={`${id}-code`}
            label={t('code.label')}
            hint={t('code.hint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
          <FormError message={errors.form} />
          {button('code.submit', 'code.busy')}
        </form>
        <button type="button" className={styles.link} onClick={() => go({ name: 'password' })}>
          {t('code.restart')}
        </button>
      </section>
    );

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className={styles.heading}>
        {t(desk === 'admin' ? 'signIn.heading.admin' : 'signIn.heading.agent')}
      </h1>
      <form className={styles.form} onSubmit={submitPassword} noValidate>
        <Field
          id={`${id}-username`}
          label={t('signIn.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
        />
        <Field
          id={`${id}-password`}
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <FormError message={errors.form} />
        {button('signIn.submit', 'signIn.busy')}
      </form>
      <button type="button" className={styles.link} onClick={() => go({ name: 'forgot' })}>
        {t('signIn.forgot')}
      </button>
    </section>
  );
}
