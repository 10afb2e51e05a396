import { commissionBasisPoints, commissionCents } from '@lionrock/domain/back-office/commission-rules';
import { chosenPremium } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';

/** The commission rate the rating priced the chosen plan with (an agent campaign's), in basis points (decision 083). */
function pricedRate(document: TPolicy): number | null {
  try {
    // The wire's commissionRate is a percentage (policy-schema.ts): back to basis points.
    const rate = chosenPremium(document).commissionRate;
    return typeof rate === 'number' && rate > 0 ? Math.round(rate * 100) : null;
  } catch {
    return null;
  }
}

/** A sale's commission: the priced rate, else the product's default, on the premium before tax. */
export function saleCommission(productType: string, premiumCents: number, document: TPolicy) {
  const basisPoints = commissionBasisPoints(productType, pricedRate(document));
  return { basisPoints, cents: commissionCents(premiumCents, basisPoints) };
}
