import type { TCountry } from '@lionrock/domain/market/market';

/** A product's downloadable documents (travel-flow sections 2 and 7; design section 5). */
export type TDocumentKind = 'brochure' | 'policyWording' | 'covid19Wording';
export const DOCUMENT_KINDS: readonly TDocumentKind[] = ['brochure', 'policyWording', 'covid19Wording'];

/**
 * Where a product's document downloads, in its market's version, and the file name it saves as:
 * `GET /b2c-server/rest/document/get/{product}-{kind}?country=…`, e.g. travel-brochure.pdf.
 */
export function documentLink(product: 'travel' | 'pa' | 'home', kind: TDocumentKind, country: TCountry) {
  const name = `${product}-${kind}`;
  return { href: `/b2c-server/rest/document/get/${name}?country=${country}`, download: `${name}.pdf` };
}
