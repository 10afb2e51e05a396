import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, buildErrorBody } from '../lib/api-error.ts';
import { describeError } from '../lib/redaction.ts';

/** Seconds a client is asked to wait when the database does not answer (decision 029). */
export const RETRY_AFTER_SECONDS = 30;

// Connection failures (the node's and PostgreSQL's class 08), an administrator's or a crash's shutdown
// (57P01-57P03), too many connections (53300) and a database that is gone (3D000).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '3D000',
]);
const UNAVAILABLE_MESSAGES =
  /PGlite is closed|Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|connection is closed|terminating connection/i;

/** Whether an error (or what it wraps: Drizzle wraps the driver's) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * Bad input of any kind gets a 4xx JSON error naming the field, never a 500 (design section 5).
 * Schema errors carry the spec's message key when the schema set one as its issue message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field = path || where;
      const issueMessage = first?.message ?? 'is invalid';
      const messageKey = /^[A-Za-z][\w]*(\.[\w{}]+)+$/.test(issueMessage) ? issueMessage : undefined;
      return reply
        .status(400)
        .send(
          buildErrorBody(400, `${field}: ${messageKey ? 'is invalid' : issueMessage}`, { field, messageKey }),
        );
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const field =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'body'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'body'
            : undefined;
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `The request body is larger than the ${Math.floor(request.routeOptions.bodyLimit / 1024)} KB this call accepts.`
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request as application/json.'
            : error.message;
      return reply.status(status).send(buildErrorBody(status, message, { field }));
    }

    // Only the error's type, code and message: a failed query's parameters hold the whole policy.
    if (isDatabaseUnavailable(error)) {
      request.log.error(
        { err: describeError(error) },
        'request failed: a database or service it needs is unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(buildErrorBody(503, 'The service is briefly unavailable. Please try again in a moment.'));
    }
    request.log.error({ err: describeError(error) }, 'request failed');
    return reply.status(500).send(buildErrorBody(500, 'Oops, something went wrong. Please try again later.'));
  });
}
