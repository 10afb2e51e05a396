import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffProblemOf, useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { Problem, Progress, when } from './ops-shared';

type TFailedRenewal = {
  id: number;
  kind: string;
  policyId: string;
  policyNumber: string | null;
  product: string;
  market: string;
  dueDate: string | null;
  reason: string;
  attempts: number;
  email: string;
  createdAt: string;
};

const KIND_LABEL: Record<string, string> = {
  renewal_failed: 'Declined',
  renewal_charge_manual: 'Left to operations',
  renewal_unanswered: 'No answer',
};

/**
 * Renewals whose charge failed (`/admin/failed-renewals`, decision 088). A failed renewal is not
 * charged again from here: operations contact the holder, then mark the case handled with a note.
 */
export default function FailedRenewalsPage() {
  // Marking a renewal handled is operations' (system.write); other roles see the list.
  const mayHandle = useCan('system.write');
  const { data, error, loading, reload } = useStaffQuery<{ renewals: TFailedRenewal[] }>(
    '/admin/renewals/failed',
  );
  const [open, setOpen] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const handle = async (renewal: TFailedRenewal) => {
    if (!note.trim()) {
      setNoteError('Write what was done.');
      return;
    }
    setBusy(true);
    setProblem(null);
    setNoteError(null);
    try {
      const answer = await backOfficeCall<{ handled: boolean }>(
        'POST',
        `/admin/renewals/failed/${renewal.id}/handled`,
        { note: note.trim() },
      );
      setDone(
        answer.handled
          ? `Renewal of ${renewal.policyNumber ?? renewal.policyId} marked handled.`
          : 'Someone else handled it first.',
      );
      setOpen(null);
      setNote('');
      reload();
    } catch (caught) {
      setProblem(staffProblemOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const action = (renewal: TFailedRenewal) =>
    open === renewal.id ? (
      <div className={styles.confirm}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`note-${renewal.id}`}>
            What was done
          </label>
          <textarea
            id={`note-${renewal.id}`}
            className={styles.input}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {noteError && (
            <p className={styles.formError} role="alert">
              {noteError}
            </p>
          )}
        </div>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => handle(renewal)}>
          {busy ? 'Saving…' : 'Mark handled'}
        </button>
        <button type="button" className={styles.secondary} onClick={() => setOpen(null)}>
          Cancel
        </button>
      </div>
    ) : (
      <button
        type="button"
        className={styles.secondary}
        onClick={() => {
          setOpen(renewal.id);
          setNote('');
          setNoteError(null);
        }}
      >
        Handled…
      </button>
    );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Failed renewals</h1>
      <div className={styles.panel}>
        {done && (
          <p className={styles.status} role="status">
            {done}
          </p>
        )}
        <Problem message={problem ?? error} />
        {loading && <Progress text="Loading failed renewals…" />}
        {data && (
          <DataTable
            rows={data.renewals}
            rowKey={(renewal) => renewal.id}
            empty="No failed renewal is waiting."
            pageSize={50}
            columns={[
              {
                header: 'Policy',
                cell: (renewal) => renewal.policyNumber ?? renewal.policyId,
                sortValue: (renewal) => renewal.policyNumber ?? renewal.policyId,
              },
              {
                header: 'Product',
                cell: (renewal) => renewal.product,
                sortValue: (renewal) => renewal.product,
              },
              { header: 'Market', cell: (renewal) => renewal.market, sortValue: (renewal) => renewal.market },
              {
                header: 'Due',
                cell: (renewal) => renewal.dueDate ?? '',
                sortValue: (renewal) => renewal.dueDate ?? '',
              },
              {
                header: 'Reason',
                cell: (renewal) =>
                  `${KIND_LABEL[renewal.kind] ?? renewal.kind}: ${renewal.reason} (${when(renewal.createdAt)})`,
              },
              {
                header: 'Attempts',
                cell: (renewal) => renewal.attempts,
                numeric: true,
                sortValue: (renewal) => renewal.attempts,
              },
              { header: 'Holder e-mail', cell: (renewal) => renewal.email },
              ...(mayHandle
                ? [{ header: 'Action', cell: (renewal: TFailedRenewal) => action(renewal) }]
                : []),
            ]}
          />
        )}
      </div>
    </div>
  );
}
