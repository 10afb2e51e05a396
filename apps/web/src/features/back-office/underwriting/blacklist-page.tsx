import { type FormEvent, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffDay } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import { Field, Loading, problem } from './shared';
import styles from './underwriting.module.css';

/**
 * The underwriting blacklist (issue 18, decision 085): ID numbers masked, revealed one at a time
 * (audited), added or removed with a reason. A change refuses or admits the next quote at once.
 */
type TEntry = { key: string; idNumber: string; reason: string; createdAt: string };

function RemoveForm({ entry, onDone }: { entry: TEntry; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError('Give the reason for removing it.');
    setBusy(true);
    setError('');
    try {
      await backOfficeCall('POST', `/admin/underwriting/blacklist/${entry.key}/remove`, { reason });
      onDone();
    } catch (failure) {
      setError(problem(failure));
      setBusy(false);
    }
  };
  return (
    <form className={styles.row} onSubmit={submit} noValidate>
      <Field id={`${id}-reason`} label={`Reason for removing ${entry.idNumber}`} error={error}>
        <input
          id={`${id}-reason`}
          className={shell.input}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-reason-error` } : {})}
        />
      </Field>
      <button type="submit" className={shell.secondary} disabled={busy}>
        {busy ? 'Removing…' : 'Remove'}
      </button>
    </form>
  );
}

export default function BlacklistPage() {
  const id = useId();
  const listed = useStaffQuery<{ entries: TEntry[] }>('/admin/underwriting/blacklist');
  const entries = listed.data?.entries ?? null;
  const [actionError, setActionError] = useState('');
  const loadError = actionError || listed.error || '';
  const load = listed.reload;
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  // Only a role with underwriting.reveal gets the button: the server answers 403 to the others.
  const mayReveal = useCan('underwriting.reveal');
  // Adding and removing are underwriting's: a read-only account sees the list only.
  const mayChange = useCan('underwriting.write');
  const hasActions = mayReveal || mayChange;
  const [removing, setRemoving] = useState<string | null>(null);
  const [idNumber, setIdNumber] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ idNumber?: string; reason?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (idNumber.trim().length < 5) next.idNumber = 'Enter the ID number.';
    if (reason.trim().length < 3) next.reason = 'Give the reason.';
    setErrors(next);
    setDone('');
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      const added = await backOfficeCall<{ idNumber: string }>('POST', '/admin/underwriting/blacklist', {
        idNumber,
        reason,
      });
      setIdNumber('');
      setReason('');
      setDone(`${added.idNumber} added to the blacklist.`);
      await load();
    } catch (failure) {
      const message = problem(failure);
      setErrors(
        failure && typeof failure === 'object' && 'field' in failure && failure.field === 'idNumber'
          ? { idNumber: message }
          : { form: message },
      );
    } finally {
      setSaving(false);
    }
  };

  const reveal = async (entry: TEntry) => {
    try {
      const answer = await backOfficeCall<{ idNumber: string }>(
        'POST',
        `/admin/underwriting/blacklist/${entry.key}/reveal`,
      );
      setRevealed((current) => ({ ...current, [entry.key]: answer.idNumber }));
    } catch (failure) {
      setActionError(problem(failure));
    }
  };

  const actionsOf = (entry: TEntry) => (
    <div className={styles.row}>
      {revealed[entry.key] || !mayReveal ? null : (
        <button type="button" className={shell.link} onClick={() => void reveal(entry)}>
          Reveal
        </button>
      )}
      {!mayChange ? null : removing === entry.key ? (
        <RemoveForm
          entry={entry}
          onDone={() => {
            setRemoving(null);
            setDone(`${entry.idNumber} removed from the blacklist.`);
            void load();
          }}
        />
      ) : (
        <button type="button" className={shell.link} onClick={() => setRemoving(entry.key)}>
          Remove…
        </button>
      )}
    </div>
  );

  return (
    <div>
      <h1 className={shell.heading}>Blacklist</h1>
      {mayChange ? (
        <section className={shell.card} aria-labelledby={`${id}-add`}>
          <h2 id={`${id}-add`}>Add an ID number</h2>
          <form className={styles.grid} onSubmit={add} noValidate>
            <Field id={`${id}-id`} label="NRIC / FIN / HKID / passport number" error={errors.idNumber}>
              <input
                id={`${id}-id`}
                className={shell.input}
                autoComplete="off"
                value={idNumber}
                onChange={(event) => setIdNumber(event.target.value)}
                {...(errors.idNumber ? { 'aria-invalid': true, 'aria-describedby': `${id}-id-error` } : {})}
              />
            </Field>
            <Field id={`${id}-reason`} label="Reason" error={errors.reason}>
              <input
                id={`${id}-reason`}
                className={shell.input}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...(errors.reason ? { 'aria-invalid': true, 'aria-describedby': `${id}-reason-error` } : {})}
              />
            </Field>
            <div className={styles.wide}>
              <button type="submit" className={shell.primary} disabled={saving}>
                {saving ? 'Adding…' : 'Add to blacklist'}
              </button>
              {errors.form ? (
                <p className={shell.formError} role="alert">
                  {errors.form}
                </p>
              ) : null}
              {done ? (
                <p className={styles.done} role="status">
                  {done}
                </p>
              ) : null}
            </div>
          </form>
        </section>
      ) : null}

      <section className={`${shell.card} ${shell.wideCard}`} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>On the blacklist</h2>
        {loadError ? (
          <p className={shell.formError} role="alert">
            {loadError}
          </p>
        ) : null}
        {entries === null ? (
          <Loading label="Loading the blacklist…" />
        ) : entries.length === 0 ? (
          <p>No ID number is on the blacklist.</p>
        ) : (
          <DataTable
            label="Blacklist entries"
            rows={entries}
            rowKey={(entry) => entry.key}
            columns={[
              {
                header: 'ID number',
                cell: (entry) => revealed[entry.key] ?? entry.idNumber,
                rowHeader: true,
                className: styles.code,
              },
              { header: 'Reason', cell: (entry) => entry.reason },
              { header: 'Added', cell: (entry) => staffDay(entry.createdAt) },
              ...(hasActions ? [{ header: 'Actions', cell: actionsOf }] : []),
            ]}
          />
        )}
      </section>
    </div>
  );
}
