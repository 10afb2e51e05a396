import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/escape-html.ts';
import { CSP_NONCE_PLACEHOLDER } from './security.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const APP_ROOTS = ['/travel', '/pa', '/home'];

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
  /** index.html with this response's nonce, under the policy naming it (read per request: a rebuild is served). */
  const sendDocument = async (reply: FastifyReply, policy: string, extraHead = '') => {
    const nonce = randomBytes(16).toString('base64');
    const html = await fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
      .type('text/html; charset=utf-8')
      .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce).replace('</head>', `${extraHead}</head>`));
  };
  const sendIndex = async (_request: unknown, reply: FastifyReply) =>
    sendDocument(reply, policies.contentSecurityPolicy);
  const survey = policies.survey;
  if (survey) {
    const meta = `<meta name="survey-script" content="${escapeHtml(survey.scriptUrl)}" />`;
    const sendFinish = async (_request: unknown, reply: FastifyReply) =>
      sendDocument(reply, survey.contentSecurityPolicy, meta);
    for (const root of APP_ROOTS) app.get(`${root}/finish`, sendFinish);
  }
  for (const root of APP_ROOTS) {
    app.get(root, sendIndex);
    app.get(`${root}/*`, sendIndex);
  }
}
