import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, DOCUMENT_PRODUCTS, documentName, parseDocumentName } from './document-names.ts';

describe('document names', () => {
  it('names every product document and reads the name back', () => {
    for (const product of DOCUMENT_PRODUCTS)
      for (const kind of DOCUMENT_KINDS)
        expect(parseDocumentName(documentName(product, kind))).toEqual({ product, kind });
    expect(documentName('travel', 'covid19Wording')).toBe('travel-covid19Wording');
  });

  it('reads nothing else', () => {
    for (const name of [
      'PTR-brochure',
      'travel-covidWording',
      'travel',
      'travel-brochure-x',
      '',
      '-brochure',
    ])
      expect(parseDocumentName(name), name).toBeNull();
  });
});
