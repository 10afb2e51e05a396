import zhHant from 'virtual:zh-hant';
import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zhHans from '../locales/zh.json';

/**
 * English and Chinese (travel-flow section 1). One Chinese catalogue: Singapore reads it in Simplified
 * characters, Hong Kong in Traditional (converted at build time). A missing translation shows its key.
 */
void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    'zh-Hans': { translation: zhHans },
    'zh-Hant': { translation: zhHant },
  },
  lng: 'en',
  fallbackLng: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export function i18nLanguageFor(lang: TLanguage, country: TCountry): 'en' | 'zh-Hans' | 'zh-Hant' {
  if (lang === 'en') return 'en';
  return country === 'HKG' ? 'zh-Hant' : 'zh-Hans';
}

/** Switches the catalogue and tells assistive technology which language the page is in. */
export function applyLanguage(lang: TLanguage, country: TCountry): void {
  const language = i18nLanguageFor(lang, country);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang =
    language === 'en' ? 'en' : language === 'zh-Hant' ? 'zh-Hant-HK' : 'zh-Hans-SG';
}

export { i18n };
