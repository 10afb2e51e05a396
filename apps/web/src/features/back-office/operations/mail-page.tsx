import { useState } from 'react';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { ListStatus, RetryButton, useRetry, when } from './ops-shared';

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
  const { busy, problem, done, retry } = useRetry<number>(reload);

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
        <ListStatus
          done={done}
          problem={problem ?? error}
          loading={loading}
          loadingText="Loading the outbox…"
        />
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
                        <RetryButton
                          busy={busy}
                          row={mail.id}
                          onRetry={() =>
                            retry(
                              mail.id,
                              `/admin/mail/${mail.id}/retry`,
                              `Mail ${mail.id} will be sent again now.`,
                            )
                          }
                        />
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
