import {
  businessDateProblem,
  businessInstant,
  SCHEDULED_WORK_JOBS,
  type TScheduledWorkJob,
  type TScheduledWorkRun,
} from '@lionrock/domain/back-office/scheduled-work';
import { formatIso, parseIso, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { COUNTRIES, MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { ApiError } from '../../../lib/api-error.ts';
import type { TActor, TAuditTrail } from '../audit.ts';

/** What each job answered: its counts. */
type TCounts = Record<string, unknown>;

/**
 * The jobs staff may run for a business date (decision 129), each told the date and the instant that
 * stands for it. The same use cases the cron runs: each notice, charge and reminder is claimed once,
 * so a second run for a date does nothing again.
 */
export type TScheduledWorkJobs = {
  renewalScan: (today: TLocalDate, country: TCountry, options: { at: Date }) => Promise<object>;
  reminders: (at: Date) => Promise<object>;
  pruneClaimDrafts: (at: Date) => Promise<object>;
  pruneClientLogs: (at: Date) => Promise<object>;
};

/**
 * Scheduled work run by hand (issue 29, decision 129): outside `prod` only (the module is not
 * registered there), by operations, each run an audit row with what every job did.
 */
export function createScheduledWorkService(deps: {
  jobs: TScheduledWorkJobs;
  audit: TAuditTrail;
  now: () => Date;
}) {
  const { jobs, audit, now } = deps;

  /** Each market's today (the panel's default date) and the jobs it may run. */
  function overview() {
    const at = now();
    return {
      markets: COUNTRIES.map((country) => ({
        country,
        today: formatIso(todayIn(MARKETS[country].timeZone, at)),
      })),
      jobs: [...SCHEDULED_WORK_JOBS],
    };
  }

  async function runJob(job: TScheduledWorkJob, date: TLocalDate, country: TCountry, at: Date) {
    if (job === 'renewalScan') return (await jobs.renewalScan(date, country, { at })) as TCounts;
    if (job === 'reminders') return (await jobs.reminders(at)) as TCounts;
    return {
      claimDrafts: await jobs.pruneClaimDrafts(at),
      clientLogs: await jobs.pruneClientLogs(at),
    };
  }

  /** Runs the chosen jobs, in the panel's order, for the market's business date; answers their counts. */
  async function run(actor: TActor, request: TScheduledWorkRun) {
    const problem = businessDateProblem(request.businessDate, request.country, now());
    if (problem) throw new ApiError(400, problem, { field: 'businessDate' });
    const date = parseIso(request.businessDate)!;
    const at = businessInstant(date, request.country, now());
    const results: Partial<Record<TScheduledWorkJob, TCounts>> = {};
    for (const job of SCHEDULED_WORK_JOBS)
      if (request.jobs.includes(job)) results[job] = await runJob(job, date, request.country, at);
    await audit.record({
      at: now(),
      actor,
      action: 'run',
      entity: 'job',
      entityId: 'scheduled-work',
      before: null,
      after: { country: request.country, businessDate: request.businessDate, results },
    });
    return {
      country: request.country,
      businessDate: request.businessDate,
      at: at.toISOString(),
      results,
    };
  }

  return { overview, run };
}

export type TScheduledWorkService = ReturnType<typeof createScheduledWorkService>;
