import { createHash } from 'node:crypto';
import { compareDates, formatIso, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import { MARKETS } from '@lionrock/domain/market/market';
import { maskIdNumber } from '@lionrock/domain/policy/policy-facts';
import { ratePolicy, type TRatingTables } from '@lionrock/domain/policy/rate-policy';
import {
  ZPaBenefitsSchema,
  ZTravelBenefitsSchema,
} from '@lionrock/domain/rating/benefits/benefit-schedules-schema';
import { ZHomeBenefitsSchema } from '@lionrock/domain/rating/benefits/home-benefits-schema';
import { ZHomeRateTableSchema } from '@lionrock/domain/rating/home-rating';
import { ZPaRateTableSchema } from '@lionrock/domain/rating/pa-rating';
import { ZTravelRateTableSchema } from '@lionrock/domain/rating/travel-rating';
import type { z } from 'zod';
import { BUNDLED_TABLES } from '../../../db/seed/rate-tables.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ratingTablesOn } from '../../policy/pricing.ts';
import type { TActor } from '../audit.ts';
import { diffBenefitLines } from './benefit-lines.ts';
import { samplePolicies, type TSamplePolicy } from './sample-policies.ts';
import type { TRateRow, TUnderwritingRepository } from './underwriting-repository.ts';

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

export type TRateTableUpload = {
  product: string;
  country: string;
  kind: 'rates' | 'benefits';
  version: string;
  effectiveDate: string;
  data: unknown;
};

/** An opaque key for a blacklisted ID number, so the number itself never travels in a URL or a list. */
function blacklistKey(idNumber: string): string {
  return createHash('sha256').update(idNumber).digest('hex').slice(0, 20);
}

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

/** The premiums of a sample policy under some tables, plan by plan; null when it cannot be rated. */
function rate(tables: TRatingTables | null, policy: TSamplePolicy['policy']) {
  if (!tables) return null;
  const rated = ratePolicy(
    policy,
    { tables, seniorLoadingOn: false, discounts: { campaign: null, agent: null, notice: null } },
    'plans',
  );
  return 'refused' in rated ? null : rated.items;
}

/**
 * Underwriting in the back office (issue 18, decision 085): the blacklist, and rate-table versions
 * uploaded as drafts, compared on sample policies with the version in force, then activated. Pricing
 * reads both through table caches that every instance refreshes on the tables' change notifications.
 */
export function createUnderwritingService(deps: { repository: TUnderwritingRepository; now: () => Date }) {
  const { repository, now } = deps;

  async function findByKey(key: string) {
    const rows = await repository.listBlacklist();
    const row = rows.find((candidate) => blacklistKey(candidate.idNumber) === key);
    if (!row) throw new ApiError(404, 'No such blacklist entry.');
    return row;
  }

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

  async function findTable(id: number): Promise<TRateRow> {
    const row = await repository.findRateTable(id);
    if (!row) throw new ApiError(404, 'No such rate-table version.');
    return row;
  }

  return {
    // --- The blacklist -----------------------------------------------------------------------

    async listBlacklist() {
      const rows = await repository.listBlacklist();
      return {
        entries: rows.map((row) => ({
          key: blacklistKey(row.idNumber),
          idNumber: maskIdNumber(row.idNumber),
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async addToBlacklist(typed: string, reason: string, actor: TActor) {
      // Stored as pricing matches it: upper case, no spaces or brackets.
      const idNumber = normaliseIdForMatching(typed);
      if (!/^[A-Z0-9]{5,20}$/.test(idNumber))
        throw new ApiError(400, 'Enter the ID number (letters and digits).', { field: 'idNumber' });
      const key = blacklistKey(idNumber);
      const added = await repository.addToBlacklist(
        { idNumber, reason },
        {
          at: now(),
          actor,
          action: 'blacklist.add',
          entity: 'underwriting_blacklist',
          entityId: key,
          before: null,
          after: { idNumber: maskIdNumber(idNumber), reason },
          note: reason,
        },
      );
      if (!added)
        throw new ApiError(409, 'That ID number is already on the blacklist.', { field: 'idNumber' });
      return { key, idNumber: maskIdNumber(idNumber) };
    },

    async removeFromBlacklist(key: string, reason: string, actor: TActor) {
      const row = await findByKey(key);
      await repository.removeFromBlacklist(row.idNumber, {
        at: now(),
        actor,
        action: 'blacklist.remove',
        entity: 'underwriting_blacklist',
        entityId: key,
        before: { idNumber: maskIdNumber(row.idNumber), reason: row.reason },
        after: null,
        note: reason,
      });
      return { removed: true };
    },

    /** The whole ID number of an entry; every reveal is audited. */
    async revealBlacklisted(key: string, actor: TActor) {
      const row = await findByKey(key);
      await repository.recordAudit({
        at: now(),
        actor,
        action: 'reveal',
        entity: 'underwriting_blacklist',
        entityId: key,
        before: null,
        after: null,
        note: 'idNumber',
      });
      return { idNumber: row.idNumber };
    },

    // --- Rate tables -------------------------------------------------------------------------

    async listRateTables() {
      const rows = await repository.listRateTables();
      const inForce = inForceIds(rows);
      return {
        slots: BUNDLED_TABLES.map(({ product, country, kind }) => ({ product, country, kind })),
        versions: rows.map((row) => summaryOf(row, inForce)),
      };
    },

    async getRateTable(id: number) {
      const row = await findTable(id);
      const all = await repository.listRateTables();
      return { ...summaryOf(row, inForceIds(all)), data: row.data };
    },

    /** Stores a draft version after checking it with its engine's schema; its date must not be past. */
    async uploadRateTable(upload: TRateTableUpload, actor: TActor) {
      const { product, country, kind, version, effectiveDate } = upload;
      const schema = TABLE_SCHEMAS[`${product}/${country}/${kind}`];
      if (!schema)
        throw new ApiError(400, 'There is no such table for that product and market.', { field: 'product' });
      const effective = /^\d{4}-\d{2}-\d{2}$/.test(effectiveDate) ? parseIso(effectiveDate) : null;
      if (!effective)
        throw new ApiError(400, 'Enter the effective date as YYYY-MM-DD.', { field: 'effectiveDate' });
      if (compareDates(effective, todayFor(country, now())) < 0)
        throw new ApiError(400, 'The effective date must not be in the past.', { field: 'effectiveDate' });
      if (typeof upload.data !== 'object' || upload.data === null || Array.isArray(upload.data))
        throw new ApiError(400, 'The table must be a JSON object.', { field: 'data' });
      // The table carries its own version and date (the rating answer names the version).
      const candidate = { ...(upload.data as Record<string, unknown>), version, effectiveDate };
      const checked = schema.safeParse(candidate);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new ApiError(
          400,
          `The table is not valid at ${issue.path.map(String).join('.') || '(top)'}: ${issue.message}`,
          { field: 'data' },
        );
      }
      const versionTaken = () =>
        new ApiError(409, 'That version label is already used for this table.', { field: 'version' });
      if (await repository.hasRateTableVersion({ product, country, kind }, version)) throw versionTaken();
      const stored = await repository.insertRateTable(
        {
          product,
          country,
          kind,
          version,
          effectiveDate,
          checksum: createHash('sha256').update(JSON.stringify(candidate)).digest('hex'),
          data: candidate,
          status: 'draft',
          uploadedBy: actor.label,
        },
        (row) => ({
          at: now(),
          actor,
          action: 'rate-table.upload',
          entity: 'rate_tables',
          entityId: String(row.id),
          before: null,
          after: { product, country, kind, version, effectiveDate, status: 'draft' },
        }),
      );
      if (!stored) throw versionTaken();
      return summaryOf(stored, new Set());
    },

    /**
     * A draft beside the version it would follow: the premiums of sample policies before and after, or
     * for a benefit schedule, which carries no prices, its limits line by line (decision 091).
     */
    async diffRateTable(id: number) {
      const draft = await findTable(id);
      const start = parseIso(draft.effectiveDate)!;
      const active = await repository.listActiveRateTables(draft.kind);
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
      if (draft.kind !== 'rates')
        return {
          ...base,
          samples: [],
          benefitLines: diffBenefitLines(draft.product, current?.data, draft.data),
        };
      const before = ratingTablesOn(others, start);
      const after = ratingTablesOn([draft, ...others], start);
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

    /** Makes a draft the active version from its effective date, which must not have passed. */
    async activateRateTable(id: number, note: string | undefined, actor: TActor) {
      const row = await findTable(id);
      if (row.status !== 'draft') throw new ApiError(409, 'Only a draft can be activated.');
      if (compareDates(parseIso(row.effectiveDate)!, todayFor(row.country, now())) < 0)
        throw new ApiError(409, 'Its effective date has passed: upload it again with a new date.', {
          field: 'effectiveDate',
        });
      await repository.activateRateTable(row.id, {
        at: now(),
        actor,
        action: 'rate-table.activate',
        entity: 'rate_tables',
        entityId: String(row.id),
        before: { status: 'draft' },
        after: { status: 'active', version: row.version, effectiveDate: row.effectiveDate },
        note,
      });
      return { ...summaryOf({ ...row, status: 'active' }, new Set()) };
    },
  };
}

export type TUnderwritingService = ReturnType<typeof createUnderwritingService>;
