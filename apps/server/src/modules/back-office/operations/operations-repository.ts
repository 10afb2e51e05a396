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
  endorsementPayments,
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
  /** Part of the holder's name (lower case); compared when it has NAME_FRAGMENT_MIN characters or more. */
  name: string;
  /** The holder's e-mail exactly (lower case). */
  email: string;
  /** An ID number or UEN in full, normalised (upper case, no spaces, brackets or dashes). */
  idNumber?: string | undefined;
};

/** A name fragment shorter than this finds nothing by name: trigrams need three characters (decision 141). */
export const NAME_FRAGMENT_MIN = 3;

export type TPolicySearch = {
  text?: TPolicyText | undefined;
  status?: string | undefined;
  product?: string | undefined;
  agent?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
};

/** A value inside a LIKE pattern, matched as itself. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a typed query finds (decision 141): each part compares a column with an index of its own, so
 * PostgreSQL ORs a few index lookups instead of reading every policy's document: the number exactly or
 * by its beginning (`policies_number_prefix_idx`), part of the name (`policies_holder_name_trgm_idx`,
 * trigrams: three characters or more), the e-mail address (`policies_contact_idx`), an ID number or UEN
 * (`policies_holder_id_idx`, `policies_holder_uen_idx`).
 */
function textCondition(text: TPolicyText): SQL | undefined {
  return or(
    eq(policies.policyNumber, text.policyNumber),
    sql`${policies.policyNumber} like ${`${likeEscape(text.policyNumber)}%`}`,
    text.name.length >= NAME_FRAGMENT_MIN
      ? sql`${policies.holderName} like ${`%${likeEscape(text.name)}%`}`
      : undefined,
    eq(policies.contactEmail, text.email),
    text.idNumber ? eq(policies.holderId, text.idNumber) : undefined,
    text.idNumber ? eq(policies.holderUen, text.idNumber) : undefined,
  );
}

/** The filter of the back office's policy search; exported for the test of its plan (insurer-size-plans). */
export function policySearchCondition(search: TPolicySearch): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (search.text) where.push(textCondition(search.text));
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

    /**
     * A page of the policies found, newest first, by key (decision 143): after one policy (the older
     * ones) or before one (the newer ones, read upwards and turned round), on `policies_created_idx`,
     * never by an offset. One row more than the page says whether there is more that way.
     */
    async searchPolicies(
      search: TPolicySearch,
      page: { limit: number; after?: string | undefined; before?: string | undefined },
    ): Promise<{ rows: TPolicyRow[]; more: boolean }> {
      const edge = page.after ?? page.before;
      const key = sql`(${policies.createdAt}, ${policies.policyId})`;
      const edgeKey = edge
        ? sql`(select ${policies.createdAt}, ${policies.policyId} from ${policies} where ${policies.policyId} = ${edge})`
        : undefined;
      const condition = and(
        policySearchCondition(search),
        edgeKey ? (page.before ? sql`${key} > ${edgeKey}` : sql`${key} < ${edgeKey}`) : undefined,
      );
      const rows = await db
        .select()
        .from(policies)
        .where(condition)
        .orderBy(
          ...(page.before
            ? [asc(policies.createdAt), asc(policies.policyId)]
            : [desc(policies.createdAt), desc(policies.policyId)]),
        )
        .limit(page.limit + 1);
      const more = rows.length > page.limit;
      const shown = rows.slice(0, page.limit);
      return { rows: page.before ? shown.reverse() : shown, more };
    },

    /**
     * How many policies the search finds, counted up to `max` + 1 (so "more than max" is known without
     * counting a million rows on every page).
     */
    async countPolicies(search: TPolicySearch, max: number): Promise<number> {
      const found = db
        .select({ one: sql`1` })
        .from(policies)
        .where(policySearchCondition(search))
        .limit(max + 1)
        .as('found');
      const [row] = await db.select({ n: count() }).from(found);
      return row?.n ?? 0;
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
      const [events, lifecycle, mails, refundRows, claimCount, alerts, collections] = await Promise.all([
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
        // The card payments of endorsements that raised the premium (decision 144).
        db
          .select()
          .from(endorsementPayments)
          .where(eq(endorsementPayments.policyId, policyId))
          .orderBy(asc(endorsementPayments.createdAt)),
      ]);
      return {
        events,
        lifecycle,
        mails,
        refunds: refundRows,
        claimCount: claimCount[0]?.n ?? 0,
        alerts,
        collections,
      };
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
     * case's refund, if left manual or failed, marked succeeded with the reference, and the audit row.
     * False (nothing written) when someone closed the alert first.
     */
    async recordRefundPaid(input: {
      alertId: number;
      policyId: string | null;
      refundId: string | null;
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
        // The case's own refund (decision 142: a policy may owe several); a case from before refunds were
        // named on it is its policy's cancellation refund.
        const owed = input.refundId
          ? eq(refunds.refundId, input.refundId)
          : input.policyId
            ? and(eq(refunds.policyId, input.policyId), isNull(refunds.endorsementId))
            : undefined;
        if (owed)
          await tx
            .update(refunds)
            .set({ state: 'succeeded', providerReference: input.reference, updatedAt: input.at })
            .where(and(owed, inArray(refunds.state, ['manual', 'failed'])));
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
