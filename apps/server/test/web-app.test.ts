import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TTestDatabase } from './helpers/test-database.ts';

/** As Vite builds it with html.cspNonce set to the placeholder. */
const INDEX_HTML =
  '<!doctype html><html><head><title>Lionrock</title><meta property="csp-nonce" nonce="__CSP_NONCE__">' +
  '<script type="module" crossorigin src="/assets/index-abc123.js" nonce="__CSP_NONCE__"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** The nonce a document's policy allows scripts by, and the nonces its tags carry. */
function nonces(response: { body: string; headers: Record<string, unknown> }) {
  const policy = String(response.headers['content-security-policy']);
  const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!;
  return {
    scriptSrc,
    allowed: /'nonce-([^']+)'/.exec(scriptSrc)?.[1],
    stamped: [...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]),
  };
}

describe('serving the built web app', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'version.txt'), '1.0.0');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    fs.writeFileSync(path.join(dist, '.build-hash'), 'abc');
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('redirects / to /travel, keeping the query', async () => {
    const response = await app.inject({ url: '/?country=HKG' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/travel?country=HKG');
  });

  it.each([
    '/travel',
    '/travel/quote',
    '/travel/partner/AG1001/campaign/YEAREND',
    '/pa',
    '/home/partner/AG1001',
  ])('answers %s with the app, never cached (history fallback)', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets compressed with a year-long immutable cache', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('serves other static files uncached and answers unknown files with a JSON 404', async () => {
    const version = await app.inject({ url: '/version.txt' });
    expect(version.body).toBe('1.0.0');
    expect(version.headers['cache-control']).toBe('no-cache');
    for (const url of ['/.vite/manifest.json', '/.build-hash']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
    const missing = await app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
  });

  it('names no survey and allows no survey origin when none is configured', async () => {
    const finish = await app.inject({ url: '/travel/finish' });
    expect(finish.statusCode).toBe(200);
    expect(finish.body).not.toContain('survey-script');
    expect(nonces(finish).scriptSrc).toMatch(/^'nonce-[^']+'$/);
  });

  it('lets every document run only the scripts carrying its own fresh nonce', async () => {
    const seen = new Set<string>();
    for (const url of ['/travel', '/travel/payment', '/travel/payment', '/pa']) {
      const found = nonces(await app.inject({ url }));
      // Only the nonce: no 'self', no host, nothing inline.
      expect(found.scriptSrc).toBe(`'nonce-${found.allowed}'`);
      expect(found.allowed).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(found.stamped).toEqual([found.allowed, found.allowed]);
      seen.add(found.allowed!);
    }
    expect(seen.size).toBe(4);
  });
});

describe('the finish page survey (SURVEY_SCRIPT_URL)', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-dist-'));
  const scriptUrl = 'https://survey.example.com/embed.js?site=lionrock&lang=en';

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { webDistDir: dist, env: { SURVEY_SCRIPT_URL: scriptUrl } });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/travel/finish', '/pa/finish', '/home/finish'])(
    '%s names the script and is the one page whose policy lets it run',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(
        '<meta name="survey-script" content="https://survey.example.com/embed.js?site=lionrock&amp;lang=en" /></head>',
      );
      const policy = String(response.headers['content-security-policy']);
      expect(nonces(response).scriptSrc).toMatch(/^'nonce-[^']+' https:\/\/survey\.example\.com$/);
      expect(nonces(response).stamped).toEqual([nonces(response).allowed, nonces(response).allowed]);
      expect(policy).toContain("connect-src 'self' https://survey.example.com;");
      expect(policy).toContain("form-action 'self'");
      expect(policy).not.toContain('unsafe-inline');
    },
  );

  it.each(['/travel', '/travel/quote', '/travel/payment', '/pa/apply'])(
    '%s neither names the survey nor allows its origin',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('survey');
      expect(String(response.headers['content-security-policy'])).not.toContain('survey.example.com');
    },
  );
});
