import { randomUUID } from 'node:crypto';
import { formatIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import {
  renewalChargeDate,
  renewalPeriod,
  renewedPolicyDocument,
} from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { describeError } from '../../lib/redaction.ts';
import { STATUS_FOR_OUTCOME } from '../../payments/card-gateway/gateway-answer.ts';
import { cardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { makeReference } from '../payment/card-payment-service.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import {
  applicantMail,
  type TRenewalContext,
  type TRenewalScanResult,
  type TTokenCharger,
} from './renewal-context.ts';
import type { TRenewalCandidate } from './renewal-repository.ts';

/** The session name renewed policies and their payments are filed under (no browser made them). */
const RENEWAL_SESSION = 'auto-renewal';

/**
 * The default charger: the market's card provider (payment-provider.ts). The built-in test gateway
 * charges the token; a real CyberSource profile would need its payments API, which the shop does not
 * call: such a renewal is left to operations.
 */
export function createTokenCharger(
  config: TConfig,
  db: TDb,
  now: () => Date = () => new Date(),
): TTokenCharger {
  return async (input) => (await cardProvider({ config, db, now }, input.country)).chargeToken(input);
}

/**
 * The renewal itself, from 15 days before the end of cover (decision 011): the renewed policy and its
 * payment are claimed under a lock on the expiring policy, the stored token is charged once, the
 * gateway's answer verified and recorded, and the renewed policy issued, or declined with the
 * customer's mail and an operations alert. An unanswered or manual charge goes to operations.
 */
export function createRenewalCharge(deps: TRenewalContext) {
  const { repository, payments, issuance } = deps;

  async function chargeRenewal(
    candidate: TRenewalCandidate,
    document: TPolicy,
    end: TLocalDate,
    counts: TRenewalScanResult,
  ): Promise<void> {
    const { policy: old, tokenPayment } = candidate;
    const country = old.country as TCountry;
    const oldNumber = old.policyNumber!;
    if (old.totalCents === null || old.totalCents <= 0) throw new Error('the expiring policy has no price');
    const now = deps.now();
    const period = renewalPeriod(end);
    const renewedId = randomUUID();
    const paymentId = randomUUID();
    const transactionUuid = randomUUID();
    const referenceNumber = makeReference(document, now);
    const amountCents = old.totalCents;
    const token = tokenPayment.paymentToken!;
    const claim = await repository.claimRenewal({
      oldPolicyId: old.policyId,
      renewed: {
        policyId: renewedId,
        sessionName: RENEWAL_SESSION,
        productType: old.productType,
        country: old.country,
        status: 'pending',
        planCode: old.planCode,
        currency: old.currency,
        premiumCents: old.premiumCents,
        taxCents: old.taxCents,
        totalCents: amountCents,
        agentCode: old.agentCode,
        startDate: formatIso(period.start),
        endDate: formatIso(period.end),
        // At the price in force: after an endorsement, the premium a year at the new address (decision 144).
        document: renewedPolicyDocument(
          document,
          { policyId: renewedId, period, referenceNumber },
          { premiumCents: old.premiumCents ?? 0, taxCents: old.taxCents ?? 0, totalCents: amountCents },
        ),
        consents: old.consents,
        rateVersion: old.rateVersion,
        autoRenewal: true,
      },
      payment: {
        paymentId,
        policyId: renewedId,
        sessionName: RENEWAL_SESSION,
        method: 'CC',
        referenceNumber,
        transactionUuid,
        amountCents,
        currency: old.currency,
        status: 'pending',
        // Open until the old cover ends: a charge never answered is then expired by reconciliation.
        expiresAt: new Date(`${formatIso(period.start)}T00:00:00Z`),
        paymentToken: token,
        maskedCard: tokenPayment.maskedCard,
        cardType: tokenPayment.cardType,
        cardExpiry: tokenPayment.cardExpiry,
      },
    });
    if (claim !== 'claimed') return;

    const context = { policyId: old.policyId, renewedPolicyId: renewedId, referenceNumber };
    let result: Awaited<ReturnType<TTokenCharger>>;
    try {
      result = await deps.charge({
        country,
        token,
        referenceNumber,
        transactionUuid,
        amountCents,
        currency: old.currency,
        now,
      });
    } catch (error) {
      // Whether money moved is unknown: never charged again, operations look it up at the gateway.
      counts.unanswered += 1;
      deps.log.error({ ...context, err: error }, 'renewal charge failed without an answer');
      await repository.addAlert({
        kind: 'renewal_unanswered',
        paymentId,
        policyId: old.policyId,
        detail: { referenceNumber, amountCents, error: describeError(error).message },
      });
      return;
    }
    if (result.kind === 'manual') {
      counts.manual += 1;
      deps.log.warn(context, 'renewal charge left to operations');
      await repository.addAlert({
        kind: 'renewal_charge_manual',
        paymentId,
        policyId: old.policyId,
        detail: {
          reason: result.reason,
          policyNumber: oldNumber,
          renewedPolicyId: renewedId,
          referenceNumber,
          amountCents,
          currency: old.currency,
          chargeDate: formatIso(renewalChargeDate(end)),
        },
      });
      return;
    }
    counts.charged += 1;
    const { fields } = result;
    // The one verifier of a gateway answer (gateway-answer.ts), as for the card receipt.
    const provider = await cardProvider({ config: deps.config, db: deps.db, now: deps.now }, country);
    const check = provider.verifyAnswer(fields, {
      referenceNumber,
      amountCents,
      currency: old.currency,
      transactionUuid,
    });
    if (!check.ok) {
      counts.unanswered += 1;
      deps.log.error({ ...context, problems: check.problems }, 'renewal charge answer could not be verified');
      await repository.addAlert({
        kind: 'renewal_unanswered',
        paymentId,
        policyId: old.policyId,
        detail: { referenceNumber, problems: check.problems },
      });
      return;
    }

    const { signed, reasonCode, authorisedCents, gateway: decision } = check.answer;
    const status = STATUS_FOR_OUTCOME[decision.outcome];
    const recorded = await payments.recordAnswer(
      paymentId,
      status === 'paid' ? ['pending', 'expired'] : ['pending'],
      {
        status,
        gatewayTransactionId: check.answer.transactionId,
        decision: check.answer.decision,
        reasonCode,
        authCode: signed.auth_code || null,
        authorisedCents,
        maskedCard: signed.req_card_number || tokenPayment.maskedCard,
        cardType: signed.req_card_type || tokenPayment.cardType,
        cardExpiry: signed.req_card_expiry_date || tokenPayment.cardExpiry,
        paymentToken: token,
        gatewayAnswer: signed,
      },
    );
    if (!recorded) {
      deps.log.warn(context, 'renewal charge answer already recorded');
      return;
    }
    deps.log.info({ ...context, outcome: decision.outcome, reasonCode }, 'renewal charge answered');

    if (decision.reverse)
      await repository.addAlert({
        kind: 'reverse_authorisation',
        paymentId,
        policyId: renewedId,
        detail: { authorisedCents, amountCents, transactionId: check.answer.transactionId },
      });

    if (decision.outcome === 'REVIEW') {
      counts.review += 1;
      await repository.addAlert({ kind: 'review', paymentId, policyId: renewedId, detail: { reasonCode } });
      return;
    }

    if (decision.outcome === 'PAID') {
      const issued = await issuance.issuePayment(paymentId);
      if (issued.outcome === 'issued' || issued.outcome === 'already-issued') {
        counts.renewed += 1;
        await queueSuccessMail(issued.policy);
        return;
      }
      const reason = issued.outcome === 'refund' ? issued.reason : 'the paid renewal could not be issued';
      await fail(counts, {
        old,
        document,
        renewedId,
        paymentId,
        reason,
        detail: { referenceNumber, reason },
      });
      return;
    }

    await fail(counts, {
      old,
      document,
      renewedId,
      paymentId,
      reason: `${decision.outcome.toLowerCase()} ${reasonCode ?? ''}`.trim(),
      detail: { referenceNumber, outcome: decision.outcome, reasonCode, decision: check.answer.decision },
    });
  }

  async function fail(
    counts: TRenewalScanResult,
    entry: {
      old: TPolicyRow;
      document: TPolicy;
      renewedId: string;
      paymentId: string;
      reason: string;
      detail: Record<string, unknown>;
    },
  ): Promise<void> {
    const failed = await repository.failRenewal({
      renewedPolicyId: entry.renewedId,
      paymentId: entry.paymentId,
      reason: entry.reason,
      mail: applicantMail('renewal-failed', entry.old.policyId, entry.old.policyNumber!, entry.document),
      alert: { kind: 'renewal_failed', detail: { policyNumber: entry.old.policyNumber, ...entry.detail } },
    });
    if (failed) counts.declined += 1;
    deps.log.warn(
      { policyId: entry.old.policyId, renewedPolicyId: entry.renewedId, reason: entry.reason },
      'policy not renewed',
    );
  }

  async function queueSuccessMail(renewed: TPolicyRow): Promise<boolean> {
    if (!renewed.policyNumber) return false;
    const mail = applicantMail(
      'renewal-success',
      renewed.policyId,
      renewed.policyNumber,
      renewed.document as TPolicy,
    );
    return mail ? repository.queueMail(mail) : false;
  }

  return { chargeRenewal, queueSuccessMail };
}
