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
  const convert = OpenCC.Converter({ from: 'cn', to: 'hk' });
  const catalogue = path.resolve(import.meta.dirname, '../src/locales/zh.json');
  return {
    name: 'lionrock-traditional-chinese',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    load(loadId) {
      if (loadId !== resolvedId) return undefined;
      this.addWatchFile(catalogue);
      const converted = convertValues(JSON.parse(fs.readFileSync(catalogue, 'utf8')), convert);
      return `export default ${JSON.stringify(converted)};`;
    },
  };
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
