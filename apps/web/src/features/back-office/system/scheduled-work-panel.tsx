import {
  SCHEDULED_WORK_JOBS,
  type TScheduledWorkJob,
  type TScheduledWorkRun,
  ZScheduledWorkRun,
} from '@lionrock/domain/back-office/scheduled-work';
import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import { useState } from 'react';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { MARKETS } from './system-shared';

/** What may be run, as the server answers it outside prod (there the call does not exist). */
type TOverview = { markets: { country: TCountry; today: string }[]; jobs: TScheduledWorkJob[] };
/** A run's answer: each job's counts. */
type TRunAnswer = {
  country: TCountry;
  businessDate: string;
  results: Partial<Record<TScheduledWorkJob, Record<string, unknown>>>;
};
type TValues = { country: TCountry; businessDate: string } & Record<TScheduledWorkJob, boolean>;

const JOB_LABELS: Record<TScheduledWorkJob, string> = {
  renewalScan: 'Renewal scan (notices, charges, renewals)',
  reminders: 'Reminders (quotes left 24 hours ago)',
  pruning: 'Pruning (claim drafts, client logs)',
};
const JOB_NAMES: Record<TScheduledWorkJob, string> = {
  renewalScan: 'Renewal scan',
  reminders: 'Reminders',
  pruning: 'Pruning',
};

/** A job's counts in words: "notices 1, charged 0", nested counts by their group ("claimDrafts drafts 0"). */
export function countsText(counts: Record<string, unknown>, prefix = ''): string {
  return Object.entries(counts)
    .map(([key, value]) =>
      value !== null && typeof value === 'object'
        ? countsText(value as Record<string, unknown>, `${prefix}${key} `)
        : `${prefix}${key} ${String(value)}`,
    )
    .join(', ');
}

const problemOf = (issue: TFormIssue) =>
  issue.path === 'businessDate'
    ? 'Enter a business date (DD/MM/YYYY).'
    : issue.path === 'jobs'
      ? 'Choose at least one job.'
      : undefined;

function RunForm({ overview }: { overview: TOverview }) {
  const first = overview.markets[0]!;
  const form = useStaffForm<TValues, TScheduledWorkRun>({
    defaultValues: {
      country: first.country,
      businessDate: first.today,
      ...(Object.fromEntries(SCHEDULED_WORK_JOBS.map((job) => [job, true])) as Record<
        TScheduledWorkJob,
        boolean
      >),
    },
    schema: ZScheduledWorkRun,
    toRequest: (values) => ({
      country: values.country,
      businessDate: values.businessDate,
      jobs: SCHEDULED_WORK_JOBS.filter((job) => values[job]),
    }),
    messages: problemOf,
  });
  const [answer, setAnswer] = useState<TRunAnswer | null>(null);
  const busy = form.formState.isSubmitting;
  const send = form.submitWith(async (request) => {
    setAnswer(null);
    const ran = await backOfficeCall<TRunAnswer>('POST', '/admin/scheduled-work/run', request);
    setAnswer(ran);
    const day = parseIso(ran.businessDate);
    return `Ran for ${day ? formatDmy(day) : ran.businessDate} in ${MARKETS[ran.country]}.`;
  });
  // The schema names the request's `jobs`, which the form holds as one box a job.
  const jobsError = (form.formState.errors as Record<string, { message?: string } | undefined>).jobs?.message;
  return (
    <form className={shell.form} onSubmit={send} noValidate aria-busy={busy} aria-label="Run scheduled work">
      <FormField form={form} name="country" label="Market">
        {(control) => (
          <select {...control} {...form.register('country')}>
            {overview.markets.map((market) => (
              <option key={market.country} value={market.country}>
                {MARKETS[market.country]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        form={form}
        name="businessDate"
        label="Business date"
        hint="The market's day the jobs run for, as the 01:30 cron runs them for today."
      >
        {(control) => (
          <RegisteredDateField {...control} label="Business date" {...form.register('businessDate')} />
        )}
      </FormField>
      <fieldset
        className={shell.fieldGroup}
        aria-describedby={jobsError ? 'scheduled-work-jobs-error' : undefined}
      >
        <legend className={shell.label}>Jobs</legend>
        {SCHEDULED_WORK_JOBS.map((job) => (
          <label key={job} className={styles.toggle}>
            <input type="checkbox" {...form.register(job)} />
            <span>{JOB_LABELS[job]}</span>
          </label>
        ))}
        {jobsError ? (
          <p className={shell.error} id="scheduled-work-jobs-error" role="alert">
            {jobsError}
          </p>
        ) : null}
      </fieldset>
      <FormMessages form={form} />
      <div>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Running…' : 'Run now'}
        </button>
      </div>
      {answer ? (
        <dl aria-label="What each job did">
          {SCHEDULED_WORK_JOBS.filter((job) => answer.results[job]).map((job) => (
            <div key={job}>
              <dt>{JOB_NAMES[job]}</dt>
              <dd>{countsText(answer.results[job]!)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </form>
  );
}

/**
 * "Run scheduled work" (issue 29, decision 129): the renewal scan, reminders and pruning for a business
 * date, outside prod only. The panel asks the server what may be run; where that call does not exist
 * (prod) or the role may not run jobs, nothing is shown.
 */
export function ScheduledWork({ mayRun }: { mayRun: boolean }) {
  const { data } = useStaffQuery<TOverview>(mayRun ? '/admin/scheduled-work' : null);
  if (!mayRun || !data) return null;
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>Run scheduled work</h2>
      <p className={styles.muted}>
        Test environments only: runs the daily jobs now for the date you choose. Each notice, charge and
        reminder is made once, so running a date again does nothing twice.
      </p>
      <RunForm overview={data} />
    </div>
  );
}
