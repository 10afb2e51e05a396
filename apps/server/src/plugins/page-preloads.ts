import fs from 'node:fs';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from './security.ts';

type TManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type TManifest = Record<string, TManifestChunk>;

/**
 * A page the app loads on the way there: `src/features/<feature>/routes/<step>-page.tsx` is
 * `/<feature>/<step>`, and a feature's own page (`pa/routes/pa-page.tsx`) is `/<feature>`.
 */
const LAZY_PAGE = /^src\/features\/([a-z]+)\/routes\/([a-z-]+)-page\.tsx$/;

/**
 * What a document for each of the app's lazily loaded pages should fetch at once (decision 020): the
 * page's scripts as `modulepreload` and its stylesheets, beyond what the entry already loads, read from
 * the build's manifest. A reload or a direct visit to `/travel/quote` then fetches the page's code beside
 * the app's instead of after it has run. The tags match Vite's own (crossorigin, the document's nonce),
 * so the app's loader finds them and fetches nothing twice. Empty when the build has no manifest.
 */
export type TPagePreloads = { scripts: string; styles: string };

export function pagePreloads(manifest: TManifest): Map<string, TPagePreloads> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into);
  };
  if (entryKey) walk(entryKey, loaded);
  const preloads = new Map<string, TPagePreloads>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = LAZY_PAGE.exec(key);
    if (!page || !chunk.isDynamicEntry) continue;
    const graph = new Set<string>();
    walk(key, graph);
    const chunks = [...graph]
      .filter((each) => !loaded.has(each))
      .map((each) => manifest[each] as TManifestChunk);
    const entryCss = new Set(entryKey ? manifest[entryKey]?.css : []);
    const styles = [...new Set(chunks.flatMap((each) => each.css ?? []))].filter((css) => !entryCss.has(css));
    preloads.set(page[1] === page[2] ? `/${page[1]}` : `/${page[1]}/${page[2]}`, {
      scripts: chunks.map((each) => tag('modulepreload', each.file)).join(''),
      styles: styles.map((css) => tag('stylesheet', css)).join(''),
    });
  }
  return preloads;
}

function tag(rel: 'modulepreload' | 'stylesheet', file: string): string {
  return `<link rel="${rel}" crossorigin href="/${file}" nonce="${CSP_NONCE_PLACEHOLDER}">`;
}

const NONE: TPagePreloads = { scripts: '', styles: '' };

/**
 * `pagePreloads` of the build in `distDir`, read again when its manifest changes (a rebuild is served,
 * as index.html is), and the tags for a path: none for a path that is not a lazily loaded page.
 */
export function pagePreloadsOf(distDir: string): (pathname: string) => TPagePreloads {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let read: { mtimeMs: number; preloads: Map<string, TPagePreloads> } | null = null;
  return (pathname) => {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return NONE;
    if (read?.mtimeMs !== mtimeMs) {
      try {
        read = { mtimeMs, preloads: pagePreloads(JSON.parse(fs.readFileSync(file, 'utf8')) as TManifest) };
      } catch {
        // A manifest being rewritten by a build: no preloads this time, read again next time.
        return NONE;
      }
    }
    return read.preloads.get(pathname.replace(/\/+$/, '')) ?? NONE;
  };
}
