import type { THomePlan } from '../home/home-model.ts';
import type { TCountry } from '../market/market.ts';
import type { THomeRateTable } from './home-rating.ts';
import type { TPaRateTable } from './pa-rating.ts';

/**
 * The figures of a rate table the customer's pages state (decision 114), as the server answers them
 * from the table in force (`GET /b2c-server/rest/policy/rate-facts`): a page never reads the bundled
 * tables, so after underwriting activates a version its labels move with its prices. Only types are
 * imported here: the pages that use these helpers do not load a table or zod (decision 020).
 */
export type TPaRateFacts = {
  product: 'PAN';
  country: TCountry;
  /** The rate table's version the facts come from. */
  version: string;
  /** Children covered free under the Family Plan; further children pay a child rate. */
  freeChildren: number;
  /** Per optional cover code (PRX, TTD): what it adds to the adult's premium, in per cent. */
  optionalCoverPercent: Record<string, number>;
  /** The landing's "from" price: the cheapest plan priced for its default case, tax included (from-price.ts). */
  fromPremiumCents: number;
};

export type THomeRateFacts = {
  product: 'PHM';
  country: TCountry;
  version: string;
  /** Per plan: the contents sum its premium includes, in cents. */
  includedContentsCents: Record<THomePlan, number>;
};

export type TRateFacts = { PAN: TPaRateFacts; PHM: THomeRateFacts };

/**
 * The PA figures of a market, from the rate table in force; the "from" price is rated by
 * `paRateFactsInForce` (from-price.ts), which keeps the rating engine out of the pages that read these.
 */
export function paRateFacts(table: TPaRateTable, country: TCountry): Omit<TPaRateFacts, 'fromPremiumCents'> {
  const market = table.markets[country];
  return {
    product: 'PAN',
    country,
    version: table.version,
    freeChildren: market.freeChildren,
    optionalCoverPercent: Object.fromEntries(
      Object.entries(market.optionalCovers).map(([code, cover]) => [code, cover.basisPoints / 100]),
    ),
  };
}

/** The home figures of a market, from the rate table in force. */
export function homeRateFacts(table: THomeRateTable, country: TCountry): THomeRateFacts {
  const included = table.markets[country].includedContentsCents;
  return {
    product: 'PHM',
    country,
    version: table.version,
    includedContentsCents: {
      ESSENTIAL: included.ESSENTIAL,
      ENHANCED: included.ENHANCED,
      PRESTIGE: included.PRESTIGE,
    },
  };
}

/** Of a family's children, those covered free (the rest pay the child rate, `ratePersonalAccident`). */
export function childrenCoveredFree(facts: Pick<TPaRateFacts, 'freeChildren'>, children: number): number {
  return Math.max(0, Math.min(children, facts.freeChildren));
}
