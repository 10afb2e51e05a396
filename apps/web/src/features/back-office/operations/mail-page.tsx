import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffProblemOf, useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { Problem, Progress, when } from './ops-shared';

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
  const { data, error, loading, reload } = useStaffQuery<{ mails: TMail[] }>(`/admin/mail?status=${status}`);
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
      setProblem(staffProblemOf(caught));
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
        {data && (
          <DataTable
            rows={data.mails}
            rowKey={(mail) => mail.id}
            empty="Nothing waiting."
            pageSize={50}
            columns={[
              {
                header: 'Mail',
                cell: (mail) => `${mail.kind} (${when(mail.createdAt)})`,
                sortValue: (mail) => mail.kind,
              },
              { header: 'To', cell: (mail) => mail.recipient, sortValue: (mail) => mail.recipient },
              {
                header: 'Tries',
                cell: (mail) => mail.attempts,
                numeric: true,
                sortValue: (mail) => mail.attempts,
              },
              { header: 'Last error', cell: (mail) => mail.lastError ?? '' },
              {
                header: 'Next try',
                cell: (mail) => when(mail.nextAttemptAt),
                sortValue: (mail) => mail.nextAttemptAt,
              },
              ...(mayRetry
                ? [
                    {
                      header: 'Action',
                      cell: (mail: TMail) => (
                        <button
                          type="button"
                          className={styles.secondary}
                          disabled={busy !== null}
                          onClick={() => retry(mail.id)}
                        >
                          {busy === mail.id ? 'Retrying…' : 'Retry'}
                        </button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </div>
    </div>
  );
}
