import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { banners, maintenanceNotices, systemFlags } from '../../../db/schema.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';

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
const plain = (row: object | undefined) => {
  if (!row) return null;
  const { createdAt: _c, updatedAt: _u, ...rest } = row as Record<string, unknown>;
  return rest;
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
  const { access, db } = options;
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
    async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      const [flags, notices, bannerRows] = await Promise.all([
        db.select().from(systemFlags).orderBy(asc(systemFlags.country)),
        db
          .select()
          .from(maintenanceNotices)
          .orderBy(asc(maintenanceNotices.country), asc(maintenanceNotices.id)),
        db
          .select()
          .from(banners)
          .orderBy(asc(banners.country), asc(banners.product), asc(banners.sortOrder), asc(banners.id)),
      ]);
      return { flags, notices, banners: bannerRows };
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
      const { country } = request.params;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(systemFlags)
          .where(eq(systemFlags.country, country))
          .for('update');
        if (!before) throw new ApiError(404, 'No flags for this market.', { field: 'country' });
        const [after] = await tx
          .update(systemFlags)
          .set({ ...request.body, updatedAt: sql`now()` })
          .where(eq(systemFlags.country, country))
          .returning();
        await recordAudit(tx, {
          at: new Date(),
          actor: actorOf(request),
          action: 'update',
          entity: 'system_flags',
          entityId: country,
          before: plain(before),
          after: plain(after),
        });
        return after;
      });
    },
  );

  /** Create, update and delete of a notice or banner table, audited the same way. */
  function crud<TTable extends typeof maintenanceNotices | typeof banners>(
    path: string,
    table: TTable,
    entity: string,
    schema: typeof ZNoticeSchema | typeof ZBannerSchema,
    defaults: (body: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const t = table as typeof banners;
    routes.post(
      `${BASE}/${path}`,
      {
        preHandler: write,
        schema: { body: schema, response: { 200: ZAnswer, ...apiErrors(400, 401, 403) } },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const values = dated(request.body);
          const [row] = await tx
            .insert(t)
            .values({ ...defaults(values), ...values } as typeof banners.$inferInsert)
            .returning();
          await recordAudit(tx, {
            at: new Date(),
            actor: actorOf(request),
            action: 'create',
            entity,
            entityId: String(row!.id),
            before: null,
            after: plain(row),
          });
          return row;
        }),
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
      async (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(t).where(eq(t.id, request.params.id)).for('update');
          if (!before) throw new ApiError(404, 'No such record.', { field: 'id' });
          const changes = dated(request.body);
          const merged = { startsAt: before.startsAt, endsAt: before.endsAt, ...changes } as {
            startsAt: Date | null;
            endsAt: Date | null;
          };
          if (merged.startsAt && merged.endsAt && merged.endsAt <= merged.startsAt)
            throw new ApiError(400, 'The end must come after the start.', { field: 'endsAt' });
          const [after] = await tx
            .update(t)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(t.id, request.params.id))
            .returning();
          await recordAudit(tx, {
            at: new Date(),
            actor: actorOf(request),
            action: 'update',
            entity,
            entityId: String(before.id),
            before: plain(before),
            after: plain(after),
          });
          return after;
        }),
    );
    routes.delete(
      `${BASE}/${path}/:id`,
      {
        preHandler: write,
        schema: { params: ZId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const [before] = await tx.delete(t).where(eq(t.id, request.params.id)).returning();
          if (!before) throw new ApiError(404, 'No such record.', { field: 'id' });
          await recordAudit(tx, {
            at: new Date(),
            actor: actorOf(request),
            action: 'delete',
            entity,
            entityId: String(before.id),
            before: plain(before),
            after: null,
          });
          return { deleted: true };
        }),
    );
  }

  const code = (prefix: string, body: Record<string, unknown>) =>
    `${body.country}-${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
  // What a new record has unless the request says otherwise (a partial update keeps the rest).
  crud('notices', maintenanceNotices, 'maintenance_notice', ZNoticeSchema, (body) => ({
    code: code('NOTICE', body),
    longMessageEn: '',
    longMessageZh: '',
    active: false,
  }));
  crud('banners', banners, 'banner', ZBannerSchema, (body) => ({
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
    async (request) =>
      db.transaction(async (tx) => {
        const { ids } = request.body;
        const rows = await tx.select().from(banners).where(inArray(banners.id, ids)).for('update');
        if (rows.length !== new Set(ids).size || rows.length !== ids.length)
          throw new ApiError(404, 'Some of these banners do not exist.', { field: 'ids' });
        const before = Object.fromEntries(rows.map((row) => [row.id, row.sortOrder]));
        for (const [index, id] of ids.entries())
          await tx
            .update(banners)
            .set({ sortOrder: index + 1, updatedAt: sql`now()` })
            .where(eq(banners.id, id));
        await recordAudit(tx, {
          at: new Date(),
          actor: actorOf(request),
          action: 'reorder',
          entity: 'banner',
          entityId: ids.join(','),
          before: { sortOrder: before },
          after: { sortOrder: Object.fromEntries(ids.map((id, index) => [id, index + 1])) },
        });
        return { order: ids };
      }),
  );
}
