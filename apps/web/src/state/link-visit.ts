import { normaliseLanguage, type TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import type { TLinkCodes } from './system-store';

/**
 * How the shop came to an address: `link` is an address opened (typed, clicked, shared: the document's
 * first location, by a new navigation); `reload` the same document again (reload, Back or Forward into
 * it); `in-app` the shop's own navigation (its menus, Back buttons and links).
 */
export type TAddressOpening = 'link' | 'reload' | 'in-app';

/** What an address says about the visit; a part left out keeps the visit's own. */
export type TLinkVisit = {
  country?: TCountry;
  lang?: TLanguage;
  /** The link's partner, sub-agent and codes; `null` partner: a direct visit, no agent. */
  partner?: { partner: string | null; subAgent: string | null; linkCodes: TLinkCodes };
};

const LANDING_SEGMENTS = 'partner|sub|campaign|affiliation|promotion|catalogueCode|lang|promo';
/** A product's landing with any of its optional segments (travel-flow section 2), e.g. /pa/partner/HK2001/lang/zh. */
const LANDING = new RegExp(`^/(travel|pa|home)(/?$|/(${LANDING_SEGMENTS})/)`);
const TRAVEL_LANDING = new RegExp(`^/travel(/?$|/(${LANDING_SEGMENTS})/)`);

/** Whether `pathname` is one of the three products' landings (a partner link's included). */
export function isLandingPath(pathname: string): boolean {
  return LANDING.test(pathname);
}

/** The product a landing's address is for. */
export function productOfPath(pathname: string): 'travel' | 'pa' | 'home' {
  return pathname.startsWith('/pa') ? 'pa' : pathname.startsWith('/home') ? 'home' : 'travel';
}

/**
 * What an address decides of the visit (travel-flow section 2; decisions 039 and 061; issue 29):
 * - its country query or host always says the market; a landing opened as a link says it too (else
 *   Singapore), and a travel landing does on a reload as well (decision 039). An agent's link is then
 *   in its agent's market, once the agent is known (system-store `openLink`, `adoptAgent`).
 * - its language segment or query always says the language; else the visit keeps its own (English for
 *   a new visitor, the spec's default in both markets).
 * - its partner segment names the partner; a landing opened as a link without one is a direct visit,
 *   so no earlier link's agent comes with it. The shop's own navigation and a reload keep the partner.
 */
export function linkVisitOf(
  address: { pathname: string; search: string; host: string },
  opening: TAddressOpening,
): TLinkVisit {
  const { pathname, search, host } = address;
  const query = new URLSearchParams(search);
  const params = parseLandingPath(pathname, query, host);
  const landingLink = opening === 'link' && LANDING.test(pathname);
  const visit: TLinkVisit = {};
  if (
    query.get('country') ||
    /^(sg|hk)-/.test(host) ||
    landingLink ||
    (opening === 'reload' && TRAVEL_LANDING.test(pathname))
  )
    visit.country = params.country;
  const lang = params.lang ?? (query.get('lang') ? normaliseLanguage(query.get('lang')) : undefined);
  if (lang) visit.lang = lang;
  if (params.partner) {
    const { affiliation, promotion, catalogueCode } = params;
    visit.partner = {
      partner: params.partner,
      subAgent: params.subAgent ?? null,
      linkCodes: { affiliation, promotion, catalogueCode },
    };
  } else if (landingLink) visit.partner = { partner: null, subAgent: null, linkCodes: {} };
  return visit;
}

/** How this document was opened: a reload, or Back and Forward into it, keeps the visit; else a link. */
export function documentOpening(): Exclude<TAddressOpening, 'in-app'> {
  const [entry] = (globalThis.performance?.getEntriesByType?.('navigation') ?? []) as {
    type?: string;
  }[];
  return entry?.type === 'reload' || entry?.type === 'back_forward' ? 'reload' : 'link';
}
