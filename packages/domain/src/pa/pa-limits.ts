/**
 * Personal accident underwriting limits the copy states (pa-home-payments section 5). Kept apart from
 * the occupation list so the shop's messages can name them without loading that list.
 */

/** Hong Kong PA: claims over HK$3,000 in the last 3 years require an agent. */
export const HONG_KONG_CLAIMS_LIMIT_CENTS = 300_000;
