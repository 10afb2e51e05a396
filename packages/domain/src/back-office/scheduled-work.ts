import { z } from 'zod';
import { daysBetween, parseIso, type TLocalDate, todayIn } from '../dates/local-date.ts';
import { COUNTRIES, MARKETS, type TCountry } from '../market/market.ts';
import { CANCELLATION_REASON_MAX_LENGTH } from '../self-service/cancellation-rules.ts';

/**
 * Scheduled work staff may run by hand outside `prod` (issue 29, decision 129): the daily jobs the
 * cron runs for today, run for a business date staff choose, so testers watch notices, charges and
 * reminders happen. Each job is told the date (and the instant that stands for it); none reads a clock.
 */

/** The jobs the panel offers, in the order they run. */
export const SCHEDULED_WORK_JOBS = ['renewalScan', 'reminders', 'pruning'] as const;
export type TScheduledWorkJob = (typeof SCHEDULED_WORK_JOBS)[number];

/**
 * How far from the market's today a business date may be: a year back, and two years and a month
 * ahead (an annual policy's renewal, charged 15 days before its end, fits with room to spare).
 */
export const BUSINESS_DATE_RANGE = { daysBack: 366, daysAhead: 762 } as const;

/** A run: the market, its business date (ISO), and the jobs to run, at least one. */
export const ZScheduledWorkRun = z.object({
  country: z.enum(COUNTRIES),
  businessDate: z.iso.date(),
  jobs: z.array(z.enum(SCHEDULED_WORK_JOBS)).min(1).max(SCHEDULED_WORK_JOBS.length),
});
export type TScheduledWorkRun = z.infer<typeof ZScheduledWorkRun>;

/**
 * A customer's cancellation as it would happen, or happens, on a business date (decision 148): the
 * policy by its number, the date, and the customer's reason as they gave it (optional). The policy's
 * own market decides which today the date is counted from.
 */
export const ZBusinessDateCancellation = z.object({
  policyNumber: z.string().trim().min(1).max(40),
  businessDate: z.iso.date(),
  reason: z.string().trim().max(CANCELLATION_REASON_MAX_LENGTH).optional(),
});
export type TBusinessDateCancellation = z.infer<typeof ZBusinessDateCancellation>;

/** Why a business date cannot be run in a market today, or null when it can. */
export function businessDateProblem(date: string, country: TCountry, now: Date): string | null {
  const day = parseIso(date);
  if (!day) return 'Enter a business date.';
  const offset = daysBetween(todayIn(MARKETS[country].timeZone, now), day);
  if (offset < -BUSINESS_DATE_RANGE.daysBack) return 'Choose a business date at most a year back.';
  if (offset > BUSINESS_DATE_RANGE.daysAhead) return 'Choose a business date at most two years ahead.';
  return null;
}

/**
 * The instant that stands for `date` in a market: now, moved by whole days to that date, so the
 * market's today runs at this moment and another day at the same time of day.
 */
export function businessInstant(date: TLocalDate, country: TCountry, now: Date): Date {
  const offset = daysBetween(todayIn(MARKETS[country].timeZone, now), date);
  return new Date(now.getTime() + offset * 86_400_000);
}
