import { QUOTE_LINK_CODE_PATTERN } from '@lionrock/domain/back-office/quote-link-rules';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  OCCUPANCIES,
} from '@lionrock/domain/home/home-model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../lib/openapi.ts';
import { agentCodeOf } from '../back-office/desk/agent-code.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../back-office/staff-access.ts';
import type { TQuoteLinkService } from './quote-link-service.ts';

export const QUOTE_LINK_OPEN_PATH = '/b2c-server/rest/quote-link/open';
const DESK_LINKS = `${STAFF_API_PREFIX}/desk/quote-links`;
const COUNT = z.number().int().min(0).max(20);

/** The quote forms' own choices, each optional: what the agent leaves out the customer chooses. */
export const ZQuoteLinkPrefill = z.object({
  travel: z
    .object({
      tripType: z.enum(['S', 'A']).optional(),
      destination: z.enum(['6', '3']).optional(),
      travellers: z
        .object({
          travellerType: z.enum(['ID', 'CP', 'FM']),
          individuals: COUNT.default(0),
          adults: COUNT.default(0),
          children: COUNT.default(0),
        })
        .optional(),
      plan: z.string().trim().max(20).optional(),
    })
    .strict()
    .optional(),
  pa: z
    .object({
      occupation: z.string().trim().max(10).optional(),
      insuredPersonType: z.enum(['individual', 'family']).optional(),
      adults: z.number().int().min(1).max(2).optional(),
      children: COUNT.optional(),
      plan: z.string().trim().max(20).optional(),
    })
    .strict()
    .optional(),
  home: z
    .object({
      dwellingType: z.enum(DWELLING_TYPES).optional(),
      hdbFlatType: z.enum(HDB_FLAT_TYPES).optional(),
      floorArea: z.enum(FLOOR_AREA_BANDS).optional(),
      buildingAge: z.enum(BUILDING_AGE_BANDS).optional(),
      ownership: z.enum(OCCUPANCIES).optional(),
      contentsSumInsured: z.number().int().min(0).max(10_000_000).optional(),
      plan: z.string().trim().max(20).optional(),
    })
    .strict()
    .optional(),
});

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
        body: z.object({
          product: z.enum(['travel', 'pa', 'home']),
          market: z.enum(['SGP', 'HKG']),
          lang: z.enum(['en', 'zh']).default('en'),
          subAgentCode: z.string().trim().max(50).optional(),
          campaignCode: z.string().trim().max(50).optional(),
          prefill: ZQuoteLinkPrefill.default({}),
        }),
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
