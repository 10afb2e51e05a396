import { COUNTRIES } from '@lionrock/domain/market/market';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logBudget } from '../../lib/log-budget.ts';
import { noContent, textPlain } from '../../lib/openapi.ts';
import type { TSystemService } from './system-service.ts';

const ZCountrySchema = z.enum(COUNTRIES, { message: 'must be SGP or HKG' });
const ZCountryBodySchema = z.object({ countryCode: ZCountrySchema });
const ZFlagAnswerSchema = z.enum(['true', 'false']);
// The spec's language rule: `tc` is treated as zh, other codes are lower-cased (travel-flow section 1).
const ZLangSchema = z
  .string()
  .max(8)
  .default('en')
  .transform((lang) => (lang.toLowerCase() === 'tc' ? 'zh' : lang.toLowerCase()))
  .pipe(z.enum(['en', 'zh'], { message: 'must be en or zh' }));
const ZProductSchema = z.enum(['PTR', 'PAN', 'PHM'], { message: 'must be PTR, PAN or PHM' });

export const CLIENT_LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

/** The system calls of travel-flow section 7, answered from the database. */
export async function systemRoutes(
  app: FastifyInstance,
  options: { service: TSystemService },
): Promise<void> {
  const { service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const flag = (value: boolean) => (value ? 'true' : 'false');
  const textReply = { 200: textPlain(ZFlagAnswerSchema, 'The flag as the word true or false') };

  routes.post(
    '/b2c-server/rest/system/getStatus',
    {
      schema: {
        tags: ['system'],
        summary: 'System availability',
        body: ZCountryBodySchema,
        response: textReply,
      },
    },
    async (request, reply) =>
      reply.type('text/plain').send(flag(await service.isSystemAvailable(request.body.countryCode))),
  );

  routes.get(
    '/b2c-server/rest/system/pvt-status',
    {
      schema: {
        tags: ['system'],
        summary: 'Private mode (quoting blocked)',
        querystring: z.object({ countryCode: ZCountrySchema }),
        response: textReply,
      },
    },
    async (request, reply) =>
      reply.type('text/plain').send(flag(await service.isPrivateModeOn(request.query.countryCode))),
  );

  routes.post(
    '/b2c-server/rest/system/getPaynowStatus',
    {
      schema: {
        tags: ['system'],
        summary: 'PayNow availability',
        body: ZCountryBodySchema,
        response: textReply,
      },
    },
    async (request, reply) =>
      reply.type('text/plain').send(flag(await service.isPaynowAvailable(request.body.countryCode))),
  );

  routes.post(
    '/b2c-server/rest/system/getSeniorLoadingStatus',
    {
      schema: {
        tags: ['system'],
        summary: 'Senior loading availability',
        body: ZCountryBodySchema,
        response: textReply,
      },
    },
    async (request, reply) =>
      reply.type('text/plain').send(flag(await service.isSeniorLoadingOn(request.body.countryCode))),
  );

  routes.post(
    '/b2c-server/rest/system/getScheduledMaintenance',
    {
      schema: {
        tags: ['system'],
        summary: 'Scheduled maintenance notice ({} when none)',
        body: ZCountryBodySchema.extend({ lang: ZLangSchema.optional() }),
        response: {
          200: z.union([z.object({ message: z.string(), longMessage: z.string() }), z.object({})]),
        },
      },
    },
    async (request) => service.getScheduledMaintenance(request.body.countryCode, request.body.lang ?? 'en'),
  );

  routes.get(
    '/b2c-server/rest/system/getBanners',
    {
      // The service builds each banner field by field: written as it is, the response schema serves the
      // API description and its live check (decisions 032, 092).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['system'],
        summary: 'Banners for the carousel',
        querystring: z.object({
          country: ZCountrySchema,
          product: ZProductSchema.default('PTR'),
          lang: ZLangSchema,
        }),
        response: {
          200: z.array(
            z.object({ id: z.number(), title: z.string(), content: z.string(), url: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => service.getBanners(request.query.country, request.query.product, request.query.lang),
  );

  routes.post(
    '/b2c-server/b2c/log/:level',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // Rows and bytes per client per minute, whatever the request count (decision 027).
      preHandler: logBudget(app.limitStore, 'clientLog', (request) =>
        Buffer.byteLength((request.body as { data: string }).data),
      ),
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['system'],
        summary: 'Client error log (redacted, rate-limited)',
        params: z.object({
          level: z.enum(CLIENT_LOG_LEVELS, { message: 'must be error, warn, info or debug' }),
        }),
        body: z.object({ data: z.string().max(4000, 'must be at most 4000 characters') }),
        response: { 204: noContent('Stored') },
      },
    },
    async (request, reply) => {
      await service.logClientError(request.sessionName, request.params.level, request.body.data);
      return reply.status(204).send();
    },
  );
}
