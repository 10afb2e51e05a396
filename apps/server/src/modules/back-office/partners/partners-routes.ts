import {
  ZAgentCampaignRequest,
  ZAgentRequest,
  ZAgentUpdate,
  ZStaffCodeImportRequest,
  ZSubAgentRequest,
  ZSubAgentUpdate,
} from '@lionrock/domain/back-office/partner-requests';
import { STAFF_CODE_IMPORT_MAX_BYTES } from '@lionrock/domain/back-office/partner-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../../lib/openapi.ts';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TPartnersService } from './partners-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/partners`;

const ZAgent = z.object({
  agentCode: z.string(),
  name: z.string(),
  agency: z.string(),
  email: z.string(),
  tel: z.string(),
  registrationNo: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
  active: z.boolean(),
});
const ZSubAgent = z.object({
  agentCode: z.string(),
  subAgentCode: z.string(),
  name: z.string(),
  email: z.string(),
  tel: z.string(),
  active: z.boolean(),
});
/** A saved agent campaign as the API answers it (its rules are the request's). */
const ZAgentCampaign = z.object({
  id: z.number(),
  code: z.string(),
  accountNo: z.string(),
  staffId: z.string(),
  productCode: z.string(),
  country: z.string(),
  promotion: z.string(),
  affiliation: z.string(),
  catalogueCode: z.string(),
  accountCommissionRate: z.number(),
  campaignCommissionRate: z.number(),
  url: z.string(),
  campaignTitle: z.string(),
  campaignDetails: z.string(),
  active: z.boolean(),
});
const ZStaffCode = z.object({
  agentCode: z.string(),
  country: z.string(),
  productCode: z.string(),
  staffCode: z.string(),
  updatedAt: z.string(),
});

/**
 * Marketing's partner data (issue 18): agents, their sub-agents, agent campaigns and staff codes with a
 * CSV import. The rules and the audit are the service's (partners-service.ts).
 */
export async function partnersRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TPartnersService },
) {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('marketing.read');
  const write = access.requireAccount('marketing.write');
  const agentCodeParams = z.object({ agentCode: z.string().trim().toUpperCase().max(40) });

  routes.get(
    `${BASE}/agents`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        response: {
          200: z.object({
            agents: z.array(
              ZAgent.extend({ subAgents: z.number(), campaigns: z.number(), staffCodes: z.number() }),
            ),
          }),
          ...apiErrors(401, 403),
        },
      },
    },
    async () => service.listAgents(),
  );

  routes.get(
    `${BASE}/agents/:agentCode`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams,
        response: {
          200: z.object({
            agent: ZAgent,
            subAgents: z.array(ZSubAgent),
            campaigns: z.array(ZAgentCampaign),
            staffCodes: z.array(ZStaffCode),
          }),
          ...apiErrors(401, 403, 404),
        },
      },
    },
    async (request) => service.getAgent(request.params.agentCode),
  );

  routes.post(
    `${BASE}/agents`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZAgentRequest,
        response: { 200: z.object({ agentCode: z.string() }), ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => service.createAgent(request.body, actorOf(request)),
  );

  routes.put(
    `${BASE}/agents/:agentCode`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams,
        body: ZAgentUpdate,
        response: { 200: z.object({ agentCode: z.string() }), ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => service.updateAgent(request.params.agentCode, request.body, actorOf(request)),
  );

  routes.post(
    `${BASE}/agents/:agentCode/sub-agents`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams,
        body: ZSubAgentRequest,
        response: { 200: z.object({ subAgentCode: z.string() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.createSubAgent(request.params.agentCode, request.body, actorOf(request)),
  );

  routes.put(
    `${BASE}/agents/:agentCode/sub-agents/:subAgentCode`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams.extend({ subAgentCode: z.string().max(40) }),
        body: ZSubAgentUpdate,
        response: { 200: z.object({ subAgentCode: z.string() }), ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { agentCode, subAgentCode } = request.params;
      return service.updateSubAgent(agentCode, subAgentCode, request.body, actorOf(request));
    },
  );

  routes.post(
    `${BASE}/agent-campaigns`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZAgentCampaignRequest,
        response: { 200: z.object({ id: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.createAgentCampaign(request.body, actorOf(request)),
  );

  routes.put(
    `${BASE}/agent-campaigns/:id`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZAgentCampaignRequest,
        response: { 200: z.object({ id: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.updateAgentCampaign(request.params.id, request.body, actorOf(request)),
  );

  routes.get(
    `${BASE}/staff-codes`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        querystring: z.object({ agentCode: z.string().trim().toUpperCase().max(40).optional() }),
        response: { 200: z.object({ staffCodes: z.array(ZStaffCode) }), ...apiErrors(401, 403) },
      },
    },
    async (request) => service.listStaffCodes(request.query.agentCode),
  );

  const ZReportRow = z.object({
    row: z.number(),
    status: z.enum(['ok', 'error']),
    field: z.string().nullable(),
    message: z.string().nullable(),
  });
  routes.post(
    `${BASE}/staff-codes/import`,
    {
      preHandler: write,
      // The CSV travels as a JSON string: up to 1 MB of text, escaped.
      bodyLimit: 3 * STAFF_CODE_IMPORT_MAX_BYTES,
      schema: {
        tags: ['back-office'],
        body: ZStaffCodeImportRequest,
        response: {
          200: z.object({
            applied: z.boolean(),
            ok: z.number(),
            errors: z.number(),
            report: z.array(ZReportRow),
          }),
          ...apiErrors(400, 401, 403),
        },
      },
    },
    async (request) => service.importStaffCodes(request.body.csv, request.body.apply, actorOf(request)),
  );
}
