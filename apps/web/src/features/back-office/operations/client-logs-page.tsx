import { useState } from 'react';
import { DataTable } from '../data-table';
import { useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { Problem, Progress, when } from './ops-shared';

type TClientLog = { id: number; at: string; level: string; sessionName: string | null; data: string };

/** What browsers reported (`/admin/client-logs`): the newest first, 100 a page. */
export default function ClientLogsPage() {
  const [page, setPage] = useState(1);
  const { data, error, loading } = useStaffQuery<{ logs: TClientLog[] }>(`/admin/client-logs?page=${page}`);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Client logs</h1>
      <div className={styles.panel}>
        <Problem message={error} />
        {loading && <Progress text="Loading client logs…" />}
        {/* The server pages the logs (100 a page, Newer and Older below): the table shows one page as it comes. */}
        {data && (
          <DataTable
            rows={data.logs}
            rowKey={(log) => log.id}
            empty="No logs on this page."
            columns={[
              { header: 'Level', cell: (log) => log.level },
              { header: 'Time', cell: (log) => when(log.at) },
              { header: 'Session', cell: (log) => log.sessionName ?? '' },
              { header: 'Message', cell: (log) => log.data },
            ]}
          />
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            disabled={page === 1 || loading}
            onClick={() => setPage((value) => value - 1)}
          >
            Newer
          </button>
          <span>Page {page}</span>
          <button
            type="button"
            className={styles.secondary}
            disabled={loading || !data || data.logs.length < 100}
            onClick={() => setPage((value) => value + 1)}
          >
            Older
          </button>
        </div>
      </div>
    </div>
  );
}
