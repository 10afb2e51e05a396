import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import {
  claims,
  clientLogs,
  mailOutbox,
  operationsAlerts,
  paymentLifecycleLogs,
  payments,
  policies,
  policyEvents,
  refunds,
} from '../../../db/schema.ts';
import type { TPolicyRow } from '../../policy/policy-repository.ts';
import { recordAudit, type TAuditEntry } from '../audit.ts';

export type TMailRow = typeof mailOutbox.$inferSelect;
export type TAlertRow = typeof operationsAlerts.$inferSelect;

/**
 * What a typed query is compared with: a policy matches by any of them. The service decides what the
 * query gives for each; the SQL only compares.
 */
export type TPolicyText = {
  /** The policy number exactly, or its beginning (upper case). */
  policyNumber: string;
  /** Part of the holder's name (lower case). */
  name: string;
  /** The holder's e-mail exactly (lower case). */
  email: string;
  /** An ID number or UEN in full, normalised (upper case, no spaces, brackets or dashes). */
  idNumber?: string | undefined;
};

export type TPolicySearch = {
  text?: TPolicyText | undefined;
  status?: string | undefined;
  product?: string | undefined;
  agent?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
};

/** The applicant's fields as SQL over the JSON document, whatever the product. */
const applicantField = (field: string) =>
  sql`coalesce(${policies.document}->'policyTravel'->'applicant'->>${field}, ${policies.document}->'policyPAN'->'applicant'->>${field}, ${policies.document}->'policyHome'->'applicant'->>${field}, '')`;

/** A value inside a LIKE pattern, matched as itself. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(search: TPolicySearch): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  const { text } = search;
  if (text)
    where.push(
      or(
        eq(policies.policyNumber, text.policyNumber),
        sql`${policies.policyNumber} like ${`${likeEscape(text.policyNumber)}%`}`,
        sql`lower(${applicantField('fullName')}) like ${`%${likeEscape(text.name)}%`}`,
        sql`lower(${applicantField('email')}) = ${text.email}`,
        text.idNumber
          ? sql`upper(regexp_replace(${applicantField('hkId')}, '[\\s()-]', '', 'g')) = ${text.idNumber}
                or upper(regexp_replace(${applicantField('uen')}, '[\\s()-]', '', 'g')) = ${text.idNumber}`
          : undefined,
      ),
    );
  if (search.status) where.push(eq(policies.status, search.status));
  if (search.product) where.push(eq(policies.productType, search.product));
  if (search.agent) where.push(eq(policies.agentCode, search.agent));
  if (search.createdFrom) where.push(gte(policies.createdAt, search.createdFrom));
  if (search.createdTo) where.push(lte(policies.createdAt, search.createdTo));
  return and(...where);
}

/** Operations' SQL in the back office (issue 18, decision 080): policies and all beside them, the queues, mail, client logs. */
export function createOperationsRepository(db: TDb) {
  return {
    async findPolicy(policyId: string): Promise<TPolicyRow | undefined> {
      const [row] = await db.select().from(policies).where(eq(policies.policyId, policyId));
      return row;
    },

    /** A page of the policies found, newest first, with how many were found in all. */
    async searchPolicies(search: TPolicySearch, page: { limit: number; offset: number }) {
      const condition = searchCondition(search);
      const [total] = await db.select({ n: count() }).from(policies).where(condition);
      const rows = await db
        .select()
        .from(policies)
        .where(condition)
        .orderBy(desc(policies.createdAt), desc(policies.policyId))
        .limit(page.limit)
        .offset(page.offset);
      return { total: total?.n ?? 0, rows };
    },

    /** The policy's payments, oldest first. */
    async listPayments(policyId: string) {
      return db
        .select()
        .from(payments)
        .where(eq(payments.policyId, policyId))
        .orderBy(asc(payments.createdAt));
    },

    /** What lies beside a policy: its events, payment log (by policy or payment reference), mail, refunds, claims, alerts. */
    async policyRecords(policyId: string, references: string[]) {
      const [events, lifecycle, mails, refundRows, claimCount, alerts] = await Promise.all([
        db
          .select()
          .from(policyEvents)
          .where(eq(policyEvents.policyId, policyId))
          .orderBy(asc(policyEvents.id)),
        db
          .select()
          .from(paymentLifecycleLogs)
          .where(
            or(
              eq(paymentLifecycleLogs.policyId, policyId),
              references.length ? inArray(paymentLifecycleLogs.referenceNumber, references) : undefined,
            ),
          )
          .orderBy(asc(paymentLifecycleLogs.id))
          .limit(200),
        db.select().from(mailOutbox).where(eq(mailOutbox.policyId, policyId)).orderBy(asc(mailOutbox.id)),
        db.select().from(refunds).where(eq(refunds.policyId, policyId)),
        db.select({ n: count() }).from(claims).where(eq(claims.policyId, policyId)),
        db.select().from(operationsAlerts).where(eq(operationsAlerts.policyId, policyId)),
      ]);
      return { events, lifecycle, mails, refunds: refundRows, claimCount: claimCount[0]?.n ?? 0, alerts };
    },

    async findAlert(id: number): Promise<TAlertRow | undefined> {
      const [alert] = await db.select().from(operationsAlerts).where(eq(operationsAlerts.id, id));
      return alert;
    },

    /** Closes an open alert; false when someone closed it first. */
    async closeAlert(id: number, at: Date): Promise<boolean> {
      const [closed] = await db
        .update(operationsAlerts)
        .set({ resolvedAt: at })
        .where(and(eq(operationsAlerts.id, id), isNull(operationsAlerts.resolvedAt)))
        .returning({ id: operationsAlerts.id });
      return Boolean(closed);
    },

    /**
     * A refund paid by operations, in one transaction: the open alert closed with its new detail, the
     * policy's refunds left manual or failed marked succeeded with the reference, and the audit row.
     * False (nothing written) when someone closed the alert first.
     */
    async recordRefundPaid(input: {
      alertId: number;
      policyId: string | null;
      detail: Record<string, unknown>;
      reference: string;
      at: Date;
      audit: TAuditEntry;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(operationsAlerts)
          .set({ resolvedAt: input.at, detail: input.detail })
          .where(and(eq(operationsAlerts.id, input.alertId), isNull(operationsAlerts.resolvedAt)))
          .returning({ id: operationsAlerts.id });
        if (!done) return false;
        if (input.policyId)
          await tx
            .update(refunds)
            .set({ state: 'succeeded', providerReference: input.reference, updatedAt: input.at })
            .where(and(eq(refunds.policyId, input.policyId), inArray(refunds.state, ['manual', 'failed'])));
        await recordAudit(tx, input.audit);
        return true;
      });
    },

    /** Mail not sent yet (queued or being sent), newest first; with `failedOnly`, those that failed a try. */
    async listUnsentMail(failedOnly: boolean, limit: number): Promise<TMailRow[]> {
      const unsent = inArray(mailOutbox.status, ['queued', 'sending']);
      return db
        .select()
        .from(mailOutbox)
        .where(failedOnly ? and(unsent, isNotNull(mailOutbox.lastError)) : unsent)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },

    /**
     * A queued mail's next try moved to `at`. Only a mail waiting for its next try: one being sent now
     * is left to its sender (no second copy); undefined then, or when there is no such mail.
     */
    async retryMail(id: number, at: Date): Promise<TMailRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: at })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')))
        .returning();
      return row;
    },

    /** Client logs, newest first. */
    async listClientLogs(limit: number, offset: number) {
      return db.select().from(clientLogs).orderBy(desc(clientLogs.id)).limit(limit).offset(offset);
    },
  };
}

export type TOperationsRepository = ReturnType<typeof createOperationsRepository>;
