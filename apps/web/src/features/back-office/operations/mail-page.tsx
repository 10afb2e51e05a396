import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import { useCan } from '../signed-in-account';
import styles from './operations.module.css';
import { messageOf, Problem, Progress, useLoad, when } from './ops-shared';

type TMail = {
  id: number;
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
};

/** The mail outbox (`/admin/mail`): mail not sent yet, the failing first; Retry sends it now. */
export default function MailPage() {
  // A retry is operations' (system.write); other roles see what failed (the server's guard).
  const mayRetry = useCan('system.write');
  const [status, setStatus] = useState<'failed' | 'queued'>('failed');
  const { data, error, loading, reload } = useLoad<{ mails: TMail[] }>(`/admin/mail?status=${status}`);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const retry = async (id: number) => {
    setBusy(id);
    setProblem(null);
    try {
      await backOfficeCall('POST', `/admin/mail/${id}/retry`);
      setDone(`Mail ${id} will be sent again now.`);
      reload();
    } catch (caught) {
      setProblem(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Mail outbox</h1>
      <div className={styles.panel}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="mail-status">
            Show
          </label>
          <select
            id="mail-status"
            className={styles.input}
            value={status}
            onChange={(event) => setStatus(event.target.value as 'failed' | 'queued')}
          >
            <option value="failed">Failing (not sent, with an error)</option>
            <option value="queued">All not sent yet</option>
          </select>
        </div>
        {done && (
          <p className={styles.status} role="status">
            {done}
          </p>
        )}
        <Problem message={problem ?? error} />
        {loading && <Progress text="Loading the outbox…" />}
        {data && data.mails.length === 0 && <p>Nothing waiting.</p>}
        {data && data.mails.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Mail</th>
                  <th scope="col">To</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Next try</th>
                  {mayRetry ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {data.mails.map((mail) => (
                  <tr key={mail.id}>
                    <td>
                      {mail.kind} ({when(mail.createdAt)})
                    </td>
                    <td>{mail.recipient}</td>
                    <td>{mail.attempts}</td>
                    <td>{mail.lastError ?? ''}</td>
                    <td>{when(mail.nextAttemptAt)}</td>
                    {mayRetry ? (
                      <td>
                        <button
                          type="button"
                          className={styles.secondary}
                          disabled={busy !== null}
                          onClick={() => retry(mail.id)}
                        >
                          {busy === mail.id ? 'Retrying…' : 'Retry'}
                        </button>
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
