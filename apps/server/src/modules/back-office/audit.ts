import { maskIdNumber } from '@lionrock/domain/policy/policy-facts';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { createAuditRepository, type TAuditRepository, type TDbOrTx } from './audit-repository.ts';

/**
 * The audit trail (issue 18): every change made from the back office or the agents' desk is one row,
 * written in the same transaction as the change where there is one. Before and after are the record's
 * fields, with ID numbers, mobiles and e-mails masked: the trail itself never shows them whole.
 */
export type TActor = { id: string | null; label: string };
/** The signed-in account behind a back-office call as the audit names it (after `requireAccount`). */
export const actorOf = (request: { account?: { id: string; username: string } }): TActor => ({
  id: request.account!.id,
  label: request.account!.username,
});
export type TAuditEntry = {
  at: Date;
  actor: TActor;
  /** A verb: create, update, delete, reveal, accept, reject, status, lock, password... */
  action: string;
  /** What was changed: policy, claim, campaign, account, flags... and its id. */
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  note?: string;
};

const ID_KEYS = /^(hkId|nric|idNumber|uen|passport|fin)$/i;
const EMAIL_KEYS = /e-?mail/i;
const MOBILE_KEYS = /^(mobile|mobileNo|phone|telephone)$/i;

/** A copy of `value` with personal data masked at any depth (keys named like ID number, e-mail, mobile). */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (typeof field === 'string' && field !== '') {
      if (ID_KEYS.test(key)) out[key] = maskIdNumber(field);
      else if (EMAIL_KEYS.test(key)) out[key] = maskEmail(field);
      else if (MOBILE_KEYS.test(key)) out[key] = `****${field.slice(-4)}`;
      else out[key] = field;
    } else out[key] = maskPersonalData(field);
  }
  return out;
}

/** Writes one entry through a repository: the masking happens here, never in SQL. */
async function writeEntry(repository: Pick<TAuditRepository, 'insert'>, entry: TAuditEntry): Promise<void> {
  await repository.insert({
    at: entry.at,
    actorId: entry.actor.id,
    actor: entry.actor.label,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: maskPersonalData(entry.before ?? null) as never,
    after: maskPersonalData(entry.after ?? null) as never,
    note: entry.note ?? null,
  });
}

/** One entry, written on the database or inside the transaction of the change it records. */
export async function recordAudit(db: TDbOrTx, entry: TAuditEntry): Promise<void> {
  await writeEntry(createAuditRepository(db), entry);
}

/** The trail of one record, newest first: what the staff pages show beside it. */
export async function auditOf(db: TDbOrTx, entity: string, entityId: string, limit = 200) {
  return createAuditRepository(db).listFor(entity, entityId, limit);
}

/** The trail for a service: it records and reads entries without holding the database itself. */
export function createAuditTrail(repository: TAuditRepository) {
  return {
    record: (entry: TAuditEntry) => writeEntry(repository, entry),
    of: (entity: string, entityId: string, limit = 200) => repository.listFor(entity, entityId, limit),
  };
}

export type TAuditTrail = ReturnType<typeof createAuditTrail>;

type TStoredAuditRow = Awaited<ReturnType<TAuditRepository['listFor']>>[number];

/** A row of the trail as the staff pages read it beside its record: the time as ISO, the rest as stored. */
export function auditEntryView(row: TStoredAuditRow) {
  return {
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    before: row.before,
    after: row.after,
    note: row.note,
  };
}
