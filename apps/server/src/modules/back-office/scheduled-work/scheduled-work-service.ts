import {
  businessDateProblem,
  businessInstant,
  SCHEDULED_WORK_JOBS,
  type TBusinessDateCancellation,
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
  /** A customer's cancellation on a business date (decision 148): the cancellation module's use cases. */
  cancellation: {
    marketOf: (policyNumber: string) => Promise<TCountry | undefined>;
    quoteOnDate: (policyNumber: string, day: TLocalDate) => Promise<TCancellationAnswer>;
    cancelOnDate: (
      policyNumber: string,
      day: TLocalDate,
      reason: string | undefined,
    ) => Promise<TCancellationAnswer>;
  };
};
/** The cancellation module's view: allowed or not, its basis, refund and reason (the panel shows it). */
type TCancellationAnswer = { allowed: boolean; basis: string; refundCents: number; status: string };

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

  /** The policy and the business date of a cancellation request, each refused on its own field. */
  async function cancellationOf(request: TBusinessDateCancellation) {
    const country = await jobs.cancellation.marketOf(request.policyNumber);
    if (!country) throw new ApiError(404, 'No policy has this number.', { field: 'policyNumber' });
    const problem = businessDateProblem(request.businessDate, country, now());
    if (problem) throw new ApiError(400, problem, { field: 'businessDate' });
    return { country, day: parseIso(request.businessDate)! };
  }

  /** What cancelling the policy on the business date would give (nothing is written). */
  async function quoteCancellation(request: TBusinessDateCancellation) {
    const { country, day } = await cancellationOf(request);
    const answer = await jobs.cancellation.quoteOnDate(request.policyNumber, day);
    return { country, businessDate: request.businessDate, ...answer };
  }

  /**
   * The customer's cancellation as it happens on the business date: the same rule, rows, refund and
   * mail as theirs, no code asked (staff outside prod); an audit row names the date and what it gave.
   */
  async function cancel(actor: TActor, request: TBusinessDateCancellation) {
    const { country, day } = await cancellationOf(request);
    const offered = await jobs.cancellation.quoteOnDate(request.policyNumber, day);
    const answer = await jobs.cancellation.cancelOnDate(
      request.policyNumber,
      day,
      request.reason || undefined,
    );
    await audit.record({
      at: now(),
      actor,
      action: 'cancel',
      entity: 'policy',
      entityId: request.policyNumber,
      before: { status: offered.status, basis: offered.basis, refundCents: offered.refundCents },
      after: { status: answer.status, businessDate: request.businessDate },
    });
    return { country, businessDate: request.businessDate, ...answer };
  }

  return { overview, run, quoteCancellation, cancel };
}

export type TScheduledWorkService = ReturnType<typeof createScheduledWorkService>;
