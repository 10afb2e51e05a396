import { formatDmy, parseDmy } from '../dates/local-date.ts';
import type { TCents } from '../money/money.ts';
import type { TApplicant, TPolicy, TWirePremiumItem } from '../schemas/policy-schema.ts';
import { wireToCents } from '../schemas/wire-primitives.ts';
import { annualEndDate } from '../travel/trip-rules.ts';
import { selectedPlanName } from './rate-policy.ts';

/**
 * What a stored policy says, read the one way every surface reads it: the schedule and the mails, my
 * policy, the desk, the back office's queues and audit, cancellation. Pure: the policy is the wire
 * document the server rated and stored.
 */

/**
 * "S8512345I" → "S****345I": the first character and the last four, always four asterisks between
 * so the length is not shown either. Spaces and brackets are dropped first ("A123456(7)" → "A****4567");
 * a number too short to hide at least three characters keeps only its first character ("AB12" → "A****").
 */
export function maskIdNumber(id: string): string {
  const value = id.toUpperCase().replace(/[\s()-]/g, '');
  if (value === '') return '';
  if (value.length < 8) return `${value[0]}****`;
  return `${value[0]}****${value.slice(-4)}`;
}

type TProductPart = {
  applicant?: TApplicant;
  premiumItems: TWirePremiumItem[];
  policyPremium?: TWirePremiumItem;
};

/** The policy's product part (`policyTravel`, `policyPAN` or `policyHome`): its applicant and premium items. */
export function productPart(policy: TPolicy): TProductPart | undefined {
  if (policy.productType === 'PTR') return policy.policyTravel;
  if (policy.productType === 'PAN') return policy.policyPAN;
  return policy.policyHome;
}

/** The rated plan the customer bought: `policyPremium`, else the premium item of the selected plan. */
export function chosenPremium(policy: TPolicy): TWirePremiumItem {
  const part = productPart(policy);
  const name = selectedPlanName(policy);
  const chosen = part?.policyPremium ?? part?.premiumItems.find((item) => item.planName === name);
  if (!chosen) throw new Error(`the ${policy.productType} policy has no rated plan chosen`);
  return chosen;
}

/** The period of insurance, DD/MM/YYYY; an expiry the rating left out is derived as rating does. */
export function periodOfInsurance(policy: TPolicy): { start: string; end: string } {
  if (policy.productType === 'PTR') {
    const travel = policy.policyTravel;
    const start = travel?.deptDate ?? '';
    const departure = parseDmy(start);
    const end =
      travel?.returnDate ||
      (departure && travel?.paPolicyType === 'A' ? formatDmy(annualEndDate(departure)) : '');
    return { start, end };
  }
  const part = policy.productType === 'PAN' ? policy.policyPAN : policy.policyHome;
  const start = part?.effectiveDate ?? '';
  const effective = parseDmy(start);
  return { start, end: part?.expiryDate || (effective ? formatDmy(annualEndDate(effective)) : '') };
}

/** The policyholder's name: the applicant (a company's name for a corporate one), else the first insured. */
export function policyholderName(policy: TPolicy): string {
  const applicant = productPart(policy)?.applicant;
  if (applicant?.fullName.trim()) return applicant.fullName.trim();
  if (policy.productType === 'PTR') return policy.policyTravel?.travellersList[0]?.fullName.trim() ?? '';
  if (policy.productType === 'PAN') return policy.policyPAN?.insured.adult1?.lastName.trim() ?? '';
  return '';
}

export function policyholderEmail(policy: TPolicy): string {
  return productPart(policy)?.applicant?.email.trim() || policy.payment?.email?.trim() || '';
}

export function totalPaidCents(policy: TPolicy): TCents {
  return wireToCents(chosenPremium(policy).totalPremium);
}
