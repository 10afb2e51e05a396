import type { FastifyInstance } from 'fastify';
import { buildErrorBody } from '../lib/api-error.ts';
import { requiresSessionName, SESSION_NAME_PATTERN } from '../lib/exempt-paths.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's Session-Name; a policy belongs to the session that created it. */
    sessionName: string | undefined;
  }
}

/** Every call the web app makes carries Session-Name; a missing or malformed one is a 400 (design section 5). */
export function registerSessionName(app: FastifyInstance): void {
  app.decorateRequest('sessionName', undefined);
  // A callback hook, not an async one: it runs on every call (decision 092).
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers['session-name'];
    const value = typeof header === 'string' ? header : undefined;
    if (value && SESSION_NAME_PATTERN.test(value)) request.sessionName = value;
    const path = request.url.split('?', 1)[0]!;
    if (!requiresSessionName(path) || request.sessionName) return done();
    reply
      .status(400)
      .send(
        buildErrorBody(
          400,
          value
            ? 'The Session-Name header must be 8 to 128 letters, digits or - _ . : characters.'
            : 'The Session-Name header is required on this call.',
          { field: 'Session-Name' },
        ),
      );
  });
}
