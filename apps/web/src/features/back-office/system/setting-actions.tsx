import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { problemOf } from '../staff-form';

/**
 * A system panel's one change at a time: `busy` names the change under way ('' when none), `error`
 * its refusal, `saved` what was last saved. `run` clears both lines, calls, says `saved` when given
 * and tells the page the settings changed.
 */
export function usePanelAction(onChanged: () => void) {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const run = async (action: () => Promise<unknown>, options: { busy?: string; saved?: string } = {}) => {
    setBusy(options.busy ?? 'saving');
    setError('');
    setSaved('');
    try {
      await action();
      if (options.saved) setSaved(options.saved);
      onChanged();
    } catch (caught) {
      setError(problemOf(caught));
    } finally {
      setBusy('');
    }
  };
  return { busy, error, setError, saved, setSaved, run };
}

/** A panel's status lines: saving, its refusal, then what was saved (`savedClass`, muted by default). */
export function PanelStatus({
  busy,
  error,
  saved,
  savedClass = styles.muted,
}: {
  busy: boolean;
  error: string;
  saved: string;
  savedClass?: string;
}) {
  return (
    <>
      {busy && (
        <p role="status" className={styles.muted}>
          Saving…
        </p>
      )}
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className={savedClass}>
          {saved}
        </p>
      )}
    </>
  );
}

/**
 * A notice's or banner's row buttons: Edit (opens its form below the row), then the row's own buttons
 * (a banner's Up and Down), Show or Hide, and Delete after a confirmation.
 */
export function SettingActions({
  path,
  active,
  busy,
  editing,
  editLabel,
  confirmDelete,
  onEdit,
  run,
  children,
}: {
  path: string;
  active: boolean;
  busy: boolean;
  editing: boolean;
  editLabel: string;
  confirmDelete: string;
  onEdit: () => void;
  run: (action: () => Promise<unknown>) => Promise<unknown>;
  children?: React.ReactNode;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        aria-expanded={editing}
        aria-label={editLabel}
        onClick={onEdit}
      >
        Edit
      </button>
      {children}
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={() => void run(() => backOfficeCall('PUT', path, { active: !active }))}
      >
        {active ? 'Hide' : 'Show'}
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={() => window.confirm(confirmDelete) && void run(() => backOfficeCall('DELETE', path))}
      >
        Delete
      </button>
    </>
  );
}
