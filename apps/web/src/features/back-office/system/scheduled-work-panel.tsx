import {
  SCHEDULED_WORK_JOBS,
  type TBusinessDateCancellation,
  type TScheduledWorkJob,
  type TScheduledWorkRun,
  ZBusinessDateCancellation,
  ZScheduledWorkRun,
} from '@lionrock/domain/back-office/scheduled-work';
import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  CANCELLATION_REASON_MAX_LENGTH,
  type TCancellationBasis,
  type TCancellationReasonKey,
} from '@lionrock/domain/self-service/cancellation-rules';
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

/** The cancellation module's answer for a policy on a business date (decision 148). */
type TCancellationAnswer = {
  country: TCountry;
  businessDate: string;
  policyNumber: string;
  status: string;
  allowed: boolean;
  basis: TCancellationBasis;
  refundCents: number;
  reasonKey: TCancellationReasonKey;
  refund: { state: string; amountCents: number; reference: string } | null;
};
type TCancelValues = { policyNumber: string; businessDate: string; reason: string };

/** The rule's answer in staff's words: what the customer would get on that day, and why. */
const BASIS_WORDS: Record<TCancellationBasis, string> = {
  'free-look': 'Full refund',
  'short-period': 'Short-period refund (the unexpired months less the administration charge)',
  none: 'No refund',
};
const REASON_WORDS: Record<TCancellationReasonKey, string> = {
  'myPolicy.cancel.reason.freeLook': 'Within the free-look period.',
  'myPolicy.cancel.reason.notStarted': 'Cover has not started.',
  'myPolicy.cancel.reason.shortPeriod': 'After the free-look period.',
  'myPolicy.cancel.reason.claimMade': 'Not cancelled online: a claim has been made.',
  'myPolicy.cancel.reason.tripStarted': 'Not cancelled: the single trip has begun.',
  'myPolicy.cancel.reason.coverEnded': 'Not cancelled: cover has ended by this date.',
  'myPolicy.cancel.reason.noUnexpiredMonth': 'Not cancelled: less than a month of cover is left.',
  'myPolicy.cancel.reason.notIssued': 'Not cancelled: the policy is not issued.',
  'myPolicy.cancel.reason.alreadyCancelled': 'The policy is cancelled.',
};

const dmyOf = (iso: string) => {
  const day = parseIso(iso);
  return day ? formatDmy(day) : iso;
};

/**
 * A customer's cancellation on a business date (decision 148): the refund the rule gives that day
 * first, then the cancellation itself, for the policy and date just shown (no code: staff, not prod).
 */
function CancelOnDateForm({ today }: { today: string }) {
  const form = useStaffForm<TCancelValues, TBusinessDateCancellation>({
    defaultValues: { policyNumber: '', businessDate: today, reason: '' },
    schema: ZBusinessDateCancellation,
    toRequest: (values) => ({
      policyNumber: values.policyNumber,
      businessDate: values.businessDate,
      ...(values.reason.trim() ? { reason: values.reason } : {}),
    }),
    messages: {
      policyNumber: 'Enter the policy number.',
      businessDate: 'Enter a business date (DD/MM/YYYY).',
    },
  });
  const [answer, setAnswer] = useState<TCancellationAnswer | null>(null);
  const busy = form.formState.isSubmitting;
  const [policyNumber, businessDate] = form.watch(['policyNumber', 'businessDate']);
  // Cancelling is offered for the policy and date the refund was shown for, not for what is typed since.
  const shown = answer && answer.policyNumber === policyNumber.trim() && answer.businessDate === businessDate;
  const quote = form.submitWith(async (request) => {
    setAnswer(null);
    const quoted = await backOfficeCall<TCancellationAnswer>(
      'POST',
      '/admin/scheduled-work/cancellation/quote',
      request,
    );
    setAnswer({ ...quoted, policyNumber: request.policyNumber });
  });
  const cancel = form.submitWith(async (request) => {
    const done = await backOfficeCall<TCancellationAnswer>(
      'POST',
      '/admin/scheduled-work/cancellation',
      request,
    );
    setAnswer({ ...done, policyNumber: request.policyNumber });
    return `Cancelled ${request.policyNumber} as on ${dmyOf(request.businessDate)}.`;
  });
  return (
    <form
      className={shell.form}
      onSubmit={quote}
      noValidate
      aria-busy={busy}
      aria-label="Cancel a policy on a business date"
    >
      <FormField form={form} name="policyNumber" label="Policy number">
        {(control) => <input {...control} autoComplete="off" {...form.register('policyNumber')} />}
      </FormField>
      <FormField
        form={form}
        name="businessDate"
        label="Cancellation date"
        hint="The day the customer cancels on, counted in the policy's market."
      >
        {(control) => (
          <RegisteredDateField {...control} label="Cancellation date" {...form.register('businessDate')} />
        )}
      </FormField>
      <FormField form={form} name="reason" label="The customer's reason (optional)">
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            {...form.register('reason')}
          />
        )}
      </FormField>
      <FormMessages form={form} />
      <div>
        <button type="submit" className={styles.secondary} disabled={busy}>
          Show the refund
        </button>
      </div>
      {shown ? (
        <dl aria-label="On that day">
          <div>
            <dt>{dmyOf(answer.businessDate)}</dt>
            <dd>
              {answer.status === 'cancelled' && answer.refund
                ? `Cancelled. Refund ${formatMoney(answer.refund.amountCents, answer.country)} (${answer.refund.state}), reference ${answer.refund.reference}.`
                : answer.allowed
                  ? `${BASIS_WORDS[answer.basis]}: ${formatMoney(answer.refundCents, answer.country)}. ${REASON_WORDS[answer.reasonKey]}`
                  : REASON_WORDS[answer.reasonKey]}
            </dd>
          </div>
        </dl>
      ) : null}
      {shown && answer.allowed ? (
        <div>
          <button type="button" className={styles.primary} disabled={busy} onClick={cancel}>
            {busy ? 'Cancelling…' : `Cancel the policy as on ${dmyOf(answer.businessDate)}`}
          </button>
        </div>
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
      <h3 className={styles.subheading}>Cancel a policy on a business date</h3>
      <p className={styles.muted}>
        What the customer's own cancellation gives on a day you choose: the same rule, refund and mail, so a
        short-period refund can be watched months ahead.
      </p>
      <CancelOnDateForm today={data.markets[0]!.today} />
    </div>
  );
}
