import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { REASON_CODES } from '@lionrock/domain/payments/gateway-decision';
import { parseGatewayAmount } from '@lionrock/domain/payments/payment-rules';

/**
 * The gateway's own record of a transaction, asked for server to server before a card payment issues
 * a policy and before an unanswered one expires (design section 11). CyberSource's REST API answers
 * it (Transaction Details `GET /tss/v2/transactions/{id}`, Transaction Search `POST /tss/v2/searches`),
 * authenticated by an HTTP Signature: HMAC-SHA256 with the merchant's REST shared secret over the
 * host, date, request target, body digest and merchant id. The built-in test gateway answers the same
 * two requests, checked the same way, so one client serves both (decision 024).
 */
export type TGatewayTransaction = {
  transactionId: string;
  referenceNumber: string;
  /** ACCEPT, REVIEW, DECLINE or ERROR, from the reason code. */
  decision: string;
  reasonCode: number | null;
  amountCents: number | null;
  currency: string;
  authorisedCents: number | null;
};

export type TRestCredentials = {
  /** e.g. https://api.cybersource.com, or the shop's own /gateway for the test gateway. */
  baseUrl: string;
  merchantId: string;
  keyId: string;
  /** Base64 of the shared secret's bytes, as the Business Center shows it. */
  sharedSecret: string;
};

export type TRestRequest = {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
};
export type TRestResponse = { status: number; body: string };
/** How a request reaches the gateway: fetch for CyberSource, a function call for the test gateway. */
export type TRestTransport = (request: TRestRequest) => Promise<TRestResponse>;

export class GatewayLookupError extends Error {
  override name = 'GatewayLookupError';
}

/** The paths of both lookups under the base URL. */
export const LOOKUP_PATHS = { transaction: '/tss/v2/transactions/', search: '/tss/v2/searches' } as const;

/** A signature may be this far from the receiver's clock. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

function digestOf(body: string): string {
  return `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}

function signingString(parts: {
  host: string;
  date: string;
  method: string;
  target: string;
  digest: string | undefined;
  merchantId: string;
}): { headers: string; text: string } {
  const lines: [string, string][] = [
    ['host', parts.host],
    ['date', parts.date],
    ['(request-target)', `${parts.method.toLowerCase()} ${parts.target}`],
  ];
  if (parts.digest !== undefined) lines.push(['digest', parts.digest]);
  lines.push(['v-c-merchant-id', parts.merchantId]);
  return {
    headers: lines.map(([name]) => name).join(' '),
    text: lines.map(([name, value]) => `${name}: ${value}`).join('\n'),
  };
}

function mac(secret: string, text: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(text, 'utf8').digest();
}

/** The headers of a request signed as CyberSource's REST API requires. */
export function signRestRequest(
  credentials: TRestCredentials,
  request: { method: 'GET' | 'POST'; url: URL; body?: string },
  now: Date,
): Record<string, string> {
  const date = now.toUTCString();
  const digest = request.method === 'POST' ? digestOf(request.body ?? '') : undefined;
  const signing = signingString({
    host: request.url.host,
    date,
    method: request.method,
    target: request.url.pathname + request.url.search,
    digest,
    merchantId: credentials.merchantId,
  });
  const signature = mac(credentials.sharedSecret, signing.text).toString('base64');
  return {
    host: request.url.host,
    date,
    'v-c-merchant-id': credentials.merchantId,
    ...(digest ? { digest, 'content-type': 'application/json' } : {}),
    accept: 'application/hal+json',
    signature: `keyid="${credentials.keyId}", algorithm="HmacSHA256", headers="${signing.headers}", signature="${signature}"`,
  };
}

/**
 * The receiving side (the test gateway): the merchant id whose key signed this request, or the
 * reason it is refused (unknown key, another merchant's id, a stale date, a body that is not the
 * digested one, or a wrong signature).
 */
export function verifyRestRequest(
  request: { method: string; target: string; headers: Record<string, string | undefined>; body?: string },
  keys: (keyId: string) => { merchantId: string; sharedSecret: string } | undefined,
  now: Date,
): { ok: true; merchantId: string } | { ok: false; reason: string } {
  const header = request.headers.signature ?? '';
  const params = new Map<string, string>();
  for (const match of header.matchAll(/([a-z]+)="([^"]*)"/g)) params.set(match[1]!, match[2]!);
  const key = keys(params.get('keyid') ?? '');
  if (!key) return { ok: false, reason: 'unknown key' };
  const merchantId = request.headers['v-c-merchant-id'] ?? '';
  if (merchantId !== key.merchantId) return { ok: false, reason: 'merchant id is not the key’s' };
  const date = new Date(request.headers.date ?? '');
  if (Number.isNaN(date.getTime()) || Math.abs(now.getTime() - date.getTime()) > SIGNATURE_MAX_SKEW_MS)
    return { ok: false, reason: 'date missing or out of range' };
  const isPost = request.method.toUpperCase() === 'POST';
  const digest = isPost ? digestOf(request.body ?? '') : undefined;
  if (isPost && request.headers.digest !== digest) return { ok: false, reason: 'digest' };
  const signing = signingString({
    host: request.headers.host ?? '',
    date: request.headers.date ?? '',
    method: request.method,
    target: request.target,
    digest,
    merchantId,
  });
  if (params.get('algorithm') !== 'HmacSHA256' || params.get('headers') !== signing.headers)
    return { ok: false, reason: 'signed headers' };
  const expected = mac(key.sharedSecret, signing.text);
  const given = Buffer.from(params.get('signature') ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature' };
  return { ok: true, merchantId };
}

/** The decision a reason code stands for, as the Secure Acceptance answer names it. */
export function decisionOfReasonCode(code: number | null): string {
  const outcome = code === null ? undefined : REASON_CODES[code]?.outcome;
  if (outcome === 'ACCEPT' || outcome === 'PARTIAL') return 'ACCEPT';
  if (outcome === 'REVIEW') return 'REVIEW';
  if (outcome === 'ERROR' || outcome === undefined) return 'ERROR';
  return 'DECLINE';
}

type TJson = Record<string, unknown>;
const object = (value: unknown): TJson =>
  value !== null && typeof value === 'object' ? (value as TJson) : {};
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A Transaction Details (or search summary) body as the shop reads it; null when it names no transaction. */
export function parseTransaction(body: unknown): TGatewayTransaction | null {
  const record = object(body);
  const transactionId = text(record.id);
  if (!transactionId) return null;
  const application = object(record.applicationInformation);
  const amounts = object(object(record.orderInformation).amountDetails);
  const code = text(application.reasonCode);
  const reasonCode = /^\d{1,4}$/.test(code) ? Number(code) : null;
  const authorised = text(amounts.authorizedAmount);
  return {
    transactionId,
    referenceNumber: text(object(record.clientReferenceInformation).code),
    decision: decisionOfReasonCode(reasonCode),
    reasonCode,
    amountCents: parseGatewayAmount(text(amounts.totalAmount)),
    currency: text(amounts.currency),
    authorisedCents: authorised ? parseGatewayAmount(authorised) : null,
  };
}

/**
 * The two lookups over a transport. A 404 is "the gateway has no such transaction"; any other
 * failure throws GatewayLookupError, so the caller never mistakes an outage for an answer.
 */
export function createTransactionLookup(
  credentials: TRestCredentials,
  transport: TRestTransport,
  now: () => Date,
) {
  const base = credentials.baseUrl.replace(/\/+$/, '');
  async function call(method: 'GET' | 'POST', path: string, body?: string): Promise<TRestResponse> {
    const url = new URL(`${base}${path}`);
    const headers = signRestRequest(credentials, { method, url, ...(body ? { body } : {}) }, now());
    try {
      return await transport({ method, url, headers, ...(body ? { body } : {}) });
    } catch (error) {
      throw new GatewayLookupError(
        `the gateway could not be asked: ${error instanceof Error ? error.message : 'unknown error'}`,
      );
    }
  }
  const json = (response: TRestResponse): unknown => {
    try {
      return JSON.parse(response.body);
    } catch {
      throw new GatewayLookupError('the gateway answered something other than JSON');
    }
  };

  async function byId(transactionId: string): Promise<TGatewayTransaction | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(transactionId)) return null;
    const response = await call('GET', `${LOOKUP_PATHS.transaction}${transactionId}`);
    if (response.status === 404) return null;
    if (response.status !== 200) throw new GatewayLookupError(`the gateway answered ${response.status}`);
    const transaction = parseTransaction(json(response));
    return transaction?.transactionId === transactionId ? transaction : null;
  }

  return {
    byId,
    /** Every transaction under a merchant reference, each read in full. */
    async byReference(referenceNumber: string): Promise<TGatewayTransaction[]> {
      const body = JSON.stringify({
        save: false,
        name: 'lionrock-reconcile',
        timezone: 'UTC',
        query: `clientReferenceInformation.code:${referenceNumber}`,
        offset: 0,
        limit: 50,
        sort: 'submitTimeUtc:asc',
      });
      const response = await call('POST', LOOKUP_PATHS.search, body);
      if (response.status !== 201 && response.status !== 200)
        throw new GatewayLookupError(`the gateway answered ${response.status}`);
      const summaries = object(object(json(response))._embedded).transactionSummaries;
      const found: TGatewayTransaction[] = [];
      for (const summary of Array.isArray(summaries) ? summaries : []) {
        const id = text(object(summary).id);
        const transaction = id ? await byId(id) : null;
        if (transaction?.referenceNumber === referenceNumber) found.push(transaction);
      }
      return found;
    },
  };
}

export type TTransactionLookup = ReturnType<typeof createTransactionLookup>;

/** Over HTTP (CyberSource): a 10-second limit per request. */
export function fetchTransport(fetchImpl: typeof fetch = fetch): TRestTransport {
  return async (request) => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body ? { body: request.body } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.text() };
  };
}
