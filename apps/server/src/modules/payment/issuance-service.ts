import { isBefore, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, marketOfCurrency, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import { NO_PAUSES, type TPausePoints } from '../../lib/pause-points.ts';
import type { TAgentRepository } from '../agent/agent-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TIssuanceRepository, TIssueResult } from './issuance-repository.ts';
import type { TPaymentRepository, TPaymentRow } from './payment-repository.ts';

/**
 * Issuing a paid policy (design section 6): exactly one policy number and one receipt number per
 * paid policy, whatever arrives twice, at once or late. A payment that can no longer issue its
 * policy (its cover has already started, it was re-priced, or another payment issued it) goes to the
 * refund queue for operations; money is never dropped.
 */
export function createIssuanceService(deps: {
  repository: TPaymentRepository;
  issuing: TIssuanceRepository;
  agents: TAgentRepository;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Called after a commit that queued mail (the delivery job is nudged). */
  onMailQueued: () => void;
  /**
   * Asks the gateway about unanswered card payments before they expire (design section 11): an
   * approved one is recorded and issued, never expired.
   */
  beforeExpiry?: () => Promise<unknown>;
  /** Test-only pause points (decision 108). */
  pause?: TPausePoints;
}) {
  const { repository, issuing } = deps;
  const pause = deps.pause ?? NO_PAUSES;

  function eligibility(policy: TPolicyRow, payment: TPaymentRow): string | null {
    // The money received, where the answer states it, is the amount asked: less (or more) never issues.
    if (payment.authorisedCents !== null && payment.authorisedCents !== payment.amountCents)
      return `The amount received (${payment.authorisedCents}) differs from the amount asked (${payment.amountCents}).`;
    if (payment.amountCents !== policy.totalCents)
      return `The payment (${payment.amountCents}) differs from the policy's price (${policy.totalCents}).`;
    if (!['pending', 'expired'].includes(policy.status)) return `The policy is ${policy.status}.`;
    const start = policy.startDate ? parseIso(policy.startDate) : null;
    const today = todayIn(MARKETS[policy.country as TCountry].timeZone, deps.now());
    if (start && isBefore(start, today)) return 'The period of insurance has already started.';
    return null;
  }

  async function agentEmail(agentCode: string | null): Promise<string | null> {
    if (!agentCode) return null;
    const agent = await deps.agents.findAgent(agentCode);
    // The default agent is data, not a valid agent (spec section 6): it gets no policy mail.
    if (!agent?.active || agent.isDefault || !agent.email) return null;
    return agent.email;
  }

  return {
    /** Issues the policy of a paid payment (idempotent); the outcome says what happened. */
    async issuePayment(paymentId: string): Promise<TIssueResult> {
      // Every path that issues comes here once the money is recorded paid (decision 108).
      await pause('paid-before-issue', paymentId);
      const context = await repository.findIssueContext(paymentId);
      if (!context) return { outcome: 'not-paid', payment: undefined };
      const agentPolicy = await agentEmail(context.agentCode);
      const result = await issuing.issueForPayment(
        paymentId,
        (policy, locked) => {
          const reason = eligibility(policy, locked);
          if (reason) return { issue: false, reason };
          const document = policy.document as TPolicy;
          const applicant = policyApplicant(document);
          const language = document.lang ?? 'en';
          const mails = [];
          if (applicant?.email)
            mails.push({
              kind: 'policy-issued',
              recipientRole: 'applicant',
              recipient: applicant.email,
              language,
            });
          if (agentPolicy)
            mails.push({ kind: 'policy-issued', recipientRole: 'agent', recipient: agentPolicy, language });
          return {
            issue: true,
            mails,
            document: ({ policyNumber, receiptNumber }) =>
              ({
                ...document,
                status: 'issued',
                policyNumber,
                receiptNumber,
                paymentSuccess: 'true',
                errorMessage: undefined,
                payment: {
                  ...document.payment,
                  paymentMethod: locked.method as 'CC' | 'PN',
                  paymentReferenceNumber: locked.referenceNumber,
                  receiptNumber,
                  ...(locked.authCode ? { auth_code: locked.authCode } : {}),
                  ...(locked.maskedCard ? { cardNumber: locked.maskedCard } : {}),
                  ...(locked.cardExpiry ? { cardExpiryDate: locked.cardExpiry } : {}),
                  ...(applicant?.email ? { email: applicant.email } : {}),
                },
              }) satisfies TPolicy,
          };
        },
        issueYear(deps.now(), marketOfCurrency(context.currency)),
      );
      if (result.outcome === 'issued') {
        deps.log.info(
          {
            policyId: result.policy.policyId,
            policyNumber: result.policy.policyNumber,
            method: result.payment.method,
          },
          'policy issued',
        );
        deps.onMailQueued();
      } else if (result.outcome === 'refund') {
        deps.log.warn(
          { policyId: result.policy.policyId, paymentId, reason: result.reason },
          'paid policy cannot be issued: refund queued for operations',
        );
      }
      return result;
    },

    /**
     * issueAndReceiptPolicy: the caller's paid policy, issued (idempotent). An unpaid one is answered
     * with the spec's "Error While doing policy issue receipt" and the reason.
     */
    async issueAndReceipt(policy: TPolicy, sessionName: string): Promise<TPolicy> {
      if (!policy.policyId) throw badRequest('policyId', 'The policy has no policyId.');
      const row = await repository.findPolicy(policy.policyId);
      if (!row) throw new ApiError(404, 'There is no policy with this id.', { field: 'policyId' });
      if (row.sessionName !== sessionName)
        throw new ApiError(403, 'This policy belongs to another session.', { field: 'policyId' });
      if (row.status === 'issued') return row.document as TPolicy;
      const paid = (await repository.listPayments(row.policyId)).filter(
        (payment) => payment.status === 'paid',
      );
      let reason = 'the payment has not been received.';
      for (const payment of paid) {
        const result = await this.issuePayment(payment.paymentId);
        if (result.outcome === 'issued' || result.outcome === 'already-issued')
          return result.policy.document as TPolicy;
        if (result.outcome === 'refund') reason = `${result.reason} The payment will be refunded.`;
      }
      return {
        ...(row.document as TPolicy),
        errorMessage: `Error While doing policy issue receipt: ${reason}`,
        messageKey: MESSAGE_KEYS.issueReceiptFailed,
      };
    },

    /** Finds paid payments a crash left without a receipt and issues them, or makes them refund cases. */
    async reconcile(): Promise<{ issued: number; refunds: number; expired: number }> {
      let issued = 0;
      let refunds = 0;
      for (const { paymentId } of await issuing.listPaidUnissued()) {
        const result = await this.issuePayment(paymentId);
        if (result.outcome === 'issued') issued += 1;
        if (result.outcome === 'refund') refunds += 1;
      }
      await deps.beforeExpiry?.();
      const expired = await repository.expireOverdue();
      return { issued, refunds, expired };
    },
  };
}

export type TIssuanceService = ReturnType<typeof createIssuanceService>;

/** The issue year in the market's own calendar (a policy issued on 31 December is of that year). */
function issueYear(now: Date, country: TCountry): number {
  return todayIn(MARKETS[country].timeZone, now).year;
}
