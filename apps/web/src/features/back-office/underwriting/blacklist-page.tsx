import {
  type TBlacklistAdd,
  type TBlacklistRemove,
  ZBlacklistAdd,
  ZBlacklistRemove,
} from '@lionrock/domain/back-office/underwriting-requests';
import { useId, useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffDay } from '../staff-dates';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { Loading, problem } from './shared';
import styles from './underwriting.module.css';

/**
 * The underwriting blacklist (issue 18, decision 085): ID numbers masked, revealed one at a time
 * (audited), added or removed with a reason. A change refuses or admits the next quote at once.
 */
type TEntry = { key: string; idNumber: string; reason: string; createdAt: string };

/** Words for the blacklist forms' problems, by field. */
const MESSAGES = { idNumber: 'Enter the ID number.', reason: 'Give the reason.' };

function RemoveForm({ entry, onDone }: { entry: TEntry; onDone: () => void }) {
  const form = useStaffForm<TBlacklistRemove, TBlacklistRemove>({
    defaultValues: { reason: '' },
    schema: ZBlacklistRemove,
    messages: { reason: 'Give the reason for removing it.' },
  });
  const send = form.submitWith(async (request) => {
    await backOfficeCall('POST', `/admin/underwriting/blacklist/${entry.key}/remove`, request);
    onDone();
  });
  return (
    <form className={styles.row} onSubmit={send} noValidate aria-busy={form.formState.isSubmitting}>
      <FormField form={form} name="reason" label={`Reason for removing ${entry.idNumber}`}>
        {(control) => <input {...control} {...form.register('reason')} />}
      </FormField>
      <button type="submit" className={shell.secondary} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Removing…' : 'Remove'}
      </button>
      <FormMessages form={form} />
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
  const [done, setDone] = useState('');
  const adding = useStaffForm<TBlacklistAdd, TBlacklistAdd>({
    defaultValues: { idNumber: '', reason: '' },
    schema: ZBlacklistAdd,
    messages: MESSAGES,
  });

  const add = adding.submitWith(async (request) => {
    setDone('');
    const added = await backOfficeCall<{ idNumber: string }>(
      'POST',
      '/admin/underwriting/blacklist',
      request,
    );
    adding.reset();
    await load();
    return `${added.idNumber} added to the blacklist.`;
  });

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
            adding.setDone('');
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
          <form className={styles.grid} onSubmit={add} noValidate aria-busy={adding.formState.isSubmitting}>
            <FormField form={adding} name="idNumber" label="NRIC / FIN / HKID / passport number">
              {(control) => <input {...control} autoComplete="off" {...adding.register('idNumber')} />}
            </FormField>
            <FormField form={adding} name="reason" label="Reason">
              {(control) => <input {...control} {...adding.register('reason')} />}
            </FormField>
            <div className={styles.wide}>
              <button type="submit" className={shell.primary} disabled={adding.formState.isSubmitting}>
                {adding.formState.isSubmitting ? 'Adding…' : 'Add to blacklist'}
              </button>
              <FormMessages form={adding} />
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
