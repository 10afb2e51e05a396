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

/**
 * A test app serving a temporary build that `write` puts in its folder (and in `${folder}-ssr`, the
 * server bundle's), removed afterwards. `served.app` is set once the app is up.
 */
function servingBuild(write: (dist: string) => void, env: Record<string, string> = {}) {
  const served = {} as { app: FastifyInstance };
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lionrock-dist-'));
  let database: TTestDatabase;
  beforeAll(async () => {
    write(dist);
    database = await createTestDatabase('pglite');
    served.app = await buildTestApp(database, { webDistDir: dist, env });
  });
  afterAll(async () => {
    await served.app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(`${dist}-ssr`, { recursive: true, force: true });
  });
  return served;
}

describe('serving the built web app', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  const served = servingBuild((dist) => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'version.txt'), '1.0.0');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    fs.writeFileSync(path.join(dist, '.build-hash'), 'abc');
  });

  it('redirects / to /travel, keeping the query', async () => {
    const response = await served.app.inject({ url: '/?country=HKG' });
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
    const response = await served.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/admin', '/admin/reset', '/agent', '/agent/policies/P-1'])(
    'answers the back office page %s with the app, a strict policy and no indexing',
    async (url) => {
      const response = await served.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(nonces(response).scriptSrc).toMatch(/^'nonce-[^']+'$/);
      expect(response.body).not.toMatch(/<script(?![^>]*nonce=)[^>]*>/);
    },
  );

  it('lets the shop pages be indexed', async () => {
    expect((await served.app.inject({ url: '/travel/quote' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('serves hashed assets compressed with a year-long immutable cache', async () => {
    const response = await served.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('serves other static files uncached and answers unknown files with a JSON 404', async () => {
    const version = await served.app.inject({ url: '/version.txt' });
    expect(version.body).toBe('1.0.0');
    expect(version.headers['cache-control']).toBe('no-cache');
    for (const url of ['/.vite/manifest.json', '/.build-hash']) {
      expect((await served.app.inject({ url })).statusCode).toBe(404);
    }
    const missing = await served.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
  });

  it('names no survey and allows no survey origin when none is configured', async () => {
    const finish = await served.app.inject({ url: '/travel/finish' });
    expect(finish.statusCode).toBe(200);
    expect(finish.body).not.toContain('survey-script');
    expect(nonces(finish).scriptSrc).toMatch(/^'nonce-[^']+'$/);
  });

  it('lets every document run only the scripts carrying its own fresh nonce', async () => {
    const seen = new Set<string>();
    for (const url of ['/travel', '/travel/payment', '/travel/payment', '/pa']) {
      const found = nonces(await served.app.inject({ url }));
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
  const scriptUrl = 'https://survey.example.com/embed.js?site=lionrock&lang=en';
  const served = servingBuild((dist) => fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML), {
    SURVEY_SCRIPT_URL: scriptUrl,
  });

  it.each(['/travel/finish', '/pa/finish', '/home/finish'])(
    '%s names the script and is the one page whose policy lets it run',
    async (url) => {
      const response = await served.app.inject({ url });
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
      const response = await served.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('survey');
      expect(String(response.headers['content-security-policy'])).not.toContain('survey.example.com');
    },
  );
});

/** INDEX_HTML with the entry stylesheet's link, as Vite writes it. */
const INDEX_WITH_STYLESHEET = INDEX_HTML.replace(
  '</head>',
  '<link rel="stylesheet" crossorigin href="/assets/shared-1.css" nonce="__CSP_NONCE__">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-def456.css" nonce="__CSP_NONCE__"></head>',
);

describe('the landing drawn by the server (decisions 019 and 020)', () => {
  const served = servingBuild((dist) => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_WITH_STYLESHEET);
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-def456.css'), 'h1{color:#0b4f6c}');
    fs.writeFileSync(path.join(dist, 'assets', 'shared-1.css'), 'nav{margin:0}');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'src/features/travel/routes/quote-page.tsx': { file: 'assets/quote-page-1.js', isDynamicEntry: true },
      }),
    );
    // What the web build's server bundle exports, for a host; a host named "broken" makes it throw.
    fs.mkdirSync(`${dist}-ssr`);
    fs.writeFileSync(
      path.join(`${dist}-ssr`, 'prerender.js'),
      `let renders = 0;
export function renderPage(pathname, hostname) {
  if (hostname === 'broken.example') throw new Error('render failed');
  if (pathname === '/travel/quote') return '<main><h1>Choose your plan</h1></main>';
  renders += 1;
  return '<main><h1>Travel insurance for ' + hostname + ' $& $1</h1><p>render ' + renders + '</p></main>';
}
export const DRAWN_PAGES = {
  '/travel': { kind: 'page', guard: 'guard()' },
  '/travel/quote': { kind: 'frame', guard: 'frameGuard()' },
};
`,
    );
  });

  it('sends a new visit to /travel the first screen inside #root, then the guard by the document’s nonce', async () => {
    const response = await served.app.inject({
      url: '/travel?utm_source=share',
      headers: { host: 'localhost' },
    });
    const found = nonces(response);
    expect(response.body).toContain(
      `<div id="root" data-drawn="page"><main><h1>Travel insurance for localhost $& $1</h1><p>render 1</p></main></div><script nonce="${found.allowed}">guard()</script>`,
    );
    // The stylesheet comes inline, allowed by the same nonce: the page paints from the HTML alone.
    expect(response.body).toContain(
      `<style nonce="${found.allowed}">nav{margin:0}</style><style nonce="${found.allowed}">h1{color:#0b4f6c}</style></head>`,
    );
    expect(response.body).not.toContain('rel="stylesheet"');
    expect(String(response.headers['content-security-policy'])).toContain(
      `style-src 'self' 'nonce-${found.allowed}';`,
    );
    // The scripts are asked for once the first frame is drawn, by a loader carrying the same nonce.
    expect(response.body).not.toContain('<script type="module"');
    expect(response.body).toMatch(
      new RegExp(
        `<script nonce="${found.allowed!.replace(/[+/=]/g, '\\$&')}">\\(function\\(\\)\\{var nonce=document\\.currentScript\\.nonce.*"/assets/index-abc123\\.js".*requestAnimationFrame.*</script></body>`,
      ),
    );
    expect(found.stamped).toEqual(Array(5).fill(found.allowed));
    // The render is kept: the next visit gets the same HTML with its own nonce, whatever test host
    // it names (only the test banner depends on the host).
    const again = await served.app.inject({ url: '/travel', headers: { host: '127.0.0.1' } });
    expect(again.body).toContain('<h1>Travel insurance for localhost $& $1</h1><p>render 1</p>');
    expect(nonces(again).allowed).not.toBe(found.allowed);
  });

  it("has a later step's document fetch that page's code at once", async () => {
    const quote = await served.app.inject({ url: '/travel/quote?x=1', headers: { host: 'localhost' } });
    expect(quote.body).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/quote-page-1.js" nonce="${nonces(quote).allowed}"></head>`,
    );
    const applicant = await served.app.inject({ url: '/travel/applicant', headers: { host: 'localhost' } });
    expect(applicant.body).not.toContain('modulepreload');
  });

  it("draws the quote page's frame for a reload, for the app to replace, its code asked for after the first paint", async () => {
    const response = await served.app.inject({ url: '/travel/quote', headers: { host: 'localhost' } });
    const found = nonces(response);
    expect(response.body).toContain(
      `<div id="root" data-drawn="frame"><main><h1>Choose your plan</h1></main></div><script nonce="${found.allowed}">frameGuard()</script>`,
    );
    expect(response.body).toContain(`<style nonce="${found.allowed}">h1{color:#0b4f6c}</style>`);
    // The page's code is named by the loader, not by the head.
    expect(response.body).not.toContain('<link rel="modulepreload"');
    expect(response.body).toMatch(/"\/assets\/quote-page-1\.js"\]\.forEach/);
  });

  it.each([
    ['a page the server does not draw', '/travel/applicant', 'localhost'],
    ['a quote page with a query', '/travel/quote?lang=zh', 'localhost'],
    ['a query the app reads', '/travel?country=HKG', 'localhost'],
    ['a partner link', '/travel/partner/AG1001', 'localhost'],
    ['the Hong Kong host', '/travel', 'hk-shop.example'],
    ['a failed render', '/travel', 'broken.example'],
  ])('leaves #root empty for %s', async (_case, url, host) => {
    const response = await served.app.inject({ url, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('guard()');
    // A page the browser draws keeps the cacheable stylesheet and its script tag.
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"');
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-def456.css"');
    expect(response.body).not.toContain('<style');
  });
});
