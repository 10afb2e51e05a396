import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import { useCan } from '../signed-in-account';
import styles from './operations.module.css';
import { messageOf, Problem, Progress, useLoad, when } from './ops-shared';

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
  const { data, error, loading, reload } = useLoad<{ renewals: TFailedRenewal[] }>('/admin/renewals/failed');
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
      setProblem(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

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
        {data && data.renewals.length === 0 && <p>No failed renewal is waiting.</p>}
        {data && data.renewals.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Policy</th>
                  <th scope="col">Product</th>
                  <th scope="col">Market</th>
                  <th scope="col">Due</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Holder e-mail</th>
                  {mayHandle ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.renewals.map((renewal) => (
                  <tr key={renewal.id}>
                    <td>{renewal.policyNumber ?? renewal.policyId}</td>
                    <td>{renewal.product}</td>
                    <td>{renewal.market}</td>
                    <td>{renewal.dueDate ?? ''}</td>
                    <td>
                      {KIND_LABEL[renewal.kind] ?? renewal.kind}: {renewal.reason} ({when(renewal.createdAt)})
                    </td>
                    <td>{renewal.attempts}</td>
                    <td>{renewal.email}</td>
                    {mayHandle ? (
                      <td>
                        {open === renewal.id ? (
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
                            <button
                              type="button"
                              className={styles.primary}
                              disabled={busy}
                              onClick={() => handle(renewal)}
                            >
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
                        )}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
