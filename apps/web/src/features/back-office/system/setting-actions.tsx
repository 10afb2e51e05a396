import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';

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
