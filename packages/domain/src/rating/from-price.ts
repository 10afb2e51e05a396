import type { TCountry } from '../market/market.ts';
import type { TCents } from '../money/money.ts';
import { RATED_CLASSES } from '../pa/occupation-classes.ts';
import type { TDiscountInput } from './discounts.ts';
import { ratePersonalAccident, type TPaRateTable } from './pa-rating.ts';
import { paRateFacts, type TPaRateFacts } from './rate-facts.ts';

/**
 * The "from" price of the personal accident landing (issue 29: a page states only a price the shop
 * offers): the cheapest plan the shop prices, by its own rating, for the landing's default case —
 * Individual, one adult, no child, no optional cover (pa-home-payments section 2, Landing) — over the
 * occupation classes it covers, with the discounts every visitor of the landing gets (the market's
 * direct campaign, if one runs), tax included: the total a customer would be asked to pay.
 */
export function paFromPremiumCents(
  table: TPaRateTable,
  country: TCountry,
  discounts: TDiscountInput,
): TCents {
  const totals = RATED_CLASSES.flatMap((occupationClass) => {
    const items = ratePersonalAccident(table, {
      country,
      adults: [{ occupationClass, optionalCovers: [] }],
      children: 0,
      discounts,
    });
    return 'error' in items ? [] : items.map((item) => item.totalPremium);
  });
  return Math.min(...totals);
}

/** The PA figures of a market the pages state (decision 114), with the landing's "from" price. */
export function paRateFactsInForce(
  table: TPaRateTable,
  country: TCountry,
  discounts: TDiscountInput,
): TPaRateFacts {
  return { ...paRateFacts(table, country), fromPremiumCents: paFromPremiumCents(table, country, discounts) };
}
