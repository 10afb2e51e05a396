import {
  CAMPAIGN_COUNTRIES,
  CAMPAIGN_PRODUCTS,
  CAMPAIGN_STATUSES,
} from '@lionrock/domain/back-office/campaign-rules';
import {
  ZCampaignCodesAdd,
  ZCampaignImageUpload,
  ZCampaignRequest,
} from '@lionrock/domain/back-office/marketing-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TMarketingService } from './marketing-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/campaigns`;
/** The image's JSON body: 500 kB decoded, as base64 (4/3 larger), with room for its other fields. */
const CAMPAIGN_IMAGE_BODY_LIMIT = 700 * 1024;

/** A saved campaign as the API answers it (the request's shape, as stored: its rules are the request's). */
const ZCampaignView = z.object({
  campaignCode: z.string(),
  campaignName: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  productCode: z.enum(CAMPAIGN_PRODUCTS),
  country: z.enum(CAMPAIGN_COUNTRIES),
  startDate: z.string(),
  endDate: z.string(),
  marketingMessage: z.string(),
  marketingMessageCn: z.string(),
  promoCodeRequired: z.boolean(),
  promoCodeReusability: z.enum(['REUSABLE', 'SINGLE_USE']),
  promoCodeDescription: z.string(),
  promoCodeDescriptionCn: z.string(),
  discountType: z.enum(['PERCENT', 'AMOUNT']),
  discountValue: z.number(),
  termsConditionsEn: z.string(),
  termsConditionsCn: z.string(),
  voucherCents: z.number().nullable(),
  voucherDescription: z.string(),
  voucherDescriptionCn: z.string(),
});

/**
 * Marketing's campaigns and promo codes (issue 18): list, one campaign with its codes' use and audit
 * trail, create and edit every spec field, make single-use codes in bulk or add a reusable code, and
 * the codes as CSV. The rules and the audit are the service's (marketing-service.ts).
 */
export async function marketingRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TMarketingService },
) {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('marketing.read');
  const write = access.requireAccount('marketing.write');
  const ZCampaignId = z.object({ campaignId: z.coerce.number().int().positive() });
  const ZCounts = z.object({ available: z.number(), reserved: z.number(), used: z.number() });
  const ZCampaign = ZCampaignView.extend({ campaignId: z.number(), codes: ZCounts, updatedBy: z.string() });

  routes.get(
    BASE,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        querystring: z.object({
          country: z.enum(CAMPAIGN_COUNTRIES).optional(),
          product: z.enum(CAMPAIGN_PRODUCTS).optional(),
        }),
        response: { 200: z.object({ campaigns: z.array(ZCampaign) }), ...apiErrors(401, 403) },
      },
    },
    async (request) => service.listCampaigns(request.query),
  );

  routes.get(
    `${BASE}/:campaignId`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        params: ZCampaignId,
        response: {
          200: z.object({
            campaign: ZCampaign,
            sales: z.object({ policies: z.number() }),
            audit: z.array(
              z.object({
                at: z.string(),
                actor: z.string(),
                action: z.string(),
                before: z.unknown(),
                after: z.unknown(),
              }),
            ),
          }),
          ...apiErrors(401, 403, 404),
        },
      },
    },
    async (request) => service.getCampaign(request.params.campaignId),
  );

  routes.post(
    BASE,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZCampaignRequest,
        response: { 200: z.object({ campaignId: z.number() }), ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => service.createCampaign(request.body, actorOf(request)),
  );

  routes.put(
    `${BASE}/:campaignId`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: ZCampaignId,
        body: ZCampaignRequest,
        response: { 200: z.object({ campaignId: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.updateCampaign(request.params.campaignId, request.body, actorOf(request)),
  );

  // The campaign's image (issue 18, decision 088): this route alone takes a body larger than the app's
  // BODY_LIMIT; what the image may be is the service's.
  routes.put(
    `${BASE}/:campaignId/image`,
    {
      preHandler: write,
      bodyLimit: CAMPAIGN_IMAGE_BODY_LIMIT,
      schema: {
        tags: ['back-office'],
        params: ZCampaignId,
        body: ZCampaignImageUpload,
        response: {
          200: z.object({ campaignId: z.number(), contentType: z.string(), bytes: z.number() }),
          ...apiErrors(400, 401, 403, 404),
        },
      },
    },
    async (request) => service.setCampaignImage(request.params.campaignId, request.body, actorOf(request)),
  );

  routes.post(
    `${BASE}/:campaignId/codes`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: ZCampaignId,
        body: ZCampaignCodesAdd,
        response: { 200: z.object({ added: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.addCodes(request.params.campaignId, request.body, actorOf(request)),
  );

  routes.get(
    `${BASE}/:campaignId/codes.csv`,
    { preHandler: read, schema: { tags: ['back-office'], params: ZCampaignId } },
    async (request, reply) => {
      const { fileName, csv } = await service.exportCodes(request.params.campaignId, actorOf(request));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store');
      return csv;
    },
  );
}
