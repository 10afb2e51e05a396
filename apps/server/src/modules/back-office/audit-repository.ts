import { and, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { auditLog } from '../../db/schema.ts';

/** The database or the transaction a change runs in: an audit row is written in the change's own. */
export type TDbOrTx = Pick<TDb, 'insert' | 'select'>;
export type TAuditRow = typeof auditLog.$inferInsert;

/** The audit trail's SQL (issue 18): rows as given (masked by audit.ts), read back newest first. */
export function createAuditRepository(db: TDbOrTx) {
  return {
    async insert(row: TAuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    async listFor(entity: string, entityId: string, limit: number) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type TAuditRepository = ReturnType<typeof createAuditRepository>;
