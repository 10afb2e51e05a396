import { CLAIM_NOTE_MAX } from '@lionrock/domain/back-office/claims-requests';
import { CLAIM_SECOND_APPROVAL_ABOVE_CENTS } from '@lionrock/domain/back-office/second-approval';
import type { TCountry } from '@lionrock/domain/market/market';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { staffMoment } from '../staff-dates';
import { staffProblemOf, useStaffQuery } from '../staff-query';
import { money } from './claim-format';
import styles from './claims.module.css';

/**
 * Two people for money (issue 31, decision 149): a claim approval above its market's amount waits for a
 * second claims officer. The queue lists what waits; the claim's page shows it to confirm or reject, or
 * to its maker to withdraw.
 */

/** An approval asked and waiting, as the claim's page shows it. */
export type TWaitingApproval = {
  amountApproved: number;
  note: string | null;
  requestedBy: string;
  requestedAt: string;
  /** The signed-in account asked for it: it may only withdraw it. */
  mine: boolean;
};

type TWaitingRow = {
  claimId: string;
  claimNumber: string;
  country: string;
  amountClaimed: number | null;
  amountApproved: number;
  requestedBy: string;
  requestedAt: string;
};

/** The limit above which a second officer confirms, in the market's money: the domain's figure. */
export function secondApprovalLimit(country: string): string {
  return money(CLAIM_SECOND_APPROVAL_ABOVE_CENTS[country as TCountry] ?? null, country);
}

/** "To approve": every claim approval waiting for a second officer, oldest first. */
export function WaitingApprovals() {
  const listed = useStaffQuery<{ approvals: TWaitingRow[] }>('/admin/claims/approvals');
  const rows = listed.data?.approvals;
  if (listed.error)
    return (
      <p role="alert" className={styles.formError}>
        {listed.error}
      </p>
    );
  if (!rows || rows.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="approvals-heading">
      <h2 id="approvals-heading" className={styles.subheading}>
        To approve
      </h2>
      <p className={styles.muted}>
        Approvals above {secondApprovalLimit('SGP')} in Singapore and {secondApprovalLimit('HKG')} in Hong
        Kong wait for a second claims officer, who is not the one who asked.
      </p>
      <DataTable
        caption={`${rows.length} waiting, oldest first`}
        captionClassName={styles.muted}
        rows={rows}
        rowKey={(row) => row.claimId}
        empty="Nothing waits."
        columns={[
          {
            header: 'Claim',
            cell: (row) => <Link to={`/admin/claims/${row.claimId}`}>{row.claimNumber}</Link>,
          },
          { header: 'To approve', cell: (row) => money(row.amountApproved, row.country), numeric: true },
          { header: 'Claimed', cell: (row) => money(row.amountClaimed, row.country), numeric: true },
          { header: 'Asked by', cell: (row) => row.requestedBy },
          { header: 'Since', cell: (row) => staffMoment(row.requestedAt) },
        ]}
      />
    </section>
  );
}

/**
 * The claim's waiting approval: who asked, how much, since when; a second officer confirms or rejects
 * it (with a note), its maker can only withdraw it. A read-only account reads it.
 */
export function WaitingApprovalCard({
  claimId,
  country,
  waiting,
  mayDecide,
  onDone,
}: {
  claimId: string;
  country: string;
  waiting: TWaitingApproval;
  mayDecide: boolean;
  onDone: (said: string) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const amount = money(waiting.amountApproved, country);
  const act = async (path: string, body: object | undefined, said: string) => {
    setBusy(true);
    setError('');
    try {
      await backOfficeCall('POST', `/admin/claims/${encodeURIComponent(claimId)}/approval/${path}`, body);
      onDone(said);
    } catch (caught) {
      setError(staffProblemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const withNote = note.trim() ? { note: note.trim() } : {};
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <h2 id={`${id}-heading`} className={styles.subheading}>
        Waiting for a second approval
      </h2>
      <p>
        Approve <strong>{amount}</strong>: asked by {waiting.requestedBy} on{' '}
        {staffMoment(waiting.requestedAt)}. Above {secondApprovalLimit(country)} a second claims officer
        confirms.
      </p>
      {waiting.note ? <p>Note: {waiting.note}</p> : null}
      {mayDecide && waiting.mine ? (
        <>
          <p className={styles.muted}>You asked for this approval: another claims officer confirms it.</p>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => act('end', { outcome: 'withdrawn' }, 'You withdrew the approval.')}
          >
            Withdraw
          </button>
        </>
      ) : null}
      {mayDecide && !waiting.mine ? (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-note`}>
              Note if you reject (optional)
            </label>
            <textarea
              id={`${id}-note`}
              className={styles.input}
              rows={2}
              maxLength={CLAIM_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              disabled={busy}
              onClick={() => act('confirm', undefined, `Approved ${amount}.`)}
            >
              Confirm approval of {amount}
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => act('end', { outcome: 'rejected', ...withNote }, 'You rejected the approval.')}
            >
              Reject
            </button>
          </div>
        </>
      ) : null}
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
