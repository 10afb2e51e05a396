import type { TClaimStatus } from '@lionrock/domain/claims/claim-status';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';

/** How the claims screens say a status and an amount (staff screens are English only). */
export const STATUS_LABELS: Record<TClaimStatus, string> = {
  received: 'Received',
  underReview: 'Under review',
  moreInformation: 'More information needed',
  approved: 'Approved',
  declined: 'Declined',
  paid: 'Paid',
};

export const label = (status: string) => STATUS_LABELS[status as TClaimStatus] ?? status;

export const money = (cents: number | null | undefined, country: string) =>
  cents === null || cents === undefined ? '—' : formatMoney(cents, country as TCountry);
