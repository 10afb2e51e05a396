import { ZQuoteLinkPrefill, ZQuoteLinkRequest } from '@lionrock/domain/back-office/quote-link-request';
import { QUOTE_LINK_CODE_PATTERN } from '@lionrock/domain/back-office/quote-link-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../lib/openapi.ts';
import { agentCodeOf } from '../back-office/desk/agent-code.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../back-office/staff-access.ts';
import type { TQuoteLinkService } from './quote-link-service.ts';

export const QUOTE_LINK_OPEN_PATH = '/b2c-server/rest/quote-link/open';
const DESK_LINKS = `${STAFF_API_PREFIX}/desk/quote-links`;

const ZOpenAnswer = z.object({
  code: z.string(),
  product: z.enum(['travel', 'pa', 'home']),
  market: z.enum(['SGP', 'HKG']),
  language: z.enum(['en', 'zh']),
  agentCode: z.string().nullable(),
  subAgentCode: z.string().nullable(),
  campaignCode: z.string().nullable(),
  prefill: ZQuoteLinkPrefill,
  /** The choices that no longer hold, dropped (the page says so). */
  dropped: z.array(z.string()),
});

/**
 * Pre-filled quote links (issue 18, decision 090): the desk makes and lists them; the customer's page
 * posts the code to `quote-link/open`, which checks everything again (quote-link-service.ts).
 */
export async function quoteLinkRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TQuoteLinkService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    DESK_LINKS,
    {
      preHandler: access.requireAccount('desk.read'),
      schema: {
        tags: ['back-office'],
        body: ZQuoteLinkRequest,
      },
    },
    async (request) => service.createLink(request.account!, agentCodeOf(request), request.body),
  );

  routes.get(
    DESK_LINKS,
    { preHandler: access.requireAccount('desk.read'), schema: { tags: ['back-office'] } },
    async (request) => service.listLinks(agentCodeOf(request)),
  );

  routes.post(
    QUOTE_LINK_OPEN_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['quote-link'],
        summary: 'Opens an agent’s pre-filled quote link: its agent, campaign and the quote form’s choices',
        description:
          'Every choice is checked again: a deactivated campaign, sub-agent or a choice the rules no longer ' +
          'take is left out and named in `dropped`. Each open is counted.',
        body: z.object({ code: z.string().regex(QUOTE_LINK_CODE_PATTERN, 'must be a quote link code') }),
        response: { 200: ZOpenAnswer, ...apiErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const answer = await service.open(request.body.code);
      return { ...answer, prefill: answer.prefill as z.infer<typeof ZQuoteLinkPrefill> };
    },
  );
}
