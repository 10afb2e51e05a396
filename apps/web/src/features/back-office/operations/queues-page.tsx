import {
  type TCaseResolve,
  type TQueueReject,
  type TRefundRecord,
  ZCaseResolve,
  ZQueueReject,
  ZRefundRecord,
} from '@lionrock/domain/back-office/operations-requests';
import { formatIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from '../staff-form';
import { staffProblemOf, useStaffQuery } from '../staff-query';
import { caseDetailText } from './case-detail';
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

/** What a case's form holds: the note, or the refund's bank reference and the day it was paid. */
type TCaseValues = { note: string; reference: string; paidOn: string };
type TCaseRequest = TQueueReject | TRefundRecord | TCaseResolve;

/** Each action that asks something: the domain's schema of its request, and the request the values make. */
const CASE_REQUESTS: Record<
  Exclude<TAction, 'accept'>,
  { schema: z.ZodType<TCaseRequest>; toRequest: (values: TCaseValues) => unknown }
> = {
  // A rejection's note is optional: sent only when written.
  reject: { schema: ZQueueReject, toRequest: ({ note }) => (note.trim() ? { note } : {}) },
  'record-refund': { schema: ZRefundRecord, toRequest: ({ reference, paidOn }) => ({ reference, paidOn }) },
  resolve: { schema: ZCaseResolve, toRequest: ({ note }) => ({ note }) },
};

/** Words for a missing field (a too long one in plain words from the schema's bound). */
const CASE_PROBLEMS: Record<string, string> = {
  note: 'Write a note.',
  reference: 'Enter the bank reference.',
  paidOn: 'Enter the day it was paid.',
};
const caseProblem = (issue: TFormIssue) => (issue.code === 'too_big' ? undefined : CASE_PROBLEMS[issue.path]);

/** A case's confirmation: what the action does, its fields, its problems and its buttons. */
function CaseConfirm({
  item,
  action,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  item: TCase;
  action: TAction;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.confirm}
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy}
      aria-label={`${ACTION_LABELS[action]} case ${item.id}`}
    >
      <p className={styles.status}>{CONFIRM_TEXT[action]}</p>
      {children}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Working…' : `Confirm ${ACTION_LABELS[action].toLowerCase()}`}
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Accepting a payment held for review asks nothing but the confirmation. */
function AcceptCase({
  item,
  onDone,
  onCancel,
}: {
  item: TCase;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await backOfficeCall<{ policyNumber?: string | null }>(
        'POST',
        `/admin/queues/${item.id}/accept`,
      );
      onDone(`Accepted: policy ${answer.policyNumber ?? ''} issued.`);
    } catch (caught) {
      setProblem(staffProblemOf(caught));
      setBusy(false);
    }
  };
  return (
    <CaseConfirm item={item} action="accept" busy={busy} onSubmit={confirm} onCancel={onCancel}>
      <Problem message={problem} />
    </CaseConfirm>
  );
}

/** Rejecting (a note if any), recording a refund or resolving a case: checked with the domain's schema. */
function CaseForm({
  item,
  action,
  onDone,
  onCancel,
}: {
  item: TCase;
  action: Exclude<TAction, 'accept'>;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useStaffForm<TCaseValues, TCaseRequest>({
    defaultValues: { note: '', reference: '', paidOn: marketToday(item.payment?.currency) },
    ...CASE_REQUESTS[action],
    messages: caseProblem,
  });
  const busy = form.formState.isSubmitting;
  const send = form.submitWith(async (request) => {
    await backOfficeCall('POST', `/admin/queues/${item.id}/${action}`, request);
    onDone(`${ACTION_LABELS[action]}: done for case ${item.id}.`);
  });
  return (
    <CaseConfirm item={item} action={action} busy={busy} onSubmit={send} onCancel={onCancel}>
      {action === 'record-refund' ? (
        <>
          <FormField form={form} name="reference" label="Bank reference">
            {(control) => <input {...control} {...form.register('reference')} />}
          </FormField>
          <FormField form={form} name="paidOn" label="Paid on">
            {(control) => <RegisteredDateField {...control} label="Paid on" {...form.register('paidOn')} />}
          </FormField>
        </>
      ) : (
        <FormField form={form} name="note" label="Note">
          {(control) => <input {...control} {...form.register('note')} />}
        </FormField>
      )}
      <FormMessages form={form} />
    </CaseConfirm>
  );
}

function CaseActions({ item, onDone }: { item: TCase; onDone: (message: string) => void }) {
  const [asking, setAsking] = useState<TAction | null>(null);
  const actions: TAction[] =
    item.kind === 'review'
      ? ['accept', 'reject']
      : item.kind === 'refund' || item.kind === 'paynow_refund'
        ? ['record-refund', 'resolve']
        : ['resolve'];

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
  return asking === 'accept' ? (
    <AcceptCase item={item} onDone={onDone} onCancel={() => setAsking(null)} />
  ) : (
    <CaseForm key={asking} item={item} action={asking} onDone={onDone} onCancel={() => setAsking(null)} />
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
              {
                header: 'Detail',
                cell: (item) => caseDetailText(item.detail, item.payment?.currency ?? ''),
              },
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
