import { useState } from 'react';
import styles from './operations.module.css';
import { Problem, Progress, useLoad, when } from './ops-shared';

type TClientLog = { id: number; at: string; level: string; sessionName: string | null; data: string };

/** What browsers reported (`/admin/client-logs`): the newest first, 100 a page. */
export default function ClientLogsPage() {
  const [page, setPage] = useState(1);
  const { data, error, loading } = useLoad<{ logs: TClientLog[] }>(`/admin/client-logs?page=${page}`);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Client logs</h1>
      <div className={styles.panel}>
        <Problem message={error} />
        {loading && <Progress text="Loading client logs…" />}
        {data && data.logs.length === 0 && <p>No logs on this page.</p>}
        {data && data.logs.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Level</th>
                  <th scope="col">Time</th>
                  <th scope="col">Session</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {data.logs.map((log) => (
                  <tr key={log.id}>
                    <td>{log.level}</td>
                    <td>{when(log.at)}</td>
                    <td>{log.sessionName ?? ''}</td>
                    <td>{log.data}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
