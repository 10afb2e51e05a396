import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TRenewalContext, TRenewalScanResult } from './renewal-context.ts';

/** A renewal charge that has had no answer this long is handed to operations. */
const UNANSWERED_AFTER_MS = 60 * 60_000;

/**
 * After a crash: issued renewals without their mail get it (`queueSuccessMail`, renewal-charge.ts),
 * unanswered charges go to operations. Answers how many mails it queued.
 */
export function createRenewalRepair(
  deps: TRenewalContext,
  queueSuccessMail: (renewed: TPolicyRow) => Promise<boolean>,
) {
  const { repository } = deps;

  async function repair(counts: TRenewalScanResult): Promise<number> {
    let queued = 0;
    for (const renewed of await repository.listIssuedRenewalsWithoutMail())
      if (await queueSuccessMail(renewed)) queued += 1;
    const cutoff = new Date(deps.now().getTime() - UNANSWERED_AFTER_MS);
    for (const row of await repository.listUnansweredRenewals(cutoff)) {
      counts.unanswered += 1;
      await repository.addAlert({
        kind: 'renewal_unanswered',
        paymentId: row.paymentId,
        policyId: row.renewalOf ?? row.policyId,
        detail: { reason: 'the renewal charge has no recorded answer' },
      });
    }
    return queued;
  }

  return repair;
}
