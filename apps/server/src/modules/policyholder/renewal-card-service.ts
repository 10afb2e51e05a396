import { randomUUID } from 'node:crypto';
import { MARKETS, marketOfCurrency, type TCountry } from '@lionrock/domain/market/market';
import { cardLast4 } from '@lionrock/domain/payments/payment-rules';
import { formatCardExpiry } from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import {
  isRenewalCardChangeable,
  isTokenAccepted,
  MANAGE_MESSAGE_KEYS,
  RENEWAL_CARD_REQUEST_MS,
  TOKEN_ONLY_TRANSACTION,
} from '@lionrock/domain/self-service/contact-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { ApiError } from '../../lib/api-error.ts';
import { confirmationProblems } from '../../payments/card-gateway/gateway-answer.ts';
import { cardProvider, type TCardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { GatewayLookupError } from '../../payments/card-gateway/transaction-lookup.ts';
import {
  cardRequestFields,
  makeReference,
  REFERENCE_PATTERN,
  signedCardRequest,
  type TPaymentSignature,
} from '../payment/card-payment-service.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import { createRenewalCardRepository, type TRenewalCardRow } from './renewal-card-repository.ts';

/** Where the gateway's answer to a card change comes back (the browser's frame posts it). */
export const CARD_RECEIPT_PATH = '/b2c-server/rest/my-policy/renewal-card/receipt';

/** The card the renewals are charged to, as the panel shows it; `changeable` says whether it may change. */
export type TRenewalCardView = {
  changeable: boolean;
  card: { masked: string; expiry: string } | null;
};

/** What the receipt page hands to the panel's window. */
export type TCardChangeResult = {
  stored: boolean;
  maskedCard: string | null;
  cardExpiry: string | null;
  messageKey: string | null;
  reasonCode: number | null;
};

const notVerified: TCardChangeResult = {
  stored: false,
  maskedCard: null,
  cardExpiry: null,
  messageKey: MANAGE_MESSAGE_KEYS.cardNotVerified,
  reasonCode: null,
};

/** `xxxxxxxxxxxx1111` → `•••• 1111`: the last four digits only. */
const maskedOf = (masked: string | null | undefined) => {
  const tail = cardLast4(masked);
  return tail ? `•••• ${tail}` : '';
};

function resultOf(row: TRenewalCardRow): TCardChangeResult {
  const stored = row.status === 'stored';
  return {
    stored,
    maskedCard: stored ? maskedOf(row.maskedCard) : null,
    cardExpiry: stored ? formatCardExpiry(row.cardExpiry) : null,
    messageKey: stored ? null : MANAGE_MESSAGE_KEYS.cardDeclined,
    reasonCode: row.reasonCode,
  };
}

/**
 * The card that pays a policy's renewals (design sections 6 and 11, decision 069). The shop signs a
 * token-only Secure Acceptance request (`create_payment_token`, amount 0.00) bound to the policy by its
 * reference; the browser posts it with the card straight to the gateway, so the card never reaches the
 * shop. The answer is believed only through the one verifier (`verifyAnswer`) and the gateway's own
 * record of the transaction (server to server), and recorded once; then the renewal charge reads the new
 * token (renewal-repository's `tokenPayment`).
 */
export function createRenewalCardService(deps: {
  config: TConfig;
  db: TDb;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The market's card provider; tests may stand in for a gateway. */
  provider?: (country: TCountry) => Promise<TCardProvider>;
}) {
  const repository = createRenewalCardRepository(deps.db);
  const providerFor =
    deps.provider ??
    ((country: TCountry) => cardProvider({ config: deps.config, db: deps.db, now: deps.now }, country));

  async function changeable(row: TPolicyRow): Promise<boolean> {
    if (row.status !== 'issued') return false;
    const paid = await repository.paidCardPayment(row.policyId);
    return isRenewalCardChangeable(row.document as TPolicy, paid !== undefined);
  }

  return {
    async view(row: TPolicyRow): Promise<TRenewalCardView> {
      const card = await repository.current(row.policyId);
      const paid = card ? undefined : await repository.paidCardPayment(row.policyId);
      const source = card ?? (paid?.paymentToken ? paid : undefined);
      return {
        changeable: await changeable(row),
        card: source
          ? { masked: maskedOf(source.maskedCard), expiry: formatCardExpiry(source.cardExpiry) }
          : null,
      };
    },

    /** The signed token-only request for this policy; 409 where its renewals cannot be paid by card. */
    async start(
      row: TPolicyRow,
      origin: string,
      /** The step-up the change needs (decision 102), asked once the policy is known to qualify. */
      confirmed: () => Promise<void>,
    ): Promise<TPaymentSignature> {
      if (!(await changeable(row)))
        throw new ApiError(409, "This policy's renewals cannot be paid by a card.", {
          field: 'policyId',
          messageKey: MANAGE_MESSAGE_KEYS.cardNotEligible,
        });
      await confirmed();
      const document = row.document as TPolicy;
      const country = row.country as TCountry;
      const now = deps.now();
      await repository.expireOpen(now);
      const referenceNumber = makeReference(document, now);
      const transactionUuid = randomUUID();
      await repository.open({
        referenceNumber,
        policyId: row.policyId,
        transactionUuid,
        currency: MARKETS[country].currency,
        expiresAt: new Date(now.getTime() + RENEWAL_CARD_REQUEST_MS),
        createdAt: now,
      });
      const provider = await providerFor(country);
      const fields = cardRequestFields(
        document,
        { referenceNumber, transactionUuid, amountCents: 0, autoRenewal: false },
        provider.profile,
        { now, origin },
      );
      fields.transaction_type = TOKEN_ONLY_TRANSACTION;
      fields.override_custom_receipt_page = `${origin}${CARD_RECEIPT_PATH}`;
      deps.log.info({ policyId: row.policyId, reference: referenceNumber }, 'renewal card change started');
      return signedCardRequest(provider, fields, origin);
    },

    /**
     * The gateway's answer (the browser's frame posts it). Unknown reference, bad signature, another
     * request's uuid or amount, or an answer the gateway does not confirm: nothing changes (a forged
     * one is a case for operations). An answer already recorded is answered as it was, never twice.
     */
    async receive(fields: Record<string, string>): Promise<TCardChangeResult> {
      const reference = fields.req_reference_number ?? '';
      const request = REFERENCE_PATTERN.test(reference)
        ? await repository.findByReference(reference)
        : undefined;
      if (!request) {
        deps.log.warn({ reference: reference.slice(0, 64) }, 'card change answer for no request ignored');
        return notVerified;
      }
      const country: TCountry = marketOfCurrency(request.currency);
      const provider = await providerFor(country);
      const expected = {
        referenceNumber: request.referenceNumber,
        amountCents: 0,
        currency: request.currency,
      };
      const check = provider.verifyAnswer(fields, { ...expected, transactionUuid: request.transactionUuid });
      const forged = async (problems: string[]) => {
        deps.log.warn({ reference, problems }, 'forged or altered card change answer ignored');
        await repository.forged(request.policyId, { reference, problems });
        return notVerified;
      };
      if (!check.ok) return forged(check.problems);
      const { answer } = check;
      if (answer.signed.req_transaction_type !== TOKEN_ONLY_TRANSACTION) return forged(['transaction_type']);
      // The same answer again (a reload, a replay): what was recorded, once.
      if (request.gatewayTransactionId === answer.transactionId) return resultOf(request);
      const accepted = isTokenAccepted({
        decision: answer.decision,
        reasonCode: answer.reasonCode,
        paymentToken: answer.signed.payment_token,
        authorisedCents: answer.authorisedCents,
      });
      if (request.status === 'stored') {
        // A refusal of a double post changes nothing; a second card for one request is not believed.
        if (!accepted) return resultOf(request);
        return forged(['the request has its card already']);
      }
      if (accepted) {
        // A stored card is believed only when the gateway confirms it server to server (design section 11).
        let transactions: Awaited<ReturnType<TCardProvider['lookupTransaction']>>;
        try {
          transactions = await provider.lookupTransaction({ transactionId: answer.transactionId });
        } catch (error) {
          if (!(error instanceof GatewayLookupError)) throw error;
          deps.log.warn({ reference, error: error.message }, 'card change could not be confirmed');
          return notVerified;
        }
        const problems = confirmationProblems(answer, expected, transactions[0] ?? null);
        if (problems.length > 0) return forged(problems);
      }
      const { signed } = answer;
      // A card the gateway accepted is kept even after a refusal of the same request arrived first
      // (a double post is refused by the gateway as a reused uuid, 104); a refusal never overwrites.
      const recorded = await repository.record(
        request.referenceNumber,
        accepted ? ['open', 'declined', 'expired'] : ['open'],
        {
          status: accepted ? 'stored' : 'declined',
          gatewayTransactionId: answer.transactionId,
          decision: answer.decision,
          reasonCode: answer.reasonCode,
          paymentToken: accepted ? signed.payment_token! : null,
          maskedCard: signed.req_card_number || null,
          cardType: signed.req_card_type || null,
          cardExpiry: signed.req_card_expiry_date || null,
          answeredAt: deps.now(),
        },
        accepted
          ? { renewalCard: 'changed', by: 'policyholder', card: maskedOf(signed.req_card_number), reference }
          : null,
      );
      if (!recorded) {
        const current = await repository.findByReference(request.referenceNumber);
        return current ? resultOf(current) : notVerified;
      }
      deps.log.info(
        { policyId: request.policyId, reference, stored: accepted, reasonCode: answer.reasonCode },
        'renewal card change answered',
      );
      return resultOf(recorded);
    },
  };
}

export type TRenewalCardService = ReturnType<typeof createRenewalCardService>;
