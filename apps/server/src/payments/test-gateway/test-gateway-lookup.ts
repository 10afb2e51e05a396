import { REFUND_PATH } from '../card-gateway/refund-client.ts';
import {
  LOOKUP_PATHS,
  type TRestResponse,
  type TRestTransport,
  verifyRestRequest,
} from '../card-gateway/transaction-lookup.ts';
import type { TTestGatewayProfile } from './test-gateway.ts';
import { answerRefund } from './test-gateway-refunds.ts';
import type { TTestGatewayAnswerRow, TTestGatewayStore } from './test-gateway-repository.ts';

/**
 * The test gateway's transaction lookup (README.md beside this file), shaped as CyberSource's REST
 * Transaction Details and Transaction Search: `GET /gateway/tss/v2/transactions/{id}` and
 * `POST /gateway/tss/v2/searches` with `query: "clientReferenceInformation.code:<reference>"`. Each
 * request carries an HTTP Signature (the refund, `POST /gateway/pts/v2/payments/{id}/refunds`, too:
 * test-gateway-refunds.ts) made with the profile's REST key (keyid = its access key,
 * `v-c-merchant-id` = its profile id); a profile sees its own transactions only.
 */
export const LOOKUP_PREFIX = '/gateway';

type TRow = TTestGatewayAnswerRow;

function transactionBody(row: TRow) {
  return {
    id: row.transactionId,
    merchantId: row.profileId,
    submitTimeUtc: row.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    clientReferenceInformation: { code: row.referenceNumber },
    orderInformation: {
      amountDetails: {
        totalAmount: row.amount,
        currency: row.currency,
        ...(row.authAmount ? { authorizedAmount: row.authAmount } : {}),
      },
    },
    applicationInformation: {
      reasonCode: String(row.reasonCode),
      rCode: row.decision === 'ACCEPT' ? '1' : '0',
      rFlag: row.decision === 'ACCEPT' ? 'SOK' : row.decision,
    },
  };
}

const json = (status: number, body: unknown): TRestResponse => ({ status, body: JSON.stringify(body) });

/** Answers one signed lookup request; used by the HTTP route and, without a port, by the shop itself. */
export async function answerLookup(
  store: TTestGatewayStore,
  profiles: TTestGatewayProfile[],
  request: {
    method: string;
    target: string;
    headers: Record<string, string | undefined>;
    body?: string;
  },
  now: Date,
): Promise<TRestResponse> {
  const access = verifyRestRequest(
    request,
    (keyId) => {
      const profile = profiles.find((candidate) => candidate.restKeyId === keyId);
      return profile ? { merchantId: profile.profileId, sharedSecret: profile.restSecret } : undefined;
    },
    now,
  );
  if (!access.ok) return json(401, { status: 'UNAUTHORIZED', reason: access.reason });
  const path = request.target.split('?')[0]!;
  const transactionPath = `${LOOKUP_PREFIX}${LOOKUP_PATHS.transaction}`;
  if (request.method === 'GET' && path.startsWith(transactionPath)) {
    const id = decodeURIComponent(path.slice(transactionPath.length));
    const row = await store.findAnswer(access.merchantId, id);
    return row ? json(200, transactionBody(row)) : json(404, { status: 'NOT_FOUND' });
  }
  const refundPrefix = `${LOOKUP_PREFIX}${REFUND_PATH.prefix}`;
  if (request.method === 'POST' && path.startsWith(refundPrefix) && path.endsWith(REFUND_PATH.suffix)) {
    const id = decodeURIComponent(path.slice(refundPrefix.length, -REFUND_PATH.suffix.length));
    return answerRefund(store, access.merchantId, id, request.body);
  }
  if (request.method === 'POST' && path === `${LOOKUP_PREFIX}${LOOKUP_PATHS.search}`) {
    let query = '';
    try {
      query = String((JSON.parse(request.body ?? '{}') as { query?: unknown }).query ?? '');
    } catch {
      return json(400, { status: 'INVALID_REQUEST', reason: 'body is not JSON' });
    }
    const match = /^clientReferenceInformation\.code:([A-Za-z0-9-]{1,64})$/.exec(query);
    if (!match) return json(400, { status: 'INVALID_REQUEST', reason: 'unsupported query' });
    const rows = await store.answersByReference(access.merchantId, match[1]!);
    return json(201, {
      totalCount: rows.length,
      _embedded: { transactionSummaries: rows.map(transactionBody) },
    });
  }
  return json(404, { status: 'NOT_FOUND' });
}

/** The lookup without a port: the request goes straight to answerLookup, signature checks and all. */
export function inProcessTransport(
  store: TTestGatewayStore,
  profiles: TTestGatewayProfile[],
  now: () => Date,
): TRestTransport {
  return (request) =>
    answerLookup(
      store,
      profiles,
      {
        method: request.method,
        target: request.url.pathname + request.url.search,
        headers: request.headers,
        ...(request.body ? { body: request.body } : {}),
      },
      now(),
    );
}
