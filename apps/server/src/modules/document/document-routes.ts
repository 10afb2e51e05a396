import { COUNTRIES, type TCountry } from '@lionrock/domain/market/market';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { apiErrors, binary } from '../../lib/openapi.ts';
import type { TBenefitScheduleStore } from '../policy/benefit-schedules.ts';
import type { TDocumentRateStore } from '../policy/document-rates.ts';
import { findDocument, listDocumentNames, renderDocument } from './pdf-documents.ts';

/**
 * `GET /b2c-server/rest/document/get/{documentName}` (travel-flow section 7): the PDF as binary, named
 * `{documentName}.pdf`. No Session-Name: it is a download. Each document is written from the benefit
 * schedules and rate tables in force today in the market (decisions 091 and 114), rendered once per
 * market and versions in force, and kept until another version comes into force.
 */
export async function documentRoutes(
  app: FastifyInstance,
  options: { benefits: TBenefitScheduleStore; rates: TDocumentRateStore },
): Promise<void> {
  const rendered = new Map<string, Promise<Buffer>>();
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/b2c-server/rest/document/get/:documentName',
    {
      schema: {
        tags: ['document'],
        summary: `A document as PDF: ${listDocumentNames().join(', ')}`,
        params: z.object({ documentName: z.string().max(60) }),
        querystring: z.object({
          country: z.enum(COUNTRIES, { message: 'must be SGP or HKG' }).default('SGP'),
        }),
        response: { 200: binary(['application/pdf'], 'The PDF, as an attachment'), ...apiErrors(404) },
      },
    },
    async (request, reply) => {
      const name = findDocument(request.params.documentName);
      if (!name) {
        throw new ApiError(
          404,
          `There is no document called "${request.params.documentName.slice(0, 60)}".`,
          {
            field: 'documentName',
          },
        );
      }
      const country: TCountry = request.query.country;
      const rates = await options.rates.today(country);
      // A rate table's version label is unique per product (`rate_tables_identity_idx`).
      const versions = `${await options.benefits.versionsToday(country)}:${rates.pa.version}/${rates.home.version}`;
      const key = `${request.params.documentName}:${country}:${versions}`;
      let pdf = rendered.get(key);
      if (!pdf) {
        const benefits = await options.benefits.today(country);
        pdf = renderDocument(name, country, benefits, rates);
        // A version no longer in force is not asked for again: drop its copy.
        for (const old of rendered.keys())
          if (old.startsWith(`${request.params.documentName}:${country}:`)) rendered.delete(old);
        rendered.set(key, pdf);
        pdf.catch(() => rendered.delete(key));
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`${request.params.documentName}.pdf`))
        .header('cache-control', 'public, max-age=3600')
        .send(await pdf);
    },
  );
}
