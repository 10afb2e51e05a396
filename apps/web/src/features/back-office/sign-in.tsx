import {
  type TPasswordResetStart,
  type TStaffCode,
  type TStaffSignIn,
  ZPasswordResetStart,
  ZStaffCode,
  ZStaffSignIn,
} from '@lionrock/domain/back-office/accounts-requests';
import { TOTP } from '@lionrock/domain/back-office/staff-rules';
import { useId, useState } from 'react';
import styles from './back-office.module.css';
import { backOfficeCall, setCsrfToken } from './back-office-api';
import { groupSecret, type TBackOfficeAccount, type TDesk, type TSessionAnswer } from './back-office-session';
import type { TDeskKey, TDeskText } from './desk-texts';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from './staff-form';

type TStep =
  | { name: 'password' }
  | { name: 'code'; enrol: TSessionAnswer['enrol'] }
  | { name: 'forgot' }
  | { name: 'forgot-sent' };

/** Moves to another step, keeping the username typed so far (the forgot step starts with it). */
type TGo = (next: TStep, username?: string) => void;

/** An empty field is asked for in the desk's words; other bounds are said plainly. */
const requiredIn = (t: TDeskText) => (issue: TFormIssue) =>
  issue.code === 'too_small' ? t('required') : undefined;

/**
 * The end of each step's form: that fields need looking at, in the desk's words, then its button, busy
 * while it sends.
 */
function StepSubmit({
  t,
  form,
  label,
  busyLabel,
}: {
  t: TDeskText;
  form: Parameters<typeof FormMessages>[0]['form'] & { formState: { isSubmitting: boolean } };
  label: TDeskKey;
  busyLabel: TDeskKey;
}) {
  const busy = form.formState.isSubmitting;
  return (
    <>
      <FormMessages form={form} problems={t('form.problems')} />
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
        {busy ? t(busyLabel) : t(label)}
      </button>
    </>
  );
}

/** Username and password; the session answers ready, or asks for the authenticator's code. */
function PasswordStep({
  desk,
  t,
  username,
  go,
  onReady,
}: {
  desk: TDesk;
  t: TDeskText;
  username: string;
  go: TGo;
  onReady: (account: TBackOfficeAccount) => void;
}) {
  const id = useId();
  const form = useStaffForm<TStaffSignIn, TStaffSignIn>({
    defaultValues: { username, password: '' },
    schema: ZStaffSignIn,
    messages: requiredIn(t),
  });
  const submit = form.submitWith(async (request) => {
    const answer = await backOfficeCall<TSessionAnswer>('POST', '/session/sign-in', request);
    setCsrfToken(answer.csrfToken);
    if (answer.stage === 'ready' && answer.account) onReady(answer.account);
    else go({ name: 'code', enrol: answer.enrol }, request.username);
  });
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className={styles.heading}>
        {t(desk === 'admin' ? 'signIn.heading.admin' : 'signIn.heading.agent')}
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField form={form} name="username" label={t('signIn.username')}>
          {(control) => (
            <input
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('username')}
            />
          )}
        </FormField>
        <FormField form={form} name="password" label={t('signIn.password')}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <StepSubmit t={t} form={form} label="signIn.submit" busyLabel="signIn.busy" />
      </form>
      <button
        type="button"
        className={styles.link}
        onClick={() => go({ name: 'forgot' }, form.getValues('username'))}
      >
        {t('signIn.forgot')}
      </button>
    </section>
  );
}

/** The authenticator's code, with the key to add to the app on a first sign-in. */
function CodeStep({
  t,
  enrol,
  go,
  onReady,
}: {
  t: TDeskText;
  enrol: TSessionAnswer['enrol'];
  go: TGo;
  onReady: (account: TBackOfficeAccount) => void;
}) {
  const id = useId();
  const form = useStaffForm<TStaffCode, TStaffCode>({
    defaultValues: { code: '' },
    schema: ZStaffCode,
    // The app shows the code in two groups: the spaces typed between them are not the code's.
    toRequest: (values) => ({ code: values.code.replace(/\s/g, '') }),
    messages: () => t('code.invalid'),
  });
  const submit = form.submitWith(async (request) => {
    const answer = await backOfficeCall<TSessionAnswer>('POST', '/session/code', request);
    setCsrfToken(answer.csrfToken);
    if (answer.account) onReady(answer.account);
  });
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className={styles.heading}>
        {enrol ? t('code.enrolHeading') : t('code.heading')}
      </h1>
      {enrol && (
        <div className={styles.enrol}>
          <p>{t('code.enrolIntro')}</p>
          <p>
            {t('code.secret')}:{' '}
            <code className={styles.secret} data-testid="totp-secret">
              {groupSecret(enrol.secret)}
            </code>
          </p>
          <p>
            <a href={enrol.uri}>{t('code.link')}</a>
          </p>
        </div>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField form={form} name="code" label={t('code.label')} hint={t('code.hint')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={TOTP.digits}
              {...form.register('code')}
            />
          )}
        </FormField>
        <StepSubmit t={t} form={form} label="code.submit" busyLabel="code.busy" />
      </form>
      <button type="button" className={styles.link} onClick={() => go({ name: 'password' })}>
        {t('code.restart')}
      </button>
    </section>
  );
}

/** A reset link by e-mail: the same answer whether or not the account exists. */
function ForgotStep({ t, username, sent, go }: { t: TDeskText; username: string; sent: boolean; go: TGo }) {
  const id = useId();
  const form = useStaffForm<TPasswordResetStart, TPasswordResetStart>({
    defaultValues: { username },
    schema: ZPasswordResetStart,
    messages: requiredIn(t),
  });
  const submit = form.submitWith(async (request) => {
    await backOfficeCall('POST', '/session/reset', request);
    go({ name: 'forgot-sent' }, request.username);
  });
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className={styles.heading}>
        {t('forgot.heading')}
      </h1>
      {sent ? (
        <p role="status">{t('forgot.sent')}</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.hint}>{t('forgot.intro')}</p>
          <FormField form={form} name="username" label={t('signIn.username')}>
            {(control) => <input {...control} autoComplete="username" {...form.register('username')} />}
          </FormField>
          <StepSubmit t={t} form={form} label="forgot.submit" busyLabel="forgot.busy" />
        </form>
      )}
      <button
        type="button"
        className={styles.link}
        onClick={() => go({ name: 'password' }, sent ? username : form.getValues('username'))}
      >
        {t('forgot.back')}
      </button>
    </section>
  );
}

/**
 * Signing in (decision 079): username and password; then, for staff (and agents who added one), the
 * code of an authenticator app, with the key to add on a first sign-in; or a reset link by e-mail.
 * Each step is its own form on the domain's request (decision 123); the username carries over.
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
  const [step, setStep] = useState<TStep>(
    initialStage === 'code' ? { name: 'code', enrol: null } : { name: 'password' },
  );
  const [username, setUsername] = useState('');
  const go: TGo = (next, typed) => {
    if (typed !== undefined) setUsername(typed);
    setStep(next);
  };

  if (step.name === 'forgot' || step.name === 'forgot-sent')
    return <ForgotStep t={t} username={username} sent={step.name === 'forgot-sent'} go={go} />;
  if (step.name === 'code') return <CodeStep t={t} enrol={step.enrol} go={go} onReady={onReady} />;
  return <PasswordStep desk={desk} t={t} username={username} go={go} onReady={onReady} />;
}
