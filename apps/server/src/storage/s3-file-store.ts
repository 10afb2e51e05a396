import { assertFileKey, type TFileStore } from './file-store.ts';
import { amzDateOf, sha256Hex, signatureV4, uriEncode } from './sigv4.ts';

export type TS3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2 …) reached with path-style URLs
 * (`<endpoint>/<bucket>/<key>`) and SigV4-signed requests (decision 075).
 */
export function createS3FileStore(
  config: TS3Config,
  fetcher: typeof fetch = fetch,
  now = () => new Date(),
): TFileStore {
  const endpoint = new URL(config.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertFileKey(key);
    const path = `${base}/${uriEncode(config.bucket)}/${key.split('/').map(uriEncode).join('/')}`;
    const amzDate = amzDateOf(now());
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      host: endpoint.host,
      'x-amz-date': amzDate,
      'x-amz-content-sha256': payloadHash,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const { authorization } = signatureV4({
      method,
      path,
      headers,
      payloadHash,
      region: config.region,
      service: 's3',
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      amzDate,
    });
    const { host: _host, ...sent } = headers;
    return fetcher(`${endpoint.origin}${path}`, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  }

  const fail = async (what: string, response: Response) => {
    // The store's own error text only: no key or credential is put in the message.
    throw new Error(`file store ${what} failed with HTTP ${response.status}`);
  };

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) await fail('put', response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) await fail('get', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('delete', response);
    },
  };
}
