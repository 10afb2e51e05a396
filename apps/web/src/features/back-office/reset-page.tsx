import { passwordProblem } from '@lionrock/domain/back-office/staff-rules';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import styles from './back-office.module.css';
import { BackOfficeError, backOfficeCall } from './back-office-api';
import type { TDesk } from './back-office-session';
import type { TDeskKey, TDeskText } from './desk-texts';
import { Field, FormError } from './sign-in';

/** `/admin/reset#<token>`: the e-mailed link's page, a new password twice (decision 079). */
export function ResetPage({ desk, t, token }: { desk: TDesk; t: TDeskText; token: string }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password);
    if (problem) return setErrors({ password: t(problem as TDeskKey) });
    if (password !== repeat) return setErrors({ repeat: t('reset.mismatch') });
    setBusy(true);
    setErrors({});
    try {
      await backOfficeCall('POST', '/session/reset/finish', { token, password });
      setDone(true);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setErrors(
        error instanceof BackOfficeError && error.field === 'password'
          ? { password: message }
          : { form: message },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className={styles.heading}>
        {t('reset.heading')}
      </h1>
      {done ? (
        <p role="status">
          {t('reset.done')} <Link to={`/${desk}`}>{t('reset.signIn')}</Link>
        </p>
      ) : !token ? (
        <p role="alert">{t('reset.noToken')}</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            id={`${id}-password`}
            label={t('reset.password')}
            hint={t('reset.hint')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <Field
            id={`${id}-repeat`}
            label={t('reset.repeat')}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            error={errors.repeat}
          />
          <FormError message={errors.form} />
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy ? t('reset.busy') : t('reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
