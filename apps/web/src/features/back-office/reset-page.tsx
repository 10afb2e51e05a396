import { type TNewPasswordTwice, ZNewPasswordTwice } from '@lionrock/domain/back-office/accounts-requests';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import styles from './back-office.module.css';
import { backOfficeCall } from './back-office-api';
import type { TDesk } from './back-office-session';
import type { TDeskText } from './desk-texts';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from './staff-form';

/** A new password's problem in the desk's words: the rule it breaks, or the repeat that differs. */
const passwordMessageIn = (t: TDeskText) => (issue: TFormIssue) =>
  issue.path === 'repeat'
    ? t('reset.mismatch')
    : issue.code === 'too_small'
      ? t('staff.errors.passwordShort')
      : issue.code === 'too_big'
        ? t('staff.errors.passwordLong')
        : t('staff.errors.passwordWeak');

/** `/admin/reset#<token>`: the e-mailed link's page, a new password twice (decision 079). */
export function ResetPage({ desk, t, token }: { desk: TDesk; t: TDeskText; token: string }) {
  const id = useId();
  const [done, setDone] = useState(false);
  const form = useStaffForm<TNewPasswordTwice, TNewPasswordTwice>({
    defaultValues: { password: '', repeat: '' },
    schema: ZNewPasswordTwice,
    messages: passwordMessageIn(t),
  });
  const busy = form.formState.isSubmitting;
  const submit = form.submitWith(async (request) => {
    await backOfficeCall('POST', '/session/reset/finish', { token, password: request.password });
    setDone(true);
  });

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
          <FormField form={form} name="password" label={t('reset.password')} hint={t('reset.hint')}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                {...form.register('password')}
              />
            )}
          </FormField>
          <FormField form={form} name="repeat" label={t('reset.repeat')}>
            {(control) => (
              <input {...control} type="password" autoComplete="new-password" {...form.register('repeat')} />
            )}
          </FormField>
          <FormMessages form={form} problems={t('form.problems')} />
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy ? t('reset.busy') : t('reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
