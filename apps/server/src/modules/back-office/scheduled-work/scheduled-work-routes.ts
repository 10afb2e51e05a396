import { ZBusinessDateCancellation, ZScheduledWorkRun } from '@lionrock/domain/back-office/scheduled-work';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../../lib/openapi.ts';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TScheduledWorkService } from './scheduled-work-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/scheduled-work`;
const ZAnswer = z.any();

/**
 * Scheduled work for a business date (decision 129): what may be run (system.read) and a run
 * (system.write, audited). Registered only outside `prod`: there these paths do not exist.
 */
export async function scheduledWorkRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TScheduledWorkService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back-office'];

  routes.get(
    BASE,
    {
      preHandler: access.requireAccount('system.read'),
      schema: { tags, response: { 200: ZAnswer, ...apiErrors(401, 403) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.overview();
    },
  );

  routes.post(
    `${BASE}/run`,
    {
      preHandler: access.requireAccount('system.write'),
      schema: { tags, body: ZScheduledWorkRun, response: { 200: ZAnswer, ...apiErrors(400, 401, 403) } },
    },
    async (request) => service.run(actorOf(request), request.body),
  );

  // A customer's cancellation on a business date (decision 148): what it would give, then doing it.
  routes.post(
    `${BASE}/cancellation/quote`,
    {
      preHandler: access.requireAccount('system.write'),
      schema: {
        tags,
        body: ZBusinessDateCancellation,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => service.quoteCancellation(request.body),
  );

  routes.post(
    `${BASE}/cancellation`,
    {
      preHandler: access.requireAccount('system.write'),
      schema: {
        tags,
        body: ZBusinessDateCancellation,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.cancel(actorOf(request), request.body),
  );
}
