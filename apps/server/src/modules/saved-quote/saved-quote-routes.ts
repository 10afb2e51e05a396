import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import {
  SAVED_QUOTE_STEPS,
  SAVED_QUOTE_TOKEN_PATTERN,
} from '@lionrock/domain/self-service/saved-quote-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../lib/openapi.ts';
import type { TSavedQuoteService } from './saved-quote-service.ts';

export const SAVED_QUOTE_PREFIX = '/b2c-server/rest/saved-quote';

export const ZSaveQuoteRequestSchema = z.object({
  policy: ZPolicySchema,
  step: z.enum(SAVED_QUOTE_STEPS),
  email: z.string().max(200),
  language: z.enum(['en', 'zh']),
});
export type TSaveQuoteRequest = z.infer<typeof ZSaveQuoteRequestSchema>;

/** The token goes in the body, never in a path or query (no token in any URL or log line, decision 076). */
export const ZOpenSavedQuoteRequestSchema = z.object({
  token: z.string().regex(SAVED_QUOTE_TOKEN_PATTERN, 'must be a saved-quote link token'),
});

export const ZOpenSavedQuoteResponseSchema = z.object({
  step: z.enum(SAVED_QUOTE_STEPS),
  policy: ZPolicySchema,
  previousTotalCents: z.number().int().nullable(),
  invalid: z.object({ field: z.string(), messageKey: z.string().nullable() }).nullable(),
  language: z.enum(['en', 'zh']),
});

/** Quotes saved for later (travel-flow section 3, the saved-for-later token; decision 076). */
export async function savedQuoteRoutes(
  app: FastifyInstance,
  options: { service: TSavedQuoteService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    SAVED_QUOTE_PREFIX,
    {
      schema: {
        tags: ['saved-quote'],
        summary:
          'Saves the journey and e-mails a link that reopens it for 30 days (one live link per journey)',
        description:
          'The answer is the same whether or not a mail went out. Prices in the policy are never trusted: ' +
          'the server keeps its own price for the chosen plan, and re-rates the journey when it is reopened.',
        body: ZSaveQuoteRequestSchema,
        response: { 200: z.object({ saved: z.literal(true) }), ...apiErrors(400, 409, 429) },
      },
    },
    async (request) => {
      await options.service.save(request.body, request.sessionName!);
      return { saved: true as const };
    },
  );
  routes.post(
    `${SAVED_QUOTE_PREFIX}/open`,
    {
      schema: {
        tags: ['saved-quote'],
        summary: 'Reopens a saved journey: re-rated at today’s prices and stored as this session’s quote',
        body: ZOpenSavedQuoteRequestSchema,
        response: { 200: ZOpenSavedQuoteResponseSchema, ...apiErrors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return options.service.open(request.body.token, request.sessionName!);
    },
  );
}
