import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export type TI18nLanguage = 'en' | 'zh-Hans' | 'zh-Hant';

/**
 * English and Chinese (travel-flow section 1). One Chinese catalogue: Singapore reads it in Simplified
 * characters, Hong Kong in Traditional (converted at build time). A missing translation shows its key.
 * Each catalogue is its own chunk, fetched the first time its language is shown: the landing loads the
 * one it needs, not all three (issue 6).
 */
const CATALOGUES: Record<TI18nLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json'),
  'zh-Hans': () => import('../locales/zh.json'),
  'zh-Hant': () => import('virtual:zh-hant'),
};

void i18n.use(initReactI18next).init({
  // Catalogues arrive through `loadCatalogue`; with `resources` set, a language switch never fetches.
  resources: {},
  lng: 'en',
  fallbackLng: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export function i18nLanguageFor(lang: TLanguage, country: TCountry): TI18nLanguage {
  if (lang === 'en') return 'en';
  return country === 'HKG' ? 'zh-Hant' : 'zh-Hans';
}

/** Fetches a language's catalogue, once. */
export async function loadCatalogue(language: TI18nLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: catalogue } = await CATALOGUES[language]();
  i18n.addResourceBundle(language, 'translation', catalogue);
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
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang =
      language === 'en' ? 'en' : language === 'zh-Hant' ? 'zh-Hant-HK' : 'zh-Hans-SG';
  };
  if (i18n.hasResourceBundle(language, 'translation')) {
    show();
    return Promise.resolve();
  }
  return loadCatalogue(language).then(show, () => undefined);
}

/** Switches to the customer's language in their market (at once when its catalogue is already here). */
export function applyLanguage(lang: TLanguage, country: TCountry): void {
  void showLanguage(i18nLanguageFor(lang, country));
}

export { i18n };
