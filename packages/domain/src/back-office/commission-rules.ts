/**
 * An agent's commission on a sale (issue 18, agents' desk, decision 083).
 *
 * The rates below are the desk's illustrative defaults until the insurer's agency agreements are
 * loaded: /work/shared/market/pa-home-selfservice.md ("Agents and back office") names commission
 * attribution and, in Hong Kong, broker commission disclosure, but gives no rates. Where the agent
 * has an agent campaign for the product and market (agent_campaigns), the rating already priced its
 * commission (campaign_commission_rate, after what the agent gives up to the customer) into the
 * chosen premium item: that priced rate wins over these defaults.
 *
 * Commission is on the premium before tax (policies.premium_cents: after discounts, without GST or
 * the IA levy), rounded half up to the cent.
 */
export const DEFAULT_COMMISSION_BASIS_POINTS = {
  PTR: 2500,
  PAN: 3000,
  PHM: 2000,
} as const satisfies Record<'PTR' | 'PAN' | 'PHM', number>;

export type TCommissionProduct = keyof typeof DEFAULT_COMMISSION_BASIS_POINTS;

/** The rate in basis points: the one the sale was priced with (its agent campaign), else the product's default. */
export function commissionBasisPoints(productType: string, pricedBasisPoints?: number | null): number {
  if (pricedBasisPoints !== undefined && pricedBasisPoints !== null && pricedBasisPoints > 0)
    return pricedBasisPoints;
  return (DEFAULT_COMMISSION_BASIS_POINTS as Record<string, number>)[productType] ?? 0;
}

/** The commission in cents on `premiumCents` (before tax) at `basisPoints` (2500 = 25 %). */
export function commissionCents(premiumCents: number, basisPoints: number): number {
  if (!Number.isFinite(premiumCents) || premiumCents <= 0) return 0;
  return Math.floor((premiumCents * basisPoints + 5000) / 10000);
}

/** A period's key for the commission table: the day (YYYY-MM-DD) or the month (YYYY-MM) of a date string. */
export function periodKey(isoDate: string, period: 'day' | 'month'): string {
  return period === 'day' ? isoDate.slice(0, 10) : isoDate.slice(0, 7);
}
