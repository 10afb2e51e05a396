import { commissionBasisPoints, commissionCents } from '@lionrock/domain/back-office/commission-rules';
import { chosenPremium } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';

/** The commission rate the rating priced the chosen plan with (an agent campaign's), in basis points (decision 083). */
function pricedRate(document: TPolicy): number | null {
  try {
    // The wire's commissionRate is a percentage (policy-schema.ts): back to basis points.
    return ratePercentToBasisPoints(chosenPremium(document).commissionRate);
  } catch {
    return null;
  }
}

/** The wire's commission rate (a percentage) in basis points; null when the plan was priced with none. */
export function ratePercentToBasisPoints(rate: unknown): number | null {
  const value = typeof rate === 'string' ? Number(rate) : rate;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;
}

/** A sale's commission at the rate its plan was priced with (basis points, or null): else the product's default. */
export function commissionAt(productType: string, premiumCents: number, pricedBasisPoints: number | null) {
  const basisPoints = commissionBasisPoints(productType, pricedBasisPoints);
  return { basisPoints, cents: commissionCents(premiumCents, basisPoints) };
}

/** A sale's commission: the priced rate, else the product's default, on the premium before tax. */
export function saleCommission(productType: string, premiumCents: number, document: TPolicy) {
  return commissionAt(productType, premiumCents, pricedRate(document));
}
