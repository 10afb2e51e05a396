import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  INFO_TEXTS,
  LANDING_KEEPS,
  PAGE_TEXTS,
  SERVICE_TEXTS,
  splitCatalogue,
  type TCatalogueTree,
} from '../../scripts/catalogue-parts';
import en from './en.json';
import zh from './zh.json';

const SRC = path.resolve(import.meta.dirname, '..');

function keysOf(tree: unknown, prefix = ''): string[] {
  return typeof tree === 'object' && tree !== null && !Array.isArray(tree)
    ? Object.entries(tree).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];
}

/**
 * The web modules the landing's first render runs: `main.tsx` and what it imports statically, not what
 * it imports with `import()` (later pages, the catalogues, code loaded on demand). The domain's modules
 * are left out: they hold message keys as data (validation/message-keys.ts), and the landing's own
 * rules give only the landing's keys.
 */
function landingModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm,
    )) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.endsWith('.css') || specifier.endsWith('.json')) continue;
      const base = path.resolve(path.dirname(file), specifier);
      const resolved = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ending) => base + ending)
        .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
      if (!resolved) throw new Error(`${path.relative(SRC, file)}: cannot resolve ${specifier}`);
      visit(resolved);
    }
  };
  visit(path.join(SRC, 'main.tsx'));
  return [...seen];
}

/** The string literals of a module, and the text of each template literal before its first `${`. */
function literalsOf(source: string): string[] {
  return [...source.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`$\\]*)/g)].map(
    (match) => (match[1] ?? match[2] ?? match[3]) as string,
  );
}

describe('the catalogue in two parts (decision 022)', () => {
  it('puts every key in exactly one part, for both languages', () => {
    for (const catalogue of [en, zh] as TCatalogueTree[]) {
      const { landing, pages, info, service } = splitCatalogue(catalogue);
      const landingKeys = keysOf(landing);
      const pageKeys = keysOf(pages);
      const infoKeys = keysOf(info);
      const serviceKeys = keysOf(service);
      expect([...landingKeys, ...pageKeys, ...infoKeys, ...serviceKeys].sort()).toEqual(
        keysOf(catalogue).sort(),
      );
      // The after-sale pages' texts travel alone (decision 066).
      expect(serviceKeys.every((key) => SERVICE_TEXTS.some((section) => key.startsWith(`${section}.`)))).toBe(
        true,
      );
      expect(landingKeys.filter((key) => pageKeys.includes(key))).toEqual([]);
      // The footer pages' notices travel alone (decision 042).
      expect(infoKeys.length).toBeGreaterThan(50);
      expect(infoKeys.every((key) => key.startsWith('info.'))).toBe(true);
      // The quote page's frame keeps its texts in the landing part; the rest of its section waits.
      for (const key of LANDING_KEEPS) expect(landingKeys).toContain(key);
      expect(pageKeys).toContain('quotePage.applyNow');
      expect(pageKeys.some((key) => key.startsWith('applicant.'))).toBe(true);
      expect(landingKeys).toContain('travelLanding.title');
    }
  });

  it('names only sections and keys the catalogue has', () => {
    const keys = keysOf(en);
    for (const section of PAGE_TEXTS)
      expect(
        keys.some((key) => key.startsWith(`${section}.`)),
        section,
      ).toBe(true);
    for (const key of LANDING_KEEPS) expect(keys).toContain(key);
  });

  it("leaves no text the landing's first render reads in the pages part", () => {
    const modules = landingModules();
    // The walk reaches the shell and the landing, and stops at the lazily loaded pages.
    const names = modules.map((file) => path.relative(SRC, file));
    expect(names).toEqual(
      expect.arrayContaining(['app/shell/header.tsx', 'features/travel/routes/landing-page.tsx']),
    );
    expect(names).not.toContain('features/travel/routes/quote-page.tsx');
    // A key is a dotted path ("confirm.title", or `confirm.${…}`); a bare word ("confirm", a step) is not.
    const deferred = (text: string) =>
      !(LANDING_KEEPS as readonly string[]).includes(text) &&
      [...PAGE_TEXTS, ...INFO_TEXTS].some((section) => text.startsWith(`${section}.`));
    const found = modules.flatMap((file) =>
      literalsOf(fs.readFileSync(file, 'utf8'))
        .filter(deferred)
        .map((text) => `${path.relative(SRC, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});
