import { formatDmy, parseDmy, parseIso, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { periodOfInsurance } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  CANCELLATION_REASON_KEYS,
  cancellationQuote,
  type TCancellationQuote,
} from '@lionrock/domain/self-service/cancellation-rules';
import type { TProductType } from '@lionrock/domain/tax/tax';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { describeError } from '../../lib/redaction.ts';
import { cardProvider, type TCardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { GatewayLookupError } from '../../payments/card-gateway/transaction-lookup.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TPolicyholder } from '../policyholder/holder-access.ts';
import { stepUpRequired, type TStepUpService } from '../policyholder/step-up-service.ts';
import { CANCELLATION_MAIL_KIND, type TCancelledEventDetail } from './cancellation-mail.ts';
import {
  createCancellationRepository,
  type TCancellationDecision,
  type TCancellationRepository,
  type TRefundRow,
} from './cancellation-repository.ts';

/**
 * Free-look and short-period cancellation from /my-policy (decisions 071 and 072): the quote, and the
 * cancellation itself, exactly once per policy. The policy is reached only through the holder's
 * session (holder-access.ts). Cancelling writes, in one transaction, the status, its event, the refund
 * row (one per policy), the PayNow operations case and the e-mail; the card refund is then asked of
 * the gateway with the refund's stable key, under a lease, so a retry, a double submit or a crash in
 * between makes one refund.
 */
export type TCancellationView = {
  policyId: string;
  policyNumber: string;
  status: string;
  currency: string;
  allowed: boolean;
  basis: TCancellationQuote['basis'];
  refundCents: number;
  reasonKey: string;
  /** DD/MM/YYYY */
  freeLookEnds: string;
  paymentMethod: 'CC' | 'PN' | null;
  cardLast4: string;
  /** The refund of a cancelled policy: requested (on its way), succeeded, failed (operations), manual (PayNow). */
  refund: { state: string; amountCents: number; method: string; reference: string } | null;
};

export type TCancellationDeps = {
  repository: TCancellationRepository;
  access: {
    policyOfHolder(holder: TPolicyholder, policyId: string): Promise<TPolicyRow>;
  };
  /** The fresh code from the policy's address a cancellation needs (decision 102). */
  stepUps: Pick<TStepUpService, 'check' | 'use'>;
  /** The market's card gateway (payment-provider.ts). */
  provider: (country: TCountry) => Promise<Pick<TCardProvider, 'refund'>>;
  /** Whether a claim was made under the policy (the claims module answers; none without it). */
  hasClaim: (policyId: string) => Promise<boolean>;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
};

const last4 = (masked: string | null | undefined): string => {
  const tail = (masked ?? '').slice(-4);
  return /^\d{4}$/.test(tail) ? tail : '';
};

/** The stable key of a policy's refund at the gateway: the same on every try (decision 072). */
export const refundRequestId = (policyId: string): string => `RF${policyId.replace(/-/g, '').toUpperCase()}`;

function coverDates(row: TPolicyRow): { start: TLocalDate; end: TLocalDate } | null {
  const period = periodOfInsurance(row.document as TPolicy);
  const start = (row.startDate ? parseIso(row.startDate) : null) ?? parseDmy(period.start);
  const end = (row.endDate ? parseIso(row.endDate) : null) ?? parseDmy(period.end);
  return start && end ? { start, end } : null;
}

export function createCancellationService(deps: TCancellationDeps) {
  const { repository, log } = deps;
  const todayOf = (country: TCountry) => todayIn(MARKETS[country].timeZone, deps.now());

  /** The rule's answer for the policy as it is now, and the payment that paid for it. */
  function quoteOf(row: TPolicyRow, payment: TPaymentRow | undefined, hasClaim: boolean): TCancellationQuote {
    const country = row.country as TCountry;
    const dates = coverDates(row);
    const none = (reasonKey: string): TCancellationQuote => ({
      allowed: false,
      basis: 'none',
      refundCents: 0,
      reasonKey: reasonKey as TCancellationQuote['reasonKey'],
      freeLookEnds: todayOf(country),
    });
    if (row.status === 'cancelled') return none(CANCELLATION_REASON_KEYS.alreadyCancelled);
    if (row.status !== 'issued' || !dates) return none(CANCELLATION_REASON_KEYS.notIssued);
    const document = row.document as TPolicy;
    return cancellationQuote({
      product: row.productType as TProductType,
      country,
      tripType:
        row.productType === 'PTR'
          ? document.policyTravel?.paPolicyType === 'A'
            ? 'annual'
            : 'single'
          : null,
      startDate: dates.start,
      endDate: dates.end,
      today: todayOf(country),
      premiumCents: payment?.amountCents ?? row.totalCents ?? 0,
      hasClaim,
      isRenewal: row.renewalOf !== null,
    });
  }

  async function viewOf(row: TPolicyRow): Promise<TCancellationView> {
    const payment = await repository.paidPayment(row.policyId);
    const quote = quoteOf(row, payment, await deps.hasClaim(row.policyId));
    const refund = await repository.findRefund(row.policyId);
    return {
      policyId: row.policyId,
      policyNumber: row.policyNumber ?? '',
      status: row.status,
      currency: row.currency,
      allowed: quote.allowed,
      basis: quote.basis,
      refundCents: quote.refundCents,
      reasonKey: quote.reasonKey,
      freeLookEnds: formatDmy(quote.freeLookEnds),
      paymentMethod: payment?.method === 'CC' || payment?.method === 'PN' ? payment.method : null,
      cardLast4: last4(payment?.maskedCard),
      // The refund's reference is its stable key at the gateway (decision 129).
      refund: refund
        ? {
            state: refund.state,
            amountCents: refund.amountCents,
            method: refund.method,
            reference: refund.providerRequestId,
          }
        : null,
    };
  }

  /** Asks the gateway for a requested card refund, if no one else is asking now; records the answer. */
  async function settleRefund(refundId: string): Promise<void> {
    const claimed = await repository.claimRefund(refundId, deps.now());
    if (!claimed) return;
    const policy = await repository.findPolicy(claimed.policyId);
    const payment = (await repository.paidPayment(claimed.policyId)) ?? undefined;
    if (!policy || !payment?.gatewayTransactionId) {
      await repository.recordRefund(claimed, { state: 'failed', error: 'no captured card transaction' });
      return;
    }
    const provider = await deps.provider(policy.country as TCountry);
    let result: Awaited<ReturnType<TCardProvider['refund']>>;
    try {
      result = await provider.refund({
        transactionId: payment.gatewayTransactionId,
        amountCents: claimed.amountCents,
        currency: claimed.currency,
        requestId: claimed.providerRequestId,
      });
    } catch (error) {
      if (!(error instanceof GatewayLookupError)) throw error;
      // An outage: the refund stays requested and is asked again, with the same key.
      log.warn({ refundId, err: describeError(error) }, 'card refund could not be asked; will retry');
      await repository.releaseRefund(refundId, describeError(error).message);
      return;
    }
    if (result.status === 'succeeded') {
      await repository.recordRefund(claimed, { state: 'succeeded', reference: result.reference });
      log.info({ refundId, policyNumber: policy.policyNumber }, 'card refund made');
    } else {
      await repository.recordRefund(claimed, { state: 'failed', error: result.reason });
      log.warn({ refundId, policyNumber: policy.policyNumber, reason: result.reason }, 'card refund refused');
    }
  }

  function decide(
    locked: TPolicyRow,
    payment: TPaymentRow | undefined,
    hasClaim: boolean,
    reason: string | undefined,
  ): TCancellationDecision {
    if (locked.status === 'cancelled') return { cancel: false, reason: 'cancelled-already' };
    const quote = quoteOf(locked, payment, hasClaim);
    if (!quote.allowed) return { cancel: false, reason: 'refused', detail: quote.reasonKey };
    const document = locked.document as TPolicy;
    const country = locked.country as TCountry;
    const method = payment?.method === 'PN' ? 'PN' : 'CC';
    const period = periodOfInsurance(document);
    const event: TCancelledEventDetail = {
      cancellation: true,
      periodStart: period.start,
      periodEnd: period.end,
      cancelledOn: formatDmy(todayOf(country)),
      basis: quote.basis === 'short-period' ? 'short-period' : 'free-look',
      paidCents: payment?.amountCents ?? locked.totalCents ?? 0,
      refundCents: quote.refundCents,
      method,
      cardLast4: method === 'CC' ? last4(payment?.maskedCard) : '',
    };
    const refundDue = quote.refundCents > 0;
    // A card refund is asked of the gateway; PayNow (or a card payment the gateway cannot name) is paid by operations.
    const byCard = method === 'CC' && Boolean(payment?.gatewayTransactionId);
    const email = policyApplicant(document)?.email?.trim();
    return {
      cancel: true,
      event: { ...event, ...(reason ? { reason } : {}) },
      refund: refundDue
        ? {
            paymentId: payment?.paymentId ?? null,
            method,
            basis: event.basis,
            amountCents: quote.refundCents,
            currency: locked.currency,
            state: byCard ? 'requested' : 'manual',
            providerRequestId: refundRequestId(locked.policyId),
          }
        : null,
      alert:
        refundDue && !byCard && payment
          ? {
              kind: 'paynow_refund',
              paymentId: payment.paymentId,
              detail: {
                policyNumber: locked.policyNumber,
                amountCents: quote.refundCents,
                currency: locked.currency,
                basis: event.basis,
                method,
              },
            }
          : null,
      mail: email
        ? {
            kind: CANCELLATION_MAIL_KIND,
            messageId: `${locked.policyNumber}.${CANCELLATION_MAIL_KIND}.applicant`,
            recipient: email,
            language: document.lang ?? 'en',
          }
        : null,
    };
  }

  return {
    /** What cancelling now would give (or what the cancellation gave). */
    async quote(holder: TPolicyholder, policyId: string): Promise<TCancellationView> {
      return viewOf(await deps.access.policyOfHolder(holder, policyId));
    },

    /**
     * Cancels the holder's policy, with the step-up code from its address (403 naming `stepUpCode`
     * without it, decision 102). A second call (a double submit, a retry) finds it cancelled and answers
     * the same, asking again for a card refund still on its way; a refusal is a 409 naming why.
     */
    async cancel(
      holder: TPolicyholder,
      policyId: string,
      reason: string | undefined,
      stepUpCode: string | undefined,
    ): Promise<TCancellationView> {
      const row = await deps.access.policyOfHolder(holder, policyId);
      let stepUp: { id: string } | null = null;
      if (row.status !== 'cancelled') {
        // Refused before a code is asked for: a cancellation that cannot happen needs none.
        const offer = await viewOf(row);
        if (!offer.allowed)
          throw new ApiError(409, 'This policy cannot be cancelled online.', {
            field: 'policyId',
            messageKey: offer.reasonKey,
          });
        try {
          stepUp = await deps.stepUps.check(holder, row, 'cancellation', stepUpCode);
        } catch (error) {
          // A second post of the same cancellation (a double click) read the policy before the first
          // committed and finds the code the first spent: the policy is cancelled now, and the answer is
          // the same as the first's. Anything else refused stays refused.
          if ((await repository.findPolicy(row.policyId))?.status !== 'cancelled') throw error;
        }
      }
      const payment = await repository.paidPayment(row.policyId);
      const hasClaim = await deps.hasClaim(row.policyId);
      // The code is spent under the policy's lock with the cancellation itself: of two posts at once,
      // one cancels and the other finds it cancelled, answering the same without a second code.
      const result = await repository.cancelOnce(
        row.policyId,
        (locked) => decide(locked, payment, hasClaim, reason),
        async (tx) => (stepUp ? deps.stepUps.use(stepUp.id, tx) : false),
      );
      if (result.outcome === 'unconfirmed') throw stepUpRequired();
      if (result.outcome === 'refused')
        throw new ApiError(409, 'This policy cannot be cancelled online.', {
          field: 'policyId',
          messageKey: typeof result.detail === 'string' ? result.detail : CANCELLATION_REASON_KEYS.notIssued,
        });
      if (result.outcome === 'cancelled') {
        log.info({ policyNumber: row.policyNumber }, 'policy cancelled by its holder');
        deps.onMailQueued();
      }
      const refund = await repository.findRefund(row.policyId);
      if (refund?.state === 'requested') await settleRefund(refund.refundId);
      return viewOf((await repository.findPolicy(row.policyId))!);
    },

    settleRefund,

    /** Card refunds a crash or an outage left requested: asked again with their own keys (a job may call this). */
    async settleUnsettledRefunds(): Promise<number> {
      const due: TRefundRow[] = await repository.listUnsettledRefunds(deps.now());
      for (const refund of due) await settleRefund(refund.refundId);
      return due.length;
    },
  };
}

export type TCancellationService = ReturnType<typeof createCancellationService>;

/** The service over the app's database, holder access and each market's card gateway. */
export function cancellationServiceOf(options: {
  db: TDb;
  config: TConfig;
  access: TCancellationDeps['access'];
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
  /** Whether a claim was made under a policy (the claims module's answer). */
  hasClaim: (policyId: string) => Promise<boolean>;
  stepUps: TCancellationDeps['stepUps'];
}): TCancellationService {
  return createCancellationService({
    repository: createCancellationRepository(options.db),
    access: options.access,
    stepUps: options.stepUps,
    provider: (country: TCountry) =>
      cardProvider({ config: options.config, db: options.db, now: options.now }, country),
    hasClaim: options.hasClaim,
    now: options.now,
    log: options.log,
    onMailQueued: options.onMailQueued,
  });
}
