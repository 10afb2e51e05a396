// The two markets the shop sells in (travel-flow section 1): Singapore and Hong Kong.
export const COUNTRIES = ['SGP', 'HKG'] as const;
export type TCountry = (typeof COUNTRIES)[number];

export type TCurrency = 'SGD' | 'HKD';

export type TMarket = {
  country: TCountry;
  currency: TCurrency;
  /** ISO 4217 numeric code, as the SGQR payload and card gateways want it. */
  currencyNumeric: string;
  /** Shown before amounts: S$1,234.50 / HK$1,234.50. */
  currencySymbol: string;
  /** Every date and age is computed in the market's own time zone. */
  timeZone: string;
  /** Default mobile prefix and the chat-messaging phone prefix (travel-flow section 9). */
  phonePrefix: string;
};

export const MARKETS: Record<TCountry, TMarket> = {
  SGP: {
    country: 'SGP',
    currency: 'SGD',
    currencyNumeric: '702',
    currencySymbol: 'S$',
    timeZone: 'Asia/Singapore',
    phonePrefix: '65',
  },
  HKG: {
    country: 'HKG',
    currency: 'HKD',
    currencyNumeric: '344',
    currencySymbol: 'HK$',
    timeZone: 'Asia/Hong_Kong',
    phonePrefix: '852',
  },
};

/** The market whose currency a payment or refund is in (each market has its own); Singapore otherwise. */
export function marketOfCurrency(currency: string): TCountry {
  return COUNTRIES.find((country) => MARKETS[country].currency === currency) ?? 'SGP';
}

export function isCountry(value: unknown): value is TCountry {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/** Country from the host prefix (sg- / hk-) or a `country` query value; default SGP (travel-flow section 2). */
export function resolveCountry(host: string | undefined, countryQuery: string | null | undefined): TCountry {
  const fromQuery = countryQuery?.toUpperCase();
  if (isCountry(fromQuery)) return fromQuery;
  const name = (host ?? '').toLowerCase();
  if (name.startsWith('hk-')) return 'HKG';
  return 'SGP';
}
