import {
  type TAccountCreate,
  USERNAME_LENGTH,
  ZAccountCreate,
} from '@lionrock/domain/back-office/accounts-requests';
import {
  ACCOUNT_ROLES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type TAccountRole,
} from '@lionrock/domain/back-office/staff-rules';
import { useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { FormField, FormMessages, problemOf, type TFormIssue, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';

/**
 * Operations' accounts (issue 18): every back-office and agent account with its state, a form to make
 * one (as the CLI does: the person enrols an authenticator at first sign-in), and disable, enable,
 * unlock or reset the second factor. The server refuses disabling one's own account.
 */
type TAccountSummary = {
  id: string;
  username: string;
  displayName: string;
  email: string;
  role: TAccountRole;
  agentCode: string | null;
  locked: boolean;
  secondFactorEnrolled: boolean;
  disabled: boolean;
};
/** The new-account form as typed: an agent code kept aside unless the role is an agent's. */
type TNewAccount = {
  username: string;
  displayName: string;
  email: string;
  role: TAccountRole;
  agentCode: string;
  password: string;
};

/** An account's state in words: on or off, locked, and whether its second factor is enrolled. */
const stateOf = (account: TAccountSummary) =>
  [
    account.disabled ? 'Disabled' : 'Active',
    account.locked ? 'Locked' : '',
    account.secondFactorEnrolled ? '2FA enrolled' : '2FA not enrolled',
  ]
    .filter(Boolean)
    .join(', ');

const ROLE_NAMES: Record<TAccountRole, string> = {
  operations: 'Operations',
  marketing: 'Marketing',
  underwriting: 'Underwriting',
  claims: 'Claims',
  read_only: 'Read only',
  agent: 'Agent',
};

/** Words for the new-account form's problems, by field (a bound nobody worded is said plainly). */
const NEW_ACCOUNT_MESSAGES: Record<string, string> = {
  username: `${USERNAME_LENGTH.min} to ${USERNAME_LENGTH.max} letters, digits, dots, dashes, underscores or @.`,
  displayName: 'Enter the person’s name.',
  email: 'Enter an e-mail address.',
  agentCode: 'An agent account needs its agent code.',
  password: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not all one character, not the username.`,
};
const newAccountMessage = (issue: TFormIssue) =>
  issue.code === 'too_big' && issue.path !== 'password' ? undefined : NEW_ACCOUNT_MESSAGES[issue.path];

/** The request the form makes: the agent code only for an agent's account. */
const toRequest = (values: TNewAccount) => ({
  ...values,
  agentCode: values.role === 'agent' ? values.agentCode : null,
});

function NewAccountForm({ onMade, onCancel }: { onMade: (username: string) => void; onCancel: () => void }) {
  const form = useStaffForm<TNewAccount, TAccountCreate>({
    defaultValues: {
      username: '',
      displayName: '',
      email: '',
      role: 'read_only',
      agentCode: '',
      password: '',
    },
    schema: ZAccountCreate,
    toRequest,
    messages: newAccountMessage,
  });
  const saving = form.formState.isSubmitting;
  const submit = form.submitWith(async (request) => {
    const answer = await backOfficeCall<{ account: TAccountSummary }>('POST', '/admin/accounts', request);
    onMade(answer.account.username);
  });

  return (
    <form className={shell.card} onSubmit={submit} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>New account</h2>
      <div className={styles.grid}>
        <FormField form={form} name="username" label="Username">
          {(control) => <input {...control} autoComplete="off" {...form.register('username')} />}
        </FormField>
        <FormField form={form} name="displayName" label="Name">
          {(control) => <input {...control} autoComplete="off" {...form.register('displayName')} />}
        </FormField>
        <FormField form={form} name="email" label="E-mail" hint="Password-reset links go here.">
          {(control) => <input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
        <FormField form={form} name="role" label="Role">
          {(control) => (
            <select {...control} {...form.register('role')}>
              {ACCOUNT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {form.watch('role') === 'agent' ? (
          <FormField form={form} name="agentCode" label="Agent code">
            {(control) => <input {...control} autoComplete="off" {...form.register('agentCode')} />}
          </FormField>
        ) : null}
        <FormField
          form={form}
          name="password"
          label="First password"
          hint="Give it to the person privately; they can reset it."
        >
          {(control) => (
            <input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </FormField>
      </div>
      <FormMessages form={form} />
      <div className={styles.row}>
        <button className={shell.primary} type="submit" disabled={saving}>
          {saving ? 'Creating…' : 'Create account'}
        </button>
        <button className={shell.secondary} type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const ACTIONS = {
  disable: { label: 'Disable', done: 'is disabled and signed out' },
  enable: { label: 'Enable', done: 'is enabled' },
  unlock: { label: 'Unlock', done: 'is unlocked' },
  'reset-second-factor': {
    label: 'Reset second factor',
    done: 'will enrol an authenticator again at the next sign-in',
  },
} as const;
type TAction = keyof typeof ACTIONS;

export default function AccountsPage() {
  const listed = useStaffQuery<{ accounts: TAccountSummary[] }>('/admin/accounts');
  const accounts = listed.data?.accounts ?? null;
  const load = listed.reload;
  const [actionError, setError] = useState('');
  const error = actionError || listed.error || '';
  const [notice, setNotice] = useState('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (account: TAccountSummary, action: TAction) => {
    setBusy(`${account.id}-${action}`);
    setError('');
    setNotice('');
    try {
      await backOfficeCall('POST', `/admin/accounts/${account.id}/${action}`);
      setNotice(`${account.username} ${ACTIONS[action].done}.`);
      await load();
    } catch (caught) {
      setError(problemOf(caught));
    } finally {
      setBusy(null);
    }
  };

  const actionsOf = (account: TAccountSummary): TAction[] => [
    account.disabled ? 'enable' : 'disable',
    ...(account.locked ? (['unlock'] as const) : []),
    ...(account.secondFactorEnrolled ? (['reset-second-factor'] as const) : []),
  ];

  return (
    <>
      <h1 className={shell.heading}>Accounts</h1>
      {notice ? (
        <p className={styles.done} role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      {creating ? (
        <NewAccountForm
          onMade={(username) => {
            setCreating(false);
            setNotice(`${username} is created. At the first sign-in they enrol an authenticator app.`);
            void load();
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <button className={shell.primary} type="button" onClick={() => setCreating(true)}>
          New account
        </button>
      )}
      {accounts === null && !error ? (
        <p className={shell.loading} role="status">
          Loading accounts…
        </p>
      ) : null}
      {accounts ? (
        <DataTable
          caption="Accounts"
          captionClassName={shell.visuallyHidden}
          rows={accounts}
          rowKey={(account) => account.id}
          columns={[
            {
              header: 'Username',
              cell: (account) => account.username,
              sortValue: (account) => account.username,
            },
            {
              header: 'Name',
              cell: (account) => (
                <>
                  {account.displayName}
                  <br />
                  <span className={shell.hint}>{account.email}</span>
                </>
              ),
              sortValue: (account) => account.displayName,
            },
            {
              header: 'Role',
              cell: (account) => ROLE_NAMES[account.role] ?? account.role,
              sortValue: (account) => ROLE_NAMES[account.role] ?? account.role,
            },
            {
              header: 'Agent code',
              cell: (account) => account.agentCode ?? '—',
              sortValue: (account) => account.agentCode ?? '',
            },
            {
              header: 'State',
              cell: (account) => stateOf(account),
              sortValue: (account) => stateOf(account),
            },
            {
              header: 'Actions',
              cell: (account) => (
                <div className={styles.row}>
                  {actionsOf(account).map((action) => (
                    <button
                      key={action}
                      className={shell.secondary}
                      type="button"
                      disabled={busy !== null}
                      aria-label={`${ACTIONS[action].label} ${account.username}`}
                      onClick={() => void act(account, action)}
                    >
                      {busy === `${account.id}-${action}` ? 'Working…' : ACTIONS[action].label}
                    </button>
                  ))}
                </div>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}
