import { randomUUID } from 'node:crypto';
import { formatDmy, formatIso, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import {
  endorsedPrice,
  endorsementQuote,
  INSURED_ADDRESS_MESSAGE_KEYS,
  insuredAddressFields,
  isSameInsuredAddress,
  listInsuredAddressErrors,
  type TCollectionResult,
  type TInsuredAddressChange,
} from '@lionrock/domain/home/address-endorsement';
import { MARKETS, marketOfCurrency, type TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { CARD_PAYMENT_WINDOW_MS, cardLast4 } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { takesChangeForAll } from '@lionrock/domain/self-service/contact-rules';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { confirmationProblems, decidingTransaction } from '../../payments/card-gateway/gateway-answer.ts';
import type { TCardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { GatewayLookupError } from '../../payments/card-gateway/transaction-lookup.ts';
import {
  cardRequestFields,
  makeReference,
  REFERENCE_PATTERN,
  signedCardRequest,
  type TPaymentSignature,
} from '../payment/card-payment-service.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';
import { refundRequestId, type TRefundService } from '../payment/refund-service.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { TPolicyholder } from '../policyholder/holder-access.ts';
import { stepUpRequired, type TStepUpService } from '../policyholder/step-up-service.ts';
import type {
  TCollectionAnswer,
  TCollectionRow,
  TEndorsementRepository,
  TEndorsementWrite,
} from './endorsement-repository.ts';

/** A payment the gateway cannot be asked about for this long goes to operations. */
const LOOKUP_GIVE_UP_MS = 24 * 60 * 60_000;

/** Where the gateway's answer to a rise's card payment comes back (the browser's frame posts it). */
export const COLLECTION_RECEIPT_PATH = '/b2c-server/rest/my-policy/insured-address/receipt';

/** What the panel shows of a home policy's insured address, and whether it may change it online. */
export type TInsuredAddressView = {
  changeable: boolean;
  country: TCountry;
  currency: string;
  address: TInsuredAddressChange;
  /** Why it cannot change online (a text key), or null. */
  reasonKey: string | null;
};

/** An endorsement's re-rate as the panel shows it: money in cents, the day DD/MM/YYYY. */
export type TInsuredAddressQuote = {
  outcome: 'none' | 'collect' | 'refund';
  currency: string;
  differenceCents: number;
  annualCents: number;
  from: string;
  daysLeft: number;
  termDays: number;
  /** How a lower premium's difference comes back: to the card paid with (its last four digits), or by PayNow. */
  refundTo: { method: 'CC' | 'PN'; cardLast4: string } | null;
};

/** What an endorsement did: the new address, from when, and the refund it owes (its reference and state). */
export type TInsuredAddressChanged = {
  policyNumber: string;
  address: TInsuredAddressChange;
  endorsedFrom: string;
  refund: {
    amountCents: number;
    method: 'CC' | 'PN';
    cardLast4: string;
    state: string;
    reference: string;
  } | null;
};

export type TEndorsementDeps = {
  repository: TEndorsementRepository;
  /** Both homes rated alike on the policy's own tables (policy-service `rateAlteration`). */
  rateAlteration: (
    sold: TPolicy,
    altered: TPolicy,
    issuedAt: Date,
  ) => Promise<{ oldRatedCents: number; newRatedCents: number; rateVersion: string } | null>;
  stepUps: Pick<TStepUpService, 'check' | 'use'>;
  /** The payment a refund goes back to, and the gateway's part (payment/refund-service.ts). */
  refunds: Pick<TRefundService, 'paidPayment' | 'settleRefund' | 'endorsementRefund'>;
  /** The market's card gateway for a rise's payment (payment-provider.ts); tests may stand in for one. */
  cardProvider: (
    country: TCountry,
  ) => Promise<Pick<TCardProvider, 'profile' | 'signRequest' | 'verifyAnswer' | 'lookupTransaction'>>;
  /** The outbox kind and message id of the endorsement's mail with its schedule (issuance's policy mail). */
  mail: { kind: string; messageIdOf: (eventId: number, fromIso: string) => string };
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
};

/**
 * A home policy's insured address changed after the sale: an endorsement (issue 29, decisions 138 and
 * 142). The customer names the new address and the facts its premium is rated on; the server checks
 * them by the market's rules, rates the policy at both addresses on the tables it was sold on, and
 * states the difference for the days left (`endorsementQuote`). Behind the step-up code, one transaction
 * writes the policy's document and price in force, its event, its premium ledger row, the refund a lower
 * premium owes (to the card paid with, or by operations for PayNow) and the new schedule's mail; the
 * card refund is then asked of the gateway. A higher premium is refused with its figures, for the
 * customer service line, until the shop can charge it online (decision 142).
 */

export function createEndorsementService(deps: TEndorsementDeps) {
  const { repository, log } = deps;
  const todayOf = (country: TCountry) => todayIn(MARKETS[country].timeZone, deps.now());

  function currentAddress(row: TPolicyRow): TInsuredAddressChange {
    const home = (row.document as TPolicy).policyHome;
    return insuredAddressFields(row.country as TCountry, {
      blockOrHouseNo: home?.blockOrHouseNo ?? '',
      streetName: home?.streetName ?? '',
      unitNo: home?.unitNo,
      buildingName: home?.buildingName,
      postalCode: home?.postalCode,
      district: home?.district,
      dwellingType: home?.dwellingType,
      hdbFlatType: home?.hdbFlatType,
      floorArea: home?.floorArea,
      buildingAge: home?.buildingAge,
    });
  }

  /** Why the policy's address cannot change online now, or null: a home in force or yet to start. */
  function refusalOf(row: TPolicyRow): string | null {
    return row.productType === 'PHM' &&
      row.issuedAt &&
      takesChangeForAll(row, todayOf(row.country as TCountry))
      ? null
      : INSURED_ADDRESS_MESSAGE_KEYS.notChangeable;
  }

  function refuseUnlessChangeable(row: TPolicyRow): void {
    const reason = refusalOf(row);
    if (reason)
      throw new ApiError(409, "This policy's insured address cannot be changed online.", {
        field: 'policyId',
        messageKey: reason,
      });
  }

  /** Every bad field at once (400), then a change that changes nothing (409). */
  function checkedChange(row: TPolicyRow, sent: TInsuredAddressChange): TInsuredAddressChange {
    const country = row.country as TCountry;
    const [first, ...others] = listInsuredAddressErrors(country, sent);
    if (first)
      throw new ApiError(400, `${first.field} is not valid (${first.messageKey}).`, {
        field: first.field,
        messageKey: first.messageKey,
        errors: [first, ...others],
      });
    if (isSameInsuredAddress(country, currentAddress(row), sent))
      throw new ApiError(409, 'This is the address the policy insures already.', {
        field: 'blockOrHouseNo',
        messageKey: INSURED_ADDRESS_MESSAGE_KEYS.unchanged,
      });
    return insuredAddressFields(country, sent);
  }

  /** The policy's document at the new address: the address and rating facts replaced, nothing else. */
  function alteredDocument(document: TPolicy, change: TInsuredAddressChange): TPolicy {
    return { ...document, policyHome: { ...document.policyHome!, ...change } };
  }

  async function quoteOf(row: TPolicyRow, change: TInsuredAddressChange) {
    const document = row.document as TPolicy;
    const rated = await deps.rateAlteration(document, alteredDocument(document, change), row.issuedAt!);
    const start = row.startDate ? parseIso(row.startDate) : null;
    const end = row.endDate ? parseIso(row.endDate) : null;
    if (!rated || !start || !end || row.totalCents === null)
      throw new ApiError(409, "This policy's insured address cannot be changed online.", {
        field: 'policyId',
        messageKey: INSURED_ADDRESS_MESSAGE_KEYS.notChangeable,
      });
    const quote = endorsementQuote({
      paidCents: row.totalCents,
      oldRatedCents: rated.oldRatedCents,
      newRatedCents: rated.newRatedCents,
      start,
      end,
      today: todayOf(row.country as TCountry),
    });
    return { quote, rateVersion: rated.rateVersion };
  }

  /** Where a refund goes: the card paid with, when the gateway can name its transaction; else PayNow by operations. */
  const refundRoute = (payment: TPaymentRow | undefined): { method: 'CC' | 'PN'; cardLast4: string } => {
    if (payment?.method === 'CC' && payment.gatewayTransactionId)
      return { method: 'CC', cardLast4: cardLast4(payment.maskedCard) };
    return { method: 'PN', cardLast4: '' };
  };

  const answerOf = (
    row: TPolicyRow,
    quote: Awaited<ReturnType<typeof quoteOf>>['quote'],
    payment: TPaymentRow | undefined,
  ): TInsuredAddressQuote => ({
    outcome: quote.outcome,
    currency: row.currency,
    differenceCents: quote.differenceCents,
    annualCents: quote.annualCents,
    from: formatDmy(quote.from),
    daysLeft: quote.daysLeft,
    termDays: quote.termDays,
    refundTo: quote.outcome === 'refund' ? refundRoute(payment) : null,
  });

  type TQuoted = Awaited<ReturnType<typeof quoteOf>>['quote'];

  /**
   * What an endorsement writes, whatever its money: the document at the new address, the price in force,
   * the ledger row, its event (what changed and on what terms, not the address: it stays in the document)
   * and its mail. The event carries what the mail states of the money: a refund's way and reference, or
   * the card payment of a rise; no card but its last four digits.
   */
  function writeOf(
    row: TPolicyRow,
    change: TInsuredAddressChange,
    quote: Pick<TQuoted, 'annualCents' | 'differenceCents'> & { fromIso: string },
    rateVersion: string,
    endorsementId: string,
    money: {
      refund?: { amountCents: number; method: 'CC' | 'PN'; cardLast4: string; reference: string } | null;
      collected?: { amountCents: number; cardLast4: string; reference: string };
    },
  ): Omit<TEndorsementWrite, 'refund' | 'alert'> {
    const document = row.document as TPolicy;
    return {
      apply: (before) => alteredDocument(before, change),
      price: endorsedPrice(
        {
          premiumCents: row.premiumCents ?? 0,
          taxCents: row.taxCents ?? 0,
          totalCents: row.totalCents ?? 0,
        },
        quote.annualCents,
      ),
      ledger: {
        endorsementId,
        kind: 'insured-address',
        fromDate: quote.fromIso,
        currency: row.currency,
        previousTotalCents: row.totalCents ?? 0,
        totalCents: quote.annualCents,
        differenceCents: quote.differenceCents,
      },
      detail: {
        endorsement: 'insured-address',
        endorsementId,
        from: quote.fromIso,
        rateVersion,
        previousTotalCents: row.totalCents,
        totalCents: quote.annualCents,
        differenceCents: quote.differenceCents,
        refund: money.refund ?? null,
        ...(money.collected ? { collected: money.collected } : {}),
      },
      mail: {
        kind: deps.mail.kind,
        recipientRole: 'applicant',
        recipient: row.contactEmail ?? '',
        language: document.lang ?? 'en',
      },
      messageIdOf: (eventId) => deps.mail.messageIdOf(eventId, quote.fromIso),
    };
  }

  /** The re-rate a rise's payment was opened with, as its row keeps it. */
  type TCollectionQuote = {
    from: string;
    annualCents: number;
    differenceCents: number;
    rateVersion: string;
  };

  const collectionResult = (
    collection: TCollectionRow,
    outcome: { paid: boolean; endorsed: boolean; messageKey: string | null },
  ): TCollectionResult => ({
    ...outcome,
    pending: false,
    amountCents: collection.amountCents,
    cardLast4: outcome.paid ? cardLast4(collection.maskedCard) : '',
    reference: collection.referenceNumber,
    endorsedFrom: formatDmy(parseIso((collection.quote as TCollectionQuote).from)!),
  });

  /** A collection as recorded: what its answer did. */
  const recordedResult = (collection: TCollectionRow): TCollectionResult =>
    collection.status === 'paid'
      ? collectionResult(collection, { paid: true, endorsed: true, messageKey: null })
      : collection.status === 'unapplied'
        ? collectionResult(collection, {
            paid: true,
            endorsed: false,
            messageKey: INSURED_ADDRESS_MESSAGE_KEYS.paymentUnapplied,
          })
        : collectionResult(collection, {
            paid: false,
            endorsed: false,
            messageKey: INSURED_ADDRESS_MESSAGE_KEYS.paymentDeclined,
          });

  const notVerified = (collection: TCollectionRow | undefined): TCollectionResult => ({
    paid: false,
    endorsed: false,
    pending: false,
    amountCents: collection?.amountCents ?? 0,
    cardLast4: '',
    reference: collection?.referenceNumber ?? '',
    endorsedFrom: '',
    messageKey: INSURED_ADDRESS_MESSAGE_KEYS.paymentNotVerified,
  });

  /**
   * Money taken for a collection, confirmed by the gateway: recorded paid once, endorsing the policy in
   * the same transaction, or refunded whole when the policy changed meanwhile; answers as recorded.
   */
  async function recordPaid(
    collection: TCollectionRow,
    recorded: TCollectionAnswer,
  ): Promise<TCollectionResult> {
    const reference = collection.referenceNumber;
    const policy = await repository.policyOf(collection.policyId);
    const kept = collection.quote as TCollectionQuote;
    const last4 = cardLast4(recorded.maskedCard);
    const done = await repository.collect(
      reference,
      recorded,
      (paid) => ({
        ...writeOf(
          policy!,
          paid.change as TInsuredAddressChange,
          { annualCents: kept.annualCents, differenceCents: kept.differenceCents, fromIso: kept.from },
          kept.rateVersion,
          paid.endorsementId,
          { collected: { amountCents: paid.amountCents, cardLast4: last4, reference: paid.referenceNumber } },
        ),
        refund: null,
        alert: null,
      }),
      (paid) => ({
        refundId: randomUUID(),
        policyId: paid.policyId,
        collectionReference: paid.referenceNumber,
        method: 'CC',
        basis: 'unapplied',
        amountCents: paid.amountCents,
        currency: paid.currency,
        state: 'requested',
        providerRequestId: refundRequestId({ collectionReference: paid.referenceNumber }),
      }),
    );
    if (done?.kind === 'unapplied') {
      log.warn({ reference }, 'endorsement payment taken after the policy changed; refunded');
      await deps.refunds.settleRefund(done.refundId);
    } else if (done) {
      log.info({ policyNumber: policy?.policyNumber, eventId: done.eventId }, 'insured address endorsed');
      deps.onMailQueued();
    }
    return recordedResult((await repository.findCollection(reference))!);
  }

  return {
    view(row: TPolicyRow): TInsuredAddressView {
      const reasonKey =
        row.productType === 'PHM' ? refusalOf(row) : INSURED_ADDRESS_MESSAGE_KEYS.notChangeable;
      return {
        changeable: reasonKey === null,
        country: row.country as TCountry,
        currency: row.currency,
        address: currentAddress(row),
        reasonKey,
      };
    },

    /** The re-rate of a new address: the difference for the days left, nothing written. */
    async quote(row: TPolicyRow, sent: TInsuredAddressChange): Promise<TInsuredAddressQuote> {
      refuseUnlessChangeable(row);
      const change = checkedChange(row, sent);
      return answerOf(row, (await quoteOf(row, change)).quote, await deps.refunds.paidPayment(row.policyId));
    },

    /**
     * The endorsement: the change checked and re-rated as `quote` does; the difference must be the one
     * the customer was shown (409 `quoteChanged` else) and not a rise (409 `premiumChanges`, with the
     * figures, else); then the step-up code, spent with the change in its transaction; then a card
     * refund is asked of the gateway (the reconciliation job asks again after an outage or a crash).
     */
    async change(
      holder: TPolicyholder,
      row: TPolicyRow,
      sent: TInsuredAddressChange,
      confirm: { stepUpCode: string | undefined; expectedDifferenceCents: number },
    ): Promise<TInsuredAddressChanged> {
      refuseUnlessChangeable(row);
      const change = checkedChange(row, sent);
      const { quote, rateVersion } = await quoteOf(row, change);
      const country = row.country as TCountry;
      if (quote.differenceCents !== confirm.expectedDifferenceCents)
        throw new ApiError(409, 'The premium for this change is not the one shown. Please check it again.', {
          field: 'expectedDifferenceCents',
          messageKey: INSURED_ADDRESS_MESSAGE_KEYS.quoteChanged,
        });
      if (quote.outcome === 'collect')
        throw new ApiError(409, 'This change raises the premium: it cannot be made online yet.', {
          field: 'expectedDifferenceCents',
          messageKey: INSURED_ADDRESS_MESSAGE_KEYS.premiumChanges,
          values: { amount: formatMoney(Math.abs(quote.differenceCents), country), days: quote.daysLeft },
        });
      const stepUp = await deps.stepUps.check(holder, row, 'insured-address', confirm.stepUpCode);
      const endorsementId = randomUUID();
      const payment = await deps.refunds.paidPayment(row.policyId);
      const refundDue = quote.outcome === 'refund';
      const route = refundRoute(payment);
      const refundId = randomUUID();
      const refundCents = -quote.differenceCents;
      const fromIso = formatIso(quote.from);
      const written = writeOf(row, change, { ...quote, fromIso }, rateVersion, endorsementId, {
        refund: refundDue
          ? {
              amountCents: refundCents,
              method: route.method,
              cardLast4: route.cardLast4,
              reference: refundRequestId({ endorsementId }),
            }
          : null,
      });
      const endorsed = await repository.endorse({
        ...written,
        policyId: row.policyId,
        expectedUpdatedAt: row.updatedAt,
        refund: refundDue
          ? {
              refundId,
              policyId: row.policyId,
              endorsementId,
              paymentId: payment?.paymentId ?? null,
              method: route.method,
              basis: 'endorsement',
              amountCents: refundCents,
              currency: row.currency,
              // A card refund is asked of the gateway; PayNow is paid out by operations, from its case.
              state: route.method === 'CC' ? 'requested' : 'manual',
              providerRequestId: refundRequestId({ endorsementId }),
            }
          : null,
        alert:
          refundDue && route.method === 'PN' && payment
            ? {
                kind: 'paynow_refund',
                paymentId: payment.paymentId,
                refundId,
                detail: {
                  policyNumber: row.policyNumber,
                  amountCents: refundCents,
                  currency: row.currency,
                  basis: 'endorsement',
                  method: 'PN',
                },
              }
            : null,
        spendCode: (tx) => deps.stepUps.use(stepUp.id, tx),
      });
      if (endorsed === 'code-spent') throw stepUpRequired();
      if (endorsed === 'changed')
        throw new ApiError(409, 'This policy has changed meanwhile. Please reload it.', {
          field: 'policyId',
          messageKey: INSURED_ADDRESS_MESSAGE_KEYS.quoteChanged,
        });
      log.info({ policyNumber: row.policyNumber, eventId: endorsed }, 'insured address endorsed');
      deps.onMailQueued();
      if (refundDue && route.method === 'CC') await deps.refunds.settleRefund(refundId);
      const refund = refundDue ? await deps.refunds.endorsementRefund(endorsementId) : undefined;
      return {
        policyNumber: row.policyNumber ?? '',
        address: change,
        endorsedFrom: formatDmy(quote.from),
        refund: refund
          ? {
              amountCents: refund.amountCents,
              method: route.method,
              cardLast4: route.cardLast4,
              state: refund.state,
              reference: refund.providerRequestId,
            }
          : null,
      };
    },

    /**
     * A rise, paid by card (decision 144): the change checked and re-rated as `change` does, the
     * difference the one shown and a rise; the step-up code spent as the payment opens, with the change
     * and its re-rate kept on the payment's row; then a signed Secure Acceptance sale of the difference,
     * which the browser posts with the card straight to the gateway (the card never reaches the shop).
     */
    async startCollection(
      holder: TPolicyholder,
      row: TPolicyRow,
      sent: TInsuredAddressChange,
      confirm: { stepUpCode: string | undefined; expectedDifferenceCents: number },
      origin: string,
    ): Promise<TPaymentSignature> {
      refuseUnlessChangeable(row);
      const change = checkedChange(row, sent);
      const { quote, rateVersion } = await quoteOf(row, change);
      if (quote.outcome !== 'collect' || quote.differenceCents !== confirm.expectedDifferenceCents)
        throw new ApiError(409, 'The premium for this change is not the one shown. Please check it again.', {
          field: 'expectedDifferenceCents',
          messageKey: INSURED_ADDRESS_MESSAGE_KEYS.quoteChanged,
        });
      const stepUp = await deps.stepUps.check(holder, row, 'insured-address', confirm.stepUpCode);
      const document = row.document as TPolicy;
      const country = row.country as TCountry;
      const now = deps.now();
      const referenceNumber = makeReference(document, now);
      const transactionUuid = randomUUID();
      const kept: TCollectionQuote = {
        from: formatIso(quote.from),
        annualCents: quote.annualCents,
        differenceCents: quote.differenceCents,
        rateVersion,
      };
      const opened = await repository.openCollection(
        {
          referenceNumber,
          policyId: row.policyId,
          endorsementId: randomUUID(),
          transactionUuid,
          amountCents: quote.differenceCents,
          currency: row.currency,
          change,
          quote: kept,
          policyUpdatedAt: row.updatedAt,
          expiresAt: new Date(now.getTime() + CARD_PAYMENT_WINDOW_MS),
        },
        (tx) => deps.stepUps.use(stepUp.id, tx),
      );
      if (!opened) throw stepUpRequired();
      const provider = await deps.cardProvider(country);
      const fields = cardRequestFields(
        document,
        { referenceNumber, transactionUuid, amountCents: quote.differenceCents, autoRenewal: false },
        provider.profile,
        { now, origin },
      );
      fields.override_custom_receipt_page = `${origin}${COLLECTION_RECEIPT_PATH}`;
      log.info({ policyNumber: row.policyNumber, reference: referenceNumber }, 'endorsement payment started');
      return signedCardRequest(provider, fields, origin);
    },

    /**
     * The gateway's answer to a rise's payment (the browser's frame posts it). Unknown reference, bad
     * signature, another request's uuid or amount, or money the gateway does not confirm server to
     * server: nothing changes (a forged answer is a case for operations). The same answer again is
     * answered as recorded. Money taken is recorded once, even after a refusal or the payment's window,
     * and endorses the policy in the same transaction; if the policy changed meanwhile (another
     * endorsement, a cancellation), the money goes back to the card whole.
     */
    async receiveCollection(fields: Record<string, string>): Promise<TCollectionResult> {
      const reference = fields.req_reference_number ?? '';
      const collection = REFERENCE_PATTERN.test(reference)
        ? await repository.findCollection(reference)
        : undefined;
      if (!collection) {
        log.warn({ reference: reference.slice(0, 64) }, 'endorsement payment answer for no request ignored');
        return notVerified(undefined);
      }
      const country: TCountry = marketOfCurrency(collection.currency);
      const provider = await deps.cardProvider(country);
      const expected = {
        referenceNumber: collection.referenceNumber,
        amountCents: collection.amountCents,
        currency: collection.currency,
      };
      const check = provider.verifyAnswer(fields, {
        ...expected,
        transactionUuid: collection.transactionUuid,
      });
      const forged = async (problems: string[]) => {
        log.warn({ reference, problems }, 'forged or altered endorsement payment answer ignored');
        await repository.addCase('forged_answer', collection.policyId, { reference, problems });
        return notVerified(collection);
      };
      if (!check.ok) return forged(check.problems);
      const { answer } = check;
      // The same answer again (a reload, a replay): what was recorded, once.
      if (collection.gatewayTransactionId === answer.transactionId) return recordedResult(collection);
      const { outcome } = answer.gateway;
      // The bank's challenge is answered in the frame; its final answer comes after: the panel waits.
      if (outcome === 'AUTHENTICATE') return { ...notVerified(collection), pending: true, messageKey: null };
      const recorded: TCollectionAnswer = {
        gatewayTransactionId: answer.transactionId,
        decision: answer.decision,
        reasonCode: answer.reasonCode,
        authorisedCents: answer.authorisedCents,
        maskedCard: answer.signed.req_card_number || null,
        cardType: answer.signed.req_card_type || null,
        answeredAt: deps.now(),
      };
      if (outcome !== 'PAID') {
        if (collection.status !== 'open') return recordedResult(collection);
        const refused = await repository.recordRefusal(collection.referenceNumber, recorded);
        // Money held for review or partly authorised bought nothing: operations release it.
        if (refused && (outcome === 'REVIEW' || outcome === 'PARTIAL'))
          await repository.addCase('refund', collection.policyId, {
            reference,
            reason: outcome === 'REVIEW' ? 'held for review' : 'partly authorised',
            transactionId: answer.transactionId,
            authorisedCents: answer.authorisedCents,
          });
        return recordedResult(refused ?? (await repository.findCollection(reference))!);
      }
      if (collection.status === 'paid' || collection.status === 'unapplied')
        // A second approved transaction for one payment: the gateway refuses a reused uuid, so not believed.
        return forged(['the payment was taken already']);
      // A receipt alone is never enough: the gateway confirms it server to server (design section 11).
      let transactions: Awaited<ReturnType<TCardProvider['lookupTransaction']>>;
      try {
        transactions = await provider.lookupTransaction({ transactionId: answer.transactionId });
      } catch (error) {
        if (!(error instanceof GatewayLookupError)) throw error;
        log.warn({ reference, error: error.message }, 'endorsement payment could not be confirmed');
        await repository.addCase('refund', collection.policyId, {
          reference,
          reason: 'approved, not confirmed by the gateway: the policy was not endorsed',
          transactionId: answer.transactionId,
        });
        return notVerified(collection);
      }
      const problems = confirmationProblems(answer, expected, transactions[0] ?? null);
      if (problems.length > 0) return forged(problems);

      return recordPaid(collection, recorded);
    },

    /**
     * Unanswered card payments past their window (the customer closed the page at the bank; design
     * section 11): each is looked up at the gateway by its reference. An approved transaction is recorded
     * and endorses, as its answer would have; money held or partly taken becomes a case for operations;
     * with nothing approved the payment expires. A gateway that cannot be asked is asked again next time,
     * and after a day operations get a case. The reconciliation job calls this every minute.
     */
    async reconcileCollections(): Promise<{ recovered: number; expired: number }> {
      let recovered = 0;
      let expired = 0;
      const now = deps.now();
      for (const collection of await repository.listOverdueCollections(now)) {
        const country: TCountry = marketOfCurrency(collection.currency);
        const provider = await deps.cardProvider(country);
        let transactions: Awaited<ReturnType<TCardProvider['lookupTransaction']>>;
        try {
          transactions = await provider.lookupTransaction({ referenceNumber: collection.referenceNumber });
        } catch (error) {
          if (!(error instanceof GatewayLookupError)) throw error;
          log.warn(
            { reference: collection.referenceNumber, error: error.message },
            'endorsement payment lookup failed',
          );
          if (now.getTime() - collection.createdAt.getTime() > LOOKUP_GIVE_UP_MS) {
            await repository.addCase('refund', collection.policyId, {
              reference: collection.referenceNumber,
              reason:
                'the gateway could not be asked about this payment for a day: check it and refund any charge',
            });
            await repository.markLookedUp(collection.referenceNumber, now, true);
            expired += 1;
          }
          continue;
        }
        const found = decidingTransaction(transactions, collection);
        if (!found) {
          await repository.markLookedUp(collection.referenceNumber, now, true);
          expired += 1;
          continue;
        }
        const { transaction, outcome } = found;
        const recorded: TCollectionAnswer = {
          gatewayTransactionId: transaction.transactionId,
          decision: transaction.decision,
          reasonCode: transaction.reasonCode,
          authorisedCents: transaction.authorisedCents,
          // The lookup does not give the card: the mail then says "your card".
          maskedCard: null,
          cardType: null,
          answeredAt: now,
        };
        log.warn(
          { reference: collection.referenceNumber, outcome },
          'endorsement payment found at the gateway without its answer',
        );
        if (outcome !== 'PAID') {
          await repository.recordRefusal(collection.referenceNumber, recorded);
          await repository.addCase('refund', collection.policyId, {
            reference: collection.referenceNumber,
            reason: outcome === 'REVIEW' ? 'held for review' : 'partly authorised',
            transactionId: transaction.transactionId,
            authorisedCents: transaction.authorisedCents,
          });
          continue;
        }
        await recordPaid(collection, recorded);
        recovered += 1;
      }
      return { recovered, expired };
    },

    /** What the policy's endorsements collected less what they returned (a cancellation counts it). */
    endorsedCents: (policyId: string) => repository.endorsedCents(policyId),
  };
}

export type TEndorsementService = ReturnType<typeof createEndorsementService>;
