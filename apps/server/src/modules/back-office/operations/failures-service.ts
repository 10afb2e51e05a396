import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { ApiError } from '../../../lib/api-error.ts';
import { scrubText } from '../../../lib/redaction.ts';
import type { TActor, TAuditTrail } from '../audit.ts';
import type { TFailuresRepository } from './failures-repository.ts';

/**
 * What failed without anybody watching (issue 18, decision 088): renewals whose charge was declined,
 * left to operations or never answered (the renewal job's operations alerts), and pg-boss jobs that
 * used up their retries (listed without their data; run again through pg-boss's own retry when the
 * job runner is attached, see server.ts). A failed renewal is never charged again from here: the renewal job claims a
 * renewal once (renewal-charge.ts) and has no safe second charge, so operations call or mail the
 * holder and mark the case handled with a note (audited).
 */
export const FAILED_RENEWAL_KINDS = [
  'renewal_failed',
  'renewal_charge_manual',
  'renewal_unanswered',
] as const;

/** pg-boss's `retry(name, id)`. */
export type TJobRetry = (name: string, id: string) => Promise<unknown>;

export function createFailuresService(deps: {
  repository: TFailuresRepository;
  audit: TAuditTrail;
  now: () => Date;
}) {
  const { repository, audit, now } = deps;

  async function failedRenewals() {
    const rows = await repository.listOpenAlerts(FAILED_RENEWAL_KINDS, 200);
    const policyIds = [...new Set(rows.map((row) => row.policy.policyId))];
    // Attempts: the renewal charges made for the expiring policy (each renewal its own payment).
    const attempts = await repository.countRenewalPayments(policyIds);
    return rows.map(({ alert, policy }) => {
      const detail = (alert.detail ?? {}) as Record<string, unknown>;
      const email = policyApplicant(policy.document as TPolicy)?.email ?? '';
      return {
        id: alert.id,
        kind: alert.kind,
        policyId: policy.policyId,
        policyNumber: policy.policyNumber,
        product: policy.productType,
        market: policy.country,
        // The renewal falls due when the expiring cover ends.
        dueDate: policy.endDate,
        reason: reasonOf(alert.kind, detail),
        attempts: attempts.get(policy.policyId) ?? 0,
        email: email ? maskEmail(email) : '',
        createdAt: alert.createdAt.toISOString(),
      };
    });
  }

  function reasonOf(kind: string, detail: Record<string, unknown>): string {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    if (kind === 'renewal_failed') {
      const outcome = text(detail.outcome).toLowerCase();
      const code =
        detail.reasonCode === undefined || detail.reasonCode === null ? '' : String(detail.reasonCode);
      return scrubText(text(detail.reason) || `${outcome || 'declined'} ${code}`.trim());
    }
    if (kind === 'renewal_charge_manual') return scrubText(text(detail.reason) || 'left to operations');
    return scrubText(text(detail.error) || text(detail.reason) || 'the charge had no answer');
  }

  /** Marks a failed renewal handled (the holder called, paid another way...) with the note why. */
  async function handleRenewal(actor: TActor, id: number, note: string) {
    const at = now();
    // The alert closed and its audit row are written together, or neither.
    const outcome = await repository.closeAlert(id, FAILED_RENEWAL_KINDS, at, {
      at,
      actor,
      action: 'renewal.handled',
      entity: 'alert',
      entityId: String(id),
      before: { resolvedAt: null },
      after: { resolvedAt: at.toISOString() },
      note,
    });
    if (outcome === 'missing')
      throw new ApiError(404, 'There is no failed renewal with this id.', { field: 'id' });
    return { handled: outcome === 'closed' };
  }

  /**
   * The last 100 failed jobs: never their data (it may hold a policy's personal details), and their
   * error's message scrubbed of anything that looks like personal data.
   */
  async function failedJobs() {
    if (!(await repository.jobTableExists())) return [];
    const rows = await repository.listFailedJobs(100);
    const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: iso(row.created_on),
      failedAt: iso(row.completed_on),
      retryCount: Number(row.retry_count),
      error: scrubText((row.message ?? '').slice(0, 500)),
    }));
  }

  /** pg-boss's retry, given by server.ts once the jobs run (they start after the app is built). */
  let retryWithBoss: TJobRetry | null = null;

  /** Runs a failed job again through pg-boss's own retry; audited once pg-boss has taken it. */
  async function retryJob(actor: TActor, id: string) {
    if (!(await repository.jobTableExists()))
      throw new ApiError(404, 'There is no failed job with this id.', { field: 'id' });
    const job = await repository.findJob(id);
    if (job?.state !== 'failed')
      throw new ApiError(404, 'There is no failed job with this id.', { field: 'id' });
    if (!retryWithBoss)
      throw new ApiError(503, 'The job runner is not running in this server; try again later.', {
        field: 'id',
      });
    await retryWithBoss(job.name, id);
    await audit.record({
      at: now(),
      actor,
      action: 'job.retry',
      entity: 'job',
      entityId: id,
      before: { state: 'failed' },
      after: { state: 'retry', name: job.name },
    });
    return { retried: true };
  }

  return {
    failedRenewals,
    handleRenewal,
    failedJobs,
    retryJob,
    attachJobRunner(retry: TJobRetry) {
      retryWithBoss = retry;
    },
  };
}

export type TFailuresService = ReturnType<typeof createFailuresService>;
