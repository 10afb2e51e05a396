import { randomBytes, randomUUID } from 'node:crypto';
import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, marketOfCurrency, type TCountry } from '@lionrock/domain/market/market';
import { formatPlainAmount } from '@lionrock/domain/money/money';
import {
  decideGatewayOutcome,
  type TGatewayOutcome,
  type TPaymentResult,
} from '@lionrock/domain/payments/gateway-decision';
import {
  CARD_PAYMENT_WINDOW_MS,
  isAutoRenewalOn,
  policyApplicant,
  QR_VALIDITY_MS,
  splitBillToName,
  type TPaymentMethod,
  UNSIGNED_CARD_FIELDS,
  validatePaymentStart,
} from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError, badRequest } from '../../lib/api-error.ts';
import { NO_PAUSES, type TPausePoints } from '../../lib/pause-points.ts';
import { RECEIPT_PATH, TEST_GATEWAY_PATH } from '../../payments/card-gateway/card-profiles.ts';
import {
  confirmationProblems,
  decidingTransaction,
  STATUS_FOR_OUTCOME,
  type TVerifiedAnswer,
} from '../../payments/card-gateway/gateway-answer.ts';
import { cardProvider, type TCardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { formatSignedDateTime, signableText } from '../../payments/card-gateway/signature.ts';
import { GatewayLookupError } from '../../payments/card-gateway/transaction-lookup.ts';
import type { TPolicyService } from '../policy/policy-service.ts';
import { numberingLetter } from '../product/product-catalogue.ts';
import type { TSystemService } from '../system/system-service.ts';
import type { TAlertRepository } from './alert-repository.ts';
import type { TIssuanceService } from './issuance-service.ts';
import type { TPaymentRepository, TPaymentRow, TPaymentStatus } from './payment-repository.ts';

/** The gateway's bill-to address where the product collects none (pa-home-payments section 3: bill_to fields; the market's default). */
const BILLING_DEFAULTS: Record<
  TCountry,
  { line1: string; city: string; country: string; postalCode: string }
> = {
  SGP: { line1: '1 Raffles Place', city: 'Singapore', country: 'SG', postalCode: '048616' },
  HKG: { line1: '1 Queen’s Road Central', city: 'Hong Kong', country: 'HK', postalCode: '' },
};

const GATEWAY_LOCALE: Record<TCountry, Record<'en' | 'zh', string>> = {
  SGP: { en: 'en-sg', zh: 'zh-cn' },
  HKG: { en: 'en-us', zh: 'zh-tw' },
};

/** Our merchant references (makeReference) and the QR's txnRef: anything else names no payment. */
export const REFERENCE_PATTERN = /^[A-Z0-9-]{6,64}$/;

export type TPaymentSignature = Record<string, string> & { paymentUrl: string; paymentSignatureKey: string };

export type { TPaymentResult };

/** A payment whose gateway cannot be asked is kept open this long past its window, then handed to operations. */
const LOOKUP_GRACE_MS = 24 * 60 * 60_000;
/** How far an unconfirmable payment's window is moved each time the gateway cannot be asked. */
const LOOKUP_RETRY_MS = 5 * 60_000;

const PLAIN_EMAIL = /^[^\s@,=]+@[^\s@,=]+\.[^\s@,=]+$/;

/** Letters and digits that cannot be misread (no I, O, 0, 1): 32 of them, so a byte picks one without bias. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A readable, unique merchant reference: TSG-261123-7K3M9Q2X (product, market, date, random). The
 * date is the market's own calendar day, as every other date the shop shows (design section 6).
 */
export function makeReference(policy: TPolicy, now: Date): string {
  const letter = numberingLetter(policy.productType);
  const date = formatIso(todayIn(MARKETS[policy.country].timeZone, now)).slice(2).replaceAll('-', '');
  const random = Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % 32]).join('');
  return `${letter}${policy.country.slice(0, 2)}-${date}-${random}`;
}

/**
 * The Secure Acceptance request fields the shop signs for a card payment (design section 6).
 * Customer-typed text (names, address, city, postal code, phone, e-mail) is made signable here;
 * anything else that could not be signed makes signing throw (signature.ts): no value can be re-split
 * into other signed fields (design section 11).
 */
export function cardRequestFields(
  policy: TPolicy,
  started: { referenceNumber: string; transactionUuid: string; amountCents: number; autoRenewal: boolean },
  profile: { accessKey: string; profileId: string },
  /** `origin`: the customer's page's origin, one of the shop's own (lib/shop-origins.ts, decision 036). */
  context: { now: Date; origin: string },
): Record<string, string> {
  const applicant = policyApplicant(policy);
  const name = splitBillToName(
    signableText(policy.payment?.paymentCreditCardName || applicant?.fullName || '') || 'CARDHOLDER',
  );
  const billing = BILLING_DEFAULTS[policy.country];
  const line1 = signableText(
    [applicant?.applicantAddress1, applicant?.applicantAddress2].filter(Boolean).join(' '),
  );
  const email = signableText(applicant?.email ?? '');
  const fields: Record<string, string> = {
    access_key: profile.accessKey,
    profile_id: profile.profileId,
    transaction_uuid: started.transactionUuid,
    signed_field_names: '',
    unsigned_field_names: UNSIGNED_CARD_FIELDS,
    signed_date_time: formatSignedDateTime(context.now),
    locale: GATEWAY_LOCALE[policy.country][policy.lang ?? 'en'],
    transaction_type: started.autoRenewal ? 'sale,create_payment_token' : 'sale',
    reference_number: started.referenceNumber,
    amount: formatPlainAmount(started.amountCents),
    currency: MARKETS[policy.country].currency,
    payment_method: 'card',
    bill_to_forename: name.forename.slice(0, 60),
    bill_to_surname: name.surname.slice(0, 60),
    bill_to_email: PLAIN_EMAIL.test(email) ? email : 'noreply@lionrock.example',
    bill_to_phone: signableText(`${applicant?.mobileNoCountryCode ?? ''}${applicant?.mobileNo ?? ''}`),
    bill_to_address_line1: line1 || billing.line1,
    bill_to_address_city: line1
      ? signableText(applicant?.applicantAreaDesc ?? '') || billing.city
      : billing.city,
    bill_to_address_country: billing.country,
    bill_to_address_postal_code: line1
      ? signableText(applicant?.applicantPostCode ?? '') || billing.postalCode
      : billing.postalCode,
    override_custom_receipt_page: `${context.origin}${RECEIPT_PATH}`,
  };
  if (!fields.bill_to_phone) delete fields.bill_to_phone;
  if (!fields.bill_to_address_postal_code) delete fields.bill_to_address_postal_code;
  fields.signed_field_names = Object.keys(fields).join(',');
  return fields;
}

/**
 * The request the browser posts with the card: the gateway's address, the fields and their signature.
 * The built-in gateway answers on every origin of the shop: the customer's own, so the page's
 * form-action 'self' covers it (decision 036); a configured gateway is its own origin.
 */
export function signedCardRequest(
  provider: Pick<TCardProvider, 'profile' | 'signRequest'>,
  fields: Record<string, string>,
  origin: string,
): TPaymentSignature {
  return {
    paymentUrl: provider.profile.isTestGateway
      ? `${origin}${TEST_GATEWAY_PATH}`
      : provider.profile.gatewayUrl,
    ...fields,
    paymentSignatureKey: provider.signRequest(fields),
  };
}

/** What a verified answer records on its payment: signed values only, the card number as the gateway masked it. */
function recordOf(answer: TVerifiedAnswer) {
  const { signed } = answer;
  return {
    status: STATUS_FOR_OUTCOME[answer.gateway.outcome],
    gatewayTransactionId: answer.transactionId,
    decision: answer.decision,
    reasonCode: answer.reasonCode,
    authCode: signed.auth_code || null,
    authorisedCents: answer.authorisedCents,
    maskedCard: signed.req_card_number || null,
    cardType: signed.req_card_type || null,
    cardExpiry: signed.req_card_expiry_date || null,
    paymentToken: signed.payment_token || null,
    gatewayAnswer: signed,
  };
}

/**
 * The card and PayNow starts of payment, and the gateway's answer (design section 6): the server
 * re-validates and re-rates the policy, signs its own amount, and records only answers whose
 * signature, reference, amount and currency it has verified.
 */
export function createCardPaymentService(deps: {
  config: TConfig;
  db: TDb;
  repository: TPaymentRepository;
  alerts: TAlertRepository;
  policies: TPolicyService;
  system: TSystemService;
  issuance: TIssuanceService;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The market's card provider (payment-provider.ts); tests may stand in for a gateway. */
  provider?: (country: TCountry) => Promise<TCardProvider>;
  /** Test-only pause points (decision 108). */
  pause?: TPausePoints;
}) {
  const { repository, alerts } = deps;
  const pause = deps.pause ?? NO_PAUSES;
  const providerFor =
    deps.provider ??
    ((country: TCountry) => cardProvider({ config: deps.config, db: deps.db, now: deps.now }, country));

  /** Re-prices the caller's policy and moves it to pending with a new payment; shared by card and PayNow. */
  async function startPayment(policy: TPolicy, sessionName: string, method: TPaymentMethod) {
    // The codes this policy's own earlier attempt holds must not block its re-pricing.
    if (policy.policyId) await repository.releaseHeldPromos(policy.policyId, sessionName);
    const priced = await deps.policies.priceForPayment(policy, sessionName);
    if ('refused' in priced) return { kind: 'refused' as const, refused: priced.refused as TPolicy };
    const invalid = validatePaymentStart(priced.answer, method, {
      paynowAvailable: await deps.system.isPaynowAvailable(policy.country),
    });
    if (invalid)
      throw badRequest(invalid.field, `${invalid.field} does not allow this payment.`, invalid.messageKey);

    const now = deps.now();
    const referenceNumber = makeReference(policy, now);
    const expiresAt = new Date(now.getTime() + (method === 'PN' ? QR_VALIDITY_MS : CARD_PAYMENT_WINDOW_MS));
    const autoRenewal = method === 'CC' && isAutoRenewalOn(priced.answer);
    const answer: TPolicy = {
      ...priced.answer,
      status: 'pending',
      paymentSuccess: 'false',
      payment: { ...priced.answer.payment, paymentMethod: method, paymentReferenceNumber: referenceNumber },
    };
    const transactionUuid = randomUUID();
    const started = await repository.startPayment({
      policyId: priced.existing.policyId,
      fromStatuses: ['quoted', 'pending', 'expired'],
      document: answer,
      columns: priced.columns,
      autoRenewal,
      payment: {
        sessionName,
        method,
        referenceNumber,
        transactionUuid,
        amountCents: priced.selected.totalPremium,
        currency: MARKETS[policy.country].currency,
        expiresAt,
      },
      singleUsePromo:
        priced.columns.campaignId !== null && priced.columns.promoCode
          ? { campaignId: priced.columns.campaignId, code: priced.columns.promoCode }
          : null,
    });
    if (started === 'conflict')
      throw new ApiError(409, 'This policy has changed meanwhile. Please reload it.', { field: 'policyId' });
    if (started === 'promo-held')
      throw badRequest(
        'promo',
        'This promotion code is being used in another payment.',
        MESSAGE_KEYS.invalidPromoCode,
      );
    return {
      kind: 'started' as const,
      answer,
      referenceNumber,
      transactionUuid,
      amountCents: priced.selected.totalPremium,
      expiresAt,
      autoRenewal,
    };
  }

  async function signatureFor(
    policy: TPolicy,
    started: { referenceNumber: string; transactionUuid: string; amountCents: number; autoRenewal: boolean },
    origin: string,
  ): Promise<TPaymentSignature> {
    const provider = await providerFor(policy.country);
    const fields = cardRequestFields(policy, started, provider.profile, { now: deps.now(), origin });
    return signedCardRequest(provider, fields, origin);
  }

  function resultOf(payment: TPaymentRow, extra: Partial<TPaymentResult> = {}): TPaymentResult {
    const base: TPaymentResult = {
      verified: true,
      outcome: 'PENDING',
      paid: false,
      messageKey: null,
      detail: '',
      reasonCode: payment.reasonCode,
      paymentReferenceNumber: payment.referenceNumber,
      policyId: payment.policyId,
      policyNumber: null,
      receiptNumber: payment.receiptNumber,
      maskedCard: payment.maskedCard,
      authCode: payment.authCode,
    };
    if (payment.status === 'paid') return { ...base, outcome: 'PAID', paid: true, ...extra };
    if (payment.status === 'refund_due')
      return { ...base, outcome: 'REFUND', messageKey: MESSAGE_KEYS.issueReceiptFailed, ...extra };
    if (payment.status === 'pending') return { ...base, ...extra };
    const decision = decideGatewayOutcome({
      decision: payment.decision ?? 'ERROR',
      reasonCode: payment.reasonCode,
      requestedAmountCents: payment.amountCents,
      authorisedAmountCents: payment.authorisedCents,
      providerMessage: String(
        (payment.gatewayAnswer as Record<string, string> | null)?.message ?? payment.status,
      ),
    });
    return {
      ...base,
      outcome: decision.outcome,
      messageKey: decision.messageKey,
      detail: decision.detail,
      ...extra,
    };
  }

  const unverified = (reference: string): TPaymentResult => ({
    verified: false,
    outcome: 'UNVERIFIED',
    paid: false,
    messageKey: MESSAGE_KEYS.paymentDeclined,
    detail: 'The payment answer could not be verified.',
    reasonCode: null,
    paymentReferenceNumber: reference,
    policyId: null,
    policyNumber: null,
    receiptNumber: null,
    maskedCard: null,
    authCode: null,
  });

  function countryOf(payment: TPaymentRow): TCountry {
    return marketOfCurrency(payment.currency);
  }

  async function forged(payment: TPaymentRow, problems: string[]): Promise<TPaymentResult> {
    deps.log.warn(
      { reference: payment.referenceNumber, paymentId: payment.paymentId, problems },
      'forged, altered or unconfirmed gateway answer ignored',
    );
    await alerts.addAlert({
      kind: 'forged_answer',
      paymentId: payment.paymentId,
      policyId: payment.policyId,
      detail: { problems },
    });
    return unverified(payment.referenceNumber);
  }

  async function issued(paymentId: string, fallback: TPaymentRow): Promise<TPaymentResult> {
    const result = await deps.issuance.issuePayment(paymentId);
    if (result.outcome === 'issued' || result.outcome === 'already-issued')
      return resultOf(result.payment, { policyNumber: result.policy.policyNumber });
    if (result.outcome === 'refund') return resultOf(result.payment, { detail: result.reason });
    return resultOf(fallback);
  }

  async function receive(fields: Record<string, string>): Promise<TPaymentResult> {
    const reference = fields.req_reference_number ?? '';
    const payment = REFERENCE_PATTERN.test(reference)
      ? await repository.findByReference(reference)
      : undefined;
    if (payment?.method !== 'CC') {
      deps.log.warn({ reference: reference.slice(0, 64) }, 'gateway answer for an unknown payment ignored');
      return unverified(reference);
    }
    const provider = await providerFor(countryOf(payment));
    const check = provider.verifyAnswer(fields, {
      referenceNumber: payment.referenceNumber,
      amountCents: payment.amountCents,
      currency: payment.currency,
      transactionUuid: payment.transactionUuid ?? '',
    });
    if (!check.ok) return forged(payment, check.problems);
    const { answer } = check;
    const { outcome } = answer.gateway;
    if (outcome === 'AUTHENTICATE') return resultOf(payment, { outcome: 'AUTHENTICATE' });

    if (outcome === 'PAID') {
      // A receipt alone is never enough: the gateway confirms it server to server (design section 11).
      let transactions: Awaited<ReturnType<TCardProvider['lookupTransaction']>>;
      try {
        transactions = await provider.lookupTransaction({ transactionId: answer.transactionId });
      } catch (error) {
        if (!(error instanceof GatewayLookupError)) throw error;
        deps.log.warn({ reference, error: error.message }, 'gateway lookup failed; the payment stays open');
        throw new ApiError(
          503,
          'The payment could not be confirmed with the gateway now. It will be confirmed later.',
        );
      }
      const problems = confirmationProblems(answer, payment, transactions[0] ?? null);
      if (problems.length > 0) return forged(payment, problems);
    }

    const status = STATUS_FOR_OUTCOME[outcome];
    // The gateway knows the answer and the shop has recorded nothing of it yet (decision 108).
    await pause('card-answer-before-record', payment.referenceNumber);
    // Money is recorded whenever it arrives: after its window, after a newer attempt, after a decline
    // or a review of the same payment (design section 11: nothing approved is dropped).
    const fromStatuses: TPaymentStatus[] =
      status === 'paid' ? ['pending', 'expired', 'voided', 'declined', 'error', 'review'] : ['pending'];
    const recorded = await repository.recordAnswer(payment.paymentId, fromStatuses, recordOf(answer));
    if (!recorded) return alreadyRecorded(payment, answer);
    deps.log.info(
      { reference, paymentId: payment.paymentId, outcome, reasonCode: answer.reasonCode },
      'gateway answer recorded',
    );
    if (status === 'paid' && ['declined', 'error', 'review'].includes(payment.status)) {
      // An approval after this payment's decline (or review, or error): kept, and shown to operations.
      await alerts.addAlert({
        kind: 'late_payment',
        paymentId: payment.paymentId,
        policyId: payment.policyId,
        detail: {
          reason: `approved after ${payment.status}`,
          previous: {
            status: payment.status,
            decision: payment.decision,
            reasonCode: payment.reasonCode,
            transactionId: payment.gatewayTransactionId,
          },
          transactionId: answer.transactionId,
        },
      });
    }
    if (outcome !== 'PAID') {
      await openCase(payment, outcome, answer);
      return resultOf(recorded);
    }
    return issued(payment.paymentId, recorded);
  }

  /**
   * The case an answer that took money without paying opens for operations, whether the receipt or a
   * lookup at the gateway brought it (design section 11): a partial authorisation to reverse, or money
   * the bank holds for review.
   */
  async function openCase(
    payment: TPaymentRow,
    outcome: TGatewayOutcome,
    answer: { transactionId: string; reasonCode: number | null; authorisedCents: number | null },
  ): Promise<void> {
    if (outcome === 'PARTIAL')
      await alerts.addAlert({
        kind: 'reverse_authorisation',
        paymentId: payment.paymentId,
        policyId: payment.policyId,
        detail: {
          authorisedCents: answer.authorisedCents,
          amountCents: payment.amountCents,
          transactionId: answer.transactionId,
        },
      });
    if (outcome === 'REVIEW')
      await alerts.addAlert({
        kind: 'review',
        paymentId: payment.paymentId,
        policyId: payment.policyId,
        detail: { reasonCode: answer.reasonCode },
      });
  }

  /** The same answer again (the browser's and the merchant POST), or one the payment cannot take. */
  async function alreadyRecorded(payment: TPaymentRow, answer: TVerifiedAnswer): Promise<TPaymentResult> {
    const current = (await repository.findPayment(payment.paymentId))!;
    if (current.gatewayTransactionId !== answer.transactionId && answer.gateway.outcome === 'PAID') {
      if (current.status === 'paid' || current.status === 'refund_due') {
        // A second approved transaction for a payment already paid: that money goes back.
        await alerts.addAlert({
          kind: 'refund',
          paymentId: payment.paymentId,
          policyId: payment.policyId,
          detail: {
            reason: 'a second approved transaction for this payment',
            transactionId: answer.transactionId,
          },
        });
      } else {
        // The gateway transaction id is already another payment's (it is unique): never a second policy.
        return forged(payment, ['transaction_id already recorded for another payment']);
      }
    }
    deps.log.info(
      { reference: payment.referenceNumber, paymentId: payment.paymentId },
      'gateway answer already recorded',
    );
    // Issuing is idempotent and waits for an issue in flight: every copy answers the same number.
    if (current.status === 'paid') return issued(current.paymentId, current);
    const policy = await repository.findPolicy(current.policyId);
    return resultOf(current, { policyNumber: policy?.policyNumber ?? null });
  }

  return {
    startPayment,

    /** updateToPending: the pending policy and the signed fields the browser posts to the gateway. */
    async updateToPending(policy: TPolicy, sessionName: string, origin = deps.config.publicUrl) {
      const started = await startPayment(policy, sessionName, 'CC');
      if (started.kind === 'refused') return { policy: started.refused };
      return {
        policy: started.answer,
        paymentSignature: await signatureFor(started.answer, started, origin),
      };
    },

    /**
     * The gateway's answer, from the browser's frame or server to server (design sections 6 and 11):
     * believed only when the one verifier accepts it (signature over unambiguous fields, the whole
     * required signed set, the payment's reference, amount, currency, uuid and the profile's keys), and
     * a paid one only when the gateway confirms the transaction server to server. Recorded once; a
     * paid one issues the policy. A failure to record answers 503: the money is then found by
     * reconciliation, never reported as not paid.
     */
    async handleReceipt(fields: Record<string, string>): Promise<TPaymentResult> {
      try {
        return await receive(fields);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        deps.log.error(
          { err: error, reference: String(fields.req_reference_number ?? '').slice(0, 64) },
          'gateway answer could not be recorded now; reconciliation will ask the gateway',
        );
        throw new ApiError(
          503,
          'The payment answer could not be recorded now. It will be confirmed with the gateway.',
        );
      }
    },

    /**
     * Before unanswered card payments expire (design section 11): each one past its window, and each
     * superseded (voided) one once, is looked up at the gateway by its reference. An approved
     * transaction is recorded and issues the policy (or becomes a refund case); a pending one the
     * gateway cannot be asked about stays open a little longer, and after a day goes to operations as
     * a review case. Nothing approved expires or stays voided silently.
     */
    async reconcileOverdue(): Promise<{ recovered: number; postponed: number }> {
      let recovered = 0;
      let postponed = 0;
      for (const payment of await repository.listOverdueCardPayments()) {
        const provider = await providerFor(countryOf(payment));
        let transactions: Awaited<ReturnType<TCardProvider['lookupTransaction']>>;
        try {
          transactions = await provider.lookupTransaction({ referenceNumber: payment.referenceNumber });
        } catch (error) {
          if (!(error instanceof GatewayLookupError)) throw error;
          deps.log.warn(
            { paymentId: payment.paymentId, error: error.message },
            'gateway lookup failed before expiry',
          );
          const age = deps.now().getTime() - payment.createdAt.getTime();
          if (age < LOOKUP_GRACE_MS) {
            postponed += 1;
            await repository.postponeExpiry(
              payment.paymentId,
              new Date(deps.now().getTime() + LOOKUP_RETRY_MS),
            );
            continue;
          }
          await alerts.addAlert({
            kind: 'review',
            paymentId: payment.paymentId,
            policyId: payment.policyId,
            detail: {
              reason: 'the gateway could not be asked about this payment for a day',
              error: error.message,
            },
          });
          await repository.markLookedUp(payment.paymentId, { lookup: 'failed', error: error.message });
          continue;
        }
        const found = decidingTransaction(transactions, payment);
        if (!found) {
          await repository.markLookedUp(payment.paymentId, {
            lookup: 'no approved transaction',
            transactions: transactions.map(({ transactionId, decision, reasonCode }) => ({
              transactionId,
              decision,
              reasonCode,
            })),
          });
          continue;
        }
        const { transaction, outcome } = found;
        const recorded = await repository.recordAnswer(payment.paymentId, ['pending', 'voided'], {
          status: STATUS_FOR_OUTCOME[outcome],
          gatewayTransactionId: transaction.transactionId,
          decision: transaction.decision,
          reasonCode: transaction.reasonCode,
          authorisedCents: transaction.authorisedCents,
          gatewayAnswer: {
            lookup: outcome === 'PAID' ? 'approved' : outcome.toLowerCase(),
            transactionId: transaction.transactionId,
          },
        });
        if (!recorded) continue;
        if (outcome !== 'PAID') {
          // Money held or partly taken is never expired silently: it becomes the receipt's own case.
          await openCase(payment, outcome, transaction);
          continue;
        }
        recovered += 1;
        deps.log.warn(
          { paymentId: payment.paymentId, reference: payment.referenceNumber },
          'approved card payment found at the gateway without its answer: recorded',
        );
        await alerts.addAlert({
          kind: 'late_payment',
          paymentId: payment.paymentId,
          policyId: payment.policyId,
          detail: {
            reason: 'approved at the gateway, its answer never received',
            transactionId: transaction.transactionId,
          },
        });
        await deps.issuance.issuePayment(payment.paymentId);
      }
      return { recovered, postponed };
    },

    resultOf,
  };
}

export type TCardPaymentService = ReturnType<typeof createCardPaymentService>;
