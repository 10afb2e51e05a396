import { parseDmy } from '@lionrock/domain/dates/local-date';
import { ZHomeRateFactsSchema, ZPaRateFactsSchema } from '@lionrock/domain/rating/rate-facts-schema';
import { ZCountrySchema } from '@lionrock/domain/schemas/wire-primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { TPolicyService } from './policy-service.ts';

/**
 * `GET /b2c-server/rest/policy/rate-facts` (decision 114): the figures of a product's rate table the
 * customer's pages state — PA's free children and what each optional cover adds, the contents each home
 * plan includes — from the table in force on the day the cover would start (`on`, DD/MM/YYYY; today in
 * the market without it). The pages say what the server prices, whatever version underwriting has
 * activated since the build, as the benefit schedules do (decision 099).
 */
export async function rateFactRoutes(
  app: FastifyInstance,
  options: { service: Pick<TPolicyService, 'rateFacts'> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/b2c-server/rest/policy/rate-facts',
    {
      schema: {
        tags: ['policy'],
        summary: 'The figures of a product’s rate table in force on the day the cover starts',
        querystring: z.object({
          country: ZCountrySchema,
          product: z.enum(['PAN', 'PHM'], { message: 'must be PAN or PHM' }),
          on: z
            .string()
            .max(10)
            .refine((text) => parseDmy(text) !== null, 'must be a date as DD/MM/YYYY')
            .optional(),
        }),
        response: {
          200: z.union([ZPaRateFactsSchema, ZHomeRateFactsSchema]),
          ...apiErrors(404),
        },
      },
    },
    async (request) => {
      const { country, product, on } = request.query;
      const facts = await options.service.rateFacts(
        product,
        country,
        on === undefined ? undefined : parseDmy(on)!,
      );
      if (!facts) throw new ApiError(404, 'No rate table is in force on that day.', { field: 'on' });
      return facts;
    },
  );
}
