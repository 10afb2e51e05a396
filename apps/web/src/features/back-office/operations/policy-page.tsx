import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BACK_OFFICE_API, backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay } from '../staff-dates';
import { staffProblemOf, useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { money, Problem, Progress, when } from './ops-shared';
import type { TPolicySummary } from './policies-page';

type TDetails = {
  policy: TPolicySummary & {
    mobile: string;
    receiptNumber: string | null;
    planCode: string | null;
    autoRenewal: boolean;
    renewalNoticeAt: string | null;
  };
  payments: {
    paymentId: string;
    /** The policy's own payment, or an endorsement's card payment of a higher premium (decision 144). */
    purpose: 'policy' | 'endorsement';
    referenceNumber: string;
    method: string;
    status: string;
    amountCents: number;
    currency: string;
    reasonCode: number | null;
    maskedCard: string | null;
    createdAt: string;
  }[];
  events: { at: string; from: string | null; to: string }[];
  mails: {
    id: number;
    kind: string;
    recipient: string;
    status: string;
    attempts: number;
    createdAt: string;
  }[];
  refunds: {
    refundId: string;
    reference: string;
    method: string;
    state: string;
    amountCents: number;
    currency: string;
  }[];
  claimCount: number;
  audit: { id: number; at: string; actor: string; action: string; note: string | null }[];
};

type TField = 'idNumber' | 'email' | 'mobile';
const FIELD_LABELS: Record<TField, string> = { idNumber: 'ID number', email: 'E-mail', mobile: 'Mobile' };

/** One policy for operations: details masked (Reveal is audited), payments, mail, and its audit trail. */
export function PolicyPage() {
  const { policyId = '' } = useParams();
  const { data, error, loading, reload } = useStaffQuery<TDetails>(
    `/admin/policies/${encodeURIComponent(policyId)}`,
  );
  const [revealed, setRevealed] = useState<Partial<Record<TField, string>>>({});
  // Only a role with policies.reveal gets the button: the server answers 403 to the others.
  const mayReveal = useCan('policies.reveal');
  // The schedule prints the e-mail and mobile whole (policies.documents, decision 106).
  const mayDownload = useCan('policies.documents');
  // Re-sending the policy mail is operations' (policies.write).
  const mayResend = useCan('policies.write');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reveal = async (field: TField) => {
    setBusy(field);
    setProblem(null);
    try {
      const answer = await backOfficeCall<{ value: string }>('POST', `/admin/policies/${policyId}/reveal`, {
        field,
      });
      setRevealed((previous) => ({ ...previous, [field]: answer.value }));
      reload();
    } catch (caught) {
      setProblem(staffProblemOf(caught));
    } finally {
      setBusy(null);
    }
  };
  const resend = async () => {
    setBusy('resend');
    setProblem(null);
    setNotice(null);
    try {
      await backOfficeCall('POST', `/admin/policies/${policyId}/resend`);
      setNotice('The policy e-mail is queued again.');
      reload();
    } catch (caught) {
      setProblem(staffProblemOf(caught));
    } finally {
      setBusy(null);
    }
  };

  if (loading && !data) return <Progress text="Loading the policy…" />;
  if (error && !data) return <Problem message={error} />;
  if (!data) return null;
  const { policy } = data;
  const masked: Record<TField, string> = {
    idNumber: policy.idNumber,
    email: policy.email,
    mobile: policy.mobile,
  };

  return (
    <div className={styles.page}>
      <p>
        <Link to="/admin/policies">Back to policies</Link>
      </p>
      <h1 className={styles.heading}>Policy {policy.policyNumber ?? policy.policyId}</h1>
      <Problem message={problem} />
      {notice && (
        <p className={styles.status} role="status">
          {notice}
        </p>
      )}
      <div className={styles.columns}>
        <div className={styles.page}>
          <section className={styles.panel} aria-labelledby="policy-details">
            <h2 id="policy-details" className={styles.subheading}>
              Details
            </h2>
            <dl className={styles.details}>
              <dt>Status</dt>
              <dd>{policy.status}</dd>
              <dt>Product</dt>
              <dd>
                {policy.product} {policy.market} {policy.planCode ?? ''}
              </dd>
              <dt>Holder</dt>
              <dd>{policy.holderName}</dd>
              {(Object.keys(FIELD_LABELS) as TField[]).map((field) => (
                <div key={field} style={{ display: 'contents' }}>
                  <dt>{FIELD_LABELS[field]}</dt>
                  <dd>
                    {revealed[field] ?? masked[field]}{' '}
                    {mayReveal && revealed[field] === undefined && masked[field] && (
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={busy !== null}
                        onClick={() => reveal(field)}
                        aria-label={`Reveal ${FIELD_LABELS[field]}`}
                      >
                        {busy === field ? 'Revealing…' : 'Reveal'}
                      </button>
                    )}
                  </dd>
                </div>
              ))}
              <dt>Premium</dt>
              <dd>{money(policy.totalCents, policy.currency)}</dd>
              <dt>Cover</dt>
              <dd>
                {staffCalendarDay(policy.startDate)} – {staffCalendarDay(policy.endDate)}
              </dd>
              <dt>Issued</dt>
              <dd>{when(policy.issuedAt)}</dd>
              <dt>Receipt</dt>
              <dd>{policy.receiptNumber ?? ''}</dd>
              <dt>Agent</dt>
              <dd>{policy.agentCode ?? ''}</dd>
              <dt>Auto-renewal</dt>
              <dd>{policy.autoRenewal ? 'On' : 'Off'}</dd>
              <dt>Claims</dt>
              <dd>{data.claimCount}</dd>
            </dl>
            <div className={styles.actions}>
              {/* The policy mail goes again only for a policy in force (the server refuses the rest). */}
              {mayResend && policy.status === 'issued' ? (
                <button type="button" className={styles.primary} disabled={busy !== null} onClick={resend}>
                  {busy === 'resend' ? 'Sending…' : 'Re-send e-mail'}
                </button>
              ) : null}
              {mayDownload && policy.status === 'issued' && (
                <a
                  className={styles.secondary}
                  href={`${BACK_OFFICE_API}/admin/policies/${policyId}/schedule.pdf`}
                >
                  Download schedule
                </a>
              )}
            </div>
          </section>
          <section className={styles.panel} aria-labelledby="policy-payments">
            <h2 id="policy-payments" className={styles.subheading}>
              Payments
            </h2>
            <DataTable
              rows={data.payments}
              rowKey={(payment) => payment.paymentId}
              columns={[
                { header: 'Reference', cell: (payment) => payment.referenceNumber },
                {
                  header: 'For',
                  cell: (payment) => (payment.purpose === 'endorsement' ? 'Change of address' : 'Policy'),
                },
                { header: 'Method', cell: (payment) => payment.method },
                { header: 'Status', cell: (payment) => payment.status },
                {
                  header: 'Amount',
                  cell: (payment) => money(payment.amountCents, payment.currency),
                  numeric: true,
                },
                { header: 'Reason', cell: (payment) => payment.reasonCode ?? '' },
                { header: 'Card', cell: (payment) => payment.maskedCard ?? '' },
                { header: 'Started', cell: (payment) => when(payment.createdAt) },
              ]}
            />
          </section>
          <section className={styles.panel} aria-labelledby="policy-mail">
            <h2 id="policy-mail" className={styles.subheading}>
              E-mail and events
            </h2>
            <DataTable
              rows={data.mails}
              rowKey={(mail) => mail.id}
              columns={[
                { header: 'Mail', cell: (mail) => mail.kind },
                { header: 'To', cell: (mail) => mail.recipient },
                { header: 'Status', cell: (mail) => mail.status },
                { header: 'Queued', cell: (mail) => when(mail.createdAt) },
              ]}
            />
            <ul className={styles.trail}>
              {data.events.map((event) => (
                <li key={`${event.at}-${event.to}`}>
                  {when(event.at)}: {event.from ?? '—'} → {event.to}
                </li>
              ))}
              {data.refunds.map((refund) => (
                <li key={refund.refundId}>
                  Refund {refund.reference} {money(refund.amountCents, refund.currency)} ({refund.method}):{' '}
                  {refund.state}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <section className={styles.panel} aria-labelledby="policy-audit">
          <h2 id="policy-audit" className={styles.subheading}>
            Audit trail
          </h2>
          {data.audit.length === 0 ? (
            <p>No changes from the back office yet.</p>
          ) : (
            <ol className={styles.trail}>
              {data.audit.map((entry) => (
                <li key={entry.id}>
                  {when(entry.at)} {entry.actor}: {entry.action}
                  {entry.note ? ` (${entry.note})` : ''}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
