import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { createSystemAdminRepository, type TSettingsTable } from './system-admin-repository.ts';

const BASE = `${STAFF_API_PREFIX}/admin/system`;
const ZCountry = z.enum(['SGP', 'HKG']);
const ZWhen = z.iso.datetime({ offset: true }).nullable();
const ZId = z.object({ id: z.coerce.number().int().positive() });
const ZAnswer = z.any();

export const ZFlagsChangeSchema = z
  .object({
    systemAvailable: z.boolean(),
    privateMode: z.boolean(),
    paynowAvailable: z.boolean(),
    seniorLoadingAvailable: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Change at least one flag.' });

export const ZNoticeSchema = z.object({
  country: ZCountry,
  messageEn: z.string().trim().min(1).max(300),
  longMessageEn: z.string().trim().max(2000).optional(),
  messageZh: z.string().trim().min(1).max(300),
  longMessageZh: z.string().trim().max(2000).optional(),
  active: z.boolean().optional(),
  startsAt: ZWhen.optional(),
  endsAt: ZWhen.optional(),
});

export const ZBannerSchema = z.object({
  country: ZCountry,
  product: z.enum(['PTR', 'PAN', 'HOM']),
  titleEn: z.string().trim().min(1).max(200),
  contentEn: z.string().trim().max(1000).optional(),
  titleZh: z.string().trim().min(1).max(200),
  contentZh: z.string().trim().max(1000).optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullable()
    .optional(),
  active: z.boolean().optional(),
  startsAt: ZWhen.optional(),
  endsAt: ZWhen.optional(),
});

const dated = <T extends { startsAt?: string | null; endsAt?: string | null }>(value: T) => {
  const out: Record<string, unknown> = { ...value };
  if (value.startsAt !== undefined) out.startsAt = value.startsAt ? new Date(value.startsAt) : null;
  if (value.endsAt !== undefined) out.endsAt = value.endsAt ? new Date(value.endsAt) : null;
  const starts = out.startsAt as Date | null | undefined;
  const ends = out.endsAt as Date | null | undefined;
  if (starts && ends && ends <= starts)
    throw new ApiError(400, 'The end must come after the start.', { field: 'endsAt' });
  return out;
};

/**
 * The system settings of the back office (issue 18, decision 082): flags per market, maintenance
 * notices and banners. 'system.read' to read, 'system.write' to change; every change is audited in
 * its transaction. The tables' triggers NOTIFY "table_changed", so every server's cache (the system
 * service's) drops the old values within seconds, on every instance.
 */
export async function systemAdminRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb },
): Promise<void> {
  const { access } = options;
  const repository = createSystemAdminRepository(options.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('system.read');
  const write = access.requireAccount('system.write');
  const actorOf = (request: FastifyRequest) => ({
    id: request.account!.id,
    label: `${request.account!.displayName} (${request.account!.username})`,
  });
  const noSuchRecord = () => new ApiError(404, 'No such record.', { field: 'id' });

  routes.get(
    BASE,
    { preHandler: read, schema: { response: { 200: ZAnswer, ...apiErrors(401, 403) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return repository.overview();
    },
  );

  routes.put(
    `${BASE}/flags/:country`,
    {
      preHandler: write,
      schema: {
        params: z.object({ country: ZCountry }),
        body: ZFlagsChangeSchema,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const after = await repository.updateFlags(request.params.country, request.body, actorOf(request));
      if (!after) throw new ApiError(404, 'No flags for this market.', { field: 'country' });
      return after;
    },
  );

  /** Create, update and delete of notices or banners, audited the same way. */
  function crud(
    path: string,
    kind: TSettingsTable,
    schema: typeof ZNoticeSchema | typeof ZBannerSchema,
    defaults: (body: Record<string, unknown>) => Record<string, unknown>,
  ) {
    routes.post(
      `${BASE}/${path}`,
      {
        preHandler: write,
        schema: { body: schema, response: { 200: ZAnswer, ...apiErrors(400, 401, 403) } },
      },
      async (request) => {
        const values = dated(request.body);
        return repository.create(kind, { ...defaults(values), ...values }, actorOf(request));
      },
    );
    routes.put(
      `${BASE}/${path}/:id`,
      {
        preHandler: write,
        schema: {
          params: ZId,
          body: schema.partial(),
          response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const changes = dated(request.body);
        const after = await repository.update(
          kind,
          request.params.id,
          changes,
          actorOf(request),
          (before) => {
            const startsAt = (
              changes.startsAt === undefined ? before.startsAt : changes.startsAt
            ) as Date | null;
            const endsAt = (changes.endsAt === undefined ? before.endsAt : changes.endsAt) as Date | null;
            if (startsAt && endsAt && endsAt <= startsAt)
              throw new ApiError(400, 'The end must come after the start.', { field: 'endsAt' });
          },
        );
        if (!after) throw noSuchRecord();
        return after;
      },
    );
    routes.delete(
      `${BASE}/${path}/:id`,
      {
        preHandler: write,
        schema: { params: ZId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
      },
      async (request) => {
        if (!(await repository.remove(kind, request.params.id, actorOf(request)))) throw noSuchRecord();
        return { deleted: true };
      },
    );
  }

  const code = (prefix: string, body: Record<string, unknown>) =>
    `${body.country}-${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
  // What a new record has unless the request says otherwise (a partial update keeps the rest).
  crud('notices', 'notice', ZNoticeSchema, (body) => ({
    code: code('NOTICE', body),
    longMessageEn: '',
    longMessageZh: '',
    active: false,
  }));
  crud('banners', 'banner', ZBannerSchema, (body) => ({
    code: code(String(body.product), body),
    contentEn: '',
    contentZh: '',
    active: true,
  }));

  /** Sets the order of banners: the ids in the order wanted (one market and product's list). */
  routes.post(
    `${BASE}/banners/reorder`,
    {
      preHandler: write,
      schema: {
        body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await repository.reorderBanners(request.body.ids, actorOf(request))))
        throw new ApiError(404, 'Some of these banners do not exist.', { field: 'ids' });
      return { order: request.body.ids };
    },
  );
}
