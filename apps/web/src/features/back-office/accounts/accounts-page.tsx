import {
  ACCOUNT_ROLES,
  isValidUsername,
  passwordProblem,
  type TAccountRole,
} from '@lionrock/domain/back-office/staff-rules';
import { type FormEvent, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
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
const problemOf = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';

function checkNew(value: TNewAccount): Partial<Record<keyof TNewAccount, string>> {
  const errors: Partial<Record<keyof TNewAccount, string>> = {};
  if (!isValidUsername(value.username))
    errors.username = '3 to 60 letters, digits, dots, dashes, underscores or @.';
  if (value.displayName.trim() === '') errors.displayName = 'Enter the person’s name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email.trim())) errors.email = 'Enter an e-mail address.';
  if (value.role === 'agent' && value.agentCode.trim() === '')
    errors.agentCode = 'An agent account needs its agent code.';
  if (passwordProblem(value.password, value.username))
    errors.password = '12 to 128 characters, not all one character, not the username.';
  return errors;
}

function NewAccountForm({ onMade, onCancel }: { onMade: (username: string) => void; onCancel: () => void }) {
  const id = useId();
  const [value, setValue] = useState<TNewAccount>({
    username: '',
    displayName: '',
    email: '',
    role: 'read_only',
    agentCode: '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof TNewAccount, string>>>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNew(value);
    setErrors(checked);
    setFormError('');
    const first = Object.keys(checked)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await backOfficeCall<{ account: TAccountSummary }>('POST', '/admin/accounts', {
        ...value,
        agentCode: value.role === 'agent' ? value.agentCode : null,
      });
      onMade(answer.account.username);
    } catch (caught) {
      if (caught instanceof BackOfficeError && caught.field && caught.field in value)
        setErrors({ [caught.field]: caught.message });
      else setFormError(problemOf(caught));
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof TNewAccount, label: string, type = 'text', hint?: string) => (
    <div className={shell.field}>
      <label className={shell.label} htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {hint ? (
        <p className={shell.hint} id={`${id}-${key}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={`${id}-${key}`}
        className={shell.input}
        type={type}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        value={value[key]}
        onChange={(event) => setValue({ ...value, [key]: event.target.value })}
        {...(errors[key] ? { 'aria-invalid': true as const } : {})}
        aria-describedby={
          [hint ? `${id}-${key}-hint` : '', errors[key] ? `${id}-${key}-error` : ''].join(' ').trim() ||
          undefined
        }
      />
      {errors[key] ? (
        <p className={shell.error} id={`${id}-${key}-error`} role="alert">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className={shell.card} onSubmit={submit} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>New account</h2>
      <div className={styles.grid}>
        {field('username', 'Username')}
        {field('displayName', 'Name')}
        {field('email', 'E-mail', 'email', 'Password-reset links go here.')}
        <div className={shell.field}>
          <label className={shell.label} htmlFor={`${id}-role`}>
            Role
          </label>
          <select
            id={`${id}-role`}
            className={shell.input}
            value={value.role}
            onChange={(event) => setValue({ ...value, role: event.target.value as TAccountRole })}
          >
            {ACCOUNT_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </select>
        </div>
        {value.role === 'agent' ? field('agentCode', 'Agent code') : null}
        {field(
          'password',
          'First password',
          'password',
          'Give it to the person privately; they can reset it.',
        )}
      </div>
      {formError ? (
        <p className={shell.formError} role="alert">
          {formError}
        </p>
      ) : null}
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
