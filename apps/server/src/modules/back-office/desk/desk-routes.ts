import { ZDeskRange } from '@lionrock/domain/back-office/desk-requests';
import { ZDeskLinkRequest } from '@lionrock/domain/back-office/quote-link-request';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { agentCodeOf } from './agent-code.ts';
import type { TDeskService } from './desk-service.ts';

const DESK = `${STAFF_API_PREFIX}/desk`;

/**
 * The agents' desk (issue 18, decision 083): an agent's own quotes, sales, commission, renewals and
 * claims, and quote links that carry its code. Every read is scoped by the account's agent code in
 * the query itself: another agent's record answers 404, as one that does not exist.
 */
export async function backOfficeDeskRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TDeskService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const desk = { preHandler: access.requireAccount('desk.read') };

  routes.get(
    `${DESK}/summary`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        querystring: ZDeskRange.extend({ period: z.enum(['day', 'month']).default('month') }),
      },
    },
    async (request) => service.summary(agentCodeOf(request), request.query),
  );

  routes.get(
    `${DESK}/sales`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        querystring: ZDeskRange.extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
      },
    },
    async (request) => service.sales(agentCodeOf(request), request.query),
  );

  routes.get(
    `${DESK}/sales/:policyId`,
    { ...desk, schema: { tags: ['back-office'], params: z.object({ policyId: z.string().max(60) }) } },
    async (request) => service.sale(agentCodeOf(request), request.params.policyId),
  );

  routes.get(
    `${DESK}/renewals`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        querystring: z.object({ within: z.coerce.number().int().min(1).max(366).default(60) }),
      },
    },
    async (request) => service.renewals(agentCodeOf(request), request.query.within),
  );

  routes.get(`${DESK}/claims`, { ...desk, schema: { tags: ['back-office'] } }, async (request) =>
    service.claims(agentCodeOf(request)),
  );

  routes.post(
    `${DESK}/links`,
    {
      ...desk,
      schema: {
        tags: ['back-office'],
        body: ZDeskLinkRequest,
      },
    },
    async (request) => service.createLink(actorOf(request), agentCodeOf(request), request.body),
  );
}
