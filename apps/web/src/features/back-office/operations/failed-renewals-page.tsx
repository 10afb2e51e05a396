import {
  OPERATIONS_NOTE,
  type TRenewalHandled,
  ZRenewalHandled,
} from '@lionrock/domain/back-office/operations-requests';
import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { ListStatus, when } from './ops-shared';

type TFailedRenewal = {
  id: number;
  kind: string;
  policyId: string;
  policyNumber: string | null;
  product: string;
  market: string;
  dueDate: string | null;
  reason: string;
  attempts: number;
  email: string;
  createdAt: string;
};

const KIND_LABEL: Record<string, string> = {
  renewal_failed: 'Declined',
  renewal_charge_manual: 'Left to operations',
  renewal_unanswered: 'No answer',
};

/** Words for the note's problems (the rest in plain words from the schema's bounds). */
const noteProblem = (issue: TFormIssue) => (issue.code === 'too_small' ? 'Write what was done.' : undefined);

/** A failed renewal marked handled with what was done (the note kept in the audit). */
function HandledForm({
  renewal,
  onDone,
  onCancel,
}: {
  renewal: TFailedRenewal;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useStaffForm<TRenewalHandled, TRenewalHandled>({
    defaultValues: { note: '' },
    schema: ZRenewalHandled,
    messages: noteProblem,
  });
  const busy = form.formState.isSubmitting;
  const send = form.submitWith(async (request) => {
    const answer = await backOfficeCall<{ handled: boolean }>(
      'POST',
      `/admin/renewals/failed/${renewal.id}/handled`,
      request,
    );
    onDone(
      answer.handled
        ? `Renewal of ${renewal.policyNumber ?? renewal.policyId} marked handled.`
        : 'Someone else handled it first.',
    );
  });
  return (
    <form className={styles.confirm} onSubmit={send} noValidate aria-busy={busy}>
      <FormField form={form} name="note" label="What was done">
        {(control) => <textarea {...control} maxLength={OPERATIONS_NOTE.max} {...form.register('note')} />}
      </FormField>
      <FormMessages form={form} />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? 'Saving…' : 'Mark handled'}
      </button>
      <button type="button" className={styles.secondary} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/**
 * Renewals whose charge failed (`/admin/failed-renewals`, decision 088). A failed renewal is not
 * charged again from here: operations contact the holder, then mark the case handled with a note.
 */
export default function FailedRenewalsPage() {
  // Marking a renewal handled is operations' (system.write); other roles see the list.
  const mayHandle = useCan('system.write');
  const { data, error, loading, reload } = useStaffQuery<{ renewals: TFailedRenewal[] }>(
    '/admin/renewals/failed',
  );
  const [open, setOpen] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const action = (renewal: TFailedRenewal) =>
    open === renewal.id ? (
      <HandledForm
        renewal={renewal}
        onDone={(message) => {
          setDone(message);
          setOpen(null);
          reload();
        }}
        onCancel={() => setOpen(null)}
      />
    ) : (
      <button type="button" className={styles.secondary} onClick={() => setOpen(renewal.id)}>
        Handled…
      </button>
    );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Failed renewals</h1>
      <div className={styles.panel}>
        <ListStatus done={done} problem={error} loading={loading} loadingText="Loading failed renewals…" />
        {data && (
          <DataTable
            rows={data.renewals}
            rowKey={(renewal) => renewal.id}
            empty="No failed renewal is waiting."
            pageSize={50}
            columns={[
              {
                header: 'Policy',
                cell: (renewal) => renewal.policyNumber ?? renewal.policyId,
                sortValue: (renewal) => renewal.policyNumber ?? renewal.policyId,
              },
              {
                header: 'Product',
                cell: (renewal) => renewal.product,
                sortValue: (renewal) => renewal.product,
              },
              { header: 'Market', cell: (renewal) => renewal.market, sortValue: (renewal) => renewal.market },
              {
                header: 'Due',
                cell: (renewal) => renewal.dueDate ?? '',
                sortValue: (renewal) => renewal.dueDate ?? '',
              },
              {
                header: 'Reason',
                cell: (renewal) =>
                  `${KIND_LABEL[renewal.kind] ?? renewal.kind}: ${renewal.reason} (${when(renewal.createdAt)})`,
              },
              {
                header: 'Attempts',
                cell: (renewal) => renewal.attempts,
                numeric: true,
                sortValue: (renewal) => renewal.attempts,
              },
              { header: 'Holder e-mail', cell: (renewal) => renewal.email },
              ...(mayHandle
                ? [{ header: 'Action', cell: (renewal: TFailedRenewal) => action(renewal) }]
                : []),
            ]}
          />
        )}
      </div>
    </div>
  );
}
