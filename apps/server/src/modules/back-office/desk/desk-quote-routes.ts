import { ZDeskQuoteRequest } from '@lionrock/domain/back-office/desk-quote-request';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { agentCodeOf } from './agent-code.ts';
import type { TDeskQuoteService } from './desk-quote-service.ts';

export { DESK_QUOTES_PER_HOUR } from './desk-quote-service.ts';

/**
 * A quote an agent starts for a customer (issue 18, decision 087), mailed to the customer as a saved
 * quote; the desk sees where it went (masked) and the plans' prices, never the link.
 */
export async function deskQuoteRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TDeskQuoteService },
): Promise<void> {
  const { access, service } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    `${STAFF_API_PREFIX}/desk/quotes`,
    {
      preHandler: access.requireAccount('desk.read'),
      schema: { tags: ['back-office'], body: ZDeskQuoteRequest },
    },
    async (request) => {
      const agentCode = agentCodeOf(request);
      return service.quoteForCustomer(actorOf(request), agentCode, request.body);
    },
  );
}
