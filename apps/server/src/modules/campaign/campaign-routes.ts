import { COUNTRIES } from '@lionrock/domain/market/market';
import { ZCampaignSchema as ZCampaignAnswerSchema } from '@lionrock/domain/schemas/campaign-agent-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors, binary, textPlain } from '../../lib/openapi.ts';
import type { TCampaignService } from './campaign-service.ts';

const CODE = /^[A-Za-z0-9_-]+$/;
const ZCodeSchema = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).regex(CODE, 'must be letters and digits');

/** The part of the policy getCampaign reads; the rest of the policy is accepted and ignored. */
const ZGetCampaignBodySchema = z.object({
  country: z.enum(COUNTRIES, { message: 'must be SGP or HKG' }).default('SGP'),
  productType: z.enum(['PTR', 'PAN', 'PHM'], { message: 'must be PTR, PAN or PHM' }).default('PTR'),
  campaign: z
    .object({
      campaignCode: ZCodeSchema(30).optional().or(z.literal('')),
      catalogueCode: ZCodeSchema(30).optional().or(z.literal('')),
    })
    .nullish(),
  // Promo codes are at most 10 characters (travel-flow section 5).
  promo: z
    .string()
    .trim()
    .max(10, 'landingPromotionCode.invalidPromoCode')
    .regex(/^[A-Za-z0-9]*$/, 'landingPromotionCode.invalidPromoCode')
    .optional(),
});

/** The campaign calls of travel-flow section 7 and design section 5. */
export async function campaignRoutes(
  app: FastifyInstance,
  options: { service: TCampaignService },
): Promise<void> {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/b2c-server/rest/campaign/getCampaign',
    {
      // The answer is built field by field by the service (toAnswer, EMPTY_CAMPAIGN): written as it is,
      // the response schema serves the API description and its live check (decisions 032, 092).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['campaign'],
        summary: 'The live campaign of the policy (or the direct campaign); the empty campaign when none',
        body: ZGetCampaignBodySchema,
        response: { 200: ZCampaignAnswerSchema },
      },
    },
    async (request) => {
      const { country, productType, campaign, promo } = request.body;
      return service.getCampaign({
        campaignCode: campaign?.campaignCode || undefined,
        catalogueCode: campaign?.catalogueCode || undefined,
        productCode: productType,
        country,
        promoCode: promo,
      });
    },
  );

  routes.get(
    '/b2c-server/rest/campaign/validatePromoCode/:campaignCode/:promoCode/:campaignId',
    {
      // Promo codes must not be guessable by brute force.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['campaign'],
        summary: 'Y when the promo code can be used with this campaign, N otherwise',
        params: z.object({
          campaignCode: ZCodeSchema(30),
          promoCode: ZCodeSchema(10).pipe(z.string().min(1)),
          campaignId: z.coerce.number().int().positive().max(2_147_483_647),
        }),
        response: { 200: textPlain(z.enum(['Y', 'N']), 'Y or N') },
      },
    },
    async (request, reply) => {
      const { campaignCode, promoCode, campaignId } = request.params;
      return reply
        .type('text/plain')
        .send(await service.validatePromoCode(campaignCode, promoCode, campaignId));
    },
  );

  routes.get(
    '/b2c-server/rest/campaign/getCampaignImageById/:campaignId',
    {
      schema: {
        tags: ['campaign'],
        summary: 'The campaign image (no Session-Name: it is an image download)',
        params: z.object({ campaignId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: binary(['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'], 'The image'),
          ...apiErrors(404),
        },
      },
    },
    async (request, reply) => {
      const image = await service.getCampaignImage(request.params.campaignId);
      if (!image) throw new ApiError(404, 'This campaign has no image.', { field: 'campaignId' });
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(image.data);
    },
  );
}
