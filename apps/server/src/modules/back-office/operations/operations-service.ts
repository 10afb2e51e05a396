import { randomUUID } from 'node:crypto';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail, maskMobile } from '@lionrock/domain/self-service/contact-rules';
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
import { ApiError } from '../../../lib/api-error.ts';
import type { TPolicyDocumentsService } from '../../issuance/policy-documents-service.ts';
import { maskIdNumber } from '../../issuance/policy-schedule.ts';
import type { TAlertKind, TAlertRepository } from '../../payment/alert-repository.ts';
import type { TIssuanceService } from '../../payment/issuance-service.ts';
import type { TPaymentRepository } from '../../payment/payment-repository.ts';
import { createAccessRepository } from '../../policyholder/access-repository.ts';
import { auditOf, recordAudit, type TActor } from '../audit.ts';

/**
 * Operations' work in the back office (issue 18, decision 080): finding a policy, looking at all of it
 * (payments, events, mail, refunds, its audit trail), revealing a masked field (audited), sending its
 * e-mail again, and working the operations queues (operations_alerts): a payment held for review is
 * accepted (the card payment's own issuing path issues and mails it, once) or rejected (never issued:
 * its authorisation goes to the reversal queue); refunds paid by operations are recorded.
 */
export const QUEUE_KINDS = [
  'review',
  'refund',
  'reverse_authorisation',
  'forged_answer',
  'late_payment',
  'paynow_refund',
] as const satisfies readonly TAlertKind[];
export type TQueueKind = (typeof QUEUE_KINDS)[number];

export const POLICY_PAGE_SIZE = 50;
export type TRevealField = 'idNumber' | 'email' | 'mobile';

type TPolicyRow = typeof policies.$inferSelect;

/** The applicant's fields as SQL over the JSON document, whatever the product. */
const applicantField = (field: string) =>
  sql`coalesce(${policies.document}->'policyTravel'->'applicant'->>${field}, ${policies.document}->'policyPAN'->'applicant'->>${field}, ${policies.document}->'policyHome'->'applicant'->>${field}, '')`;

/** An ID number as compared: upper case, without spaces, brackets and dashes (as maskIdNumber reads it). */
const normaliseId = (value: string) => value.toUpperCase().replace(/[\s()-]/g, '');
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function identityOf(row: TPolicyRow) {
  const applicant = policyApplicant(row.document as TPolicy);
  const idNumber = (applicant?.clientType === 'C' ? applicant?.uen : applicant?.hkId) ?? '';
  return {
    name: applicant?.fullName ?? '',
    idNumber,
    email: applicant?.email ?? '',
    mobileCountryCode: applicant?.mobileNoCountryCode ?? '',
    mobile: applicant?.mobileNo ?? '',
  };
}

function summaryOf(row: TPolicyRow) {
  const who = identityOf(row);
  return {
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    product: row.productType,
    market: row.country,
    status: row.status,
    holderName: who.name,
    idNumber: who.idNumber ? maskIdNumber(who.idNumber) : '',
    email: who.email ? maskEmail(who.email) : '',
    currency: row.currency,
    totalCents: row.totalCents,
    startDate: row.startDate,
    endDate: row.endDate,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    agentCode: row.agentCode,
  };
}

export function createOperationsService(deps: {
  db: TDb;
  payments: TPaymentRepository;
  alerts: TAlertRepository;
  issuance: TIssuanceService;
  documents: Pick<TPolicyDocumentsService, 'scheduleOf'>;
  now: () => Date;
  onMailQueued: () => void;
}) {
  const { db, now } = deps;
  const holderMail = createAccessRepository(db);

  async function policyRow(policyId: string): Promise<TPolicyRow> {
    const [row] = /^[0-9a-f-]{36}$/i.test(policyId)
      ? await db.select().from(policies).where(eq(policies.policyId, policyId))
      : [];
    if (!row) throw new ApiError(404, 'There is no policy with this id.', { field: 'policyId' });
    return row;
  }

  async function searchPolicies(query: {
    q?: string | undefined;
    status?: string | undefined;
    product?: string | undefined;
    agent?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
  }) {
    const where: (SQL | undefined)[] = [];
    const q = query.q?.trim() ?? '';
    if (q) {
      const id = normaliseId(q);
      where.push(
        or(
          eq(policies.policyNumber, q.toUpperCase()),
          sql`${policies.policyNumber} like ${`${likeEscape(q.toUpperCase())}%`}`,
          sql`lower(${applicantField('fullName')}) like ${`%${likeEscape(q.toLowerCase())}%`}`,
          sql`lower(${applicantField('email')}) = ${q.toLowerCase()}`,
          // An ID number typed in full: compared normalised (the holder key needs the birth date too).
          id.length >= 6
            ? sql`upper(regexp_replace(${applicantField('hkId')}, '[\\s()-]', '', 'g')) = ${id}
                or upper(regexp_replace(${applicantField('uen')}, '[\\s()-]', '', 'g')) = ${id}`
            : undefined,
        ),
      );
    }
    if (query.status) where.push(eq(policies.status, query.status));
    if (query.product) where.push(eq(policies.productType, query.product));
    if (query.agent) where.push(eq(policies.agentCode, query.agent));
    if (query.from) where.push(gte(policies.createdAt, new Date(`${query.from}T00:00:00Z`)));
    if (query.to) where.push(lte(policies.createdAt, new Date(`${query.to}T23:59:59.999Z`)));
    const condition = and(...where);
    const [total] = await db.select({ n: count() }).from(policies).where(condition);
    const rows = await db
      .select()
      .from(policies)
      .where(condition)
      .orderBy(desc(policies.createdAt), desc(policies.policyId))
      .limit(POLICY_PAGE_SIZE)
      .offset((query.page - 1) * POLICY_PAGE_SIZE);
    return {
      page: query.page,
      pageSize: POLICY_PAGE_SIZE,
      total: total?.n ?? 0,
      policies: rows.map(summaryOf),
    };
  }

  async function policyDetails(policyId: string) {
    const row = await policyRow(policyId);
    const who = identityOf(row);
    const paymentRows = await db
      .select()
      .from(payments)
      .where(eq(payments.policyId, policyId))
      .orderBy(asc(payments.createdAt));
    const references = paymentRows.map((payment) => payment.referenceNumber);
    const [events, lifecycle, mails, refundRows, claimCount, alerts, audit] = await Promise.all([
      db.select().from(policyEvents).where(eq(policyEvents.policyId, policyId)).orderBy(asc(policyEvents.id)),
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
      auditOf(db, 'policy', policyId),
    ]);
    return {
      policy: {
        ...summaryOf(row),
        mobile: who.mobile ? maskMobile(who.mobileCountryCode, who.mobile) : '',
        receiptNumber: row.receiptNumber,
        planCode: row.planCode,
        premiumCents: row.premiumCents,
        taxCents: row.taxCents,
        promoCode: row.promoCode,
        autoRenewal: row.autoRenewal,
        renewalOf: row.renewalOf,
        renewalNoticeAt: row.renewalNoticeAt?.toISOString() ?? null,
      },
      payments: paymentRows.map((payment) => ({
        paymentId: payment.paymentId,
        referenceNumber: payment.referenceNumber,
        method: payment.method,
        status: payment.status,
        amountCents: payment.amountCents,
        currency: payment.currency,
        decision: payment.decision,
        reasonCode: payment.reasonCode,
        maskedCard: payment.maskedCard,
        receiptNumber: payment.receiptNumber,
        createdAt: payment.createdAt.toISOString(),
        answeredAt: payment.answeredAt?.toISOString() ?? null,
      })),
      lifecycle: lifecycle.map((log) => ({
        at: log.createdAt.toISOString(),
        referenceNumber: log.referenceNumber,
        entry: log.entry,
      })),
      events: events.map((event) => ({
        at: event.createdAt.toISOString(),
        from: event.fromStatus,
        to: event.toStatus,
        detail: event.detail,
      })),
      mails: mails.map(mailOf),
      refunds: refundRows.map((refund) => ({
        refundId: refund.refundId,
        method: refund.method,
        basis: refund.basis,
        state: refund.state,
        amountCents: refund.amountCents,
        currency: refund.currency,
        providerReference: refund.providerReference,
        lastError: refund.lastError,
      })),
      alerts: alerts.map((alert) => ({
        id: alert.id,
        kind: alert.kind,
        createdAt: alert.createdAt.toISOString(),
        resolvedAt: alert.resolvedAt?.toISOString() ?? null,
      })),
      claimCount: claimCount[0]?.n ?? 0,
      audit: audit.map((entry) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor: entry.actor,
        action: entry.action,
        before: entry.before,
        after: entry.after,
        note: entry.note,
      })),
    };
  }

  async function reveal(actor: TActor, policyId: string, field: TRevealField): Promise<string> {
    const row = await policyRow(policyId);
    const who = identityOf(row);
    const value =
      field === 'idNumber'
        ? who.idNumber
        : field === 'email'
          ? who.email
          : `${who.mobileCountryCode ? `+${who.mobileCountryCode} ` : ''}${who.mobile}`.trim();
    await recordAudit(db, {
      at: now(),
      actor,
      action: 'reveal',
      entity: 'policy',
      entityId: policyId,
      before: null,
      after: null,
      note: field,
    });
    return value;
  }

  /** The policy e-mail again, to the address on the policy (as the policyholder's "send again" does). */
  async function resend(actor: TActor, policyId: string): Promise<void> {
    const row = await policyRow(policyId);
    const policy = row.document as TPolicy;
    const email = policyApplicant(policy)?.email?.trim() || policy.payment?.email?.trim();
    if (row.status !== 'issued' || !email)
      throw new ApiError(409, 'This policy cannot be e-mailed again.', { field: 'policyId' });
    await holderMail.queueResend(
      row.policyId,
      `${row.policyNumber}.policy-issued.resend.${randomUUID()}`,
      email,
      policy.lang === 'zh' ? 'zh' : 'en',
      now(),
    );
    await recordAudit(db, {
      at: now(),
      actor,
      action: 'resend',
      entity: 'policy',
      entityId: policyId,
      before: null,
      after: { email },
    });
    deps.onMailQueued();
  }

  /** The schedule PDF for staff: every download is an audit row (who, which policy, when; decision 106). */
  async function schedule(actor: TActor, policyId: string) {
    await policyRow(policyId);
    const file = await deps.documents.scheduleOf(policyId);
    if (!file) throw new ApiError(404, 'This policy has no schedule to download.', { field: 'policyId' });
    await recordAudit(db, {
      at: now(),
      actor,
      action: 'download',
      entity: 'policy',
      entityId: policyId,
      before: null,
      after: { document: 'schedule' },
      note: 'schedule',
    });
    return file;
  }

  async function queue(kind: TQueueKind | undefined) {
    const rows = await deps.alerts.listOpenAlerts(kind);
    const out = [];
    for (const alert of rows) {
      if (!(QUEUE_KINDS as readonly string[]).includes(alert.kind)) continue;
      const payment = alert.paymentId ? await deps.payments.findPayment(alert.paymentId) : undefined;
      const policy = alert.policyId ? await deps.payments.findPolicy(alert.policyId) : undefined;
      out.push({
        id: alert.id,
        kind: alert.kind,
        createdAt: alert.createdAt.toISOString(),
        detail: alert.detail,
        policyId: alert.policyId,
        policyNumber: policy?.policyNumber ?? null,
        policyStatus: policy?.status ?? null,
        payment: payment
          ? {
              paymentId: payment.paymentId,
              referenceNumber: payment.referenceNumber,
              method: payment.method,
              status: payment.status,
              amountCents: payment.amountCents,
              currency: payment.currency,
              reasonCode: payment.reasonCode,
              gatewayTransactionId: payment.gatewayTransactionId,
              maskedCard: payment.maskedCard,
            }
          : null,
      });
    }
    return out;
  }

  async function alertOf(id: number) {
    const [alert] = await db.select().from(operationsAlerts).where(eq(operationsAlerts.id, id));
    if (!alert) throw new ApiError(404, 'There is no case with this id.', { field: 'id' });
    return alert;
  }

  /** Closes an open alert; false when someone closed it first. */
  async function close(id: number): Promise<boolean> {
    const [closed] = await db
      .update(operationsAlerts)
      .set({ resolvedAt: now() })
      .where(and(eq(operationsAlerts.id, id), isNull(operationsAlerts.resolvedAt)))
      .returning({ id: operationsAlerts.id });
    return Boolean(closed);
  }

  const audited = (actor: TActor, action: string, alertId: number, after: unknown, note?: string) =>
    recordAudit(db, {
      at: now(),
      actor,
      action,
      entity: 'alert',
      entityId: String(alertId),
      before: null,
      after,
      ...(note ? { note } : {}),
    });

  /**
   * A payment held for review, accepted: it becomes paid (only from review, so a second accept records
   * nothing) and the card payment's issuing path issues and mails the policy, once whatever the clicks.
   */
  async function acceptReview(actor: TActor, id: number) {
    const alert = await alertOf(id);
    if (alert.kind !== 'review' || !alert.paymentId)
      throw new ApiError(409, 'Only a review case with a payment can be accepted.', { field: 'id' });
    const payment = await deps.payments.findPayment(alert.paymentId);
    if (!payment) throw new ApiError(404, 'The payment of this case is missing.', { field: 'id' });
    const recorded = await deps.payments.recordAnswer(payment.paymentId, ['review'], {
      status: 'paid',
      gatewayAnswer: {
        ...((payment.gatewayAnswer as Record<string, unknown> | null) ?? {}),
        review: 'accepted by operations',
      },
    });
    if (!recorded) {
      // Someone accepted (or rejected) it first: the same answer when it is paid, else a conflict.
      const current = await deps.payments.findPayment(payment.paymentId);
      if (current?.status !== 'paid')
        throw new ApiError(409, `This payment is ${current?.status ?? 'gone'} now.`, { field: 'id' });
    }
    const result = await deps.issuance.issuePayment(payment.paymentId);
    if (recorded) {
      await close(id);
      await audited(actor, 'accept', id, {
        paymentId: payment.paymentId,
        outcome: result.outcome,
        policyNumber: 'policy' in result && result.policy ? result.policy.policyNumber : null,
      });
      if (payment.policyId)
        await recordAudit(db, {
          at: now(),
          actor,
          action: 'accept-payment',
          entity: 'policy',
          entityId: payment.policyId,
          before: { paymentStatus: 'review' },
          after: { paymentStatus: 'paid', outcome: result.outcome },
        });
    }
    return {
      outcome: result.outcome,
      policyNumber: 'policy' in result && result.policy ? result.policy.policyNumber : null,
    };
  }

  /**
   * A payment held for review, rejected: it is declined (never issued) and its authorisation goes to
   * the reversal queue, the path a partial approval's money takes.
   */
  async function rejectReview(actor: TActor, id: number, note: string | undefined) {
    const alert = await alertOf(id);
    if (alert.kind !== 'review' || !alert.paymentId)
      throw new ApiError(409, 'Only a review case with a payment can be rejected.', { field: 'id' });
    const payment = await deps.payments.findPayment(alert.paymentId);
    if (!payment) throw new ApiError(404, 'The payment of this case is missing.', { field: 'id' });
    const recorded = await deps.payments.recordAnswer(payment.paymentId, ['review'], {
      status: 'declined',
      gatewayAnswer: {
        ...((payment.gatewayAnswer as Record<string, unknown> | null) ?? {}),
        review: 'rejected by operations',
      },
    });
    if (!recorded) {
      const current = await deps.payments.findPayment(payment.paymentId);
      if (current?.status === 'declined') return { rejected: true };
      throw new ApiError(409, `This payment is ${current?.status ?? 'gone'} now.`, { field: 'id' });
    }
    if (payment.gatewayTransactionId)
      await deps.alerts.addAlert({
        kind: 'reverse_authorisation',
        paymentId: payment.paymentId,
        policyId: payment.policyId,
        detail: {
          reason: 'review rejected by operations',
          transactionId: payment.gatewayTransactionId,
          amountCents: payment.amountCents,
        },
      });
    await close(id);
    await audited(actor, 'reject', id, { paymentId: payment.paymentId }, note);
    await recordAudit(db, {
      at: now(),
      actor,
      action: 'reject-payment',
      entity: 'policy',
      entityId: payment.policyId,
      before: { paymentStatus: 'review' },
      after: { paymentStatus: 'declined' },
      ...(note ? { note } : {}),
    });
    return { rejected: true };
  }

  /** A refund operations paid themselves: the refund row (if any) says so, and the case is closed. */
  async function recordRefund(actor: TActor, id: number, input: { reference: string; paidOn: string }) {
    const alert = await alertOf(id);
    if (!['refund', 'paynow_refund'].includes(alert.kind))
      throw new ApiError(409, 'Only a refund case can have a refund recorded.', { field: 'id' });
    if (alert.resolvedAt) return { recorded: false };
    const closed = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(operationsAlerts)
        .set({
          resolvedAt: now(),
          detail: {
            ...((alert.detail as Record<string, unknown>) ?? {}),
            paidReference: input.reference,
            paidOn: input.paidOn,
          },
        })
        .where(and(eq(operationsAlerts.id, id), isNull(operationsAlerts.resolvedAt)))
        .returning({ id: operationsAlerts.id });
      if (!done) return false;
      if (alert.policyId)
        await tx
          .update(refunds)
          .set({ state: 'succeeded', providerReference: input.reference, updatedAt: now() })
          .where(and(eq(refunds.policyId, alert.policyId), inArray(refunds.state, ['manual', 'failed'])));
      await recordAudit(tx, {
        at: now(),
        actor,
        action: 'record-refund',
        entity: 'alert',
        entityId: String(id),
        before: null,
        after: { reference: input.reference, paidOn: input.paidOn, policyId: alert.policyId },
      });
      return true;
    });
    return { recorded: closed };
  }

  async function resolve(actor: TActor, id: number, note: string) {
    await alertOf(id);
    const closed = await close(id);
    if (closed) await audited(actor, 'resolve', id, null, note);
    return { resolved: closed };
  }

  async function mail(status: 'failed' | 'queued') {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(
        status === 'failed'
          ? and(inArray(mailOutbox.status, ['queued', 'sending']), isNotNull(mailOutbox.lastError))
          : inArray(mailOutbox.status, ['queued', 'sending']),
      )
      .orderBy(desc(mailOutbox.id))
      .limit(200);
    return rows.map(mailOf);
  }

  /** A mail not sent yet, tried again now (the delivery job takes it at once). */
  async function retryMail(actor: TActor, id: number) {
    const [row] = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: now() })
      // Only a mail waiting for its next try: one being sent now is left to its sender (no second copy).
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')))
      .returning();
    if (!row)
      throw new ApiError(409, 'This mail is being sent or sent already, or there is no such mail.', {
        field: 'id',
      });
    await recordAudit(db, {
      at: now(),
      actor,
      action: 'retry',
      entity: 'mail',
      entityId: String(id),
      before: null,
      after: { kind: row.kind, attempts: row.attempts },
    });
    deps.onMailQueued();
    return { queued: true };
  }

  async function clientLogList(page: number) {
    const rows = await db
      .select()
      .from(clientLogs)
      .orderBy(desc(clientLogs.id))
      .limit(100)
      .offset((page - 1) * 100);
    return rows.map((log) => ({
      id: log.id,
      at: log.createdAt.toISOString(),
      level: log.level,
      sessionName: log.sessionName,
      data: log.data,
    }));
  }

  return {
    searchPolicies,
    policyDetails,
    reveal,
    resend,
    schedule,
    queue,
    acceptReview,
    rejectReview,
    recordRefund,
    resolve,
    mail,
    retryMail,
    clientLogList,
  };
}

function mailOf(mail: typeof mailOutbox.$inferSelect) {
  return {
    id: mail.id,
    kind: mail.kind,
    policyId: mail.policyId,
    recipientRole: mail.recipientRole,
    recipient: maskEmail(mail.recipient),
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    nextAttemptAt: mail.nextAttemptAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    createdAt: mail.createdAt.toISOString(),
  };
}

export type TOperationsService = ReturnType<typeof createOperationsService>;
