import {
  CLAIM_NOTE_MAX,
  CLAIM_PAYOUT_REFERENCE_MAX,
  type TClaimMoveRequest,
  ZClaimMoveRequest,
} from '@lionrock/domain/back-office/claims-requests';
import type { TClaimStatus } from '@lionrock/domain/claims/claim-status';
import { centsOfTyped } from '@lionrock/domain/money/money';
import { backOfficeCall } from '../back-office-api';
import { FormField, FormMessages, type TFormIssue, useStaffForm } from '../staff-form';
import { secondApprovalLimit } from './claim-approvals';
import { label, money } from './claim-format';
import styles from './claims.module.css';

/**
 * A claim's status changed by claims staff (issue 18, decision 081): the moves the domain allows from
 * here, each with what it needs (an approval its amount, "more information" what is needed), checked
 * with the request's schema the server checks it with (decision 123).
 */
const MOVE_LABELS: Record<TClaimStatus, string> = {
  received: 'Received',
  underReview: 'Move to under review',
  moreInformation: 'Ask for more information',
  approved: 'Approve',
  declined: 'Decline',
  paid: 'Mark as paid',
};

/** The move as the staff member fills it in: the amount typed in dollars. */
type TMoveForm = { status: TClaimStatus | ''; note: string; amountApproved: string; payoutReference: string };

/**
 * The move the form sends: the note when written, the amount (dollars to cents) only with an approval,
 * the payout reference only with a payment and when written.
 */
function moveRequest(values: TMoveForm) {
  const note = values.note.trim();
  const amount = values.amountApproved.trim();
  const reference = values.payoutReference.trim();
  return {
    status: values.status === '' ? undefined : values.status,
    ...(note ? { note } : {}),
    // Read to the cent by the domain's one rule: "300.005" is refused (NaN fails the schema), not rounded.
    ...(values.status === 'approved' && amount !== ''
      ? { amountApproved: centsOfTyped(amount) ?? Number.NaN }
      : {}),
    ...(values.status === 'paid' && reference ? { payoutReference: reference } : {}),
  };
}

/** The form's words for its fields; a rule between fields (a note "more information" needs) in the domain's. */
const MESSAGES: Partial<Record<string, string>> = {
  status: 'Choose the new status.',
  amountApproved: 'Enter the amount approved in dollars and cents, at most 2 decimals (e.g. 300.50).',
};
const moveProblem = (issue: TFormIssue) =>
  MESSAGES[issue.path] ?? (issue.code === 'custom' ? issue.message : undefined);

export type TMovableClaim = {
  claimId: string;
  status: string;
  currency: string;
  amountCents: number | null;
  country: string;
};

export function ClaimMoveForm({
  claim,
  allowedMoves,
  onMoved,
}: {
  claim: TMovableClaim;
  allowedMoves: TClaimStatus[];
  onMoved: (said: string) => void;
}) {
  const form = useStaffForm<TMoveForm, TClaimMoveRequest>({
    defaultValues: { status: '', note: '', amountApproved: '', payoutReference: '' },
    schema: ZClaimMoveRequest,
    toRequest: moveRequest,
    messages: moveProblem,
  });
  const to = form.watch('status');
  const busy = form.formState.isSubmitting;
  if (allowedMoves.length === 0)
    return (
      <p className={styles.muted}>This claim is {label(claim.status).toLowerCase()}: no further moves.</p>
    );

  const submit = form.submitWith(async (request) => {
    const moved = await backOfficeCall<{ waiting?: boolean }>(
      'POST',
      `/admin/claims/${claim.claimId}/status`,
      request,
    );
    form.reset();
    // Above the market's amount the approval waits for a second officer (decision 149).
    onMoved(
      moved.waiting
        ? `Sent for a second approval: above ${secondApprovalLimit(claim.country)} another claims officer confirms it.`
        : `Moved to ${label(request.status).toLowerCase()}.`,
    );
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="status-form-heading">
      <h2 id="status-form-heading" className={styles.subheading}>
        Change status
      </h2>
      <FormField form={form} name="status" label="New status">
        {(control) => (
          <select {...control} {...form.register('status')}>
            <option value="">Choose…</option>
            {allowedMoves.map((move) => (
              <option key={move} value={move}>
                {MOVE_LABELS[move]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {to === 'approved' && (
        <FormField
          form={form}
          name="amountApproved"
          label={`Amount approved (${claim.currency}), at most ${money(claim.amountCents, claim.country)}`}
        >
          {(control) => <input {...control} inputMode="decimal" {...form.register('amountApproved')} />}
        </FormField>
      )}
      {to === 'paid' && (
        <FormField form={form} name="payoutReference" label="Payout reference (optional)">
          {(control) => (
            <input
              {...control}
              maxLength={CLAIM_PAYOUT_REFERENCE_MAX}
              {...form.register('payoutReference')}
            />
          )}
        </FormField>
      )}
      {to !== '' && (
        <FormField
          form={form}
          name="note"
          label={to === 'moreInformation' ? 'What is needed (e-mailed to the customer)' : 'Note (optional)'}
        >
          {(control) => (
            <textarea {...control} rows={3} maxLength={CLAIM_NOTE_MAX} {...form.register('note')} />
          )}
        </FormField>
      )}
      <FormMessages form={form} />
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save status'}
      </button>
    </form>
  );
}
