import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import { MESSAGE_VALUES } from '@lionrock/domain/validation/message-values';
import { useSyncExternalStore } from 'react';
import {
  lookup,
  type TCatalogue,
  type TTranslate,
  type TTranslateOptions,
  translate,
  translateList,
} from './translate';

export type TI18nLanguage = 'en' | 'zh-Hans' | 'zh-Hant';

/**
 * English and Chinese (travel-flow section 1). One Chinese catalogue: Singapore reads it in Simplified
 * characters, Hong Kong in Traditional (converted at build time). A missing translation shows its key.
 * Each language's catalogue comes in two chunks (decision 022): the `landing` part, fetched the first
 * time the language is shown, and the `pages` part, fetched with the code of the first page after the
 * landing (`loadPageTexts`); the footer pages' notices come in a third, `info`, fetched only with those
 * pages (`loadInfoTexts`, decision 042), and the after-sale pages' in a fourth, `service`
 * (`loadServiceTexts`, decision 066). The texts are looked up by lib/translate.ts.
 */
type TPart = 'landing' | 'pages' | 'info' | 'service';
type TCatalogueModule = Promise<{ default: TCatalogue }>;
const CATALOGUES: Record<TI18nLanguage, Record<TPart, () => TCatalogueModule>> = {
  en: {
    landing: () => import('virtual:catalogue/en-landing'),
    pages: () => import('virtual:catalogue/en-pages'),
    info: () => import('virtual:catalogue/en-info'),
    service: () => import('virtual:catalogue/en-service'),
  },
  'zh-Hans': {
    landing: () => import('virtual:catalogue/zh-Hans-landing'),
    pages: () => import('virtual:catalogue/zh-Hans-pages'),
    info: () => import('virtual:catalogue/zh-Hans-info'),
    service: () => import('virtual:catalogue/zh-Hans-service'),
  },
  'zh-Hant': {
    landing: () => import('virtual:catalogue/zh-Hant-landing'),
    pages: () => import('virtual:catalogue/zh-Hant-pages'),
    info: () => import('virtual:catalogue/zh-Hant-info'),
    service: () => import('virtual:catalogue/zh-Hant-service'),
  },
};

const loaded = new Map<TI18nLanguage, TCatalogue>();
const loadedParts = new Map<TI18nLanguage, Set<TPart>>();
/** Whether a page beyond the landing has asked for its texts: a language shown after that needs them too. */
let pagesWanted = false;
/** Whether a footer page (about, contact, terms, privacy) has asked for its texts (decision 042). */
let infoWanted = false;
/** Whether an after-sale page (my policy, claims) has asked for its texts (decision 066). */
let serviceWanted = false;
let current: TI18nLanguage = 'en';
const listeners = new Set<() => void>();

/** What a component translates with, for one language: the same functions for every render in it. */
export type TTranslator = {
  language: TI18nLanguage;
  t: TTranslate;
  /** The list of texts at a key (a popup's items). */
  list: (key: string) => readonly string[];
  /** Whether a key has a text (a server's message key the catalogue may not know). */
  exists: (key: string) => boolean;
};

const translators = new Map<TI18nLanguage, TTranslator>();

/** The values texts name as {{name}}: the domain's, and those a later part's pages add (decision 066). */
let messageValues: Readonly<Record<string, string | number>> = MESSAGE_VALUES;

/** Adds the values a lazily loaded part's texts name (the after-sale pages'). */
export function addMessageValues(values: Readonly<Record<string, string | number>>): void {
  messageValues = { ...messageValues, ...values };
}

/** A language's translator, shown or not (the agents' desk reads the shop's words in its own language). */
export function translatorFor(language: TI18nLanguage): TTranslator {
  let translator = translators.get(language);
  if (!translator) {
    translator = {
      language,
      // Every text may name a spec limit as {{name}}: filled from the domain's constants (decision 050).
      t: (key: string, options?: TTranslateOptions) =>
        translate(loaded.get(language), language, key, options, messageValues),
      list: (key) => translateList(loaded.get(language), key),
      exists: (key) => typeof lookup(loaded.get(language), key) === 'string',
    };
    translators.set(language, translator);
  }
  return translator;
}

/** The language shown now, and its catalogues: outside React (the app's start, tests). */
export const i18n = {
  get language(): TI18nLanguage {
    return current;
  },
  t: ((key, options) => translatorFor(current).t(key, options)) as TTranslate,
  /** Whether the language's catalogue is all here (tests add whole catalogues). */
  hasCatalogue: (language: TI18nLanguage) => missingParts(language).length === 0,
  addCatalogue: (language: TI18nLanguage, catalogue: TCatalogue) => {
    loaded.set(language, catalogue);
    loadedParts.set(language, new Set(['landing', 'pages', 'info', 'service']));
  },
  removeCatalogue: (language: TI18nLanguage) => {
    loaded.delete(language);
    loadedParts.delete(language);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const currentLanguage = () => current;

/** The shown language's translator; the component renders again when the language changes. */
export function useTranslation(): TTranslator {
  return translatorFor(useSyncExternalStore(subscribe, currentLanguage, currentLanguage));
}

function changeLanguage(language: TI18nLanguage) {
  if (current === language) return;
  current = language;
  for (const listener of listeners) listener();
}

/** The script a name list is written in for a page's language (`hkDistrictName`, `addressLine`). */
export function nameScript(language: TI18nLanguage): 'en' | 'zhHans' | 'zhHant' {
  return language === 'en' ? 'en' : language === 'zh-Hant' ? 'zhHant' : 'zhHans';
}

export function i18nLanguageFor(lang: TLanguage, country: TCountry): TI18nLanguage {
  if (lang === 'en') return 'en';
  return country === 'HKG' ? 'zh-Hant' : 'zh-Hans';
}

/** The parts of a language's catalogue still to fetch: its landing part, and its pages' once wanted. */
function missingParts(language: TI18nLanguage): TPart[] {
  const parts = loadedParts.get(language);
  const needed: TPart[] = ['landing'];
  if (pagesWanted) needed.push('pages');
  if (infoWanted) needed.push('info');
  if (serviceWanted) needed.push('service');
  return needed.filter((part) => !parts?.has(part));
}

/** Fetches what is missing of a language's catalogue (each part once) and adds it to what is here. */
export async function loadCatalogue(language: TI18nLanguage): Promise<void> {
  const parts = missingParts(language);
  if (parts.length === 0) return;
  const modules = await Promise.all(parts.map((part) => CATALOGUES[language][part]()));
  let catalogue = loaded.get(language) ?? {};
  for (const { default: part } of modules) catalogue = mergeCatalogues(catalogue, part);
  loaded.set(language, catalogue);
  const done = loadedParts.get(language) ?? new Set<TPart>();
  for (const part of parts) done.add(part);
  loadedParts.set(language, done);
}

/**
 * The texts of the pages after the landing, in the shown language: a page's code waits for them
 * (app/router.tsx). A failed fetch resolves too: the page shows, with its keys, as a missing text would.
 */
export function loadPageTexts(): Promise<void> {
  needPageTexts();
  return loadCatalogue(current).catch(() => undefined);
}

/** The footer pages' texts (`info`), in the shown language, with the other pages' texts. */
export function loadInfoTexts(): Promise<void> {
  needPageTexts();
  infoWanted = true;
  return loadCatalogue(current).catch(() => undefined);
}

/** The after-sale pages' texts (`service`: my policy, claims), with the other pages' texts. */
export function loadServiceTexts(): Promise<void> {
  needPageTexts();
  serviceWanted = true;
  return loadCatalogue(current).catch(() => undefined);
}

/**
 * From now on every language is fetched whole: for a visit that opens on a page after the landing, so
 * its language's two parts come together, in one round trip (main.tsx).
 */
export function needPageTexts(): void {
  pagesWanted = true;
}

/** Two parts of a catalogue as one: their sections merged, key by key. */
function mergeCatalogues(into: TCatalogue, part: TCatalogue): TCatalogue {
  const merged: Record<string, TCatalogue[string]> = { ...into };
  for (const [key, value] of Object.entries(part)) {
    const existing = merged[key];
    merged[key] =
      isSection(existing) && isSection(value)
        ? mergeCatalogues(existing, value)
        : (value as TCatalogue[string]);
  }
  return merged;
}

function isSection(value: unknown): value is TCatalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

let wanted: TI18nLanguage | null = null;

/**
 * Shows a language and tells assistive technology which language the page is in. A catalogue not yet
 * fetched is fetched first and the page keeps its current language meanwhile (never a raw key); when
 * another language is asked for before it arrives, the later choice wins. If the fetch fails the page
 * stays as it is, and the next switch tries again. Resolves once the language shows (or the fetch failed).
 */
export function showLanguage(language: TI18nLanguage): Promise<void> {
  wanted = language;
  const show = () => {
    if (wanted !== language) return;
    changeLanguage(language);
    document.documentElement.lang =
      language === 'en' ? 'en' : language === 'zh-Hant' ? 'zh-Hant-HK' : 'zh-Hans-SG';
  };
  // Checked again after each fetch: a page may have asked for its texts meanwhile.
  const ready = (): Promise<void> =>
    missingParts(language).length === 0 ? Promise.resolve() : loadCatalogue(language).then(ready);
  if (missingParts(language).length === 0) {
    show();
    return Promise.resolve();
  }
  return ready().then(show, () => undefined);
}

/** Switches to the customer's language in their market (at once when its catalogue is already here). */
export function applyLanguage(lang: TLanguage, country: TCountry): void {
  void showLanguage(i18nLanguageFor(lang, country));
}
