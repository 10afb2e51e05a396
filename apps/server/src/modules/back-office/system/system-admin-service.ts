import { randomBytes } from 'node:crypto';
import { ApiError } from '../../../lib/api-error.ts';
import type { TActor } from '../audit.ts';
import type { TFlagsChange, TSettingsTable, TSystemAdminRepository } from './system-admin-repository.ts';

type TSchedule = { startsAt?: string | null; endsAt?: string | null };

/** The request's ISO times as dates; refused when the end does not come after the start. */
function dated<T extends TSchedule>(value: T): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  if (value.startsAt !== undefined) out.startsAt = value.startsAt ? new Date(value.startsAt) : null;
  if (value.endsAt !== undefined) out.endsAt = value.endsAt ? new Date(value.endsAt) : null;
  endsAfterStart(out.startsAt as Date | null | undefined, out.endsAt as Date | null | undefined);
  return out;
}

function endsAfterStart(starts: Date | null | undefined, ends: Date | null | undefined): void {
  if (starts && ends && ends <= starts)
    throw new ApiError(400, 'The end must come after the start.', { field: 'endsAt' });
}

const code = (prefix: string, body: Record<string, unknown>) =>
  `${body.country}-${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** What a new record has unless the request says otherwise (a partial update keeps the rest). */
const DEFAULTS: Record<TSettingsTable, (body: Record<string, unknown>) => Record<string, unknown>> = {
  notice: (body) => ({ code: code('NOTICE', body), longMessageEn: '', longMessageZh: '', active: false }),
  banner: (body) => ({ code: code(String(body.product), body), contentEn: '', contentZh: '', active: true }),
};

const noSuchRecord = () => new ApiError(404, 'No such record.', { field: 'id' });

/**
 * The system settings' use cases (issue 18, decision 082): flags per market, maintenance notices and
 * banners, each change audited in its transaction by the repository.
 */
export function createSystemAdminService(repository: TSystemAdminRepository) {
  return {
    overview: () => repository.overview(),

    async updateFlags(country: string, changes: TFlagsChange, actor: TActor) {
      const after = await repository.updateFlags(country, changes, actor);
      if (!after) throw new ApiError(404, 'No flags for this market.', { field: 'country' });
      return after;
    },

    async create(kind: TSettingsTable, body: TSchedule & Record<string, unknown>, actor: TActor) {
      const values = dated(body);
      return repository.create(kind, { ...DEFAULTS[kind](values), ...values }, actor);
    },

    async update(kind: TSettingsTable, id: number, body: TSchedule & Record<string, unknown>, actor: TActor) {
      const changes = dated(body);
      const after = await repository.update(kind, id, changes, actor, (before) =>
        // The schedule as it will be: what the change gives, else what the record has.
        endsAfterStart(
          (changes.startsAt === undefined ? before.startsAt : changes.startsAt) as Date | null,
          (changes.endsAt === undefined ? before.endsAt : changes.endsAt) as Date | null,
        ),
      );
      if (!after) throw noSuchRecord();
      return after;
    },

    async remove(kind: TSettingsTable, id: number, actor: TActor) {
      if (!(await repository.remove(kind, id, actor))) throw noSuchRecord();
      return { deleted: true };
    },

    /** Sets the order of banners: the ids in the order wanted (one market and product's list). */
    async reorderBanners(ids: number[], actor: TActor) {
      if (!(await repository.reorderBanners(ids, actor)))
        throw new ApiError(404, 'Some of these banners do not exist.', { field: 'ids' });
      return { order: ids };
    },
  };
}

export type TSystemAdminService = ReturnType<typeof createSystemAdminService>;
