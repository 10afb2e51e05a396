import { parseDmy } from '@lionrock/domain/dates/local-date';
import { productKeyOf } from '@lionrock/domain/product/products';
import {
  ZPaBenefitsSchema,
  ZTravelBenefitsSchema,
} from '@lionrock/domain/rating/benefits/benefit-schedules-schema';
import { ZHomeBenefitsSchema } from '@lionrock/domain/rating/benefits/home-benefits-schema';
import { ZCountrySchema, ZProductTypeSchema } from '@lionrock/domain/schemas/wire-primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import { scheduleForMarket } from './benefit-labels.ts';
import { NoScheduleInForceError, type TBenefitScheduleStore } from './benefit-schedules.ts';

/**
 * `GET /b2c-server/rest/policy/benefits` (decision 099): the benefit schedule of a product as the shop
 * holds it, in force on the day the cover would start (`on`, DD/MM/YYYY; today in the market without
 * it). The quote pages draw their cover tables from it, so the limits a customer compares are the ones
 * the policy's schedule will print, whatever version underwriting has activated since the build. Hong
 * Kong reads the Chinese in Traditional (decision 110).
 */
export async function benefitRoutes(
  app: FastifyInstance,
  options: { benefits: TBenefitScheduleStore },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/b2c-server/rest/policy/benefits',
    {
      // The schedule is written as it was read, checked by its own schema (benefit-schedules.ts): the
      // response schema below describes it for the API description.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['policy'],
        summary: 'A product’s benefit schedule in force on the day the cover starts',
        querystring: z.object({
          country: ZCountrySchema,
          product: ZProductTypeSchema,
          on: z
            .string()
            .max(10)
            .refine((text) => parseDmy(text) !== null, 'must be a date as DD/MM/YYYY')
            .optional(),
        }),
        response: {
          200: z.union([ZTravelBenefitsSchema, ZPaBenefitsSchema, ZHomeBenefitsSchema]),
          ...apiErrors(404),
        },
      },
    },
    async (request) => {
      const { country, product, on } = request.query;
      const date = on === undefined ? undefined : parseDmy(on)!;
      try {
        const schedules = date ? await options.benefits.on(date) : await options.benefits.today(country);
        return scheduleForMarket(schedules[productKeyOf(product)], country);
      } catch (error) {
        if (error instanceof NoScheduleInForceError)
          throw new ApiError(404, 'No benefit schedule is in force on that day.', { field: 'on' });
        throw error;
      }
    },
  );
}
