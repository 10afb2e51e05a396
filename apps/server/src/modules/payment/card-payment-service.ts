import { randomBytes, randomUUID } from 'node:crypto';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { formatPlainAmount } from '@lionrock/domain/money/money';
import {
  decideGatewayOutcome,
  type TGatewayOutcome,
  type TPaymentResult,
} from '@lionrock/domain/payments/gateway-decision';
import {
  CARD_PAYMENT_WINDOW_MS,
  isAutoRenewalOn,
  parseGatewayAmount,
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
import { merchantProfile, RECEIPT_PATH } from '../../payments/card-gateway/card-profiles.ts';
import { formatSignedDateTime, signFields, verifySignature } from '../../payments/card-gateway/signature.ts';
import type { TPolicyService } from '../policy/policy-service.ts';
import type { TSystemService } from '../system/system-service.ts';
import type { TIssuanceService } from './issuance-service.ts';
import type { TPaymentRepository, TPaymentRow, TPaymentStatus } from './payment-repository.ts';

/** The gateway's bill-to address where the product collects none (issue 5: the market's default). */
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

const STATUS_FOR_OUTCOME: Record<Exclude<TGatewayOutcome, 'AUTHENTICATE'>, TPaymentStatus> = {
  PAID: 'paid',
  PARTIAL: 'declined',
  REVIEW: 'review',
  ERROR: 'error',
  DECLINED: 'declined',
};

/** Letters and digits that cannot be misread (no I, O, 0, 1): 32 of them, so a byte picks one without bias. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A readable, unique merchant reference: TSG-261123-7K3M9Q2X (product, market, date, random). */
export function makeReference(policy: TPolicy, now: Date): string {
  const letter = { PTR: 'T', PAN: 'A', PHM: 'H' }[policy.productType];
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random = Array.from(randomBytes(8), (byte) => REFERENCE_ALPHABET[byte % 32]).join('');
  return `${letter}${policy.country.slice(0, 2)}-${date}-${random}`;
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
  policies: TPolicyService;
  system: TSystemService;
  issuance: TIssuanceService;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository } = deps;

  /** Re-prices the caller's policy and moves it to pending with a new payment; shared by card and PayNow. */
  async function startPayment(policy: TPolicy, sessionName: string, method: TPaymentMethod) {
    if (policy.policyId) {
      const stored = await repository.findPolicy(policy.policyId);
      // The codes this policy's own earlier attempt holds must not block its re-pricing.
      if (stored && stored.sessionName === sessionName) await repository.releaseHeldPromos(stored.policyId);
    }
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
  ): Promise<TPaymentSignature> {
    const profile = await merchantProfile(deps.config, deps.db, policy.country);
    const applicant = policyApplicant(policy);
    const name = splitBillToName(
      policy.payment?.paymentCreditCardName || applicant?.fullName || 'CARDHOLDER',
    );
    const billing = BILLING_DEFAULTS[policy.country];
    const line1 = [applicant?.applicantAddress1, applicant?.applicantAddress2]
      .filter(Boolean)
      .join(' ')
      .trim();
    const fields: Record<string, string> = {
      access_key: profile.accessKey,
      profile_id: profile.profileId,
      transaction_uuid: started.transactionUuid,
      signed_field_names: '',
      unsigned_field_names: UNSIGNED_CARD_FIELDS,
      signed_date_time: formatSignedDateTime(deps.now()),
      locale: GATEWAY_LOCALE[policy.country][policy.lang ?? 'en'],
      transaction_type: started.autoRenewal ? 'sale,create_payment_token' : 'sale',
      reference_number: started.referenceNumber,
      amount: formatPlainAmount(started.amountCents),
      currency: MARKETS[policy.country].currency,
      payment_method: 'card',
      bill_to_forename: name.forename.slice(0, 60),
      bill_to_surname: name.surname.slice(0, 60),
      bill_to_email: applicant?.email || 'noreply@lionrock.example',
      bill_to_phone: `${applicant?.mobileNoCountryCode ?? ''}${applicant?.mobileNo ?? ''}`,
      bill_to_address_line1: line1 || billing.line1,
      bill_to_address_city: line1 ? applicant?.applicantAreaDesc || billing.city : billing.city,
      bill_to_address_country: billing.country,
      bill_to_address_postal_code: line1
        ? applicant?.applicantPostCode || billing.postalCode
        : billing.postalCode,
      override_custom_receipt_page: `${deps.config.publicUrl}${RECEIPT_PATH}`,
    };
    if (!fields.bill_to_phone) delete fields.bill_to_phone;
    if (!fields.bill_to_address_postal_code) delete fields.bill_to_address_postal_code;
    fields.signed_field_names = Object.keys(fields).join(',');
    return {
      paymentUrl: profile.gatewayUrl,
      ...fields,
      paymentSignatureKey: signFields(fields, profile.secretKey),
    };
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

  return {
    startPayment,

    /** updateToPending: the pending policy and the signed fields the browser posts to the gateway. */
    async updateToPending(policy: TPolicy, sessionName: string) {
      const started = await startPayment(policy, sessionName, 'CC');
      if (started.kind === 'refused') return { policy: started.refused };
      return { policy: started.answer, paymentSignature: await signatureFor(started.answer, started) };
    },

    /**
     * The gateway's answer, from the browser's frame or server to server: verified (signature over its
     * own signed fields, then reference, amount, currency and transaction uuid) before anything is
     * recorded; recorded once; a paid one issues the policy.
     */
    async handleReceipt(fields: Record<string, string>): Promise<TPaymentResult> {
      const reference = fields.req_reference_number ?? '';
      const payment = REFERENCE_PATTERN.test(reference)
        ? await repository.findByReference(reference)
        : undefined;
      if (payment?.method !== 'CC') {
        deps.log.warn({ reference: reference.slice(0, 64) }, 'gateway answer for an unknown payment ignored');
        return unverified(reference);
      }
      const country: TCountry = payment.currency === 'HKD' ? 'HKG' : 'SGP';
      const profile = await merchantProfile(deps.config, deps.db, country);
      const problems: string[] = [];
      if (!verifySignature(fields, profile.secretKey)) problems.push('signature');
      else {
        const signed = new Set((fields.signed_field_names ?? '').split(','));
        for (const name of ['req_reference_number', 'req_amount', 'req_currency', 'decision', 'reason_code'])
          if (!signed.has(name)) problems.push(`${name} unsigned`);
        if (parseGatewayAmount(fields.req_amount) !== payment.amountCents) problems.push('amount');
        if (fields.req_currency !== payment.currency) problems.push('currency');
        if (fields.req_transaction_uuid && fields.req_transaction_uuid !== payment.transactionUuid)
          problems.push('transaction_uuid');
        if (fields.auth_amount && parseGatewayAmount(fields.auth_amount) === null)
          problems.push('auth_amount');
      }
      if (problems.length > 0) {
        deps.log.warn(
          { reference, paymentId: payment.paymentId, problems },
          'forged or altered gateway answer ignored',
        );
        await repository.addAlert({
          kind: 'forged_answer',
          paymentId: payment.paymentId,
          policyId: payment.policyId,
          detail: { problems },
        });
        return unverified(reference);
      }

      const reasonCode = /^\d{1,4}$/.test(fields.reason_code ?? '') ? Number(fields.reason_code) : null;
      const authorisedCents = fields.auth_amount ? parseGatewayAmount(fields.auth_amount) : null;
      const decision = decideGatewayOutcome({
        decision: fields.decision ?? 'ERROR',
        reasonCode,
        requestedAmountCents: payment.amountCents,
        authorisedAmountCents: authorisedCents,
        providerMessage: fields.message ?? '',
        invalidFields: fields.invalid_fields ?? fields.required_fields ?? '',
      });
      if (decision.outcome === 'AUTHENTICATE') return resultOf(payment, { outcome: 'AUTHENTICATE' });

      const status = STATUS_FOR_OUTCOME[decision.outcome];
      // Money that arrives after its window (or after a newer attempt) is still recorded: never dropped.
      const fromStatuses: TPaymentStatus[] =
        status === 'paid' ? ['pending', 'expired', 'voided'] : ['pending'];
      const { signature: _signature, ...answer } = fields;
      const recorded = await repository.recordAnswer(payment.paymentId, fromStatuses, {
        status,
        gatewayTransactionId: fields.transaction_id || `${reference}:${fields.signed_date_time ?? ''}`,
        decision: (fields.decision ?? '').toUpperCase(),
        reasonCode,
        authCode: fields.auth_code || null,
        authorisedCents,
        maskedCard: fields.req_card_number || null,
        cardType: fields.req_card_type || null,
        cardExpiry: fields.req_card_expiry_date || null,
        paymentToken: fields.payment_token || null,
        gatewayAnswer: answer,
      });
      if (!recorded) {
        // The same answer again (the browser's and the merchant POST), or one for a closed payment.
        deps.log.info({ reference, paymentId: payment.paymentId }, 'gateway answer already recorded');
        const current = (await repository.findPayment(payment.paymentId))!;
        if (current.status === 'paid') {
          // Issuing is idempotent and waits for an issue in flight: every copy answers the same number.
          const issued = await deps.issuance.issuePayment(current.paymentId);
          if (issued.outcome === 'issued' || issued.outcome === 'already-issued')
            return resultOf(issued.payment, { policyNumber: issued.policy.policyNumber });
        }
        const policy = await repository.findPolicy(current.policyId);
        return resultOf(current, { policyNumber: policy?.policyNumber ?? null });
      }
      deps.log.info(
        { reference, paymentId: payment.paymentId, outcome: decision.outcome, reasonCode },
        'gateway answer recorded',
      );
      if (decision.outcome === 'PARTIAL')
        await repository.addAlert({
          kind: 'reverse_authorisation',
          paymentId: payment.paymentId,
          policyId: payment.policyId,
          detail: { authorisedCents, amountCents: payment.amountCents, transactionId: fields.transaction_id },
        });
      if (decision.outcome === 'REVIEW')
        await repository.addAlert({
          kind: 'review',
          paymentId: payment.paymentId,
          policyId: payment.policyId,
          detail: { reasonCode },
        });
      if (decision.outcome !== 'PAID') return resultOf(recorded);
      const issued = await deps.issuance.issuePayment(payment.paymentId);
      if (issued.outcome === 'issued' || issued.outcome === 'already-issued')
        return resultOf(issued.payment, { policyNumber: issued.policy.policyNumber });
      if (issued.outcome === 'refund') return resultOf(issued.payment, { detail: issued.reason });
      return resultOf(recorded);
    },

    resultOf,
  };
}

export type TCardPaymentService = ReturnType<typeof createCardPaymentService>;
