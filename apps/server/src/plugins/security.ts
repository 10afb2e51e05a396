import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import type { TConfig } from '../config.ts';
import { buildErrorBody } from '../lib/api-error.ts';
import { clientKeyOf, runAsClient } from '../lib/client-address.ts';
import { createMemoryLimitStore, createRedisLimitStore, type TLimitStore } from '../lib/limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for the limits a request count cannot express (promo guesses, sign-ins, log volume). */
    limitStore: TLimitStore;
  }
  interface FastifyRequest {
    /** Who the per-client limits count: the address (an IPv6 client's /64), see client-address.ts. */
    clientKey: string;
  }
}

/**
 * Strict CSP (no inline script or style), HSTS, nosniff, Referrer-Policy, frame-ancestors 'none';
 * rate limits are opt-in per route (`config.rateLimit`) with the clear 429 body of design section 5.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: TConfig,
  now: (() => Date) | undefined = undefined,
): Promise<void> {
  const clock = now ?? (() => new Date());
  const headers = computeSecurityHeaders(helmetOptions(config));

  // With several instances the counters must be shared: Redis when REDIS_URL is set (design section 8).
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2000,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
    // Requests answered before the store is connected would go uncounted (skipOnError below): give it
    // up to two seconds at start; if Redis does not answer by then, start anyway and count once it does.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      redis?.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  const limitStore = redis
    ? createRedisLimitStore(redis, (error) => app.log.warn({ err: error }, 'limit store unavailable'))
    : // One instance's counters keep the app's clock, as every other rule of time does.
      createMemoryLimitStore(() => clock().getTime());
  app.decorate('limitStore', limitStore);

  // Every limit counts the address Fastify resolved: X-Forwarded-For only from TRUSTED_PROXIES (decision 027).
  app.decorateRequest('clientKey', '');
  let toldOfUntrustedForwarding = config.trustedProxies.length > 0;
  // One callback hook for every request (no promise per hook, decision 092): the headers do not change
  // per request, so helmet computed them once and one call sets them (decision 005); then the client.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    request.clientKey = clientKeyOf(request.ip);
    if (!toldOfUntrustedForwarding && request.headers['x-forwarded-for'] !== undefined) {
      // Behind a proxy that is not named, every customer would share the proxy's limits: say so once.
      toldOfUntrustedForwarding = true;
      request.log.warn(
        { proxy: request.ip },
        'X-Forwarded-For ignored from an untrusted address; set TRUSTED_PROXIES if this is your proxy',
      );
    }
    done();
  });
  // The limits kept below the routes (promo codes in the services) read the client from here.
  app.addHook('preHandler', (request, _reply, done) => runAsClient(request.clientKey, done));

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'lionrock-rate-limit:' } : {}),
    keyGenerator: (request) => request.clientKey,
    // A Redis outage must not take the shop down: limits are skipped until it answers again.
    skipOnError: true,
    max: 100,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      ...buildErrorBody(
        429,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
    }),
  });
}

/** Stands for a response's nonce in a document policy and in the built index.html (vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The policy of every response. The shop's documents run scripts by nonce only (`nonce: true`:
 * `script-src 'nonce-…'`, the placeholder replaced per response, decision 018); the server's other pages
 * keep `'self'`. `extraScriptOrigins` widens it for one page only (the finish page's survey script):
 * its origin may run a script, fetch, show images and frames, nothing else.
 */
export function helmetOptions(
  config: TConfig,
  options: { nonce?: boolean; extraScriptOrigins?: string[] } = {},
): HelmetOptions {
  const extra = options.extraScriptOrigins ?? [];
  const gatewayOrigins = Object.values(config.cardProfiles)
    .filter((profile) => profile !== undefined)
    .map((profile) => new URL(profile.gatewayUrl).origin);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [options.nonce ? `'nonce-${CSP_NONCE_PLACEHOLDER}'` : "'self'", ...extra],
        // Pages the server draws carry their stylesheets inline, under the document's nonce (decision 020).
        styleSrc: options.nonce ? ["'self'", `'nonce-${CSP_NONCE_PLACEHOLDER}'`] : ["'self'"],
        imgSrc: ["'self'", 'data:', ...extra],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extra],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...gatewayOrigins],
        frameSrc: ["'self'", ...gatewayOrigins, ...extra],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** The Content-Security-Policy header helmet would send with these options. */
export function contentSecurityPolicy(options: HelmetOptions): string {
  return computeSecurityHeaders(options)['content-security-policy'] as string;
}

/** Runs helmet once against a recording response and returns the headers it would set. */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
