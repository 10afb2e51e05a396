import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { apiErrors, binary } from '../../lib/openapi.ts';
import { SCHEDULE_PATH, type TPolicyDocumentsService } from './policy-documents-service.ts';

/** The policy schedule behind the signed, expiring link the policy e-mail carries (design section 6, decision 010). */
export async function issuanceRoutes(
  app: FastifyInstance,
  options: { documents: TPolicyDocumentsService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${SCHEDULE_PATH}/:policyId`,
    {
      schema: {
        tags: ['payment'],
        summary: 'The issued policy’s schedule PDF, through the signed link sent by e-mail',
        params: z.object({ policyId: z.uuid() }),
        querystring: z.object({
          s: z.string().max(40).optional(),
          e: z.string().max(20).optional(),
          sig: z.string().max(100).optional(),
        }),
        response: { 200: binary(['application/pdf'], 'The schedule PDF'), ...apiErrors(403) },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await options.documents.scheduleFor(request.params.policyId, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileName, 'inline'))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
