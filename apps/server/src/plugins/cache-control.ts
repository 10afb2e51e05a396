import type { FastifyInstance } from 'fastify';
import { isWebAppPage } from './web-app.ts';

/**
 * The answers a browser or a proxy may keep besides the app's documents (`isWebAppPage`): public, the
 * same for everyone, nothing personal in them; each route sets its own caching (or none). Keyed
 * `METHOD url` as the route was declared.
 */
export const CACHEABLE_ROUTES: ReadonlySet<string> = new Set([
  // The web app's redirect and files: hashed assets immutable (web-app.ts).
  'GET /',
  'GET /*',
  'GET /b2c-server/rest/system/getBanners',
  'GET /b2c-server/rest/policy/benefits',
  'GET /b2c-server/rest/document/get/:documentName',
  'GET /b2c-server/rest/campaign/getCampaignImageById/:campaignId',
  'GET /b2c-server/rest/renewal/turn-off.css',
]);

/**
 * Every other answer is `no-store` (issue 27 section 5, decision 107): a customer's policy, claim or
 * payment, every staff answer (a revealed NRIC among them), and every error, which can echo what was
 * sent — so a shared computer's cache or a proxy never keeps one, whichever route forgot to say so.
 */
export function registerCacheControl(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every call (decision 092).
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const mayBeKept = method === 'GET' && (CACHEABLE_ROUTES.has(`GET ${route}`) || isWebAppPage(route));
    if (reply.statusCode >= 400 || !mayBeKept) {
      const set = reply.getHeader('cache-control');
      if (typeof set !== 'string' || !/\bno-store\b/.test(set)) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
