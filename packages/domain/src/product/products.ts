import type { TProductType } from '../tax/tax.ts';

/**
 * The shop's three products, once (issue 28: one product registry): the spec's product type (PTR, PAN,
 * PHM), the key its pages and links use (/travel, /pa, /home) and the part of the policy document that
 * holds its own fields (policyTravel, policyPAN, policyHome). Every surface reads this table.
 */
export const PRODUCTS = {
  PTR: { key: 'travel', part: 'policyTravel' },
  PAN: { key: 'pa', part: 'policyPAN' },
  PHM: { key: 'home', part: 'policyHome' },
} as const satisfies Record<TProductType, { key: string; part: string }>;

export type TProductKey = (typeof PRODUCTS)[TProductType]['key'];
export type TProductPart = (typeof PRODUCTS)[TProductType]['part'];

/** Written out, not computed, so a page that needs one of these names does not bundle the rest (decision 022). */
export const PRODUCT_TYPES = ['PTR', 'PAN', 'PHM'] as const satisfies readonly TProductType[];

/** The product type a page key names: travel → PTR (the compiler holds it to PRODUCTS). */
export const PRODUCT_TYPE_OF_KEY = { travel: 'PTR', pa: 'PAN', home: 'PHM' } as const satisfies {
  readonly [T in TProductType as (typeof PRODUCTS)[T]['key']]: T;
};

/** The key of a product type's pages: PTR → travel. */
export function productKeyOf(type: TProductType): TProductKey {
  return PRODUCTS[type].key;
}

/** The part of the policy document that holds a product's own fields: PTR → policyTravel. */
export function productPartOf<T extends TProductType>(type: T): (typeof PRODUCTS)[T]['part'] {
  return PRODUCTS[type].part;
}

/** Whether a text is one of the page keys (a path's first segment, a link's product). */
export function isProductKey(value: string): value is TProductKey {
  return Object.hasOwn(PRODUCT_TYPE_OF_KEY, value);
}
