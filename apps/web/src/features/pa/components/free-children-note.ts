import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { childrenCoveredFree } from '@lionrock/domain/rating/rate-facts';
import { useTranslation } from '../../../lib/i18n';
import type { TSummaryRow } from '../../checkout/checkout-product';

/**
 * The free children's line of a family's price (pa-home-payments section 9: up to 3 children free),
 * `freeChildren` from the rate table in force on the day the cover starts (decision 114): until it
 * arrives the line holds its place with "…". No line for a policy without children. A module of its
 * own, apart from the breakdown it joins (plan-price.tsx): PA's checkout contract (pa-product.tsx)
 * comes with every checkout page, the finish page too, which draws no breakdown.
 */
export function useFreeChildrenNote() {
  const { t } = useTranslation();
  return (country: TCountry, childCount: number, freeChildren: number | undefined): TSummaryRow[] => {
    if (childCount === 0) return [];
    if (freeChildren === undefined) return [['…', '…']];
    const free = childrenCoveredFree({ freeChildren }, childCount);
    return free > 0 ? [[t('paQuote.freeChildren', { count: free }), formatMoney(0, country)]] : [];
  };
}
