import { addDays, formatIso, parseIso, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { isAutoRenewalOn } from '@lionrock/domain/payments/payment-rules';
import { isChargeDue, isNoticeDue, RENEWAL_NOTICE_DAYS } from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TRenewalContext, TRenewalScanResult } from './renewal-context.ts';
import type { TRenewalCandidate } from './renewal-repository.ts';

/** The use cases the daily scan runs for each policy, and after them all. */
export type TRenewalSteps = {
  sendNotice: (
    candidate: TRenewalCandidate,
    document: TPolicy,
    end: TLocalDate,
    counts: TRenewalScanResult,
  ) => Promise<Date | null>;
  chargeRenewal: (
    candidate: TRenewalCandidate,
    document: TPolicy,
    end: TLocalDate,
    counts: TRenewalScanResult,
  ) => Promise<void>;
  repair: (counts: TRenewalScanResult) => Promise<number>;
};

/**
 * The daily scan (pa-home-payments section 9; decision 011): for every auto-renewing policy whose
 * cover ends within 30 days, the notice when it is due and, from 15 days before the end, the renewal.
 */
export function createRenewalScan(deps: TRenewalContext, steps: TRenewalSteps, onMailQueued: () => void) {
  const { repository } = deps;
  const { sendNotice, chargeRenewal, repair } = steps;

  async function processCandidate(
    candidate: TRenewalCandidate,
    today: TLocalDate,
    counts: TRenewalScanResult,
  ): Promise<void> {
    const { policy } = candidate;
    const document = policy.document as TPolicy;
    const end = policy.endDate ? parseIso(policy.endDate) : null;
    // The column says auto-renewal is on; the product rules must agree (annual, personal, ticked).
    if (!end || !policy.policyNumber || !isAutoRenewalOn(document) || !candidate.tokenPayment.paymentToken) {
      counts.ineligible += 1;
      return;
    }
    let noticeAt = policy.renewalNoticeAt;
    if (!noticeAt && isNoticeDue(today, end)) noticeAt = await sendNotice(candidate, document, end, counts);
    const zone = MARKETS[policy.country as TCountry].timeZone;
    const noticeSentOn = noticeAt ? todayIn(zone, noticeAt) : null;
    if (isChargeDue(today, end, noticeSentOn)) await chargeRenewal(candidate, document, end, counts);
  }

  /**
   * The daily scan for `today` (the market's calendar day), optionally for one market: every
   * auto-renewing policy whose cover ends within 30 days gets its notice and, from 15 days before the
   * end, its renewal. One policy's failure is logged and counted; the scan goes on.
   */
  async function runRenewalScan(today: TLocalDate, country?: TCountry): Promise<TRenewalScanResult> {
    const counts: TRenewalScanResult = {
      scanned: 0,
      ineligible: 0,
      notices: 0,
      cardExpiring: 0,
      charged: 0,
      renewed: 0,
      declined: 0,
      review: 0,
      manual: 0,
      unanswered: 0,
      errors: 0,
    };
    const candidates = await repository.listCandidates(
      formatIso(today),
      formatIso(addDays(today, RENEWAL_NOTICE_DAYS)),
      country,
    );
    counts.scanned = candidates.length;
    for (const candidate of candidates) {
      try {
        await processCandidate(candidate, today, counts);
      } catch (error) {
        counts.errors += 1;
        deps.log.error({ policyId: candidate.policy.policyId, err: error }, 'renewal of a policy failed');
      }
    }
    const repaired = await repair(counts);
    if (counts.notices + counts.renewed + counts.declined + repaired > 0) onMailQueued();
    return counts;
  }

  return runRenewalScan;
}
