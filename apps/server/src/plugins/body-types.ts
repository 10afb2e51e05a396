import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildErrorBody } from '../lib/api-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The media types this call's body may have (set at start from its schema, by `registerBodyTypes`). */
    bodyTypes?: readonly string[];
  }
  interface FastifyInstance {
    /** Each call that limits its body's media types, by `METHOD url`, for the route walk tests. */
    bodyTypes: Map<string, readonly string[]>;
  }
}

const JSON_ONLY = ['application/json'] as const;

/**
 * A call reads only the bodies it was written for (issue 27). Each call takes the media types its schema
 * `consumes` (OpenAPI's own field), or JSON when it declares a body and names none; anything else is a
 * 415 naming `content-type` before a byte of the body is parsed. The app's parsers (JSON, forms, text,
 * and multipart where a module registers it) used to hand every call whatever they could read: a form
 * reached the PayNow notification, which reads its body as the JSON text it verifies, as an object, and a
 * 500 followed. A call that declares no body (the gateway's receipt, the test gateway's pages) reads
 * what it is sent itself. For every call, a multipart type without its boundary is a 400: no parser can
 * split such a body, and the upload's reader failed with a 500 on it.
 */
export function registerBodyTypes(app: FastifyInstance): void {
  const byRoute = new Map<string, readonly string[]>();
  app.decorate('bodyTypes', byRoute);
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { consumes?: readonly string[]; body?: unknown } | undefined;
    const types = (schema?.consumes ?? (schema?.body ? JSON_ONLY : undefined))?.map((type) =>
      type.toLowerCase(),
    );
    if (!types) return;
    route.config = { ...route.config, bodyTypes: types };
    for (const method of [route.method].flat()) byRoute.set(`${method} ${route.url}`, types);
  });
  // A callback hook, not an async one: it runs on every call (decision 092).
  app.addHook('preParsing', (request, reply, payload, done) => {
    const header = request.headers['content-type'];
    // A GET's or HEAD's body is never parsed.
    if (header === undefined || request.method === 'GET' || request.method === 'HEAD')
      return done(null, payload);
    const [type = '', ...parameters] = header.split(';');
    const mediaType = type.trim().toLowerCase();
    if (mediaType.startsWith('multipart/') && !parameters.some((part) => /^\s*boundary=\S/i.test(part))) {
      reply.status(400).send(
        buildErrorBody(400, 'A multipart body needs its boundary in the Content-Type header.', {
          field: 'content-type',
        }),
      );
      return;
    }
    const allowed = request.routeOptions.config.bodyTypes;
    if (!allowed || allowed.includes(mediaType)) return done(null, payload);
    reply
      .status(415)
      .send(
        buildErrorBody(415, `Send this call's body as ${allowed.join(' or ')}.`, { field: 'content-type' }),
      );
  });
}
