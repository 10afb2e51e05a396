/**
 * A claim's status (issue "After the sale"): received → under review → more information needed →
 * approved / declined → paid. The transitions are written once here; the claims service applies them
 * and records each as a claim event (decision 073).
 */
export const CLAIM_STATUSES = [
  'received',
  'underReview',
  'moreInformation',
  'approved',
  'declined',
  'paid',
] as const;
export type TClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_TRANSITIONS: Record<TClaimStatus, readonly TClaimStatus[]> = {
  received: ['underReview'],
  underReview: ['moreInformation', 'approved', 'declined'],
  // The customer's answer sends it back to review.
  moreInformation: ['underReview'],
  approved: ['paid'],
  declined: [],
  paid: [],
};

export function canMoveClaim(from: TClaimStatus, to: TClaimStatus): boolean {
  return CLAIM_TRANSITIONS[from].includes(to);
}

export function isClaimStatus(value: string): value is TClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

/** The steps the status page draws, in order; "declined" replaces "approved" and "paid" when it happens. */
export function claimTimeline(reached: readonly TClaimStatus[]): TClaimStatus[] {
  const declined = reached.includes('declined');
  const steps: TClaimStatus[] = ['received', 'underReview'];
  if (reached.includes('moreInformation')) steps.push('moreInformation');
  return declined ? [...steps, 'declined'] : [...steps, 'approved', 'paid'];
}

/** Who a decision row names when the customer answers "more information needed" online (issue 29). */
export const CLAIM_ANSWER_ACTOR = 'policyholder';

/** The moves the customer is told about by e-mail (issue 18: staff change a claim's status). */
export const CUSTOMER_MAILED_STATUSES: readonly TClaimStatus[] = [
  'moreInformation',
  'approved',
  'declined',
  'paid',
];

export type TClaimDecision = {
  note?: string | undefined;
  amountApprovedCents?: number | undefined;
  payoutReference?: string | undefined;
};

/**
 * What a staff member must give with a move (issue 18): an approval its amount (whole cents, more than
 * nothing, at most the amount claimed); "more information needed" a note saying what is missing; a
 * payment its reference. Null when the move may go ahead; otherwise the field at fault and why.
 */
export function claimDecisionProblem(
  to: TClaimStatus,
  decision: TClaimDecision,
  amountClaimedCents: number | null,
): { field: string; message: string } | null {
  const amount = decision.amountApprovedCents;
  if (to === 'approved') {
    if (amount === undefined || !Number.isInteger(amount) || amount <= 0)
      return { field: 'amountApproved', message: 'An approval needs the amount approved.' };
    if (amountClaimedCents !== null && amount > amountClaimedCents)
      return { field: 'amountApproved', message: 'The amount approved cannot exceed the amount claimed.' };
  } else if (amount !== undefined)
    return { field: 'amountApproved', message: 'An amount is given only with an approval.' };
  if (to === 'moreInformation' && !decision.note?.trim())
    return { field: 'note', message: 'Say what information is needed: the customer is e-mailed this note.' };
  if (to !== 'paid' && decision.payoutReference !== undefined)
    return { field: 'payoutReference', message: 'A payout reference is given only with a payment.' };
  return null;
}
