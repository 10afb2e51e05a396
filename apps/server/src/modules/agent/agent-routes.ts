import {
  ZAgentSchema as ZAgentAnswerSchema,
  ZAgentCampaignSchema as ZAgentCampaignAnswerSchema,
} from '@lionrock/domain/schemas/campaign-agent-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parsePathSegments } from '../../lib/path-segments.ts';
import type { TAgentService } from './agent-service.ts';

const ZWildcardSchema = z.object({ '*': z.string().max(600) });

/** The agent calls of travel-flow section 7, with every optional path segment. */
export async function agentRoutes(app: FastifyInstance, options: { service: TAgentService }): Promise<void> {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/b2c-server/rest/agent/get/*',
    {
      schema: {
        tags: ['agent'],
        summary: 'Agent by code: /{agent}[/sub/{sub}][/{campaign}][/country/{c}][/campaignId/{id}]',
        description:
          'An unknown, inactive or mismatched agent answers an empty agentCode (read as not valid).',
        params: ZWildcardSchema,
        response: { 200: ZAgentAnswerSchema },
      },
    },
    async (request) => {
      const parsed = parsePathSegments(request.params['*'], {
        leadName: 'agent',
        names: ['sub', 'country', 'campaignId'],
        bareName: 'campaign',
        numeric: ['campaignId'],
      });
      return service.getAgent({
        agentCode: parsed.lead,
        ...(parsed.named.sub ? { subAgentCode: parsed.named.sub } : {}),
        ...(parsed.country ? { country: parsed.country } : {}),
      });
    },
  );

  routes.get(
    '/b2c-server/rest/agent/getAgentCampaign/*',
    {
      schema: {
        tags: ['agent'],
        summary:
          'Agent campaign: /{account}[/productCode/{code}][/promotion/{p}][/affiliation/{a}][/catalogueCode/{c}][/country/{country}]',
        description: 'No match answers the empty agent campaign (commission rates cleared).',
        params: ZWildcardSchema,
        response: { 200: ZAgentCampaignAnswerSchema },
      },
    },
    async (request) => {
      const parsed = parsePathSegments(request.params['*'], {
        leadName: 'account',
        names: ['productCode', 'promotion', 'affiliation', 'catalogueCode', 'country'],
      });
      const { productCode, promotion, affiliation, catalogueCode } = parsed.named;
      return service.getAgentCampaign({
        accountNo: parsed.lead,
        ...(productCode ? { productCode } : {}),
        ...(promotion ? { promotion } : {}),
        ...(affiliation ? { affiliation } : {}),
        ...(catalogueCode ? { catalogueCode } : {}),
        ...(parsed.country ? { country: parsed.country } : {}),
      });
    },
  );

  routes.get(
    '/b2c-server/rest/agent/getStaffCode/*',
    {
      schema: {
        tags: ['agent'],
        summary: 'Staff code of an agent: /{agent}[/country/{c}][/productCode/{p}]',
        params: ZWildcardSchema,
        response: { 200: z.object({ staffCode: z.string() }) },
      },
    },
    async (request) => {
      const parsed = parsePathSegments(request.params['*'], {
        leadName: 'agent',
        names: ['country', 'productCode'],
      });
      return service.getStaffCode(parsed.lead, parsed.country, parsed.named.productCode);
    },
  );
}
