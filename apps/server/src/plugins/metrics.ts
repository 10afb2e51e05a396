import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The headers a proxy adds: a request carrying one came through a proxy, so not from this host. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A client on this host: the TCP peer itself is loopback and no proxy forwarded the request. The
 * address Fastify resolves through TRUSTED_PROXIES is not used: a proxy on this host makes every
 * client's peer loopback, and a trusted proxy elsewhere may pass on "127.0.0.1" from anyone.
 */
function fromThisHost(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const loopback = /^(127\.|::ffff:127\.)/.test(peer) || peer === '::1';
  return loopback && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** `Authorization: Bearer <token>`, compared in constant time (over digests, so lengths do not leak). */
function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  return token !== undefined && match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Prometheus metrics at /metrics: process defaults plus a request-duration histogram by route. Only
 * for a client on this host or a scraper with METRICS_TOKEN; anyone else gets an unknown path's 404
 * (issue 27 section 4, decision 106).
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined }): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // A callback hook, not an async one: it runs on every call (decision 092).
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisHost(request) && !bearerMatches(request, options.token)) return reply.callNotFound();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
  return registry;
}
