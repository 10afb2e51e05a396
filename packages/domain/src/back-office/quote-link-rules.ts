import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  HOME_PLANS,
  OCCUPANCIES,
  validateContentsSum,
} from '../home/home-model.ts';
import type { TCountry } from '../market/market.ts';
import { isPlanDOffered, validateOccupation } from '../pa/occupation.ts';
import { PA_CHILDREN_LIMITS } from '../pa/pa-limits.ts';
import { PRODUCT_TYPE_OF_KEY } from '../product/products.ts';
import { closeTravellerPicker, DESTINATIONS, validateTravellers } from '../travel/trip-rules.ts';
import { MESSAGE_KEYS } from '../validation/message-keys.ts';

/**
 * A pre-filled quote link an agent shares from the desk (issue 18: "Share a pre-filled quote link
 * (product, plan, travellers or occupation) carrying the agent"; decision 090). The link holds only
 * the quote form's choices, never anything personal; dates and declarations stay the customer's.
 */

/** The link's code: 12 random bytes as base64url (96 bits), in the path `/{product}/link/{code}`. */
export const QUOTE_LINK_CODE_LENGTH = 16;
export const QUOTE_LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** Links an agent may make in an hour (the app's limit store). */
export const QUOTE_LINKS_PER_HOUR = 60;

/** The products a quote link opens: every product the shop sells, by its page key (products.ts). */
export const QUOTE_LINK_PRODUCTS = PRODUCT_TYPE_OF_KEY;
export type TQuoteLinkProduct = keyof typeof QUOTE_LINK_PRODUCTS;

/** The plans each product's quote page offers (the rate tables' plan names). */
export const TRAVEL_LINK_PLANS = ['STANDARD', 'SUPER'] as const;
export const PA_LINK_PLANS = ['A', 'B', 'C', 'D'] as const;
export const HOME_LINK_PLANS = HOME_PLANS;

export type TTravelPrefill = {
  tripType?: 'S' | 'A' | undefined;
  destination?: string | undefined;
  travellers?:
    | { travellerType: 'ID' | 'CP' | 'FM'; individuals: number; adults: number; children: number }
    | undefined;
  plan?: string | undefined;
};
export type TPaPrefill = {
  occupation?: string | undefined;
  insuredPersonType?: 'individual' | 'family' | undefined;
  adults?: number | undefined;
  children?: number | undefined;
  plan?: string | undefined;
};
export type THomePrefill = {
  dwellingType?: string | undefined;
  hdbFlatType?: string | undefined;
  floorArea?: string | undefined;
  buildingAge?: string | undefined;
  ownership?: string | undefined;
  contentsSumInsured?: number | undefined;
  plan?: string | undefined;
};
export type TQuoteLinkPrefill = {
  travel?: TTravelPrefill | undefined;
  pa?: TPaPrefill | undefined;
  home?: THomePrefill | undefined;
};

/** A choice that does not hold: its field (`travel.travellers`, `pa.plan`) and the shop's message key. */
export type TPrefillProblem = { field: string; messageKey: string };

const oneOf = (list: readonly string[], value: string | undefined) =>
  value === undefined || list.includes(value);

function checkTravel(prefill: TTravelPrefill, problems: TPrefillProblem[]): TTravelPrefill {
  const kept: TTravelPrefill = {};
  if (prefill.tripType !== undefined) {
    if (prefill.tripType === 'S' || prefill.tripType === 'A') kept.tripType = prefill.tripType;
    else problems.push({ field: 'travel.tripType', messageKey: MESSAGE_KEYS.required });
  }
  if (prefill.destination !== undefined) {
    if (DESTINATIONS.some((destination) => destination.journeyCode === prefill.destination))
      kept.destination = prefill.destination;
    else problems.push({ field: 'travel.destination', messageKey: MESSAGE_KEYS.required });
  }
  if (prefill.travellers !== undefined) {
    const closed = closeTravellerPicker(prefill.travellers);
    const error = validateTravellers(closed);
    if (error) problems.push({ field: 'travel.travellers', messageKey: error });
    else kept.travellers = closed;
  }
  if (prefill.plan !== undefined) {
    if (oneOf(TRAVEL_LINK_PLANS, prefill.plan)) kept.plan = prefill.plan;
    else problems.push({ field: 'travel.plan', messageKey: MESSAGE_KEYS.required });
  }
  return kept;
}

function checkPa(prefill: TPaPrefill, market: TCountry, problems: TPrefillProblem[]): TPaPrefill {
  const kept: TPaPrefill = {};
  if (prefill.occupation !== undefined) {
    // pa-home-payments section 5: Others goes to an agent, class 04 is declined.
    const error = validateOccupation(prefill.occupation);
    if (error) problems.push({ field: 'pa.occupation', messageKey: error });
    else kept.occupation = prefill.occupation;
  }
  if (prefill.insuredPersonType !== undefined) kept.insuredPersonType = prefill.insuredPersonType;
  const family = kept.insuredPersonType === 'family';
  if (prefill.adults !== undefined) {
    // Family cover: one or two adults; an individual is one adult (pa-home-payments section 5).
    if (Number.isInteger(prefill.adults) && prefill.adults >= 1 && prefill.adults <= (family ? 2 : 1))
      kept.adults = prefill.adults;
    else problems.push({ field: 'pa.adults', messageKey: MESSAGE_KEYS.required });
  }
  if (prefill.children !== undefined) {
    const limit = family ? PA_CHILDREN_LIMITS[market] : 0;
    if (Number.isInteger(prefill.children) && prefill.children >= 0 && prefill.children <= limit)
      kept.children = prefill.children;
    else problems.push({ field: 'pa.children', messageKey: MESSAGE_KEYS.dependentChildrenMaximum });
  }
  if (prefill.plan !== undefined) {
    // Occupation class 03 removes plan D (travel-flow section 4, the PA plan cards).
    const offered =
      oneOf(PA_LINK_PLANS, prefill.plan) &&
      (prefill.plan !== 'D' || !kept.occupation || isPlanDOffered([kept.occupation]));
    if (offered) kept.plan = prefill.plan;
    else problems.push({ field: 'pa.plan', messageKey: MESSAGE_KEYS.required });
  }
  return kept;
}

function checkHome(prefill: THomePrefill, market: TCountry, problems: TPrefillProblem[]): THomePrefill {
  const kept: THomePrefill = {};
  const keep = <K extends keyof THomePrefill>(
    key: K,
    valid: boolean,
    messageKey: string = MESSAGE_KEYS.required,
  ) => {
    if (prefill[key] === undefined) return;
    if (valid) kept[key] = prefill[key];
    else problems.push({ field: `home.${key}`, messageKey });
  };
  keep('dwellingType', oneOf(DWELLING_TYPES, prefill.dwellingType));
  // Singapore rates an HDB flat by its type, Hong Kong by floor area and building age (decision 057).
  keep(
    'hdbFlatType',
    market === 'SGP' && kept.dwellingType === 'HDB' && oneOf(HDB_FLAT_TYPES, prefill.hdbFlatType),
  );
  keep('floorArea', market === 'HKG' && oneOf(FLOOR_AREA_BANDS, prefill.floorArea));
  keep('buildingAge', market === 'HKG' && oneOf(BUILDING_AGE_BANDS, prefill.buildingAge));
  keep('ownership', oneOf(OCCUPANCIES, prefill.ownership));
  keep(
    'contentsSumInsured',
    prefill.contentsSumInsured === undefined || !validateContentsSum(market, prefill.contentsSumInsured),
    MESSAGE_KEYS.amount,
  );
  keep('plan', oneOf(HOME_LINK_PLANS, prefill.plan));
  return kept;
}

/**
 * The prefill's choices checked with the product's own rules for the market: what holds is kept,
 * every choice that does not is named. The desk refuses a link with any problem; a link opened later
 * (rules or tables changed since) opens with what still holds and says what it dropped.
 */
export function checkQuoteLinkPrefill(
  product: TQuoteLinkProduct,
  market: TCountry,
  prefill: TQuoteLinkPrefill,
): { prefill: TQuoteLinkPrefill; problems: TPrefillProblem[] } {
  const problems: TPrefillProblem[] = [];
  const own = prefill[product] ?? {};
  const kept =
    product === 'travel'
      ? { travel: checkTravel(own as TTravelPrefill, problems) }
      : product === 'pa'
        ? { pa: checkPa(own as TPaPrefill, market, problems) }
        : { home: checkHome(own as THomePrefill, market, problems) };
  return { prefill: kept, problems };
}
