import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { newFileKey } from '../src/storage/file-store.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import { sha256Hex, signatureV4 } from '../src/storage/sigv4.ts';

const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('SigV4 (AWS published examples)', () => {
  it('signs the S3 "GET Object" example of the SigV4 documentation', () => {
    const { signature, authorization } = signatureV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_HASH,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_HASH,
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      amzDate: '20130524T000000Z',
    });
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the S3 "PUT Object" example (a body, a $ in the key)', () => {
    const body = 'Welcome to Amazon S3.';
    const hash = sha256Hex(body);
    expect(hash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const { signature } = signatureV4({
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': hash,
      },
      payloadHash: hash,
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      amzDate: '20130524T000000Z',
    });
    expect(signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });
});

describe('local file store', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('puts, gets and deletes by random key, and refuses any key it did not make', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lr-files-'));
    const store = createLocalFileStore(root);
    const key = newFileKey('claims');
    expect(key).toMatch(/^claims\/[0-9a-f]{32}$/);
    await store.put(key, Buffer.from('hello'), 'application/pdf');
    expect((await store.get(key))?.toString()).toBe('hello');
    expect(await readdir(path.join(root, 'claims'))).toEqual([key.split('/')[1]]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    for (const bad of [
      '../etc/passwd',
      'claims/../../x',
      '/etc/passwd',
      'claims/report.pdf',
      `claims/${'a'.repeat(32)}/..`,
    ])
      await expect(store.put(bad, Buffer.from('x'), 'application/pdf')).rejects.toThrow(TypeError);
  });
});

describe('S3 file store', () => {
  it('sends path-style, SigV4-signed requests and reads 404 as absent', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (init.method === 'GET') return new Response(null, { status: 404 });
      return new Response(null, { status: 200 });
    }) as unknown as typeof fetch;
    const store = createS3FileStore(
      {
        endpoint: 'https://s3.example.test',
        bucket: 'claims-bucket',
        region: 'ap-southeast-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
      },
      fake,
      () => new Date('2026-11-25T01:02:03.000Z'),
    );
    const key = newFileKey('claims');
    await store.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await store.get(key)).toBeNull();
    const put = calls[0]!;
    expect(put.url).toBe(`https://s3.example.test/claims-bucket/${key}`);
    const headers = put.init.headers as Record<string, string>;
    expect(headers['x-amz-date']).toBe('20261125T010203Z');
    expect(headers['x-amz-content-sha256']).toBe(sha256Hex('%PDF-1.4'));
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261125\/ap-southeast-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    await expect(store.put('../x', Buffer.from('x'), 'application/pdf')).rejects.toThrow(TypeError);
  });

  it('is chosen by FILE_STORE=s3, which needs all its settings', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT/);
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'b',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).fileStore,
    ).toMatchObject({ kind: 's3', bucket: 'b' });
  });
});
