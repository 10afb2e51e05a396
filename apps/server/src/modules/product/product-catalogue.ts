import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TDocumentKind, TDocumentProduct } from '@lionrock/domain/policy/document-names';
import { PRODUCT_TYPES } from '@lionrock/domain/product/products';
import type { TProductType } from '@lionrock/domain/tax/tax';

/**
 * What the server calls each product, in one place (design section 10, decision 047): the policy
 * e-mail, the renewal e-mails and turn-off page, the schedule PDF, the downloadable documents, the
 * policy numbers and the merchant references all read it. Every product is written out in English and
 * in Chinese in Simplified (Singapore) and Traditional (Hong Kong) characters.
 */
export type { TProductType };

/** English, or Chinese in Simplified characters (Singapore) or Traditional characters (Hong Kong). */
export type TScript = 'en' | 'zh-Hans' | 'zh-Hant';
export const SCRIPTS: readonly TScript[] = ['en', 'zh-Hans', 'zh-Hant'];

export { PRODUCT_TYPES };

export type TProductEntry = {
  /** The product's name in document names on the wire: `travel-brochure` (document-names.ts). */
  documentKey: TDocumentProduct;
  /** The downloadable documents the shop has for the product (design section 5). */
  documents: readonly TDocumentKind[];
  /** The first letter of its policy numbers (TSG26-0001234) and merchant references (TSG-261123-…). */
  numberingLetter: string;
  /** The product's full name, as the schedule and the policy e-mail print it (Hong Kong's derived). */
  name: Record<TWrittenScript, string>;
  /** The product inside a sentence: "your travel policy", 「您的旅游保险保单」. */
  word: Record<TWrittenScript, string>;
};

export const PRODUCT_CATALOGUE: Record<TProductType, TProductEntry> = {
  PTR: {
    documentKey: 'travel',
    documents: ['brochure', 'policyWording', 'covid19Wording'],
    numberingLetter: 'T',
    name: { en: 'Lionrock Travel Insurance', 'zh-Hans': '狮石旅游保险' },
    word: { en: 'travel', 'zh-Hans': '旅游保险' },
  },
  PAN: {
    documentKey: 'pa',
    documents: ['brochure', 'policyWording'],
    numberingLetter: 'A',
    name: {
      en: 'Lionrock Personal Accident Insurance',
      'zh-Hans': '狮石个人意外保险',
    },
    word: { en: 'personal accident', 'zh-Hans': '个人意外保险' },
  },
  PHM: {
    documentKey: 'home',
    documents: ['brochure', 'policyWording'],
    numberingLetter: 'H',
    name: { en: 'Lionrock Home Insurance', 'zh-Hans': '狮石家居保险' },
    word: { en: 'home', 'zh-Hans': '家居保险' },
  },
};

/** The product's full name in a script: "Lionrock Travel Insurance", 「獅石個人意外保險」. */
export function productName(product: TProductType, script: TScript): string {
  return inScript(PRODUCT_CATALOGUE[product].name, script);
}

/** The product inside a sentence in a script: "personal accident", 「家居保险」. */
export function productWord(product: TProductType, script: TScript): string {
  return inScript(PRODUCT_CATALOGUE[product].word, script);
}

/** The scripts a text is written in: Hong Kong's Chinese is derived from the Simplified (decision 110). */
type TWrittenScript = Exclude<TScript, 'zh-Hant'>;

function inScript(texts: Record<TWrittenScript, string>, script: TScript): string {
  return script === 'zh-Hant' ? hongKongChinese(texts['zh-Hans']) : texts[script];
}

/** The letter its policy numbers and merchant references start with: T, A or H. */
export function numberingLetter(product: TProductType): string {
  return PRODUCT_CATALOGUE[product].numberingLetter;
}

/** The product whose documents are named `{key}-…` (travel → PTR). */
export function productOfDocumentKey(key: TDocumentProduct): TProductType {
  return PRODUCT_TYPES.find((product) => PRODUCT_CATALOGUE[product].documentKey === key)!;
}

/** Whether the shop has the document `{key}-{kind}` (`pa-covid19Wording` is not one). */
export function hasDocument(key: TDocumentProduct, kind: TDocumentKind): boolean {
  return PRODUCT_CATALOGUE[productOfDocumentKey(key)].documents.includes(kind);
}

/** The script a customer is written to in: English, or the Chinese of the policy's market. */
export function scriptFor(language: 'en' | 'zh', country: TCountry): TScript {
  if (language !== 'zh') return 'en';
  return country === 'HKG' ? 'zh-Hant' : 'zh-Hans';
}
