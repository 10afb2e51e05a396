import type { TCountry } from '@lionrock/domain/market/market';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { PriceBreakdown } from '../../checkout/components/summary/price-breakdown';
import { useFreeChildrenNote } from './free-children-note';

/**
 * A plan's price as lines (pa-home-payments section 3, Premium breakdown): the checkout's one breakdown
 * (decision 126) — premium, the campaign's, family and agent's discounts, the premium after them, the
 * free children, GST (Singapore) or the IA levy (Hong Kong), total — as confirm and payment show it.
 */
export function PriceLines({
  item,
  country,
  childCount,
  freeChildren,
}: {
  item: TWirePremiumItem;
  country: TCountry;
  childCount: number;
  freeChildren: number | undefined;
}) {
  const freeChildrenNote = useFreeChildrenNote();
  return (
    <PriceBreakdown
      item={item}
      country={country}
      notes={freeChildrenNote(country, childCount, freeChildren)}
    />
  );
}
