import styles from './operations.module.css';
import { Problem, Progress, useLoad, when } from './ops-shared';

type TFailedJob = {
  id: string;
  name: string;
  createdAt: string | null;
  failedAt: string | null;
  retryCount: number;
  error: string;
};

/**
 * The last 100 background jobs that failed for good (`/admin/failed-jobs`, decision 088): never their
 * data, and their error scrubbed by the server. Listed only: a job is run again by the job runner.
 */
export default function FailedJobsPage() {
  const { data, error, loading } = useLoad<{ jobs: TFailedJob[] }>('/admin/jobs/failed');
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Failed jobs</h1>
      <div className={styles.panel}>
        <Problem message={error} />
        {loading && <Progress text="Loading failed jobs…" />}
        {data && data.jobs.length === 0 && <p>No job has failed.</p>}
        {data && data.jobs.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Created</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Retries</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {data.jobs.map((job) => (
                  <tr key={job.id}>
                    <td>{job.name}</td>
                    <td>{when(job.createdAt)}</td>
                    <td>{when(job.failedAt)}</td>
                    <td>{job.retryCount}</td>
                    <td>{job.error}</td>
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
