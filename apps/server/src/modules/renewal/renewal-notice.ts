import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { isCardExpiredBy, renewalChargeDate } from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { applicantMail, type TRenewalContext, type TRenewalScanResult } from './renewal-context.ts';
import type { TRenewalCandidate, TRenewalMail } from './renewal-repository.ts';

/**
 * The renewal notice, 30 days before the end of cover (pa-home-payments section 9), with the warning
 * that the stored card expires before the charge date when it does: both are claimed and queued in one
 * statement, so each is sent once, whatever instance runs the scan. Answers when the notice was sent,
 * or null when another run had claimed it.
 */
export function createRenewalNotice(deps: TRenewalContext) {
  const { repository } = deps;

  async function sendNotice(
    candidate: TRenewalCandidate,
    document: TPolicy,
    end: TLocalDate,
    counts: TRenewalScanResult,
  ): Promise<Date | null> {
    const { policy, tokenPayment } = candidate;
    const number = policy.policyNumber!;
    const cardExpiring = isCardExpiredBy(tokenPayment.cardExpiry, renewalChargeDate(end));
    const mails = [
      applicantMail('renewal-notice', policy.policyId, number, document),
      cardExpiring ? applicantMail('card-expiring', policy.policyId, number, document) : null,
    ].filter((mail): mail is TRenewalMail => mail !== null);
    const sentAt = await repository.claimNotice(policy.policyId, mails, deps.now());
    if (!sentAt) return null;
    counts.notices += 1;
    if (cardExpiring) counts.cardExpiring += 1;
    deps.log.info({ policyId: policy.policyId, policyNumber: number, cardExpiring }, 'renewal notice queued');
    return sentAt;
  }

  return sendNotice;
}
