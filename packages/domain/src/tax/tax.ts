import type { TCountry } from '../market/market.ts';
import { applyBasisPoints, type TCents } from '../money/money.ts';

/**
 * Tax as data per market and product (design section 9): Singapore GST 9 % on personal accident and
 * home, outbound travel zero-rated (the GST line still shows S$0.00, the rate stays in the table so it
 * can change); Hong Kong IA levy 0.1 % of premium, capped at HK$5,000 per policy. Rounded once, half up.
 */
export type TProductType = 'PTR' | 'PAN' | 'PHM';

export const TAX_TABLE = {
  SGP: { kind: 'gst', basisPoints: { PTR: 0, PAN: 900, PHM: 900 }, capCents: null },
  HKG: { kind: 'levy', basisPoints: { PTR: 10, PAN: 10, PHM: 10 }, capCents: 500_000 },
} as const satisfies Record<
  TCountry,
  { kind: 'gst' | 'levy'; basisPoints: Record<TProductType, number>; capCents: number | null }
>;

export type TTax = { gst: TCents; levy: TCents };

export function computeTax(country: TCountry, product: TProductType, premium: TCents): TTax {
  const table = TAX_TABLE[country];
  const raw = applyBasisPoints(premium, table.basisPoints[product]);
  const amount = table.capCents === null ? raw : Math.min(raw, table.capCents);
  return table.kind === 'gst' ? { gst: amount, levy: 0 } : { gst: 0, levy: amount };
}
