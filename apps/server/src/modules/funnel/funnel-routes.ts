import { isBotUserAgent } from '@lionrock/domain/back-office/dashboard-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors, noContent } from '../../lib/openapi.ts';
import type { TFunnelCounter } from './funnel-counter.ts';

export const FUNNEL_QUOTE_FORM_PATH = '/b2c-server/rest/funnel/quote-form';

/**
 * "Reached the quote form" (decision 090): the quote page's own chunk sends one beacon per journey;
 * `navigator.sendBeacon` cannot carry Session-Name, so the call is exempt from it. It takes a product
 * and a market only, is rate-limited per client, and stores nothing but a count.
 */
export async function funnelRoutes(
  app: FastifyInstance,
  options: { counter: TFunnelCounter },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    FUNNEL_QUOTE_FORM_PATH,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      bodyLimit: 1024,
      schema: {
        tags: ['system'],
        summary: 'Counts a visit that reached a product’s quote page (no session, nothing personal)',
        body: z.object({ product: z.enum(['PTR', 'PAN', 'PHM']), market: z.enum(['SGP', 'HKG']) }).strict(),
        response: { 204: noContent('Counted'), ...apiErrors(400, 429) },
      },
    },
    async (request, reply) => {
      if (!isBotUserAgent(request.headers['user-agent']))
        options.counter.count('quoteForm', request.body.product, request.body.market);
      return reply.status(204).send();
    },
  );
}
