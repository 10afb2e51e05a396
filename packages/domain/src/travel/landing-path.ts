import { normaliseLanguage, type TLanguage } from '../environment/language.ts';
import { resolveCountry, type TCountry } from '../market/market.ts';

/**
 * The landing page's optional path segments (travel-flow section 2): partner/{agent}, sub/{subAgent},
 * campaign/{code}, affiliation/{code}, promotion/{code}, catalogueCode/{code}, lang/{lang},
 * promo/{code}, in any order. An identifier is the segment after its name, ignored when that segment
 * is itself one of partner, affiliation, campaign, promo, lang or quote.
 */
export type TLandingParams = {
  partner?: string;
  subAgent?: string;
  campaign?: string;
  affiliation?: string;
  promotion?: string;
  catalogueCode?: string;
  lang?: TLanguage;
  promo?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  country: TCountry;
};

const NAMED = {
  partner: 'partner',
  sub: 'subAgent',
  campaign: 'campaign',
  affiliation: 'affiliation',
  promotion: 'promotion',
  catalogueCode: 'catalogueCode',
  lang: 'lang',
  promo: 'promo',
} as const;

const NOT_AN_IDENTIFIER = new Set(['partner', 'affiliation', 'campaign', 'promo', 'lang', 'quote']);
const IDENTIFIER = /^[A-Za-z0-9_-]{1,50}$/;

/** What the parser reads of a query string: the browser's or Node's URLSearchParams both fit. */
export type TQueryReader = { get(name: string): string | null };

export function parseLandingPath(pathname: string, query: TQueryReader, host?: string): TLandingParams {
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeDecode(segment));
  const params: TLandingParams = { country: resolveCountry(host, query.get('country')) };
  for (let index = 0; index < segments.length - 1; index += 1) {
    const name = segments[index]! as keyof typeof NAMED;
    if (!Object.hasOwn(NAMED, name)) continue;
    const value = segments[index + 1]!;
    if (NOT_AN_IDENTIFIER.has(value) || !IDENTIFIER.test(value)) continue;
    const key = NAMED[name];
    if (key === 'lang') params.lang = normaliseLanguage(value);
    else params[key] = value;
    index += 1;
  }
  const utm = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const;
  for (const [key, name] of Object.entries(utm) as [keyof typeof utm, string][]) {
    const value = query.get(name);
    if (value) params[key] = value.slice(0, 100);
  }
  return params;
}

/** What a link to another product keeps of the visit besides the partner (decision 061). */
export type TProductLinkKeep = { subAgent?: string | null; lang?: TLanguage; country?: TCountry };

/**
 * The other-packages tiles and the Products menu keep the partner (travel-flow section 2, Landing), and
 * with it the sub-agent, the language and the market (decision 061): a product opened in a new tab
 * starts without the visit's storage, so the link itself says them.
 */
export function buildProductLink(
  product: 'travel' | 'pa' | 'home',
  partner: string | undefined,
  keep: TProductLinkKeep = {},
): string {
  const segments = [`/${product}`];
  if (partner) {
    segments.push(`partner/${encodeURIComponent(partner)}`);
    if (keep.subAgent) segments.push(`sub/${encodeURIComponent(keep.subAgent)}`);
  }
  if (keep.lang && keep.lang !== 'en') segments.push(`lang/${keep.lang}`);
  const query = keep.country === 'HKG' ? '?country=HKG' : '';
  return `${segments.join('/')}${query}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
