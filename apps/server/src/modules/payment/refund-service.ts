import type { TCountry } from '@lionrock/domain/market/market';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { describeError } from '../../lib/redaction.ts';
import { cardProvider, type TCardProvider } from '../../payments/card-gateway/payment-provider.ts';
import { GatewayLookupError } from '../../payments/card-gateway/transaction-lookup.ts';
import { createRefundRepository, type TRefundRepository, type TRefundRow } from './refund-repository.ts';

/** A refund row as its owner writes it (cancellation, endorsement), and as stored. */
export type { TNewRefund, TRefundRow } from './refund-repository.ts';

/**
 * The stable key of a refund at the gateway, the same on every try (decisions 072, 142 and 144): a
 * cancellation's is derived from its policy (one per policy), an endorsement's from the endorsement, and
 * one going back to an endorsement's card collection from that payment's reference.
 */
export const refundRequestId = (
  owner: { policyId: string } | { endorsementId: string } | { collectionReference: string },
): string => {
  const key = (id: string) => id.replace(/-/g, '').toUpperCase();
  if ('endorsementId' in owner) return `RE${key(owner.endorsementId)}`;
  if ('collectionReference' in owner) return `RC${key(owner.collectionReference)}`;
  return `RF${key(owner.policyId)}`;
};

/** The operations case of a refund operations pay themselves (PayNow), written with the refund. */
export type TRefundCase = {
  kind: 'paynow_refund';
  paymentId: string;
  refundId: string;
  detail: Record<string, unknown>;
};

export type TRefundDeps = {
  repository: TRefundRepository;
  /** The market's card gateway (payment-provider.ts); tests may stand in for one. */
  provider: (country: TCountry) => Promise<Pick<TCardProvider, 'refund'>>;
  now: () => Date;
  log: FastifyBaseLogger;
};

/**
 * Card refunds, whoever owes them (a cancellation, an endorsement that lowered the premium): the row is
 * written by the owner in its own transaction, state `requested`; this asks the gateway for it with its
 * stable key under a lease, so a retry, a double submit or a crash in between makes one refund, and
 * records the answer (a refusal opens the refund's operations case).
 */
export function createRefundService(deps: TRefundDeps) {
  const { repository, log } = deps;

  /** Asks the gateway for a requested card refund, if no one else is asking now; records the answer. */
  async function settleRefund(refundId: string): Promise<void> {
    const claimed = await repository.claimRefund(refundId, deps.now());
    if (!claimed) return;
    const policy = await repository.policyOf(claimed.policyId);
    // Back to the transaction that took the money: an endorsement's collection, else the policy's payment.
    const transactionId = claimed.collectionReference
      ? await repository.collectionTransaction(claimed.collectionReference)
      : ((await repository.paidPayment(claimed.policyId))?.gatewayTransactionId ?? null);
    if (!policy || !transactionId) {
      await repository.recordRefund(claimed, { state: 'failed', error: 'no captured card transaction' });
      return;
    }
    const provider = await deps.provider(policy.country as TCountry);
    let result: Awaited<ReturnType<TCardProvider['refund']>>;
    try {
      result = await provider.refund({
        transactionId,
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

  return {
    settleRefund,
    cancellationRefunds: repository.cancellationRefunds,
    paidCollections: repository.paidCollections,
    returnedToPayment: repository.returnedToPayment,
    endorsementRefund: repository.endorsementRefund,
    paidPayment: repository.paidPayment,

    /** Card refunds a crash or an outage left requested: asked again with their own keys (the job calls this). */
    async settleUnsettledRefunds(): Promise<number> {
      const due: TRefundRow[] = await repository.listUnsettledRefunds(deps.now());
      for (const refund of due) await settleRefund(refund.refundId);
      return due.length;
    },
  };
}

export type TRefundService = ReturnType<typeof createRefundService>;

/** The service over the app's database and each market's card gateway. */
export function refundServiceOf(options: {
  db: TDb;
  config: TConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}): TRefundService {
  return createRefundService({
    repository: createRefundRepository(options.db),
    provider: (country) =>
      cardProvider({ config: options.config, db: options.db, now: options.now }, country),
    now: options.now,
    log: options.log,
  });
}
