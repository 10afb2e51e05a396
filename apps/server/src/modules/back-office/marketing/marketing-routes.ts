import { randomInt } from 'node:crypto';
import {
  CAMPAIGN_COUNTRIES,
  CAMPAIGN_PRODUCTS,
  CAMPAIGN_STATUSES,
  campaignErrors,
  MAX_CODES_PER_BATCH,
  PROMO_CODE_ALPHABET,
  promoCodeProblem,
  promoPrefixProblem,
  randomPartLength,
  type TCampaignInput,
} from '@lionrock/domain/back-office/campaign-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { campaigns, policies, promoCodes } from '../../../db/schema.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { contentDisposition } from '../../../lib/content-disposition.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { detectContent, sanitiseFileName } from '../../../storage/file-content.ts';
import { auditOf, recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';

const BASE = `${STAFF_API_PREFIX}/admin/campaigns`;
/** A campaign image: at most 500 kB decoded; the JSON body carries it as base64 (4/3 larger). */
export const CAMPAIGN_IMAGE_MAX_BYTES = 500 * 1024;
const CAMPAIGN_IMAGE_BODY_LIMIT = 700 * 1024;
const CAMPAIGN_IMAGE_TYPES = ['image/png', 'image/jpeg'];

const ZCampaignInput = z.object({
  campaignCode: z.string().trim().toUpperCase().max(40),
  campaignName: z.string().max(200),
  status: z.enum(CAMPAIGN_STATUSES),
  productCode: z.enum(CAMPAIGN_PRODUCTS),
  country: z.enum(CAMPAIGN_COUNTRIES),
  startDate: z.string().max(10),
  endDate: z.string().max(10),
  marketingMessage: z.string().max(300).default(''),
  marketingMessageCn: z.string().max(300).default(''),
  promoCodeRequired: z.boolean(),
  promoCodeReusability: z.enum(['REUSABLE', 'SINGLE_USE']),
  promoCodeDescription: z.string().max(300).default(''),
  promoCodeDescriptionCn: z.string().max(300).default(''),
  discountType: z.enum(['PERCENT', 'AMOUNT']),
  discountValue: z.number(),
  termsConditionsEn: z.string().max(4000),
  termsConditionsCn: z.string().max(4000),
  voucherCents: z.number().nullable().default(null),
  voucherDescription: z.string().max(300).default(''),
  voucherDescriptionCn: z.string().max(300).default(''),
}) satisfies z.ZodType<TCampaignInput, unknown>;

type TCampaignRow = typeof campaigns.$inferSelect;

/** The fields marketing edits, as stored (empty texts kept as null, as the seeds do). */
function editable(row: TCampaignRow): TCampaignInput {
  return {
    campaignCode: row.campaignCode,
    campaignName: row.campaignName,
    status: row.status as TCampaignInput['status'],
    productCode: row.productCode as TCampaignInput['productCode'],
    country: row.country as TCampaignInput['country'],
    startDate: row.startDate,
    endDate: row.endDate,
    marketingMessage: row.marketingMessage ?? '',
    marketingMessageCn: row.marketingMessageCn ?? '',
    promoCodeRequired: row.promoCodeRequired,
    promoCodeReusability: row.promoCodeReusability as TCampaignInput['promoCodeReusability'],
    promoCodeDescription: row.promoCodeDescription ?? '',
    promoCodeDescriptionCn: row.promoCodeDescriptionCn ?? '',
    discountType: row.discountType as TCampaignInput['discountType'],
    discountValue: row.discountValue,
    termsConditionsEn: row.termsConditionsEn ?? '',
    termsConditionsCn: row.termsConditionsCn ?? '',
    voucherCents: row.voucherCents,
    voucherDescription: row.voucherDescription ?? '',
    voucherDescriptionCn: row.voucherDescriptionCn ?? '',
  };
}

function columnsOf(input: TCampaignInput) {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    ...input,
    campaignName: input.campaignName.trim(),
    marketingMessage: orNull(input.marketingMessage),
    marketingMessageCn: orNull(input.marketingMessageCn),
    promoCodeDescription: orNull(input.promoCodeDescription),
    promoCodeDescriptionCn: orNull(input.promoCodeDescriptionCn),
    voucherDescription: orNull(input.voucherDescription),
    voucherDescriptionCn: orNull(input.voucherDescriptionCn),
  };
}

function refuseInvalid(input: TCampaignInput): void {
  const errors = campaignErrors(input);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field) throw new ApiError(400, message!, { field });
}

/** A made code: the prefix, then random characters of the unambiguous alphabet, to the promo field's length. */
function madeCode(prefix: string): string {
  let code = prefix;
  for (let index = 0; index < randomPartLength(prefix); index += 1)
    code += PROMO_CODE_ALPHABET[randomInt(PROMO_CODE_ALPHABET.length)];
  return code;
}

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * Marketing's campaigns and promo codes (issue 18): list, one campaign with its codes' use and audit
 * trail, create and edit every spec field, make single-use codes in bulk or add a reusable code, and
 * the codes as CSV. Pricing reads campaigns through its table cache, which every instance refreshes
 * on the table's change notification, so a saved campaign prices quotes within seconds everywhere.
 */
export async function marketingRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb; now: () => Date },
) {
  const { access, db, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('marketing.read');
  const write = access.requireAccount('marketing.write');
  const actorOf = (request: { account?: { id: string; username: string } }) => ({
    id: request.account!.id,
    label: request.account!.username,
  });

  async function codeCounts(campaignId?: number) {
    const rows = await db
      .select({
        campaignId: promoCodes.campaignId,
        status: promoCodes.status,
        count: sql<number>`count(*)::int`,
      })
      .from(promoCodes)
      .where(campaignId === undefined ? undefined : eq(promoCodes.campaignId, campaignId))
      .groupBy(promoCodes.campaignId, promoCodes.status);
    const counts = new Map<number, { available: number; reserved: number; used: number }>();
    for (const row of rows) {
      const entry = counts.get(row.campaignId) ?? { available: 0, reserved: 0, used: 0 };
      if (row.status === 'USED') entry.used += row.count;
      else if (row.status === 'RESERVED') entry.reserved += row.count;
      else entry.available += row.count;
      counts.set(row.campaignId, entry);
    }
    return counts;
  }

  async function findCampaign(campaignId: number): Promise<TCampaignRow> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.campaignId, campaignId));
    if (!row) throw new ApiError(404, 'No such campaign.', { field: 'campaignId' });
    return row;
  }

  const ZCounts = z.object({ available: z.number(), reserved: z.number(), used: z.number() });
  const ZCampaign = ZCampaignInput.extend({ campaignId: z.number(), codes: ZCounts, updatedBy: z.string() });
  const present = (row: TCampaignRow, counts: Map<number, z.infer<typeof ZCounts>>) => ({
    ...editable(row),
    campaignId: row.campaignId,
    codes: counts.get(row.campaignId) ?? { available: 0, reserved: 0, used: 0 },
    updatedBy: row.updatedBy,
  });

  routes.get(
    BASE,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        querystring: z.object({
          country: z.enum(CAMPAIGN_COUNTRIES).optional(),
          product: z.enum(CAMPAIGN_PRODUCTS).optional(),
        }),
        response: { 200: z.object({ campaigns: z.array(ZCampaign) }), ...apiErrors(401, 403) },
      },
    },
    async (request) => {
      const { country, product } = request.query;
      const rows = await db
        .select()
        .from(campaigns)
        .where(
          and(
            country ? eq(campaigns.country, country) : undefined,
            product ? eq(campaigns.productCode, product) : undefined,
          ),
        )
        .orderBy(asc(campaigns.country), asc(campaigns.productCode), asc(campaigns.campaignCode));
      const counts = await codeCounts();
      return { campaigns: rows.map((row) => present(row, counts)) };
    },
  );

  routes.get(
    `${BASE}/:campaignId`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        params: z.object({ campaignId: z.coerce.number().int().positive() }),
        response: {
          200: z.object({
            campaign: ZCampaign,
            sales: z.object({ policies: z.number() }),
            audit: z.array(
              z.object({
                at: z.string(),
                actor: z.string(),
                action: z.string(),
                before: z.unknown(),
                after: z.unknown(),
              }),
            ),
          }),
          ...apiErrors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await findCampaign(request.params.campaignId);
      const [sold] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(policies)
        .where(
          and(
            sql`${policies.policyNumber} is not null`,
            eq(policies.country, row.country),
            eq(policies.productType, row.productCode),
            sql`upper(${policies.document}->'campaign'->>'campaignCode') = upper(${row.campaignCode})`,
          ),
        );
      const trail = await auditOf(db, 'campaign', String(row.campaignId));
      return {
        campaign: present(row, await codeCounts(row.campaignId)),
        sales: { policies: sold?.count ?? 0 },
        audit: trail.map((entry) => ({
          at: entry.at.toISOString(),
          actor: entry.actor,
          action: entry.action,
          before: entry.before,
          after: entry.after,
        })),
      };
    },
  );

  routes.post(
    BASE,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZCampaignInput,
        response: { 200: z.object({ campaignId: z.number() }), ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const input = request.body as TCampaignInput;
      refuseInvalid(input);
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(campaigns)
          .values({ ...columnsOf(input), createdBy: actor.label, updatedBy: actor.label })
          .onConflictDoNothing()
          .returning();
        if (!row)
          throw new ApiError(409, 'This market and product already have a campaign with this code.', {
            field: 'campaignCode',
          });
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'create',
          entity: 'campaign',
          entityId: String(row.campaignId),
          before: null,
          after: editable(row),
        });
        return { campaignId: row.campaignId };
      });
    },
  );

  routes.put(
    `${BASE}/:campaignId`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: z.object({ campaignId: z.coerce.number().int().positive() }),
        body: ZCampaignInput,
        response: { 200: z.object({ campaignId: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = request.body as TCampaignInput;
      refuseInvalid(input);
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(campaigns)
          .where(eq(campaigns.campaignId, request.params.campaignId))
          .for('update');
        if (!before) throw new ApiError(404, 'No such campaign.', { field: 'campaignId' });
        const [after] = await tx
          .update(campaigns)
          .set({ ...columnsOf(input), updatedBy: actor.label, updatedAt: now() })
          .where(eq(campaigns.campaignId, before.campaignId))
          .returning();
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'update',
          entity: 'campaign',
          entityId: String(before.campaignId),
          before: editable(before),
          after: editable(after!),
        });
        return { campaignId: before.campaignId };
      });
    },
  );

  // The campaign's image (issue 18, decision 088): PNG or JPEG only, known by its first bytes as the
  // claims uploads are (storage/file-content.ts); never SVG, which can carry script. At most 500 kB
  // decoded, so this route alone takes a body larger than the app's BODY_LIMIT.
  routes.put(
    `${BASE}/:campaignId/image`,
    {
      preHandler: write,
      bodyLimit: CAMPAIGN_IMAGE_BODY_LIMIT,
      schema: {
        tags: ['back-office'],
        params: z.object({ campaignId: z.coerce.number().int().positive() }),
        body: z.object({
          contentType: z.string().max(100),
          dataBase64: z.string().min(1).max(CAMPAIGN_IMAGE_BODY_LIMIT),
          fileName: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({ campaignId: z.number(), contentType: z.string(), bytes: z.number() }),
          ...apiErrors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { contentType, dataBase64, fileName } = request.body;
      if (!CAMPAIGN_IMAGE_TYPES.includes(contentType.toLowerCase()))
        throw new ApiError(400, 'The image must be a PNG or a JPEG.', { field: 'contentType' });
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(dataBase64))
        throw new ApiError(400, 'The image is not valid base64.', { field: 'dataBase64' });
      const data = Buffer.from(dataBase64, 'base64');
      if (data.length > CAMPAIGN_IMAGE_MAX_BYTES)
        throw new ApiError(400, 'The image is larger than 500 kB.', { field: 'dataBase64' });
      const check = detectContent(data.subarray(0, 64));
      if (!check.ok || (check.contentType !== 'image/png' && check.contentType !== 'image/jpeg'))
        throw new ApiError(400, 'The file is not a PNG or JPEG image.', { field: 'dataBase64' });
      const actor = actorOf(request);
      const imageFileName = sanitiseFileName(fileName).slice(0, 100);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            campaignId: campaigns.campaignId,
            imageContentType: campaigns.imageContentType,
            imageFileName: campaigns.imageFileName,
          })
          .from(campaigns)
          .where(eq(campaigns.campaignId, request.params.campaignId))
          .for('update');
        if (!before) throw new ApiError(404, 'No such campaign.', { field: 'campaignId' });
        await tx
          .update(campaigns)
          .set({
            imageData: data.toString('base64'),
            imageContentType: check.contentType,
            imageFileName,
            updatedBy: actor.label,
            updatedAt: now(),
          })
          .where(eq(campaigns.campaignId, before.campaignId));
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'image',
          entity: 'campaign',
          entityId: String(before.campaignId),
          before: { imageContentType: before.imageContentType, imageFileName: before.imageFileName },
          after: { imageContentType: check.contentType, imageFileName, bytes: data.length },
        });
        return { campaignId: before.campaignId, contentType: check.contentType, bytes: data.length };
      });
    },
  );

  routes.post(
    `${BASE}/:campaignId/codes`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: z.object({ campaignId: z.coerce.number().int().positive() }),
        body: z.union([
          z.object({
            count: z.number().int().min(1).max(MAX_CODES_PER_BATCH),
            prefix: z.string().trim().toUpperCase().max(10).default(''),
          }),
          z.object({ code: z.string().trim().toUpperCase().max(20) }),
        ]),
        response: { 200: z.object({ added: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const campaign = await findCampaign(request.params.campaignId);
      const body = request.body;
      let codes: string[];
      if ('code' in body) {
        const problem = promoCodeProblem(body.code);
        if (problem) throw new ApiError(400, problem, { field: 'code' });
        codes = [body.code];
      } else {
        if (campaign.promoCodeReusability !== 'SINGLE_USE')
          throw new ApiError(
            409,
            'Codes are made in bulk for a single-use campaign; a reusable one takes a typed code.',
            {
              field: 'count',
            },
          );
        const problem = promoPrefixProblem(body.prefix);
        if (problem) throw new ApiError(400, problem, { field: 'prefix' });
        const made = new Set<string>();
        while (made.size < body.count) made.add(madeCode(body.prefix));
        codes = [...made];
      }
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        let added = 0;
        for (let start = 0; start < codes.length; start += 500) {
          const inserted = await tx
            .insert(promoCodes)
            .values(
              codes.slice(start, start + 500).map((code) => ({ campaignId: campaign.campaignId, code })),
            )
            .onConflictDoNothing()
            .returning({ id: promoCodes.id });
          added += inserted.length;
        }
        if ('code' in body && added === 0)
          throw new ApiError(409, 'This campaign has that code already.', { field: 'code' });
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'add-codes',
          entity: 'campaign',
          entityId: String(campaign.campaignId),
          before: null,
          after: { added },
        });
        return { added };
      });
    },
  );

  routes.get(
    `${BASE}/:campaignId/codes.csv`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        params: z.object({ campaignId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const campaign = await findCampaign(request.params.campaignId);
      const rows = await db
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.campaignId, campaign.campaignId))
        .orderBy(asc(promoCodes.id));
      const lines = ['code,status,used_at'];
      for (const row of rows)
        lines.push([row.code, row.status, row.usedAt?.toISOString() ?? ''].map(csvCell).join(','));
      await recordAudit(db, {
        at: now(),
        actor: actorOf(request),
        action: 'export-codes',
        entity: 'campaign',
        entityId: String(campaign.campaignId),
        before: null,
        after: { rows: rows.length },
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(`promo-codes-${campaign.campaignCode}-${campaign.country}.csv`),
        )
        .header('cache-control', 'no-store');
      return `${lines.join('\r\n')}\r\n`;
    },
  );
}
