/**
 * The products' downloadable documents (travel-flow sections 2 and 7; design section 5), named
 * `{product}-{kind}` on the wire: `GET /b2c-server/rest/document/get/travel-brochure`. The web app builds
 * the names and the server reads them, both from here.
 */
export const DOCUMENT_PRODUCTS = ['travel', 'pa', 'home'] as const;
export const DOCUMENT_KINDS = ['brochure', 'policyWording', 'covid19Wording'] as const;

export type TDocumentProduct = (typeof DOCUMENT_PRODUCTS)[number];
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];

export function documentName(product: TDocumentProduct, kind: TDocumentKind): string {
  return `${product}-${kind}`;
}

/** `travel-brochure` → travel / brochure; any other name → null. */
export function parseDocumentName(name: string): { product: TDocumentProduct; kind: TDocumentKind } | null {
  const [product, kind, ...rest] = name.split('-');
  if (rest.length > 0) return null;
  const knownProduct = DOCUMENT_PRODUCTS.find((each) => each === product);
  const knownKind = DOCUMENT_KINDS.find((each) => each === kind);
  return knownProduct && knownKind ? { product: knownProduct, kind: knownKind } : null;
}
