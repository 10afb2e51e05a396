import { randomUUID } from 'node:crypto';
import { EXPORT_ROWS_MAX, type TExportFormat } from '@lionrock/domain/back-office/exports';
import { POLICY_SEARCH } from '@lionrock/domain/back-office/operations-requests';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { maskIdNumber } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail, maskMobile } from '@lionrock/domain/self-service/contact-rules';
import { ApiError } from '../../../lib/api-error.ts';
import { tableFile } from '../../../lib/table-file.ts';
import type { TPolicyDocumentsService } from '../../issuance/policy-documents-service.ts';
import type { TAlertKind, TAlertRepository } from '../../payment/alert-repository.ts';
import type { TIssuanceService } from '../../payment/issuance-service.ts';
import type { TPaymentRepository } from '../../payment/payment-repository.ts';
import type { TPolicyRow } from '../../policy/policy-repository.ts';
import type { TAccessRepository } from '../../policyholder/access-repository.ts';
import type { TActor, TAuditEntry, TAuditTrail } from '../audit.ts';
import { auditEntryView } from '../audit.ts';
import type { TMailRow, TOperationsRepository } from './operations-repository.ts';

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

/** An ID number as compared: upper case, without spaces, brackets and dashes (as maskIdNumber reads it). */
const normaliseId = (value: string) => value.toUpperCase().replace(/[\s()-]/g, '');

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

/** What the policies list filters by (its query, less the page's edges where noted). */
type TPolicyQuery = {
  q?: string | undefined;
  status?: string | undefined;
  product?: string | undefined;
  agent?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
};

/** An export reads the list this many rows at a time through its keyset. */
const EXPORT_PAGE = 1_000;
/** The export's columns: the list's, with the amounts in the policy's currency as numbers. */
const POLICY_EXPORT_HEADER = [
  'Policy number',
  'Status',
  'Product',
  'Market',
  'Holder',
  'ID number (masked)',
  'E-mail (masked)',
  'Agent',
  'Currency',
  'Total premium',
  'Start',
  'End',
  'Issued at (UTC)',
  'Created at (UTC)',
] as const;

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
  repository: TOperationsRepository;
  audit: TAuditTrail;
  /** The policyholder's "send again" mail, queued as the holder's own is. */
  holderMail: Pick<TAccessRepository, 'queueResend'>;
  payments: TPaymentRepository;
  alerts: TAlertRepository;
  issuance: TIssuanceService;
  documents: Pick<TPolicyDocumentsService, 'scheduleOf'>;
  now: () => Date;
  onMailQueued: () => void;
}) {
  const { repository, audit, holderMail, now } = deps;

  async function policyRow(policyId: string): Promise<TPolicyRow> {
    const row = /^[0-9a-f-]{36}$/i.test(policyId) ? await repository.findPolicy(policyId) : undefined;
    if (!row) throw new ApiError(404, 'There is no policy with this id.', { field: 'policyId' });
    return row;
  }

  /** The repository's search for what the list's filters say. */
  function searchOf(query: TPolicyQuery) {
    const q = query.q?.trim() ?? '';
    const id = normaliseId(q);
    const search = {
      text: q
        ? {
            policyNumber: q.toUpperCase(),
            name: q.toLowerCase(),
            email: q.toLowerCase(),
            // An ID number typed in full: compared normalised (the holder key needs the birth date too).
            idNumber: id.length >= 6 ? id : undefined,
          }
        : undefined,
      status: query.status,
      product: query.product,
      agent: query.agent,
      createdFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      createdTo: query.to ? new Date(`${query.to}T23:59:59.999Z`) : undefined,
    };
    return search;
  }

  async function searchPolicies(query: TPolicyQuery) {
    const search = searchOf(query);
    const [{ rows, more }, found] = await Promise.all([
      repository.searchPolicies(search, {
        limit: POLICY_PAGE_SIZE,
        after: query.after,
        before: query.before,
      }),
      repository.countPolicies(search, POLICY_SEARCH.countMax),
    ]);
    // The page's edges: older policies after the last row, newer ones before the first.
    const first = rows[0]?.policyId ?? null;
    const last = rows.at(-1)?.policyId ?? null;
    const moreOlder = query.before ? rows.length > 0 : more;
    const moreNewer = query.before ? more : query.after !== undefined && rows.length > 0;
    return {
      pageSize: POLICY_PAGE_SIZE,
      // Counted up to the bound: beyond it, "10,000+" (`totalAtLeast`).
      total: Math.min(found, POLICY_SEARCH.countMax),
      totalAtLeast: found > POLICY_SEARCH.countMax,
      policies: rows.map(summaryOf),
      next: moreOlder ? last : null,
      previous: moreNewer ? first : null,
    };
  }

  /**
   * The policies the list's filters find, newest first, as CSV or Excel (issue 31): what the list shows
   * (IDs and e-mails masked as there), at most EXPORT_ROWS_MAX rows, read page by page through the
   * list's own keyset. Each export is an audit row with its filters, format and row count.
   */
  async function exportPolicies(query: TPolicyQuery, format: TExportFormat, actor: TActor) {
    const search = searchOf(query);
    const found: TPolicyRow[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await repository.searchPolicies(search, {
        limit: Math.min(EXPORT_PAGE, EXPORT_ROWS_MAX - found.length),
        after,
        before: undefined,
      });
      found.push(...page.rows);
      if (!page.more || found.length >= EXPORT_ROWS_MAX || page.rows.length === 0) break;
      after = page.rows.at(-1)!.policyId;
    }
    const rows = found
      .map(summaryOf)
      .map((policy) => [
        policy.policyNumber ?? '',
        policy.status,
        policy.product,
        policy.market,
        policy.holderName ?? '',
        policy.idNumber,
        policy.email,
        policy.agentCode ?? '',
        policy.currency,
        policy.totalCents === null ? null : policy.totalCents / 100,
        policy.startDate ?? '',
        policy.endDate ?? '',
        policy.issuedAt ?? '',
        policy.createdAt,
      ]);
    const file = await tableFile(format, 'Policies', POLICY_EXPORT_HEADER, rows);
    const { after: _after, before: _before, ...filters } = query;
    await audit.record({
      at: now(),
      actor,
      action: 'export',
      entity: 'policy',
      entityId: 'list',
      before: null,
      after: { format, rows: rows.length, filters },
    });
    return { ...file, fileName: `policies-${now().toISOString().slice(0, 10)}.${file.extension}` };
  }

  async function policyDetails(policyId: string) {
    const row = await policyRow(policyId);
    const who = identityOf(row);
    const paymentRows = await repository.listPayments(policyId);
    const references = paymentRows.map((payment) => payment.referenceNumber);
    const [records, trail] = await Promise.all([
      repository.policyRecords(policyId, references),
      audit.of('policy', policyId),
    ]);
    const { events, lifecycle, mails, refunds: refundRows, claimCount, alerts, collections } = records;
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
      payments: [
        ...paymentRows.map((payment) => ({
          paymentId: payment.paymentId,
          purpose: 'policy' as const,
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
        // An endorsement's card payment of a higher premium (decision 144), beside the policy's own.
        ...collections.map((collection) => ({
          paymentId: collection.referenceNumber,
          purpose: 'endorsement' as const,
          referenceNumber: collection.referenceNumber,
          method: 'CC',
          status: collection.status,
          amountCents: collection.amountCents,
          currency: collection.currency,
          decision: collection.decision,
          reasonCode: collection.reasonCode,
          maskedCard: collection.maskedCard,
          receiptNumber: null,
          createdAt: collection.createdAt.toISOString(),
          answeredAt: collection.answeredAt?.toISOString() ?? null,
        })),
      ],
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
        // The reference the customer sees on my policy and in the mail (decision 129).
        reference: refund.providerRequestId,
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
      claimCount,
      audit: trail.map((entry) => ({ id: entry.id, ...auditEntryView(entry) })),
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
    await audit.record({
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
    await audit.record({
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
    await audit.record({
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
    const alert = await repository.findAlert(id);
    if (!alert) throw new ApiError(404, 'There is no case with this id.', { field: 'id' });
    return alert;
  }

  /** Closes an open alert; false when someone closed it first. */
  const close = (id: number): Promise<boolean> => repository.closeAlert(id, now());

  const audited = (actor: TActor, action: string, alertId: number, after: unknown, note?: string) =>
    audit.record({
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
   * Operations' answer to a payment held for review, recorded on the payment (paid when accepted,
   * declined when rejected) only while it is still in review: the payment, and whether this call
   * recorded the answer.
   */
  async function answerReview(id: number, answer: 'accepted' | 'rejected') {
    const alert = await alertOf(id);
    if (alert.kind !== 'review' || !alert.paymentId)
      throw new ApiError(409, `Only a review case with a payment can be ${answer}.`, { field: 'id' });
    const payment = await deps.payments.findPayment(alert.paymentId);
    if (!payment) throw new ApiError(404, 'The payment of this case is missing.', { field: 'id' });
    const recorded = await deps.payments.recordAnswer(payment.paymentId, ['review'], {
      status: answer === 'accepted' ? 'paid' : 'declined',
      gatewayAnswer: {
        ...((payment.gatewayAnswer as Record<string, unknown> | null) ?? {}),
        review: `${answer} by operations`,
      },
    });
    return { payment, recorded };
  }

  /**
   * A payment held for review, accepted: it becomes paid (only from review, so a second accept records
   * nothing) and the card payment's issuing path issues and mails the policy, once whatever the clicks.
   */
  async function acceptReview(actor: TActor, id: number) {
    const { payment, recorded } = await answerReview(id, 'accepted');
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
        await audit.record({
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
    const { payment, recorded } = await answerReview(id, 'rejected');
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
    await audit.record({
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
    const at = now();
    const entry: TAuditEntry = {
      at,
      actor,
      action: 'record-refund',
      entity: 'alert',
      entityId: String(id),
      before: null,
      after: { reference: input.reference, paidOn: input.paidOn, policyId: alert.policyId },
    };
    const closed = await repository.recordRefundPaid({
      alertId: id,
      policyId: alert.policyId,
      refundId: alert.refundId,
      detail: {
        ...((alert.detail as Record<string, unknown>) ?? {}),
        paidReference: input.reference,
        paidOn: input.paidOn,
      },
      reference: input.reference,
      at,
      audit: entry,
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
    const rows = await repository.listUnsentMail(status === 'failed', 200);
    return rows.map(mailOf);
  }

  /** A mail not sent yet, tried again now (the delivery job takes it at once). */
  async function retryMail(actor: TActor, id: number) {
    // Only a mail waiting for its next try: one being sent now is left to its sender (no second copy).
    const row = await repository.retryMail(id, now());
    if (!row)
      throw new ApiError(409, 'This mail is being sent or sent already, or there is no such mail.', {
        field: 'id',
      });
    await audit.record({
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
    const rows = await repository.listClientLogs(100, (page - 1) * 100);
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
    exportPolicies,
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

function mailOf(mail: TMailRow) {
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
