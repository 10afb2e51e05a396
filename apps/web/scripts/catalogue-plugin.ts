import fs from 'node:fs';
import path from 'node:path';
import { hongKongChineseDeep } from '@lionrock/chinese/hong-kong-chinese';
import type { Plugin } from 'vite';
import { splitCatalogue, type TCatalogueTree } from './catalogue-parts.ts';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');
const HONG_KONG_QUERY = 'hong-kong';
const HONG_KONG_PREFIX = 'hong-kong:';

/** Where each language's catalogue comes from: Hong Kong reads the Chinese one in Traditional characters. */
const SOURCES = { en: 'en.json', 'zh-Hans': 'zh.json', 'zh-Hant': 'zh.json' } as const;
type TSourceLanguage = keyof typeof SOURCES;

/**
 * The catalogues as the app loads them (decision 022):
 * - `virtual:catalogue/{en|zh-Hans|zh-Hant}-{landing|pages}`: a language's catalogue in its two parts
 *   (scripts/catalogue-parts.ts, decision 022);
 * - `virtual:zh-hant`: the whole Chinese catalogue in Traditional characters (for tests);
 * - `./file.zh.json?hong-kong`: any other Simplified text file (the desk's words) converted the same way.
 * One Chinese catalogue (Simplified, `locales/zh.json`); Hong Kong sees it converted at build time by
 * the shop's one converter (`@lionrock/chinese`, decision 110), so nobody maintains two catalogues.
 * The benefit schedules' labels are served in the market's script by the server.
 */
export function catalogues(): Plugin {
  const read = (language: TSourceLanguage, watch: (file: string) => void): TCatalogueTree => {
    const file = path.join(LOCALES, SOURCES[language]);
    watch(file);
    const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as TCatalogueTree;
    return language === 'zh-Hant' ? hongKongChineseDeep(catalogue) : catalogue;
  };
  const module = (value: unknown) => `export default ${JSON.stringify(value)};`;
  return {
    name: 'lionrock-catalogues',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('virtual:catalogue/') || source === 'virtual:zh-hant') return `\0${source}`;
      // `./texts.zh.json?hong-kong`: a Simplified text file as Hong Kong reads it (decision 110). The id
      // ends in .js so that Vite's JSON plugin leaves the module this plugin writes alone.
      // (In development Vite asks for it as `?import&hong-kong`.)
      const [file, query = ''] = source.split('?');
      if (importer && file && query.split('&').includes(HONG_KONG_QUERY))
        return `\0${HONG_KONG_PREFIX}${path.resolve(path.dirname(importer.split('?')[0]!), file)}.js`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith('\0virtual:') && !id.startsWith(`\0${HONG_KONG_PREFIX}`)) return undefined;
      const watch = (file: string) => this.addWatchFile(file);
      const source = id.slice(1);
      if (source.startsWith(HONG_KONG_PREFIX)) {
        const file = source.slice(HONG_KONG_PREFIX.length, -'.js'.length);
        watch(file);
        return module(hongKongChineseDeep(JSON.parse(fs.readFileSync(file, 'utf8'))));
      }
      if (source === 'virtual:zh-hant') return module(read('zh-Hant', watch));
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
