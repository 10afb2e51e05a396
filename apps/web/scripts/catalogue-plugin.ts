import fs from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import type { Plugin } from 'vite';
import { splitCatalogue, type TCatalogueTree } from './catalogue-parts.ts';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');
const BENEFITS = ['travel-benefits.json', 'pa-benefits.json', 'home-benefits.json'].map((file) =>
  path.resolve(import.meta.dirname, '../../../packages/domain/src/rating/benefits', file),
);

/** Where each language's catalogue comes from: Hong Kong reads the Chinese one in Traditional characters. */
const SOURCES = { en: 'en.json', 'zh-Hans': 'zh.json', 'zh-Hant': 'zh.json' } as const;
type TSourceLanguage = keyof typeof SOURCES;

/**
 * The catalogues as the app loads them (decision 022):
 * - `virtual:catalogue/{en|zh-Hans|zh-Hant}-{landing|pages}`: a language's catalogue in its two parts
 *   (scripts/catalogue-parts.ts, decision 022);
 * - `virtual:zh-hant`: the whole Chinese catalogue in Traditional characters;
 * - `virtual:zh-hant-benefits`: the benefit schedules' Chinese labels, Simplified → Traditional.
 * One Chinese catalogue (Simplified, `locales/zh.json`); Hong Kong sees it converted at build time with
 * OpenCC (cn → hk), so nobody maintains two catalogues.
 */
export function catalogues(): Plugin {
  const convert = OpenCC.Converter({ from: 'cn', to: 'hk' });
  const read = (language: TSourceLanguage, watch: (file: string) => void): TCatalogueTree => {
    const file = path.join(LOCALES, SOURCES[language]);
    watch(file);
    const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as TCatalogueTree;
    return language === 'zh-Hant' ? (convertValues(catalogue, convert) as TCatalogueTree) : catalogue;
  };
  const module = (value: unknown) => `export default ${JSON.stringify(value)};`;
  return {
    name: 'lionrock-catalogues',
    resolveId: (source) =>
      source.startsWith('virtual:catalogue/') ||
      source === 'virtual:zh-hant' ||
      source === 'virtual:zh-hant-benefits'
        ? `\0${source}`
        : undefined,
    load(id) {
      if (!id.startsWith('\0virtual:')) return undefined;
      const watch = (file: string) => this.addWatchFile(file);
      const source = id.slice(1);
      if (source === 'virtual:zh-hant') return module(read('zh-Hant', watch));
      if (source === 'virtual:zh-hant-benefits') {
        const texts: Record<string, string> = {};
        for (const file of BENEFITS) {
          watch(file);
          collectChinese(JSON.parse(fs.readFileSync(file, 'utf8')), (text) => {
            texts[text] = convert(text);
          });
        }
        return module(texts);
      }
      const part = /^virtual:catalogue\/(en|zh-Hans|zh-Hant)-(landing|pages|info|service)$/.exec(source);
      if (!part) return undefined;
      return module(
        splitCatalogue(read(part[1] as TSourceLanguage, watch))[
          part[2] as 'landing' | 'pages' | 'info' | 'service'
        ],
      );
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
