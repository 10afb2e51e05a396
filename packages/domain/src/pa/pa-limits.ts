/**
 * Personal accident underwriting limits the copy states (pa-home-payments section 5). Kept apart from
 * the occupation list so the shop's messages can name them without loading that list.
 */

/** Hong Kong PA: claims over HK$3,000 in the last 3 years require an agent. */
export const HONG_KONG_CLAIMS_LIMIT_CENTS = 300_000;

/**
 * Personal accident dependent children on one policy (pa-home-payments section 5, decision 050):
 * Singapore's selector offers 0 to 9, Hong Kong takes up to 18 ("The maximum no. of Dependent Children is 18").
 */
export const PA_CHILDREN_LIMITS = { SGP: 9, HKG: 18 } as const;
/** The most dependent children any market takes: the wire's bound. */
export const PA_CHILDREN_MAX = Math.max(PA_CHILDREN_LIMITS.SGP, PA_CHILDREN_LIMITS.HKG);
