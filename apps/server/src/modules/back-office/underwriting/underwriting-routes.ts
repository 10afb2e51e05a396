import { createHash } from 'node:crypto';
import {
  addDays,
  compareDates,
  formatDmy,
  formatIso,
  parseDmy,
  parseIso,
  type TLocalDate,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import { MARKETS } from '@lionrock/domain/market/market';
import { ratePolicy, type TRatingTables } from '@lionrock/domain/policy/rate-policy';
import {
  ZPaBenefitsSchema,
  ZTravelBenefitsSchema,
} from '@lionrock/domain/rating/benefits/benefit-schedules-schema';
import { ZHomeBenefitsSchema } from '@lionrock/domain/rating/benefits/home-benefits-schema';
import { ZHomeRateTableSchema } from '@lionrock/domain/rating/home-rating';
import { ZPaRateTableSchema } from '@lionrock/domain/rating/pa-rating';
import { ZTravelRateTableSchema } from '@lionrock/domain/rating/travel-rating';
import {
  buildHomePolicy,
  buildPaPolicy,
  buildTravelPolicy,
  parsePolicy,
} from '@lionrock/domain/schemas/fixtures';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { rateTables, underwritingBlacklist } from '../../../db/schema.ts';
import { BUNDLED_TABLES } from '../../../db/seed/rate-tables.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { maskIdNumber } from '../../issuance/policy-schedule.ts';
import { ratingTablesOn } from '../../policy/pricing.ts';
import { recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { diffBenefitLines } from './benefit-lines.ts';

const BASE = `${STAFF_API_PREFIX}/admin/underwriting`;

/** The tables the shop knows, by product, market and kind: each validated by its engine's own schema. */
const TABLE_SCHEMAS: Record<string, z.ZodType> = {
  'PTR/SGP/rates': ZTravelRateTableSchema,
  'PTR/HKG/rates': ZTravelRateTableSchema,
  'PAN/ALL/rates': ZPaRateTableSchema,
  'PHM/ALL/rates': ZHomeRateTableSchema,
  'PTR/ALL/benefits': ZTravelBenefitsSchema,
  'PAN/ALL/benefits': ZPaBenefitsSchema,
  'PHM/ALL/benefits': ZHomeBenefitsSchema,
};

/** An opaque key for a blacklisted ID number, so the number itself never travels in a URL or a list. */
function blacklistKey(idNumber: string): string {
  return createHash('sha256').update(idNumber).digest('hex').slice(0, 20);
}

type TRateRow = typeof rateTables.$inferSelect;

function summaryOf(row: TRateRow, inForce: Set<number>) {
  return {
    id: row.id,
    product: row.product,
    country: row.country,
    kind: row.kind,
    version: row.version,
    effectiveDate: row.effectiveDate,
    status: row.status,
    inForce: inForce.has(row.id),
    uploadedBy: row.uploadedBy,
    loadedAt: row.loadedAt.toISOString(),
  };
}

/** Today where the table prices: Singapore and Hong Kong share UTC+8, so 'ALL' is read as Singapore. */
function todayFor(country: string, now: Date) {
  return todayIn(MARKETS[country === 'HKG' ? 'HKG' : 'SGP'].timeZone, now);
}

/** The sample policies a draft's prices are compared on, starting on the given day (built from the domain's fixtures). */
function samplePolicies(product: string, country: string, start: TLocalDate) {
  const travelDay = addDays(start, -14);
  const dayBefore = addDays(start, -1);
  const markets: ('SGP' | 'HKG')[] = country === 'ALL' ? ['SGP', 'HKG'] : [country === 'HKG' ? 'HKG' : 'SGP'];
  const samples: { label: string; policy: ReturnType<typeof parsePolicy> }[] = [];
  for (const market of markets) {
    if (product === 'PTR') {
      const base = (policyTravel: Record<string, unknown>) =>
        parsePolicy(buildTravelPolicy(travelDay, { country: market, policyTravel: policyTravel as never }));
      const trip = buildTravelPolicy(travelDay).policyTravel!;
      const returnOn = (days: number) => formatDmy(addDays(parseDmy(trip.deptDate ?? '')!, days - 1));
      samples.push({ label: `${market} single trip, 7 days, Asia Pacific, 1 adult`, policy: base({}) });
      samples.push({
        label: `${market} single trip, 7 days, Worldwide, 1 adult`,
        policy: base({ journeyCode: '3', journey: 'Worldwide' }),
      });
      samples.push({
        label: `${market} single trip, 20 days, Asia Pacific, 1 adult`,
        policy: base({ returnDate: returnOn(20) }),
      });
      samples.push({
        label: `${market} annual, Asia Pacific, 1 adult`,
        policy: base({ paPolicyType: 'A', returnDate: '' }),
      });
    } else if (product === 'PAN') {
      samples.push({
        label: `${market} personal accident, 1 adult, occupation class of code 05`,
        policy: parsePolicy(buildPaPolicy(dayBefore, { country: market })),
      });
    } else if (product === 'PHM' && market === 'SGP') {
      samples.push({
        label: 'SGP home, 4-room HDB owner, S$40,000 contents, renovation cover',
        policy: parsePolicy(buildHomePolicy(dayBefore)),
      });
    }
  }
  return samples;
}

/**
 * Underwriting in the back office (issue 18, decision 085): the blacklist, and rate-table versions
 * uploaded as drafts, compared on sample policies with the version in force, then activated. Pricing
 * reads both through table caches that every instance refreshes on the tables' change notifications.
 */
export async function underwritingRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb; now: () => Date },
) {
  const { access, db, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('underwriting.read');
  const write = access.requireAccount('underwriting.write');
  const actorOf = (request: { account?: { id: string; username: string } }) => ({
    id: request.account!.id,
    label: request.account!.username,
  });
  const ZReason = z.string().trim().min(3).max(500);

  // --- The blacklist -------------------------------------------------------------------------

  routes.get(`${BASE}/blacklist`, { preHandler: read }, async () => {
    const rows = await db.select().from(underwritingBlacklist).orderBy(desc(underwritingBlacklist.createdAt));
    return {
      entries: rows.map((row) => ({
        key: blacklistKey(row.idNumber),
        idNumber: maskIdNumber(row.idNumber),
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  async function findByKey(key: string) {
    const rows = await db.select().from(underwritingBlacklist);
    const row = rows.find((candidate) => blacklistKey(candidate.idNumber) === key);
    if (!row) throw new ApiError(404, 'No such blacklist entry.');
    return row;
  }

  routes.post(
    `${BASE}/blacklist`,
    {
      preHandler: write,
      schema: { body: z.object({ idNumber: z.string().trim().min(5).max(30), reason: ZReason }) },
    },
    async (request, reply) => {
      // Stored as pricing matches it: upper case, no spaces or brackets.
      const idNumber = normaliseIdForMatching(request.body.idNumber);
      if (!/^[A-Z0-9]{5,20}$/.test(idNumber))
        throw new ApiError(400, 'Enter the ID number (letters and digits).', { field: 'idNumber' });
      const key = blacklistKey(idNumber);
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(underwritingBlacklist)
          .values({ idNumber, reason: request.body.reason })
          .onConflictDoNothing()
          .returning();
        if (inserted.length === 0)
          throw new ApiError(409, 'That ID number is already on the blacklist.', { field: 'idNumber' });
        await recordAudit(tx, {
          at: now(),
          actor: actorOf(request),
          action: 'blacklist.add',
          entity: 'underwriting_blacklist',
          entityId: key,
          before: null,
          after: { idNumber: maskIdNumber(idNumber), reason: request.body.reason },
          note: request.body.reason,
        });
      });
      reply.code(201);
      return { key, idNumber: maskIdNumber(idNumber) };
    },
  );

  routes.post(
    `${BASE}/blacklist/:key/remove`,
    {
      preHandler: write,
      schema: { params: z.object({ key: z.string().max(40) }), body: z.object({ reason: ZReason }) },
    },
    async (request) => {
      const row = await findByKey(request.params.key);
      await db.transaction(async (tx) => {
        await tx.delete(underwritingBlacklist).where(eq(underwritingBlacklist.idNumber, row.idNumber));
        await recordAudit(tx, {
          at: now(),
          actor: actorOf(request),
          action: 'blacklist.remove',
          entity: 'underwriting_blacklist',
          entityId: request.params.key,
          before: { idNumber: maskIdNumber(row.idNumber), reason: row.reason },
          after: null,
          note: request.body.reason,
        });
      });
      return { removed: true };
    },
  );

  routes.post(
    `${BASE}/blacklist/:key/reveal`,
    {
      preHandler: access.requireAccount('underwriting.reveal'),
      schema: { params: z.object({ key: z.string().max(40) }) },
    },
    async (request) => {
      const row = await findByKey(request.params.key);
      await recordAudit(db, {
        at: now(),
        actor: actorOf(request),
        action: 'reveal',
        entity: 'underwriting_blacklist',
        entityId: request.params.key,
        before: null,
        after: null,
        note: 'idNumber',
      });
      return { idNumber: row.idNumber };
    },
  );

  // --- Rate tables ---------------------------------------------------------------------------

  /** The active version in force today per product, market and kind. */
  function inForceIds(rows: TRateRow[]): Set<number> {
    const ids = new Set<number>();
    const seen = new Set<string>();
    const sorted = [...rows]
      .filter((row) => row.status === 'active')
      .sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate) || b.id - a.id);
    for (const row of sorted) {
      const slot = `${row.product}/${row.country}/${row.kind}`;
      if (seen.has(slot)) continue;
      if (compareDates(parseIso(row.effectiveDate)!, todayFor(row.country, now())) > 0) continue;
      seen.add(slot);
      ids.add(row.id);
    }
    return ids;
  }

  routes.get(`${BASE}/rate-tables`, { preHandler: read }, async () => {
    const rows = await db
      .select()
      .from(rateTables)
      .orderBy(
        asc(rateTables.product),
        asc(rateTables.country),
        asc(rateTables.kind),
        desc(rateTables.effectiveDate),
        desc(rateTables.id),
      );
    const inForce = inForceIds(rows);
    return {
      slots: BUNDLED_TABLES.map(({ product, country, kind }) => ({ product, country, kind })),
      versions: rows.map((row) => summaryOf(row, inForce)),
    };
  });

  async function findTable(id: number): Promise<TRateRow> {
    const [row] = await db.select().from(rateTables).where(eq(rateTables.id, id));
    if (!row) throw new ApiError(404, 'No such rate-table version.');
    return row;
  }

  routes.get(
    `${BASE}/rate-tables/:id`,
    { preHandler: read, schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const row = await findTable(request.params.id);
      const all = await db.select().from(rateTables);
      return { ...summaryOf(row, inForceIds(all)), data: row.data };
    },
  );

  routes.post(
    `${BASE}/rate-tables`,
    {
      preHandler: write,
      schema: {
        body: z.object({
          product: z.string().max(10),
          country: z.string().max(10),
          kind: z.enum(['rates', 'benefits']),
          version: z.string().trim().min(1).max(40),
          effectiveDate: z.string().max(10),
          data: z.unknown(),
        }),
      },
    },
    async (request, reply) => {
      const { product, country, kind, version, effectiveDate } = request.body;
      const schema = TABLE_SCHEMAS[`${product}/${country}/${kind}`];
      if (!schema)
        throw new ApiError(400, 'There is no such table for that product and market.', { field: 'product' });
      const effective = /^\d{4}-\d{2}-\d{2}$/.test(effectiveDate) ? parseIso(effectiveDate) : null;
      if (!effective)
        throw new ApiError(400, 'Enter the effective date as YYYY-MM-DD.', { field: 'effectiveDate' });
      if (compareDates(effective, todayFor(country, now())) < 0)
        throw new ApiError(400, 'The effective date must not be in the past.', { field: 'effectiveDate' });
      if (
        typeof request.body.data !== 'object' ||
        request.body.data === null ||
        Array.isArray(request.body.data)
      )
        throw new ApiError(400, 'The table must be a JSON object.', { field: 'data' });
      // The table carries its own version and date (the rating answer names the version).
      const candidate = { ...(request.body.data as Record<string, unknown>), version, effectiveDate };
      const checked = schema.safeParse(candidate);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new ApiError(
          400,
          `The table is not valid at ${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`,
          { field: 'data' },
        );
      }
      const [same] = await db
        .select({ id: rateTables.id })
        .from(rateTables)
        .where(
          and(
            eq(rateTables.product, product),
            eq(rateTables.country, country),
            eq(rateTables.kind, kind),
            eq(rateTables.version, version),
          ),
        );
      if (same)
        throw new ApiError(409, 'That version label is already used for this table.', { field: 'version' });
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(rateTables)
          .values({
            product,
            country,
            kind,
            version,
            effectiveDate,
            checksum: createHash('sha256').update(JSON.stringify(candidate)).digest('hex'),
            data: candidate,
            status: 'draft',
            uploadedBy: request.account!.username,
          })
          .onConflictDoNothing()
          .returning();
        if (!row)
          throw new ApiError(409, 'That version label is already used for this table.', { field: 'version' });
        await recordAudit(tx, {
          at: now(),
          actor: actorOf(request),
          action: 'rate-table.upload',
          entity: 'rate_tables',
          entityId: String(row.id),
          before: null,
          after: { product, country, kind, version, effectiveDate, status: 'draft' },
        });
        return row;
      });
      reply.code(201);
      return summaryOf(stored, new Set());
    },
  );

  routes.get(
    `${BASE}/rate-tables/:id/diff`,
    { preHandler: read, schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const draft = await findTable(request.params.id);
      const start = parseIso(draft.effectiveDate)!;
      const active = await db
        .select()
        .from(rateTables)
        .where(and(eq(rateTables.kind, draft.kind), eq(rateTables.status, 'active')))
        .orderBy(desc(rateTables.effectiveDate), desc(rateTables.id));
      const others = active.filter((row) => row.id !== draft.id);
      const current = others.find(
        (row) =>
          row.product === draft.product &&
          row.country === draft.country &&
          compareDates(parseIso(row.effectiveDate)!, start) <= 0,
      );
      const base = {
        id: draft.id,
        version: draft.version,
        effectiveDate: draft.effectiveDate,
        inForceVersion: current?.version ?? null,
      };
      // Benefit schedules carry no prices: their limits are compared line by line (decision 091).
      if (draft.kind !== 'rates')
        return {
          ...base,
          samples: [],
          benefitLines: diffBenefitLines(draft.product, current?.data, draft.data),
        };
      const before = ratingTablesOn(others, start);
      const after = ratingTablesOn([draft, ...others], start);
      const rate = (tables: TRatingTables | null, policy: ReturnType<typeof parsePolicy>) => {
        if (!tables) return null;
        const rated = ratePolicy(
          policy,
          { tables, seniorLoadingOn: false, discounts: { campaign: null, agent: null, notice: null } },
          'plans',
        );
        return 'refused' in rated ? null : rated.items;
      };
      const samples = samplePolicies(draft.product, draft.country, start).map(({ label, policy }) => {
        const old = rate(before, policy) ?? [];
        const fresh = rate(after, policy) ?? [];
        const plans = [...new Set([...old, ...fresh].map((item) => item.planName))];
        return {
          label,
          country: policy.country,
          startDate: formatIso(start),
          plans: plans.map((planName) => {
            const was = old.find((item) => item.planName === planName);
            const now = fresh.find((item) => item.planName === planName);
            return {
              planName,
              before: was ? { premium: was.premium, totalPremium: was.totalPremium } : null,
              after: now ? { premium: now.premium, totalPremium: now.totalPremium } : null,
            };
          }),
        };
      });
      return { ...base, currency: draft.country === 'HKG' ? 'HKD' : undefined, samples };
    },
  );

  routes.post(
    `${BASE}/rate-tables/:id/activate`,
    {
      preHandler: write,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({ note: z.string().max(500).optional() }).optional(),
      },
    },
    async (request) => {
      const row = await findTable(request.params.id);
      if (row.status !== 'draft') throw new ApiError(409, 'Only a draft can be activated.');
      if (compareDates(parseIso(row.effectiveDate)!, todayFor(row.country, now())) < 0)
        throw new ApiError(409, 'Its effective date has passed: upload it again with a new date.', {
          field: 'effectiveDate',
        });
      await db.transaction(async (tx) => {
        // The database's clock, as a policy's issued_at: the two are compared (decision 098).
        await tx
          .update(rateTables)
          .set({ status: 'active', activatedAt: sql`now()` })
          .where(eq(rateTables.id, row.id));
        await recordAudit(tx, {
          at: now(),
          actor: actorOf(request),
          action: 'rate-table.activate',
          entity: 'rate_tables',
          entityId: String(row.id),
          before: { status: 'draft' },
          after: { status: 'active', version: row.version, effectiveDate: row.effectiveDate },
          note: request.body?.note,
        });
      });
      return { ...summaryOf({ ...row, status: 'active' }, new Set()) };
    },
  );
}
