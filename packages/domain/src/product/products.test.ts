import { describe, expect, it } from 'vitest';
import {
  isProductKey,
  PRODUCT_TYPE_OF_KEY,
  PRODUCT_TYPES,
  PRODUCTS,
  productKeyOf,
  productPartOf,
} from './products.ts';

describe('the product registry', () => {
  it('names each product once: type, page key and document part', () => {
    expect(PRODUCT_TYPES).toEqual(['PTR', 'PAN', 'PHM']);
    expect(PRODUCT_TYPES.map(productKeyOf)).toEqual(['travel', 'pa', 'home']);
    expect(PRODUCT_TYPES.map((type) => productPartOf(type))).toEqual([
      'policyTravel',
      'policyPAN',
      'policyHome',
    ]);
  });

  it('goes from a page key back to its type, and knows no other key', () => {
    for (const type of PRODUCT_TYPES) expect(PRODUCT_TYPE_OF_KEY[PRODUCTS[type].key]).toBe(type);
    expect(isProductKey('pa')).toBe(true);
    expect(isProductKey('motor')).toBe(false);
    expect(isProductKey('toString')).toBe(false);
  });
});
