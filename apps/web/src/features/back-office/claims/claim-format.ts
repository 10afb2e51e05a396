import type { TOfficials, TOfficialType } from '@lionrock/domain/claims/attended-officials';
import type { TClaimType } from '@lionrock/domain/claims/claim-rules';
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

/** Each claim type the domain has, as claims staff read it (every type must have its words). */
export const CLAIM_TYPE_LABELS: Record<TClaimType, string> = {
  medical: 'Medical expenses',
  tripCancellation: 'Trip cancellation or delay',
  baggage: 'Baggage and personal belongings',
  other: 'Something else',
  accidentalInjury: 'Accidental injury',
  hospitalisation: 'Hospital stay',
  death: 'Death of the insured person',
  damage: 'Damage to the home or contents',
  theft: 'Theft or burglary',
  liability: 'Injury or damage to someone else',
};

export const claimTypeLabel = (type: string) => CLAIM_TYPE_LABELS[type as TClaimType] ?? type;

const OFFICIAL_LABELS: Record<TOfficialType, string> = {
  police: 'Police',
  fireBrigade: 'Fire brigade',
  doctor: 'Doctor',
  carrier: 'Airline or carrier',
  buildingManagement: 'Building management',
  other: 'Someone else',
};

/** Who attended the incident, with the details (report numbers) the customer gave: "Police: report 123". */
export function officialsText(officials: TOfficials | null | undefined): string {
  if (!officials) return '—';
  if (officials.noOne) return 'No one attended';
  const named = Object.entries(officials.officials).map(([type, details]) => {
    const who = OFFICIAL_LABELS[type as TOfficialType] ?? type;
    return details ? `${who}: ${details}` : who;
  });
  return named.length > 0 ? named.join('; ') : '—';
}
