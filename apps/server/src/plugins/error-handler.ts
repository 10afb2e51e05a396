import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, buildErrorBody } from '../lib/api-error.ts';
import { describeError } from '../lib/redaction.ts';

/**
 * Bad input of any kind gets a 4xx JSON error naming the field, never a 500 (design section 5).
 * Schema errors carry the spec's message key when the schema set one as its issue message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody());

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
          ? 'The request body is larger than the 100 KB this call accepts.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request as application/json.'
            : error.message;
      return reply.status(status).send(buildErrorBody(status, message, { field }));
    }

    // Only the error's type, code and message: a failed query's parameters hold the whole policy.
    request.log.error({ err: describeError(error) }, 'request failed');
    return reply.status(500).send(buildErrorBody(500, 'Oops, something went wrong. Please try again later.'));
  });
}
