import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { operationsAlerts, payments, policies } from '../../../db/schema.ts';
import { recordAudit, type TAuditEntry } from '../audit.ts';

/** A row of pg-boss's job table, as its columns come back. */
export type TFailedJobRow = {
  id: string;
  name: string;
  created_on: string | Date;
  completed_on: string | Date | null;
  retry_count: number;
  message: string | null;
};

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The SQL of what failed without anybody watching (decision 088): renewal alerts and pg-boss's failed jobs. */
export function createFailuresRepository(db: TDb) {
  return {
    /** Open alerts of these kinds, newest first, each with its policy. */
    async listOpenAlerts(kinds: readonly string[], limit: number) {
      return db
        .select({ alert: operationsAlerts, policy: policies })
        .from(operationsAlerts)
        .innerJoin(policies, eq(policies.policyId, operationsAlerts.policyId))
        .where(and(inArray(operationsAlerts.kind, [...kinds]), isNull(operationsAlerts.resolvedAt)))
        .orderBy(desc(operationsAlerts.id))
        .limit(limit);
    },

    /** How many payments the renewals of each policy made: the charges tried for it. */
    async countRenewalPayments(policyIds: string[]): Promise<Map<string, number>> {
      const attempts = new Map<string, number>();
      if (policyIds.length === 0) return attempts;
      const rows = await db
        .select({ renewalOf: policies.renewalOf, attempts: count(payments.paymentId) })
        .from(policies)
        .innerJoin(payments, eq(payments.policyId, policies.policyId))
        .where(inArray(policies.renewalOf, policyIds))
        .groupBy(policies.renewalOf);
      for (const row of rows) if (row.renewalOf) attempts.set(row.renewalOf, Number(row.attempts));
      return attempts;
    },

    /**
     * Closes an open alert of these kinds at `at` with its audit row, in one transaction: 'closed', or
     * 'closed-before' when it was closed already, or 'missing' when there is no such alert (nothing written).
     */
    async closeAlert(
      id: number,
      kinds: readonly string[],
      at: Date,
      audit: TAuditEntry,
    ): Promise<'closed' | 'closed-before' | 'missing'> {
      return db.transaction(async (tx) => {
        const ofKinds = and(eq(operationsAlerts.id, id), inArray(operationsAlerts.kind, [...kinds]));
        const [closed] = await tx
          .update(operationsAlerts)
          .set({ resolvedAt: at })
          .where(and(ofKinds, isNull(operationsAlerts.resolvedAt)))
          .returning({ id: operationsAlerts.id });
        if (!closed) {
          const [exists] = await tx.select({ id: operationsAlerts.id }).from(operationsAlerts).where(ofKinds);
          return exists ? 'closed-before' : 'missing';
        }
        await recordAudit(tx, audit);
        return 'closed';
      });
    },

    /** pg-boss's table, when its schema is there (it is made when the jobs start, never on a bare PGlite). */
    async jobTableExists(): Promise<boolean> {
      const result = await db.execute(sql`select to_regclass('pgboss.job') is not null as present`);
      return Boolean(rowsOf<{ present: boolean }>(result)[0]?.present);
    },

    /** The last failed jobs, latest first: never their data, only the error's message. */
    async listFailedJobs(limit: number): Promise<TFailedJobRow[]> {
      const result =
        await db.execute(sql`select id::text as id, name, created_on, completed_on, retry_count, output->>'message' as message
      from pgboss.job where state = 'failed' order by completed_on desc nulls last limit ${limit}`);
      return rowsOf<TFailedJobRow>(result);
    },

    async findJob(id: string): Promise<{ name: string; state: string } | undefined> {
      return rowsOf<{ name: string; state: string }>(
        await db.execute(sql`select name, state::text as state from pgboss.job where id = ${id}::uuid`),
      )[0];
    },
  };
}

export type TFailuresRepository = ReturnType<typeof createFailuresRepository>;
