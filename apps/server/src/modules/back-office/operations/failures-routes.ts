import { ZRenewalHandled } from '@lionrock/domain/back-office/operations-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TFailuresService } from './failures-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed renewals and jobs (decision 088); server.ts attaches the job runner's retry. */
    failures: Pick<TFailuresService, 'attachJobRunner'>;
  }
}

const ADMIN = `${STAFF_API_PREFIX}/admin`;

/**
 * Failed renewals and failed jobs for operations (issue 18, decision 088): read with operations.read (decision 106),
 * a failed renewal marked handled and a failed job retried with system.write. pg-boss starts after the
 * app is built: server.ts attaches its retry with `app.failures.attachJobRunner` (until then a retry
 * answers 503).
 */
export async function backOfficeFailuresRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TFailuresService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back-office'];
  const read = access.requireAccount('operations.read');

  routes.get(`${ADMIN}/renewals/failed`, { preHandler: read, schema: { tags } }, async () => ({
    renewals: await service.failedRenewals(),
  }));

  routes.post(
    `${ADMIN}/renewals/failed/:id/handled`,
    {
      preHandler: access.requireAccount('system.write'),
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZRenewalHandled,
      },
    },
    async (request) => service.handleRenewal(actorOf(request), request.params.id, request.body.note),
  );

  routes.get(`${ADMIN}/jobs/failed`, { preHandler: read, schema: { tags } }, async () => ({
    jobs: await service.failedJobs(),
  }));

  routes.post(
    `${ADMIN}/jobs/failed/:id/retry`,
    {
      preHandler: access.requireAccount('system.write'),
      schema: { tags, params: z.object({ id: z.string().uuid() }) },
    },
    async (request) => service.retryJob(actorOf(request), request.params.id),
  );
}
