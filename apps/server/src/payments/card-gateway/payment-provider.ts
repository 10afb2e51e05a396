import type { TCountry } from '@lionrock/domain/market/market';
import { formatPlainAmount } from '@lionrock/domain/money/money';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { chargeToken as chargeTestToken } from '../test-gateway/test-gateway.ts';
import { inProcessTransport } from '../test-gateway/test-gateway-lookup.ts';
import { testGatewayRepository } from '../test-gateway/test-gateway-repository.ts';
import { merchantProfile, type TMerchantProfile } from './card-profiles.ts';
import { type TExpectedAnswer, verifyGatewayAnswer } from './gateway-answer.ts';
import { requestRefund, type TRefundRequest, type TRefundResult } from './refund-client.ts';
import { signFields, type TSignedFields } from './signature.ts';
import { createTransactionLookup, fetchTransport, type TGatewayTransaction } from './transaction-lookup.ts';

/**
 * The card payment provider (design section 11, decision 024): everything the shop asks of a card
 * gateway, behind one interface with two implementations, CyberSource and the built-in test gateway.
 * - `signRequest`: the Secure Acceptance signature of the fields the browser posts (startPayment);
 * - `verifyAnswer`: the one verifier of a signed answer (gateway-answer.ts);
 * - `lookupTransaction`: the gateway's own record, server to server, by transaction id or by
 *   merchant reference (CyberSource REST over HTTP; the test gateway by a function call into the
 *   same signed handler, so tests need no port);
 * - `chargeToken`: a merchant-initiated charge of a stored token (auto-renewal);
 * - `refund`: a refund of a captured transaction through the gateway's REST refund, keyed by the
 *   shop's stable request id so a retry asks for the same refund (refund-client.ts, decision 072):
 *   e.g. `refund({ transactionId, amountCents: 12_000, currency: 'SGD', requestId: 'RF…' })`.
 */
export type TTokenChargeInput = {
  country: TCountry;
  token: string;
  referenceNumber: string;
  /** The payment's transaction uuid, echoed in the signed answer (req_transaction_uuid). */
  transactionUuid: string;
  amountCents: number;
  currency: string;
  now: Date;
};

/** The gateway's signed answer fields, or 'manual' when this market's gateway cannot charge a token here. */
export type TTokenChargeResult =
  | { kind: 'answer'; fields: Record<string, string> }
  | { kind: 'manual'; reason: string };

export type TLookupQuery = { transactionId: string } | { referenceNumber: string };

export type TCardProvider = {
  profile: TMerchantProfile;
  signRequest(fields: TSignedFields): string;
  verifyAnswer(
    fields: TSignedFields,
    expected: Omit<TExpectedAnswer, 'profile'>,
  ): ReturnType<typeof verifyGatewayAnswer>;
  /** Throws GatewayLookupError when the gateway cannot be asked; [] when it has no such transaction. */
  lookupTransaction(query: TLookupQuery): Promise<TGatewayTransaction[]>;
  chargeToken(input: TTokenChargeInput): Promise<TTokenChargeResult>;
  /** Throws GatewayLookupError when the gateway cannot be asked (then ask again with the same requestId). */
  refund(input: TRefundRequest): Promise<TRefundResult>;
};

export type TProviderDeps = {
  config: TConfig;
  db: TDb;
  now: () => Date;
  /** CyberSource's REST calls; tests inject one. */
  fetchImpl?: typeof fetch;
};

export async function cardProvider(deps: TProviderDeps, country: TCountry): Promise<TCardProvider> {
  const profile = await merchantProfile(deps.config, deps.db, country);
  // The built-in gateway answers in process, from its own records.
  const testGateway = profile.isTestGateway ? testGatewayRepository(deps.db) : null;
  const transport = testGateway
    ? inProcessTransport(testGateway, [profile], deps.now)
    : fetchTransport(deps.fetchImpl ?? fetch);
  const lookup = createTransactionLookup(
    {
      baseUrl: profile.restUrl,
      merchantId: profile.merchantId,
      keyId: profile.restKeyId,
      sharedSecret: profile.restSecret,
    },
    transport,
    deps.now,
  );
  return {
    profile,
    signRequest: (fields) => signFields(fields, profile.secretKey),
    verifyAnswer: (fields, expected) => verifyGatewayAnswer(fields, { ...expected, profile }),
    async lookupTransaction(query) {
      if ('transactionId' in query) {
        const found = await lookup.byId(query.transactionId);
        return found ? [found] : [];
      }
      return lookup.byReference(query.referenceNumber);
    },
    async chargeToken(input) {
      if (!testGateway)
        return {
          kind: 'manual',
          reason: 'The card gateway charges tokens through its payments API, which the shop does not call.',
        };
      const fields = await chargeTestToken(testGateway, profile, {
        token: input.token,
        transactionUuid: input.transactionUuid,
        referenceNumber: input.referenceNumber,
        amount: formatPlainAmount(input.amountCents),
        currency: input.currency,
        now: input.now,
      });
      return { kind: 'answer', fields };
    },
    async refund(input) {
      const credentials = {
        baseUrl: profile.restUrl,
        merchantId: profile.merchantId,
        keyId: profile.restKeyId,
        sharedSecret: profile.restSecret,
      };
      if (!profile.isTestGateway) {
        // CyberSource: a refund an earlier try made before a crash is found by its reference first.
        const earlier = (await lookup.byReference(input.requestId)).find(
          (found) => found.decision === 'ACCEPT',
        );
        if (earlier)
          return { status: 'succeeded', reference: earlier.transactionId, amountCents: earlier.amountCents };
      }
      return requestRefund(credentials, transport, input, deps.now());
    },
  };
}
