import {
  ZBlacklistAdd,
  ZBlacklistRemove,
  ZRateTableActivate,
  ZRateTableUpload,
} from '@lionrock/domain/back-office/underwriting-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TUnderwritingService } from './underwriting-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/underwriting`;

/**
 * Underwriting in the back office (issue 18, decision 085): the blacklist, and rate-table versions
 * uploaded as drafts, compared on sample policies with the version in force, then activated. The rules
 * and the audit are the service's (underwriting-service.ts).
 */
export async function underwritingRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TUnderwritingService },
) {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('underwriting.read');
  const write = access.requireAccount('underwriting.write');
  const ZKey = z.object({ key: z.string().max(40) });
  const ZId = z.object({ id: z.coerce.number().int().positive() });

  // --- The blacklist -------------------------------------------------------------------------

  routes.get(`${BASE}/blacklist`, { preHandler: read }, async () => service.listBlacklist());

  routes.post(
    `${BASE}/blacklist`,
    {
      preHandler: write,
      schema: { body: ZBlacklistAdd },
    },
    async (request, reply) => {
      const { idNumber, reason } = request.body;
      const added = await service.addToBlacklist(idNumber, reason, actorOf(request));
      reply.code(201);
      return added;
    },
  );

  routes.post(
    `${BASE}/blacklist/:key/remove`,
    { preHandler: write, schema: { params: ZKey, body: ZBlacklistRemove } },
    async (request) => service.removeFromBlacklist(request.params.key, request.body.reason, actorOf(request)),
  );

  routes.post(
    `${BASE}/blacklist/:key/reveal`,
    { preHandler: access.requireAccount('underwriting.reveal'), schema: { params: ZKey } },
    async (request) => service.revealBlacklisted(request.params.key, actorOf(request)),
  );

  // --- Rate tables ---------------------------------------------------------------------------

  routes.get(`${BASE}/rate-tables`, { preHandler: read }, async () => service.listRateTables());

  routes.get(`${BASE}/rate-tables/:id`, { preHandler: read, schema: { params: ZId } }, async (request) =>
    service.getRateTable(request.params.id),
  );

  routes.post(
    `${BASE}/rate-tables`,
    {
      preHandler: write,
      schema: { body: ZRateTableUpload },
    },
    async (request, reply) => {
      const stored = await service.uploadRateTable(request.body, actorOf(request));
      reply.code(201);
      return stored;
    },
  );

  routes.get(`${BASE}/rate-tables/:id/diff`, { preHandler: read, schema: { params: ZId } }, async (request) =>
    service.diffRateTable(request.params.id),
  );

  routes.post(
    `${BASE}/rate-tables/:id/activate`,
    {
      preHandler: write,
      schema: {
        params: ZId,
        body: ZRateTableActivate.optional(),
      },
    },
    async (request) => service.activateRateTable(request.params.id, request.body?.note, actorOf(request)),
  );
}
