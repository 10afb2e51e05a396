import {
  ZBanner,
  ZBannerChange,
  ZBannerReorder,
  ZFlagsChange,
  ZNotice,
  ZNoticeChange,
} from '@lionrock/domain/back-office/system-requests';
import { COUNTRIES } from '@lionrock/domain/market/market';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../../lib/openapi.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TSettingsTable } from './system-admin-repository.ts';
import type { TSystemAdminService } from './system-admin-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/system`;
const ZCountry = z.enum(COUNTRIES);
const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZAnswer = z.any();

/**
 * The system settings of the back office (issue 18, decision 082): flags per market, maintenance
 * notices and banners. 'system.read' to read, 'system.write' to change; every change is audited in
 * its transaction. The tables' triggers NOTIFY "table_changed", so every server's cache (the system
 * service's) drops the old values within seconds, on every instance.
 */
export async function systemAdminRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TSystemAdminService },
): Promise<void> {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('system.read');
  const write = access.requireAccount('system.write');
  const actorOf = (request: FastifyRequest) => ({
    id: request.account!.id,
    label: `${request.account!.displayName} (${request.account!.username})`,
  });

  routes.get(
    BASE,
    { preHandler: read, schema: { response: { 200: ZAnswer, ...apiErrors(401, 403) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.overview();
    },
  );

  routes.put(
    `${BASE}/flags/:country`,
    {
      preHandler: write,
      schema: {
        params: z.object({ country: ZCountry }),
        body: ZFlagsChange,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => service.updateFlags(request.params.country, request.body, actorOf(request)),
  );

  /** Create, update and delete of notices or banners, audited the same way. */
  function crud(
    path: string,
    kind: TSettingsTable,
    schema: typeof ZNotice | typeof ZBanner,
    change: typeof ZNoticeChange | typeof ZBannerChange,
  ) {
    routes.post(
      `${BASE}/${path}`,
      {
        preHandler: write,
        schema: { body: schema, response: { 200: ZAnswer, ...apiErrors(400, 401, 403) } },
      },
      async (request) => service.create(kind, request.body, actorOf(request)),
    );
    routes.put(
      `${BASE}/${path}/:id`,
      {
        preHandler: write,
        schema: {
          params: ZId,
          body: change,
          response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => service.update(kind, request.params.id, request.body, actorOf(request)),
    );
    routes.delete(
      `${BASE}/${path}/:id`,
      {
        preHandler: write,
        schema: { params: ZId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
      },
      async (request) => service.remove(kind, request.params.id, actorOf(request)),
    );
  }

  crud('notices', 'notice', ZNotice, ZNoticeChange);
  crud('banners', 'banner', ZBanner, ZBannerChange);

  /** Sets the order of banners: the ids in the order wanted (one market and product's list). */
  routes.post(
    `${BASE}/banners/reorder`,
    {
      preHandler: write,
      schema: {
        body: ZBannerReorder,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => service.reorderBanners(request.body.ids, actorOf(request)),
  );
}
