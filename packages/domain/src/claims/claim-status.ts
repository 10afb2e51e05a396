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
