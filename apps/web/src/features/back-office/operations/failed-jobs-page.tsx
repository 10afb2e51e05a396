import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { ListStatus, RetryButton, useRetry, when } from './ops-shared';

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
 * data, and their error scrubbed by the server. Retry hands a job back to pg-boss (audited).
 */
export default function FailedJobsPage() {
  // A retry is operations' (system.write); other roles see what failed (the server's guard).
  const mayRetry = useCan('system.write');
  const { data, error, loading, reload } = useStaffQuery<{ jobs: TFailedJob[] }>('/admin/jobs/failed');
  const { busy, problem, done, retry } = useRetry<string>(reload);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Failed jobs</h1>
      <div className={styles.panel}>
        <ListStatus
          done={done}
          problem={problem ?? error}
          loading={loading}
          loadingText="Loading failed jobs…"
        />
        {data && (
          <DataTable
            rows={data.jobs}
            rowKey={(job) => job.id}
            empty="No job has failed."
            pageSize={50}
            columns={[
              { header: 'Job', cell: (job) => job.name, sortValue: (job) => job.name },
              {
                header: 'Created',
                cell: (job) => when(job.createdAt),
                sortValue: (job) => job.createdAt ?? '',
              },
              { header: 'Failed', cell: (job) => when(job.failedAt), sortValue: (job) => job.failedAt ?? '' },
              {
                header: 'Retries',
                cell: (job) => job.retryCount,
                numeric: true,
                sortValue: (job) => job.retryCount,
              },
              { header: 'Error', cell: (job) => job.error },
              ...(mayRetry
                ? [
                    {
                      header: 'Action',
                      cell: (job: TFailedJob) => (
                        <RetryButton
                          busy={busy}
                          row={job.id}
                          onRetry={() =>
                            retry(
                              job.id,
                              `/admin/jobs/failed/${job.id}/retry`,
                              `The ${job.name} job will run again.`,
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
