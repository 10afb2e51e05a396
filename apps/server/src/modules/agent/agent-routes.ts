import {
  ZAgentSchema as ZAgentAnswerSchema,
  ZAgentCampaignSchema as ZAgentCampaignAnswerSchema,
} from '@lionrock/domain/schemas/campaign-agent-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors, pathVariants } from '../../lib/openapi.ts';
import { parsePathSegments } from '../../lib/path-segments.ts';
import type { TAgentService } from './agent-service.ts';

const ZWildcardSchema = z.object({ '*': z.string().max(600) });

// The optional segments of each call as the API description lists them, in the spec's order.
const CODE = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,50}$' } as const;
const COUNTRY = { type: 'string', enum: ['SGP', 'HKG'] } as const;
const named = (name: string, schema: object = CODE) => ({ name, kind: 'named' as const, schema });

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
        ...pathVariants({
          lead: 'agent',
          leadSchema: CODE,
          segments: [
            named('sub'),
            { name: 'campaign', kind: 'bare', schema: CODE },
            named('country', COUNTRY),
            named('campaignId', { type: 'string', pattern: '^[0-9]{1,9}$' }),
          ],
        }),
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
        ...pathVariants({
          lead: 'account',
          leadSchema: CODE,
          segments: [
            named('productCode'),
            named('promotion'),
            named('affiliation'),
            named('catalogueCode'),
            named('country', COUNTRY),
          ],
        }),
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
        response: { 200: z.object({ staffCode: z.string() }), ...apiErrors(404) },
        ...pathVariants({
          lead: 'agent',
          leadSchema: CODE,
          segments: [named('country', COUNTRY), named('productCode')],
        }),
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
