import { randomUUID } from 'node:crypto';
import { formatDmy, parseDmy, parseIso, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { cardLast4, policyApplicant, refundParts } from '@lionrock/domain/payments/payment-rules';
import { periodOfInsurance } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  CANCELLATION_REASON_KEYS,
  cancellationQuote,
  type TCancellationQuote,
} from '@lionrock/domain/self-service/cancellation-rules';
import type { TProductType } from '@lionrock/domain/tax/tax';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';
import { refundRequestId, type TRefundService } from '../payment/refund-service.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TPolicyholder } from '../policyholder/holder-access.ts';
import type { TTransaction } from '../policyholder/step-up-repository.ts';
import { stepUpRequired, type TStepUpService } from '../policyholder/step-up-service.ts';
import { CANCELLATION_MAIL_KIND, type TCancelledEventDetail } from './cancellation-mail.ts';
import {
  createCancellationRepository,
  type TCancellationDecision,
  type TCancellationRepository,
} from './cancellation-repository.ts';

/**
 * Free-look and short-period cancellation from /my-policy (decisions 071 and 072): the quote, and the
 * cancellation itself, exactly once per policy. The policy is reached only through the holder's
 * session (holder-access.ts). Cancelling writes, in one transaction, the status, its event, the refund
 * row (one per policy), the PayNow operations case and the e-mail; the card refund is then asked of
 * the gateway by the shared refund service (payment/refund-service.ts), so a retry, a double submit or
 * a crash in between makes one refund. What is refunded counts what the endorsements since the sale
 * collected and returned (decision 142).
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

/** A card transaction a cancellation's refund may go back to: the purchase's (no reference) or a collection's. */
type TRefundSource = { collectionReference: string | null; leftCents: number };

export type TCancellationDeps = {
  repository: TCancellationRepository;
  access: {
    policyOfHolder(holder: TPolicyholder, policyId: string): Promise<TPolicyRow>;
  };
  /** The fresh code from the policy's address a cancellation needs (decision 102). */
  stepUps: Pick<TStepUpService, 'check' | 'use'>;
  /** The refunds a policy is owed and the gateway's part in them (payment/refund-service.ts). */
  refunds: Pick<
    TRefundService,
    'settleRefund' | 'cancellationRefunds' | 'paidPayment' | 'paidCollections' | 'returnedToPayment'
  >;
  /** What the endorsements since the sale collected less what they returned, in cents (decision 142). */
  endorsedCents: (policyId: string) => Promise<number>;
  /** Whether a claim was made under the policy (the claims module answers; none without it). */
  hasClaim: (policyId: string) => Promise<boolean>;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
};

function coverDates(row: TPolicyRow): { start: TLocalDate; end: TLocalDate } | null {
  const period = periodOfInsurance(row.document as TPolicy);
  const start = (row.startDate ? parseIso(row.startDate) : null) ?? parseDmy(period.start);
  const end = (row.endDate ? parseIso(row.endDate) : null) ?? parseDmy(period.end);
  return start && end ? { start, end } : null;
}

export function createCancellationService(deps: TCancellationDeps) {
  const { repository, log } = deps;
  const todayOf = (country: TCountry) => todayIn(MARKETS[country].timeZone, deps.now());

  /**
   * The rule's answer for the policy as it is on `day` (the market's today; a business date, decision
   * 148): `paidCents` is what the customer paid for it, the payment plus what its endorsements
   * collected less what they returned (decision 142).
   */
  function quoteOf(
    row: TPolicyRow,
    paidCents: number,
    hasClaim: boolean,
    day?: TLocalDate,
  ): TCancellationQuote {
    const country = row.country as TCountry;
    const today = day ?? todayOf(country);
    const dates = coverDates(row);
    const none = (reasonKey: string): TCancellationQuote => ({
      allowed: false,
      basis: 'none',
      refundCents: 0,
      reasonKey: reasonKey as TCancellationQuote['reasonKey'],
      freeLookEnds: today,
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
      today,
      premiumCents: paidCents,
      hasClaim,
      isRenewal: row.renewalOf !== null,
    });
  }

  /**
   * The payment that paid for the policy, what the customer paid in all (endorsements counted), and the
   * card transactions a refund goes back to (decision 144): the purchase's, less what endorsements
   * returned to it, then each endorsement's card payment, newest first.
   */
  async function paidFor(row: TPolicyRow) {
    const payment = await deps.refunds.paidPayment(row.policyId);
    const purchaseCents = payment?.amountCents ?? row.totalCents ?? 0;
    const paidCents = purchaseCents + (await deps.endorsedCents(row.policyId));
    const sources: TRefundSource[] = [
      {
        collectionReference: null,
        leftCents: purchaseCents - (await deps.refunds.returnedToPayment(row.policyId)),
      },
      ...(await deps.refunds.paidCollections(row.policyId)).map((collection) => ({
        collectionReference: collection.referenceNumber,
        leftCents: collection.amountCents,
      })),
    ];
    return { payment, paidCents, sources };
  }

  /** The cancellation's refunds as one: their sum, the purchase's part naming the state and reference. */
  async function refundOf(policyId: string): Promise<TCancellationView['refund']> {
    const parts = await deps.refunds.cancellationRefunds(policyId);
    const main = parts.find((part) => part.collectionReference === null) ?? parts[0];
    if (!main) return null;
    return {
      state: main.state,
      amountCents: parts.reduce((sum, part) => sum + part.amountCents, 0),
      method: main.method,
      reference: main.providerRequestId,
    };
  }

  async function viewOf(row: TPolicyRow, day?: TLocalDate): Promise<TCancellationView> {
    const { payment, paidCents } = await paidFor(row);
    const quote = quoteOf(row, paidCents, await deps.hasClaim(row.policyId), day);
    const refund = await refundOf(row.policyId);
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
      cardLast4: cardLast4(payment?.maskedCard),
      // The refund's reference is its stable key at the gateway (decision 129).
      refund,
    };
  }

  function decide(
    locked: TPolicyRow,
    paid: { payment: TPaymentRow | undefined; paidCents: number; sources: TRefundSource[] },
    hasClaim: boolean,
    reason: string | undefined,
    day: TLocalDate,
  ): TCancellationDecision {
    if (locked.status === 'cancelled') return { cancel: false, reason: 'cancelled-already' };
    const { payment, paidCents } = paid;
    const quote = quoteOf(locked, paidCents, hasClaim, day);
    if (!quote.allowed) return { cancel: false, reason: 'refused', detail: quote.reasonKey };
    const document = locked.document as TPolicy;
    const method = payment?.method === 'PN' ? 'PN' : 'CC';
    const period = periodOfInsurance(document);
    const event: TCancelledEventDetail = {
      cancellation: true,
      periodStart: period.start,
      periodEnd: period.end,
      cancelledOn: formatDmy(day),
      basis: quote.basis === 'short-period' ? 'short-period' : 'free-look',
      paidCents,
      refundCents: quote.refundCents,
      method,
      cardLast4: method === 'CC' ? cardLast4(payment?.maskedCard) : '',
    };
    // Each part goes back to the transaction that took it: the purchase's first, then the endorsements'.
    const parts = refundParts(quote.refundCents, paid.sources);
    const purchasePart = parts.find((part) => part.source.collectionReference === null)?.amountCents ?? 0;
    const refundDue = purchasePart > 0;
    // A card refund is asked of the gateway; PayNow (or a card payment the gateway cannot name) is paid by operations.
    const byCard = method === 'CC' && Boolean(payment?.gatewayTransactionId);
    const email = policyApplicant(document)?.email?.trim();
    const refundId = randomUUID();
    return {
      cancel: true,
      event: { ...event, ...(reason ? { reason } : {}) },
      refund: refundDue
        ? {
            refundId,
            paymentId: payment?.paymentId ?? null,
            method,
            basis: event.basis,
            amountCents: purchasePart,
            currency: locked.currency,
            state: byCard ? 'requested' : 'manual',
            providerRequestId: refundRequestId({ policyId: locked.policyId }),
          }
        : null,
      collectionRefunds: parts.flatMap(({ source, amountCents }) =>
        source.collectionReference
          ? [
              {
                refundId: randomUUID(),
                collectionReference: source.collectionReference,
                method: 'CC',
                basis: event.basis,
                amountCents,
                currency: locked.currency,
                state: 'requested',
                providerRequestId: refundRequestId({ collectionReference: source.collectionReference }),
              },
            ]
          : [],
      ),
      alert:
        refundDue && !byCard && payment
          ? {
              kind: 'paynow_refund',
              paymentId: payment.paymentId,
              refundId,
              detail: {
                policyNumber: locked.policyNumber,
                amountCents: purchasePart,
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

  /**
   * The cancellation itself on `day`: under the policy's lock, the rule decides again and the rows are
   * written once (the holder's step-up code spent with them); then any card refund on its
   * way is asked of the gateway. Answers the policy's cancellation as it now stands.
   */
  async function numbered(policyNumber: string): Promise<TPolicyRow> {
    const row = await repository.findPolicyByNumber(policyNumber);
    if (!row) throw new ApiError(404, 'No policy has this number.', { field: 'policyNumber' });
    return row;
  }

  async function cancelOn(
    row: TPolicyRow,
    day: TLocalDate,
    reason: string | undefined,
    /** Spends the holder's step-up code with the rows (false: it was spent meanwhile); staff's needs none. */
    confirm: (tx: TTransaction) => Promise<boolean>,
    by: string,
  ): Promise<TCancellationView> {
    const paid = await paidFor(row);
    const hasClaim = await deps.hasClaim(row.policyId);
    // The code is spent under the policy's lock with the cancellation itself: of two posts at once,
    // one cancels and the other finds it cancelled, answering the same without a second code.
    const result = await repository.cancelOnce(
      row.policyId,
      (locked) => decide(locked, paid, hasClaim, reason, day),
      confirm,
    );
    if (result.outcome === 'unconfirmed') throw stepUpRequired();
    if (result.outcome === 'refused')
      throw new ApiError(409, 'This policy cannot be cancelled online.', {
        field: 'policyId',
        messageKey: typeof result.detail === 'string' ? result.detail : CANCELLATION_REASON_KEYS.notIssued,
      });
    if (result.outcome === 'cancelled') {
      log.info({ policyNumber: row.policyNumber }, `policy cancelled by ${by}`);
      deps.onMailQueued();
    }
    for (const refund of await deps.refunds.cancellationRefunds(row.policyId))
      if (refund.state === 'requested') await deps.refunds.settleRefund(refund.refundId);
    return viewOf((await repository.findPolicy(row.policyId))!, day);
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
      return cancelOn(
        row,
        todayOf(row.country as TCountry),
        reason,
        async (tx) => (stepUp ? deps.stepUps.use(stepUp.id, tx) : false),
        'its holder',
      );
    },

    /** The market of the policy a number names, for a cancellation on a business date (decision 148). */
    async marketOf(policyNumber: string): Promise<TCountry | undefined> {
      return (await repository.findPolicyByNumber(policyNumber))?.country as TCountry | undefined;
    },

    /**
     * Outside prod only (decision 148, the scheduled-work module): what cancelling the policy on a
     * business date would give, so testers watch short-period refunds happen months ahead.
     */
    async quoteOnDate(policyNumber: string, day: TLocalDate): Promise<TCancellationView> {
      return viewOf(await numbered(policyNumber), day);
    },

    /**
     * Outside prod only (decision 148): the customer's cancellation as it happens on a business date,
     * asked by operations (audited there), with no code: the same rows, refund and mail as the holder's.
     */
    async cancelOnDate(policyNumber: string, day: TLocalDate, reason: string | undefined) {
      const row = await numbered(policyNumber);
      return cancelOn(row, day, reason, async () => true, 'operations for a business date');
    },
  };
}

export type TCancellationService = ReturnType<typeof createCancellationService>;

/** The service over the app's database, holder access and the shared refunds. */
export function cancellationServiceOf(options: {
  db: TDb;
  access: TCancellationDeps['access'];
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
  /** Whether a claim was made under a policy (the claims module's answer). */
  hasClaim: (policyId: string) => Promise<boolean>;
  stepUps: TCancellationDeps['stepUps'];
  refunds: TCancellationDeps['refunds'];
  endorsedCents: TCancellationDeps['endorsedCents'];
}): TCancellationService {
  return createCancellationService({
    repository: createCancellationRepository(options.db),
    access: options.access,
    stepUps: options.stepUps,
    refunds: options.refunds,
    endorsedCents: options.endorsedCents,
    hasClaim: options.hasClaim,
    now: options.now,
    log: options.log,
    onMailQueued: options.onMailQueued,
  });
}
