import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffProblemOf, useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { money, Problem, Progress, when } from './ops-shared';

const KINDS = [
  ['review', 'Review'],
  ['refund', 'Refunds'],
  ['paynow_refund', 'PayNow refunds'],
  ['reverse_authorisation', 'Reversals'],
  ['late_payment', 'Late payments'],
  ['forged_answer', 'Forged answers'],
] as const;
type TKind = (typeof KINDS)[number][0];

type TCase = {
  id: number;
  kind: TKind;
  createdAt: string;
  detail: Record<string, unknown> | null;
  policyId: string | null;
  policyNumber: string | null;
  policyStatus: string | null;
  payment: {
    referenceNumber: string;
    method: string;
    status: string;
    amountCents: number;
    currency: string;
    reasonCode: number | null;
    maskedCard: string | null;
  } | null;
};

/** Today in the market whose money the case is (its currency's), not the browser's UTC day. */
function marketToday(currency: string | undefined): string {
  const market = Object.values(MARKETS).find((entry) => entry.currency === currency) ?? MARKETS.SGP;
  return formatIso(todayIn(market.timeZone, new Date()));
}

type TAction = 'accept' | 'reject' | 'record-refund' | 'resolve';
const ACTION_LABELS: Record<TAction, string> = {
  accept: 'Accept',
  reject: 'Reject',
  'record-refund': 'Record refund',
  resolve: 'Resolve',
};
const CONFIRM_TEXT: Record<TAction, string> = {
  accept: 'Accept this payment? The policy is issued and e-mailed to the customer.',
  reject: 'Reject this payment? The policy is not issued and the authorisation goes to the reversal queue.',
  'record-refund': 'Record that operations paid this refund:',
  resolve: 'Close this case with a note:',
};

function CaseActions({ item, onDone }: { item: TCase; onDone: (message: string) => void }) {
  const [asking, setAsking] = useState<TAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(() => marketToday(item.payment?.currency));
  const actions: TAction[] =
    item.kind === 'review'
      ? ['accept', 'reject']
      : item.kind === 'refund' || item.kind === 'paynow_refund'
        ? ['record-refund', 'resolve']
        : ['resolve'];

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!asking || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const body =
        asking === 'record-refund'
          ? { reference, paidOn }
          : asking === 'resolve'
            ? { note }
            : asking === 'reject'
              ? note.trim()
                ? { note }
                : {}
              : undefined;
      const answer = await backOfficeCall<{ policyNumber?: string | null }>(
        'POST',
        `/admin/queues/${item.id}/${asking}`,
        body,
      );
      onDone(
        asking === 'accept'
          ? `Accepted: policy ${answer.policyNumber ?? ''} issued.`
          : `${ACTION_LABELS[asking]}: done for case ${item.id}.`,
      );
    } catch (caught) {
      setProblem(staffProblemOf(caught));
      setBusy(false);
    }
  };

  if (!asking)
    return (
      <div className={styles.actions}>
        {actions.map((action) => (
          <button key={action} type="button" className={styles.secondary} onClick={() => setAsking(action)}>
            {ACTION_LABELS[action]}
          </button>
        ))}
      </div>
    );
  return (
    <form
      className={styles.confirm}
      onSubmit={confirm}
      aria-label={`${ACTION_LABELS[asking]} case ${item.id}`}
    >
      <p className={styles.status}>{CONFIRM_TEXT[asking]}</p>
      {asking === 'record-refund' && (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`ref-${item.id}`}>
              Bank reference
            </label>
            <input
              id={`ref-${item.id}`}
              className={styles.input}
              required
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`paid-${item.id}`}>
              Paid on
            </label>
            <input
              id={`paid-${item.id}`}
              className={styles.input}
              type="date"
              required
              value={paidOn}
              onChange={(event) => setPaidOn(event.target.value)}
            />
          </div>
        </>
      )}
      {(asking === 'resolve' || asking === 'reject') && (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`note-${item.id}`}>
            Note
          </label>
          <input
            id={`note-${item.id}`}
            className={styles.input}
            required={asking === 'resolve'}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      )}
      <Problem message={problem} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Working…' : `Confirm ${ACTION_LABELS[asking].toLowerCase()}`}
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => setAsking(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Operations' queues (`/admin/queues`): one tab per kind of case, each with its payment and actions. */
export default function QueuesPage() {
  // Accepting, refunding and resolving are operations' (payments.write); other roles see the queues.
  const mayAct = useCan('payments.write');
  const [kind, setKind] = useState<TKind>('review');
  const { data, error, loading, reload } = useStaffQuery<{ cases: TCase[] }>(`/admin/queues?kind=${kind}`);
  const [done, setDone] = useState<string | null>(null);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Queues</h1>
      <div className={styles.tabs} role="tablist" aria-label="Queues">
        {KINDS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`tab-${value}`}
            aria-selected={kind === value}
            aria-controls="queue-panel"
            className={styles.tab}
            onClick={() => {
              setKind(value);
              setDone(null);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <section id="queue-panel" role="tabpanel" aria-labelledby={`tab-${kind}`} className={styles.panel}>
        {done && (
          <p className={styles.status} role="status">
            {done}
          </p>
        )}
        {loading && <Progress text="Loading the queue…" />}
        <Problem message={error} />
        {data && (
          <DataTable
            rows={data.cases}
            rowKey={(item) => item.id}
            empty="No open cases here."
            pageSize={50}
            columns={[
              { header: 'Case', cell: (item) => item.id, sortValue: (item) => item.id },
              { header: 'Opened', cell: (item) => when(item.createdAt), sortValue: (item) => item.createdAt },
              {
                header: 'Policy',
                cell: (item) =>
                  item.policyId ? (
                    <Link to={`/admin/policies/${item.policyId}`}>
                      {item.policyNumber ?? `${item.policyStatus ?? ''} ${item.policyId.slice(0, 8)}`}
                    </Link>
                  ) : (
                    '—'
                  ),
              },
              {
                header: 'Payment',
                cell: (item) =>
                  item.payment
                    ? `${item.payment.referenceNumber} ${item.payment.method} ${item.payment.status} ${money(item.payment.amountCents, item.payment.currency)}${item.payment.reasonCode ? ` (${item.payment.reasonCode})` : ''}`
                    : '—',
              },
              { header: 'Detail', cell: (item) => (item.detail ? JSON.stringify(item.detail) : '') },
              ...(mayAct
                ? [
                    {
                      header: 'Action',
                      cell: (item: TCase) => (
                        <CaseActions
                          item={item}
                          onDone={(message) => {
                            setDone(message);
                            reload();
                          }}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </section>
    </div>
  );
}
