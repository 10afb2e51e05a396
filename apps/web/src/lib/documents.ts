import type { TCountry } from '@lionrock/domain/market/market';
import {
  documentName,
  type TDocumentKind,
  type TDocumentProduct,
} from '@lionrock/domain/policy/document-names';

/**
 * Where a product's document downloads, in its market's version, and the file name it saves as
 * (travel-flow sections 2 and 7): `/b2c-server/rest/document/get/travel-brochure?country=SGP`.
 */
export function documentLink(product: TDocumentProduct, kind: TDocumentKind, country: TCountry) {
  const name = documentName(product, kind);
  return { href: `/b2c-server/rest/document/get/${name}?country=${country}`, download: `${name}.pdf` };
}
