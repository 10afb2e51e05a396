import fs from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import type { Plugin } from 'vite';

/**
 * One Chinese catalogue (Simplified, `locales/zh.json`); Hong Kong sees it in Traditional characters,
 * converted at build time with OpenCC (cn → hk), so nobody maintains two catalogues (issue 6).
 * Import `virtual:zh-hant` to get the converted catalogue.
 */
export function traditionalChineseLocale(): Plugin {
  const id = 'virtual:zh-hant';
  const resolvedId = `\0${id}`;
  const benefitsId = 'virtual:zh-hant-benefits';
  const resolvedBenefitsId = `\0${benefitsId}`;
  const convert = OpenCC.Converter({ from: 'cn', to: 'hk' });
  const catalogue = path.resolve(import.meta.dirname, '../src/locales/zh.json');
  const benefits = ['travel-benefits.json', 'pa-benefits.json'].map((file) =>
    path.resolve(import.meta.dirname, '../../../packages/domain/src/rating/benefits', file),
  );
  return {
    name: 'lionrock-traditional-chinese',
    resolveId: (source) =>
      source === id ? resolvedId : source === benefitsId ? resolvedBenefitsId : undefined,
    load(loadId) {
      if (loadId === resolvedId) {
        this.addWatchFile(catalogue);
        const converted = convertValues(JSON.parse(fs.readFileSync(catalogue, 'utf8')), convert);
        return `export default ${JSON.stringify(converted)};`;
      }
      if (loadId === resolvedBenefitsId) {
        // The benefit schedules' Chinese labels (domain data): Simplified → Traditional, text by text.
        const texts: Record<string, string> = {};
        for (const file of benefits) {
          this.addWatchFile(file);
          collectChinese(JSON.parse(fs.readFileSync(file, 'utf8')), (text) => {
            texts[text] = convert(text);
          });
        }
        return `export default ${JSON.stringify(texts)};`;
      }
      return undefined;
    },
  };
}

/** Calls `found` with every string value under a key ending in `Zh`. */
function collectChinese(value: unknown, found: (text: string) => void, key = ''): void {
  if (typeof value === 'string') {
    if (key.endsWith('Zh')) found(value);
    return;
  }
  if (Array.isArray(value)) for (const item of value) collectChinese(item, found, key);
  else if (value && typeof value === 'object')
    for (const [inner, child] of Object.entries(value)) collectChinese(child, found, inner);
}

function convertValues(value: unknown, convert: (text: string) => string): unknown {
  if (typeof value === 'string') return convert(value);
  if (Array.isArray(value)) return value.map((item) => convertValues(item, convert));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, convertValues(inner, convert)]),
    );
  }
  return value;
}
