import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { isTestHost } from '@lionrock/domain/environment/test-host';
import { MARKETS } from '@lionrock/domain/market/market';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/escape-html.ts';
import { CSP_NONCE_PLACEHOLDER } from './security.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const APP_ROOTS = ['/travel', '/pa', '/home'];
const EMPTY_ROOT = '<div id="root"></div>';

/** What the web build's server bundle (apps/web/src/prerender.tsx, built to dist-ssr) exports. */
type TPrerenderModule = { renderLanding(hostname: string): string; PRERENDER_GUARD: string };

/**
 * The landing's pre-render for a host: `#root` holding the app's first screen, which the app hydrates
 * (a click made before is replayed), then the guard that empties it for a visit already under way.
 * The host only decides the test banner, so two renders are kept (test host or not), each for a
 * minute and never across a day in Singapore, whose dates the quote form shows: a stream of made-up
 * Host headers cannot make the server render again and again. Null when the server bundle is not
 * built, or fails to load; a render that throws is logged and the page goes out without it.
 */
async function loadPrerender(app: FastifyInstance, distDir: string) {
  const file = path.join(`${distDir}-ssr`, 'prerender.js');
  if (!fs.existsSync(file)) return null;
  let module: TPrerenderModule;
  try {
    module = (await import(pathToFileURL(file).href)) as TPrerenderModule;
  } catch (error) {
    app.log.warn({ err: error }, 'landing pre-render not loaded; the landing renders in the browser only');
    return null;
  }
  const cache = new Map<string, { html: string; until: number }>();
  return (hostname: string): string => {
    const now = Date.now();
    const day = todayIn(MARKETS.SGP.timeZone, new Date(now));
    const key = `${isTestHost(hostname)}|${formatIso(day)}`;
    const cached = cache.get(key);
    if (cached && cached.until > now) return cached.html;
    let html = '';
    try {
      html = `<div id="root">${module.renderLanding(hostname)}</div><script nonce="${CSP_NONCE_PLACEHOLDER}">${module.PRERENDER_GUARD}</script>`;
    } catch (error) {
      app.log.warn({ err: error }, 'landing pre-render failed; served without it');
    }
    if (cache.size > 4) cache.clear();
    cache.set(key, { html, until: now + 60_000 });
    return html;
  };
}

/** The policies of the shop's documents, with CSP_NONCE_PLACEHOLDER where each response's nonce goes. */
export type TDocumentPolicies = {
  contentSecurityPolicy: string;
  /** The third-party survey of the finish page (issue 6): its script and the policy that allows it. */
  survey?: { scriptUrl: string; contentSecurityPolicy: string };
};

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, history
 * fallback under /travel, /pa and /home (a reload on /travel/quote works), and / → /travel.
 * Every document gets a fresh nonce, in its policy and on its script tags: scripts run by nonce only.
 * With a survey configured, the finish pages are the only documents whose policy lets its script
 * run, and the only ones that name it (a `survey-script` meta tag the page reads).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  policies: TDocumentPolicies,
): Promise<void> {
  app.get('/', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/travel${query}`, 302);
  });
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the shop');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    // The build's own files (.vite/manifest.json, .build-hash) are not the shop's to serve.
    dotfiles: 'ignore',
    // Our setHeaders decides caching; the plugin's own max-age=0 would override it.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath);
      reply.raw.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const prerender = await loadPrerender(app, distDir);
  /**
   * index.html with this response's nonce, under the policy naming it (read per request: a rebuild is
   * served); `root` replaces the empty `#root` (the landing's pre-render).
   */
  const sendDocument = async (reply: FastifyReply, policy: string, extraHead = '', root = '') => {
    const nonce = randomBytes(16).toString('base64');
    const html = await fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
      .type('text/html; charset=utf-8')
      .send(
        html
          .replace('</head>', () => `${extraHead}</head>`)
          .replace(EMPTY_ROOT, () => root || EMPTY_ROOT)
          .replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
      );
  };
  const sendIndex = async (_request: unknown, reply: FastifyReply) =>
    sendDocument(reply, policies.contentSecurityPolicy);
  // A new visit to the travel landing gets its first screen in the HTML (decision 019).
  if (prerender) {
    app.get('/travel', async (request, reply) => {
      // Only the plain Singapore landing is pre-rendered: a query (but campaign tracking) or another
      // market's host changes what the app shows first.
      const query = Object.keys(request.query as Record<string, string>);
      const market = parseLandingPath('/travel', new URLSearchParams(), request.hostname).country;
      if (market !== 'SGP' || query.some((key) => !key.startsWith('utm_'))) return sendIndex(request, reply);
      return sendDocument(reply, policies.contentSecurityPolicy, '', prerender(request.hostname));
    });
  }
  const survey = policies.survey;
  if (survey) {
    const meta = `<meta name="survey-script" content="${escapeHtml(survey.scriptUrl)}" />`;
    const sendFinish = async (_request: unknown, reply: FastifyReply) =>
      sendDocument(reply, survey.contentSecurityPolicy, meta);
    for (const root of APP_ROOTS) app.get(`${root}/finish`, sendFinish);
  }
  for (const root of APP_ROOTS) {
    if (!(prerender && root === '/travel')) app.get(root, sendIndex);
    app.get(`${root}/*`, sendIndex);
  }
}
