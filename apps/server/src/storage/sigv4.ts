import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one request (AWS General Reference, "Create a signed AWS API request"),
 * written with node:crypto so the S3 store needs no SDK (decision 075). The caller gives the headers
 * to sign (at least host and x-amz-date, plus x-amz-content-sha256 for S3); the answer is the
 * Authorization header's value.
 */
export type TSigV4Input = {
  method: string;
  /** The path as sent, already URI-encoded (S3 keys: each segment encoded once). */
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** YYYYMMDD'T'HHMMSS'Z', the same as the x-amz-date header. */
  amzDate: string;
};

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept, everything else %XX). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function signatureV4(input: TSigV4Input): {
  authorization: string;
  signature: string;
  canonicalRequest: string;
} {
  const headerNames = Object.keys(input.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lowered = Object.fromEntries(
    Object.entries(input.headers).map(([name, value]) => [
      name.toLowerCase(),
      value.trim().replace(/\s+/g, ' '),
    ]),
  );
  const canonicalHeaders = headerNames.map((name) => `${name}:${lowered[name]}\n`).join('');
  const signedHeaders = headerNames.join(';');
  const canonicalQuery = Object.entries(input.query ?? {})
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    signature,
    canonicalRequest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
