import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { operationsAlerts } from '../../db/schema.ts';

export type TAlertKind =
  | 'review'
  | 'refund'
  | 'reverse_authorisation'
  | 'forged_answer'
  | 'late_payment'
  | 'renewal_failed'
  | 'renewal_charge_manual'
  | 'renewal_unanswered'
  /** A cancelled PayNow-paid policy's refund, paid out by operations (decision 072). */
  | 'paynow_refund';

/** Operations alerts (the queues of operations-routes.ts): each kind once per payment, until resolved. */
export function createAlertRepository(db: TDb) {
  return {
    addAlert: async (alert: {
      kind: TAlertKind;
      paymentId?: string;
      policyId?: string;
      detail: Record<string, unknown>;
    }) => {
      await db.insert(operationsAlerts).values(alert).onConflictDoNothing();
    },

    listOpenAlerts: async (kind?: TAlertKind) =>
      db
        .select()
        .from(operationsAlerts)
        .where(and(isNull(operationsAlerts.resolvedAt), kind ? eq(operationsAlerts.kind, kind) : undefined))
        .orderBy(asc(operationsAlerts.id)),

    resolveAlert: async (id: number) =>
      (
        await db
          .update(operationsAlerts)
          .set({ resolvedAt: sql`now()` })
          .where(and(eq(operationsAlerts.id, id), isNull(operationsAlerts.resolvedAt)))
          .returning({ id: operationsAlerts.id })
      ).length > 0,
  };
}

export type TAlertRepository = ReturnType<typeof createAlertRepository>;
