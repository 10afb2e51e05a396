import {
  agentCampaignErrors,
  agentErrors,
  readStaffCodeImport,
  STAFF_CODE_IMPORT_MAX_BYTES,
  staffCodeKey,
  subAgentErrors,
  type TAgentCampaignInput,
  type TAgentInput,
  type TSubAgentInput,
} from '@lionrock/domain/back-office/partner-rules';
import { maskEmail, maskMobile } from '@lionrock/domain/self-service/contact-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { agentCampaigns, agents, staffCodes, subAgents } from '../../../db/schema.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';

const BASE = `${STAFF_API_PREFIX}/admin/partners`;

const text = (max = 400) => z.string().max(max);
const ZAgentInput = z.object({
  agentCode: text(40).trim().toUpperCase(),
  name: text().trim(),
  agency: text().trim(),
  email: text().trim(),
  tel: text(40).trim(),
  registrationNo: text(80).trim(),
  country: text(3),
  isDefault: z.boolean().default(false),
  active: z.boolean().default(true),
});
/** An edit: the code stays; e-mail and telephone only when changed (the form shows them masked). */
const ZAgentUpdate = ZAgentInput.omit({ agentCode: true }).extend({
  email: text().trim().optional(),
  tel: text(40).trim().optional(),
});
const ZSubAgentInput = z.object({
  subAgentCode: text(40).trim(),
  name: text().trim(),
  email: text().trim(),
  tel: text(40).trim(),
  active: z.boolean().default(true),
});
const ZSubAgentUpdate = ZSubAgentInput.omit({ subAgentCode: true }).extend({
  email: text().trim().optional(),
  tel: text(40).trim().optional(),
});
const ZAgentCampaignInput = z.object({
  code: text(80).trim().toUpperCase(),
  accountNo: text(40).trim().toUpperCase(),
  staffId: text(40).trim().default(''),
  productCode: text(3),
  country: text(3),
  promotion: text(80).trim().default(''),
  affiliation: text(80).trim().default(''),
  catalogueCode: text(80).trim().default(''),
  accountCommissionRate: z.number(),
  campaignCommissionRate: z.number(),
  url: text().trim().default(''),
  campaignTitle: text().trim().default(''),
  campaignDetails: text(4000).trim().default(''),
  active: z.boolean().default(true),
});

type TAgentRow = typeof agents.$inferSelect;
type TSubAgentRow = typeof subAgents.$inferSelect;
type TAgentCampaignRow = typeof agentCampaigns.$inferSelect;

function refuse(errors: Record<string, string | undefined>): void {
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field) throw new ApiError(400, message!, { field });
}

const agentOf = (row: TAgentRow): TAgentInput => ({
  agentCode: row.agentCode,
  name: row.name,
  agency: row.agency,
  email: row.email,
  tel: row.tel,
  registrationNo: row.registrationNo,
  country: row.country,
  isDefault: row.isDefault,
  active: row.active,
});
const subAgentOf = (row: TSubAgentRow): TSubAgentInput & { agentCode: string } => ({
  agentCode: row.agentCode,
  subAgentCode: row.subAgentCode,
  name: row.name,
  email: row.email,
  tel: row.tel,
  active: row.active,
});
const agentCampaignOf = (row: TAgentCampaignRow): TAgentCampaignInput & { id: number } => ({
  id: row.id,
  code: row.code,
  accountNo: row.accountNo,
  staffId: row.staffId ?? '',
  productCode: row.productCode,
  country: row.country,
  promotion: row.promotion ?? '',
  affiliation: row.affiliation ?? '',
  catalogueCode: row.catalogueCode ?? '',
  accountCommissionRate: row.accountCommissionRate,
  campaignCommissionRate: row.campaignCommissionRate,
  url: row.url ?? '',
  campaignTitle: row.campaignTitle ?? '',
  campaignDetails: row.campaignDetails ?? '',
  active: row.active,
});
const agentCampaignColumns = (input: TAgentCampaignInput) => {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    ...input,
    staffId: orNull(input.staffId),
    promotion: orNull(input.promotion),
    affiliation: orNull(input.affiliation),
    catalogueCode: orNull(input.catalogueCode),
    url: orNull(input.url),
    campaignTitle: orNull(input.campaignTitle),
    campaignDetails: orNull(input.campaignDetails),
  };
};

/** Lists show contact details masked: the e-mail `d***@h***.example`, the telephone's last four digits. */
const masked = <T extends { email: string; tel: string }>(row: T): T => ({
  ...row,
  email: maskEmail(row.email),
  tel: maskMobile('', row.tel.replace(/\s/g, '')),
});

const ZAgent = z.object({
  agentCode: z.string(),
  name: z.string(),
  agency: z.string(),
  email: z.string(),
  tel: z.string(),
  registrationNo: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
  active: z.boolean(),
});
const ZSubAgent = z.object({
  agentCode: z.string(),
  subAgentCode: z.string(),
  name: z.string(),
  email: z.string(),
  tel: z.string(),
  active: z.boolean(),
});
const ZAgentCampaign = ZAgentCampaignInput.extend({ id: z.number() });
const ZStaffCode = z.object({
  agentCode: z.string(),
  country: z.string(),
  productCode: z.string(),
  staffCode: z.string(),
  updatedAt: z.string(),
});

/**
 * Marketing's partner data (issue 18): agents (every column), their sub-agents, agent campaigns with
 * their commission rates, and staff codes with a CSV import that reports each row and saves the good
 * ones in one transaction when asked (`apply`), else only checks. Pricing reads agent campaigns through
 * its table cache, refreshed everywhere by the table's change notification (migration 0005).
 */
export async function partnersRoutes(
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
  const agentCodeParams = z.object({ agentCode: z.string().trim().toUpperCase().max(40) });

  async function findAgent(agentCode: string): Promise<TAgentRow> {
    const [row] = await db.select().from(agents).where(eq(agents.agentCode, agentCode));
    if (!row) throw new ApiError(404, 'No such agent.', { field: 'agentCode' });
    return row;
  }

  routes.get(
    `${BASE}/agents`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        response: {
          200: z.object({
            agents: z.array(
              ZAgent.extend({ subAgents: z.number(), campaigns: z.number(), staffCodes: z.number() }),
            ),
          }),
          ...apiErrors(401, 403),
        },
      },
    },
    async () => {
      const rows = await db.select().from(agents).orderBy(asc(agents.country), asc(agents.agentCode));
      const count = async (table: typeof subAgents | typeof staffCodes) => {
        const counted = await db
          .select({ agentCode: table.agentCode, count: sql<number>`count(*)::int` })
          .from(table)
          .groupBy(table.agentCode);
        return new Map(counted.map((row) => [row.agentCode, row.count]));
      };
      const subs = await count(subAgents);
      const codes = await count(staffCodes);
      const campaignCounts = new Map(
        (
          await db
            .select({ agentCode: agentCampaigns.accountNo, count: sql<number>`count(*)::int` })
            .from(agentCampaigns)
            .groupBy(agentCampaigns.accountNo)
        ).map((row) => [row.agentCode, row.count]),
      );
      return {
        agents: rows.map((row) => ({
          ...masked(agentOf(row)),
          subAgents: subs.get(row.agentCode) ?? 0,
          campaigns: campaignCounts.get(row.agentCode) ?? 0,
          staffCodes: codes.get(row.agentCode) ?? 0,
        })),
      };
    },
  );

  routes.get(
    `${BASE}/agents/:agentCode`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams,
        response: {
          200: z.object({
            agent: ZAgent,
            subAgents: z.array(ZSubAgent),
            campaigns: z.array(ZAgentCampaign),
            staffCodes: z.array(ZStaffCode),
          }),
          ...apiErrors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const agent = await findAgent(request.params.agentCode);
      const subs = await db
        .select()
        .from(subAgents)
        .where(eq(subAgents.agentCode, agent.agentCode))
        .orderBy(asc(subAgents.subAgentCode));
      const campaigns = await db
        .select()
        .from(agentCampaigns)
        .where(eq(agentCampaigns.accountNo, agent.agentCode))
        .orderBy(asc(agentCampaigns.code));
      const codes = await db
        .select()
        .from(staffCodes)
        .where(eq(staffCodes.agentCode, agent.agentCode))
        .orderBy(asc(staffCodes.country), asc(staffCodes.productCode));
      return {
        agent: masked(agentOf(agent)),
        subAgents: subs.map((row) => masked(subAgentOf(row))),
        campaigns: campaigns.map(agentCampaignOf),
        staffCodes: codes.map((row) => ({
          agentCode: row.agentCode,
          country: row.country,
          productCode: row.productCode,
          staffCode: row.staffCode,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
  );

  routes.post(
    `${BASE}/agents`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZAgentInput,
        response: { 200: z.object({ agentCode: z.string() }), ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const input = request.body;
      refuse(agentErrors(input));
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(agents).values(input).onConflictDoNothing().returning();
        if (!row)
          throw new ApiError(409, 'There is already an agent with this code.', { field: 'agentCode' });
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'create',
          entity: 'agent',
          entityId: row.agentCode,
          before: null,
          after: agentOf(row),
        });
        return { agentCode: row.agentCode };
      });
    },
  );

  routes.put(
    `${BASE}/agents/:agentCode`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams,
        body: ZAgentUpdate,
        response: { 200: z.object({ agentCode: z.string() }), ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const before = await findAgent(request.params.agentCode);
      const body = request.body;
      const input: TAgentInput = {
        ...body,
        agentCode: before.agentCode,
        email: body.email || before.email,
        tel: body.tel || before.tel,
      };
      refuse(agentErrors(input));
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [after] = await tx
          .update(agents)
          .set({ ...input, updatedAt: now() })
          .where(eq(agents.agentCode, before.agentCode))
          .returning();
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'update',
          entity: 'agent',
          entityId: before.agentCode,
          before: agentOf(before),
          after: agentOf(after!),
        });
        return { agentCode: before.agentCode };
      });
    },
  );

  routes.post(
    `${BASE}/agents/:agentCode/sub-agents`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams,
        body: ZSubAgentInput,
        response: { 200: z.object({ subAgentCode: z.string() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const agent = await findAgent(request.params.agentCode);
      const input = request.body;
      refuse(subAgentErrors(input));
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(subAgents)
          .values({ ...input, agentCode: agent.agentCode })
          .onConflictDoNothing()
          .returning();
        if (!row)
          throw new ApiError(409, 'This agent already has a sub-agent with this code.', {
            field: 'subAgentCode',
          });
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'create',
          entity: 'sub-agent',
          entityId: `${row.agentCode}/${row.subAgentCode}`,
          before: null,
          after: subAgentOf(row),
        });
        return { subAgentCode: row.subAgentCode };
      });
    },
  );

  routes.put(
    `${BASE}/agents/:agentCode/sub-agents/:subAgentCode`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: agentCodeParams.extend({ subAgentCode: z.string().max(40) }),
        body: ZSubAgentUpdate,
        response: { 200: z.object({ subAgentCode: z.string() }), ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { agentCode, subAgentCode } = request.params;
      const where = and(eq(subAgents.agentCode, agentCode), eq(subAgents.subAgentCode, subAgentCode));
      const [before] = await db.select().from(subAgents).where(where);
      if (!before) throw new ApiError(404, 'No such sub-agent.', { field: 'subAgentCode' });
      const body = request.body;
      const input: TSubAgentInput = {
        ...body,
        subAgentCode,
        email: body.email || before.email,
        tel: body.tel || before.tel,
      };
      refuse(subAgentErrors(input));
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [after] = await tx
          .update(subAgents)
          .set({ ...input, updatedAt: now() })
          .where(where)
          .returning();
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'update',
          entity: 'sub-agent',
          entityId: `${agentCode}/${subAgentCode}`,
          before: subAgentOf(before),
          after: subAgentOf(after!),
        });
        return { subAgentCode };
      });
    },
  );

  routes.post(
    `${BASE}/agent-campaigns`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZAgentCampaignInput,
        response: { 200: z.object({ id: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = request.body;
      refuse(agentCampaignErrors(input));
      await findAgent(input.accountNo);
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(agentCampaigns)
          .values(agentCampaignColumns(input))
          .onConflictDoNothing()
          .returning();
        if (!row)
          throw new ApiError(409, 'There is already an agent campaign with this code.', { field: 'code' });
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'create',
          entity: 'agent-campaign',
          entityId: String(row.id),
          before: null,
          after: agentCampaignOf(row),
        });
        return { id: row.id };
      });
    },
  );

  routes.put(
    `${BASE}/agent-campaigns/:id`,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZAgentCampaignInput,
        response: { 200: z.object({ id: z.number() }), ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const input = request.body;
      refuse(agentCampaignErrors(input));
      await findAgent(input.accountNo);
      const [before] = await db.select().from(agentCampaigns).where(eq(agentCampaigns.id, request.params.id));
      if (!before) throw new ApiError(404, 'No such agent campaign.', { field: 'id' });
      const [clash] = await db.select().from(agentCampaigns).where(eq(agentCampaigns.code, input.code));
      if (clash && clash.id !== before.id)
        throw new ApiError(409, 'There is already an agent campaign with this code.', { field: 'code' });
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const [after] = await tx
          .update(agentCampaigns)
          .set({ ...agentCampaignColumns(input), updatedAt: now() })
          .where(eq(agentCampaigns.id, before.id))
          .returning();
        await recordAudit(tx, {
          at: now(),
          actor,
          action: 'update',
          entity: 'agent-campaign',
          entityId: String(before.id),
          before: agentCampaignOf(before),
          after: agentCampaignOf(after!),
        });
        return { id: before.id };
      });
    },
  );

  routes.get(
    `${BASE}/staff-codes`,
    {
      preHandler: read,
      schema: {
        tags: ['back-office'],
        querystring: z.object({ agentCode: z.string().trim().toUpperCase().max(40).optional() }),
        response: { 200: z.object({ staffCodes: z.array(ZStaffCode) }), ...apiErrors(401, 403) },
      },
    },
    async (request) => {
      const { agentCode } = request.query;
      const rows = await db
        .select()
        .from(staffCodes)
        .where(agentCode ? eq(staffCodes.agentCode, agentCode) : undefined)
        .orderBy(asc(staffCodes.agentCode), asc(staffCodes.country), asc(staffCodes.productCode));
      return {
        staffCodes: rows.map((row) => ({
          agentCode: row.agentCode,
          country: row.country,
          productCode: row.productCode,
          staffCode: row.staffCode,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
  );

  const ZReportRow = z.object({
    row: z.number(),
    status: z.enum(['ok', 'error']),
    field: z.string().nullable(),
    message: z.string().nullable(),
  });
  routes.post(
    `${BASE}/staff-codes/import`,
    {
      preHandler: write,
      // The CSV travels as a JSON string: up to 1 MB of text, escaped.
      bodyLimit: 3 * STAFF_CODE_IMPORT_MAX_BYTES,
      schema: {
        tags: ['back-office'],
        body: z.object({
          csv: z.string().max(STAFF_CODE_IMPORT_MAX_BYTES),
          apply: z.boolean().default(false),
        }),
        response: {
          200: z.object({
            applied: z.boolean(),
            ok: z.number(),
            errors: z.number(),
            report: z.array(ZReportRow),
          }),
          ...apiErrors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { csv, apply } = request.body;
      const agentCodes = new Set(
        (await db.select({ agentCode: agents.agentCode }).from(agents)).map((row) => row.agentCode),
      );
      const saved = await db.select().from(staffCodes);
      const known = new Map(saved.map((row) => [row.staffCode, staffCodeKey(row)]));
      const result = readStaffCodeImport(csv, agentCodes, known);
      if (!result.ok) throw new ApiError(400, result.message, { field: result.field });
      const ok = result.rows.length;
      const errors = result.report.length - ok;
      const answer = { ok, errors, report: result.report };
      if (!apply || ok === 0) return { applied: false, ...answer };
      const actor = actorOf(request);
      const at = now();
      await db.transaction(async (tx) => {
        for (let start = 0; start < ok; start += 500)
          await tx
            .insert(staffCodes)
            .values(result.rows.slice(start, start + 500).map(({ value }) => ({ ...value, updatedAt: at })))
            .onConflictDoUpdate({
              target: [staffCodes.agentCode, staffCodes.country, staffCodes.productCode],
              set: { staffCode: sql`excluded.staff_code`, updatedAt: at },
            });
        await recordAudit(tx, {
          at,
          actor,
          action: 'import',
          entity: 'staff-codes',
          entityId: 'csv',
          before: null,
          after: { rows: result.report.length, saved: ok, refused: errors },
        });
      });
      return { applied: true, ...answer };
    },
  );
}
