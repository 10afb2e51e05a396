import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { isTestHost } from '@lionrock/domain/environment/test-host';
import { MARKETS } from '@lionrock/domain/market/market';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/escape-html.ts';
import { pagePreloadsOf } from './page-preloads.ts';
import { CSP_NONCE_PLACEHOLDER } from './security.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const APP_ROOTS = ['/travel', '/pa', '/home'];
/** The after-sale pages (design section 12): documents of the app too, but no product journey. */
const SERVICE_ROOTS = ['/my-policy', '/claims'];
/** The back office and the agents' desk (decision 079): the same app, never indexed. */
const STAFF_ROOTS = ['/admin', '/agent'];
const EMPTY_ROOT = '<div id="root"></div>';
const PAGE_ROUTE = new RegExp(`^(?:${[...APP_ROOTS, ...SERVICE_ROOTS, ...STAFF_ROOTS].join('|')})(?:/|$)`);

/**
 * Whether a route (as declared) is one of the app's documents: the same shell for everyone, `no-cache`
 * so a new build is seen; none is under the API's paths.
 */
export const isWebAppPage = (routeUrl: string | undefined): boolean =>
  routeUrl !== undefined && PAGE_ROUTE.test(routeUrl);

/** What the web build's server bundle (apps/web/src/prerender.tsx, built to dist-ssr) exports. */
type TPrerenderModule = {
  renderPage(pathname: string, hostname: string): string;
  DRAWN_PAGES: Record<string, { kind: 'page' | 'frame'; guard: string }>;
};

/**
 * The pre-render of the pages the server draws (decisions 019 and 021), by path and host: `#root`
 * marked with what it holds (`data-drawn`: a page the app hydrates, or a frame it replaces), then the
 * page's guard that empties it for a visit it does not fit. The host only decides the test banner,
 * so two renders of a page are kept (test host or not), each for a minute and never across a day in
 * Singapore, whose dates the quote form shows: a stream of made-up Host headers cannot make the server
 * render again and again. Null when the server bundle is not built, or fails to load; a render that
 * throws is logged and the page goes out without it.
 */
async function loadPrerender(app: FastifyInstance, distDir: string) {
  const file = path.join(`${distDir}-ssr`, 'prerender.js');
  if (!fs.existsSync(file)) return null;
  let module: TPrerenderModule;
  try {
    module = (await import(pathToFileURL(file).href)) as TPrerenderModule;
  } catch (error) {
    app.log.warn({ err: error }, 'pre-render not loaded; every page renders in the browser only');
    return null;
  }
  const cache = new Map<string, { html: string; until: number }>();
  const render = (pathname: string, hostname: string): string => {
    const now = Date.now();
    const day = todayIn(MARKETS.SGP.timeZone, new Date(now));
    const key = `${pathname}|${isTestHost(hostname)}|${formatIso(day)}`;
    const cached = cache.get(key);
    if (cached && cached.until > now) return cached.html;
    const drawn = module.DRAWN_PAGES[pathname];
    let html = '';
    try {
      if (drawn)
        html = `<div id="root" data-drawn="${drawn.kind}">${module.renderPage(pathname, hostname)}</div><script nonce="${CSP_NONCE_PLACEHOLDER}">${drawn.guard}</script>`;
    } catch (error) {
      app.log.warn({ err: error, pathname }, 'pre-render failed; served without it');
    }
    if (cache.size > 8) cache.clear();
    cache.set(key, { html, until: now + 60_000 });
    return html;
  };
  return { paths: Object.keys(module.DRAWN_PAGES), render };
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)" nonce="[^"]*">/g;

/**
 * The document with its stylesheet links (the entry's, in their order) replaced by the stylesheets
 * themselves, under the document's nonce (decision 020): a server-drawn page then paints from the HTML
 * alone, without waiting for another request. Hashed files never change, so each is read once. A link
 * whose file could not be inlined safely stays a link.
 */
function makeStylesheetInliner(distDir: string) {
  const stylesheets = new Map<string, string | null>();
  const read = async (file: string) => {
    let css = stylesheets.get(file);
    if (css === undefined) {
      const text = await fs.promises.readFile(path.join(distDir, file), 'utf8').catch(() => null);
      css = text !== null && !/<\/style/i.test(text) ? text : null;
      stylesheets.set(file, css);
    }
    return css;
  };
  return async (html: string): Promise<string> => {
    const links = [...html.matchAll(STYLESHEET_LINK)];
    const inlined = await Promise.all(links.map((link) => read(link[1] as string)));
    return links.reduce((document, link, index) => {
      const css = inlined[index];
      return css === null || css === undefined
        ? document
        : document.replace(link[0], () => `<style nonce="${CSP_NONCE_PLACEHOLDER}">${css}</style>`);
    }, html);
  };
}

const ENTRY_SCRIPT =
  /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)" nonce="[^"]*"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)" nonce="[^"]*">/g;

/**
 * The server-drawn document with its scripts requested only once the first frame is drawn (decision
 * 020): the entry's tag and its `modulepreload` links leave the head, and an inline script (the
 * document's nonce) at the end of the body adds them after the first frame — at once if the guard
 * emptied `#root`, and after a quarter second at the latest (a tab in the background draws no frames).
 * Otherwise, on a fast network, 150 kB of script arrives before the browser's first frame and its
 * compilation and evaluation hold the drawn page back.
 */
function loadScriptsAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const loader =
    `(function(){var nonce=document.currentScript.nonce,done=false;` +
    'function add(tag,attribute,url){var e=document.createElement(tag);e.crossOrigin="";e.nonce=nonce;' +
    'if(tag==="script")e.type="module";else e.rel="modulepreload";e[attribute]=url;document.head.appendChild(e)}' +
    `function go(){if(done)return;done=true;add("script","src",${JSON.stringify(entry[1])});` +
    `${JSON.stringify(preloads)}.forEach(function(url){add("link","href",url)})}` +
    'if(!document.getElementById("root").hasChildNodes())go();' +
    'else{requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,250)}})()';
  return html
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `<script nonce="${CSP_NONCE_PLACEHOLDER}">${loader}</script></body>`);
}

/** The policies of the shop's documents, with CSP_NONCE_PLACEHOLDER where each response's nonce goes. */
export type TDocumentPolicies = {
  contentSecurityPolicy: string;
  /** Told of each shop document served (the funnel counts its landings, decision 090). */
  onDocument?: (request: FastifyRequest) => void;
  /** The third-party survey of the finish page (decision 016): its script and the policy that allows it. */
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
  const inlineStylesheet = makeStylesheetInliner(distDir);
  /**
   * index.html with this response's nonce, under the policy naming it (read per request: a rebuild is
   * served); `root` replaces the empty `#root` (a page the server drew), whose stylesheets then come
   * inline and whose scripts run after the first paint. A page the browser draws waits for its scripts
   * anyway, so it keeps the cacheable link and the plain script tag.
   */
  const sendDocument = async (reply: FastifyReply, policy: string, extraHead = '', root = '') => {
    const nonce = randomBytes(16).toString('base64');
    const file = (await fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8'))
      .replace('</head>', () => `${extraHead}</head>`)
      .replace(EMPTY_ROOT, () => root || EMPTY_ROOT);
    const html = root ? loadScriptsAfterFirstPaint(await inlineStylesheet(file)) : file;
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
      .type('text/html; charset=utf-8')
      .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  };
  // A later step's document fetches that page's code beside the app's (decision 020).
  const preloadsFor = pagePreloadsOf(distDir);
  const pageHead = (request: FastifyRequest) => {
    const { scripts, styles } = preloadsFor(request.url.split('?')[0] as string);
    return scripts + styles;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    policies.onDocument?.(request);
    return sendDocument(reply, policies.contentSecurityPolicy, pageHead(request));
  };
  // A new visit to the travel landing gets its first screen in the HTML (decision 019), a reload of the
  // quote page its opening (decision 021).
  for (const drawnPath of prerender?.paths ?? []) {
    app.get(drawnPath, async (request, reply) => {
      // Only Singapore's pages are drawn: a query (but campaign tracking) or another market's host
      // changes what the app shows first.
      const query = Object.keys(request.query as Record<string, string>);
      const market = parseLandingPath('/travel', new URLSearchParams(), request.hostname).country;
      if (market !== 'SGP' || query.some((key) => !key.startsWith('utm_'))) return sendIndex(request, reply);
      const root = prerender?.render(drawnPath, request.hostname) ?? '';
      if (!root) return sendIndex(request, reply);
      // What the drawn page shows is styled by the entry's stylesheet; the page's own stylesheets come
      // with its code, which the app asks for after the first paint.
      const { scripts } = preloadsFor(drawnPath);
      policies.onDocument?.(request);
      return sendDocument(reply, policies.contentSecurityPolicy, scripts, root);
    });
  }
  const survey = policies.survey;
  if (survey) {
    const meta = `<meta name="survey-script" content="${escapeHtml(survey.scriptUrl)}" />`;
    const sendFinish = async (request: FastifyRequest, reply: FastifyReply) =>
      sendDocument(reply, survey.contentSecurityPolicy, meta + pageHead(request));
    for (const root of APP_ROOTS) app.get(`${root}/finish`, sendFinish);
  }
  for (const root of [...APP_ROOTS, ...SERVICE_ROOTS]) {
    if (!prerender?.paths.includes(root)) app.get(root, sendIndex);
    app.get(`${root}/*`, sendIndex);
  }
  const sendStaffIndex = async (request: FastifyRequest, reply: FastifyReply) =>
    sendIndex(request, reply.header('x-robots-tag', 'noindex, nofollow'));
  for (const root of STAFF_ROOTS) {
    app.get(root, sendStaffIndex);
    app.get(`${root}/*`, sendStaffIndex);
  }
}
