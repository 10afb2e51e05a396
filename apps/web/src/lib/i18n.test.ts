import zhHant from 'virtual:zh-hant';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { applyLanguage, i18n, i18nLanguageFor, loadPageTexts, showLanguage } from './i18n';
import { lookup } from './translate';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, inner]) => Object.assign(all, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

describe('translations', () => {
  it('has every key in both languages, none empty', () => {
    const english = flatten(en);
    const chinese = flatten(zh);
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of [...Object.entries(english), ...Object.entries(chinese)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('converts the Chinese catalogue to Traditional for Hong Kong at build time', () => {
    const traditional = flatten(zhHant);
    expect(Object.keys(traditional).sort()).toEqual(Object.keys(flatten(zh)).sort());
    expect(traditional['travelLanding.title']).toBe('出行無憂的旅遊保險');
    expect(flatten(zh)['travelLanding.title']).toBe('出行无忧的旅游保险');
  });

  it('picks Simplified for Singapore, Traditional for Hong Kong, and marks the page language', () => {
    expect(i18nLanguageFor('zh', 'SGP')).toBe('zh-Hans');
    expect(i18nLanguageFor('zh', 'HKG')).toBe('zh-Hant');
    expect(i18nLanguageFor('en', 'HKG')).toBe('en');
    applyLanguage('zh', 'HKG');
    expect(document.documentElement.lang).toBe('zh-Hant-HK');
    expect(i18n.t('header.products')).toBe('產品');
    applyLanguage('zh', 'SGP');
    expect(document.documentElement.lang).toBe('zh-Hans-SG');
    expect(i18n.t('header.products')).toBe('产品');
    applyLanguage('en', 'SGP');
    expect(document.documentElement.lang).toBe('en');
  });

  it('fetches a catalogue the first time its language shows, keeping the current one meanwhile', async () => {
    applyLanguage('en', 'SGP');
    i18n.removeCatalogue('zh-Hant');
    try {
      const switching = showLanguage('zh-Hant');
      expect(i18n.language).toBe('en');
      expect(i18n.t('header.products')).toBe(en.header.products);
      await switching;
      expect(i18n.language).toBe('zh-Hant');
      expect(i18n.t('header.products')).toBe('產品');
      expect(document.documentElement.lang).toBe('zh-Hant-HK');
    } finally {
      i18n.addCatalogue('zh-Hant', zhHant);
      applyLanguage('en', 'SGP');
    }
  });

  it('lets the later choice win when the customer switches back before a catalogue arrives', async () => {
    applyLanguage('en', 'SGP');
    i18n.removeCatalogue('zh-Hans');
    try {
      const switching = showLanguage('zh-Hans');
      applyLanguage('en', 'SGP');
      await switching;
      expect(i18n.language).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      expect(i18n.hasCatalogue('zh-Hans')).toBe(true);
    } finally {
      i18n.addCatalogue('zh-Hans', zh);
    }
  });

  // One test, in order: whether a page has asked for its texts yet is the visit's state.
  it("fetches a language's landing part first, and the other pages' texts once a page asks for them", async () => {
    applyLanguage('en', 'SGP');
    i18n.removeCatalogue('zh-Hans');
    i18n.removeCatalogue('zh-Hant');
    try {
      await showLanguage('zh-Hans');
      expect(i18n.t('travelLanding.title')).toBe(zh.travelLanding.title);
      expect(i18n.t('finish.title')).toBe('finish.title');
      expect(i18n.hasCatalogue('zh-Hans')).toBe(true);
      // Hong Kong's language is on its way (landing part only) when a page asks for its texts: it
      // shows with them, and so does the language showing meanwhile.
      const switching = showLanguage('zh-Hant');
      await loadPageTexts();
      expect(i18n.t('finish.title')).toBe(zh.finish.title);
      await switching;
      expect(i18n.language).toBe('zh-Hant');
      expect(i18n.t('finish.title')).toBe(lookup(zhHant, 'finish.title'));
      expect(i18n.t('quotePage.title')).toBe(lookup(zhHant, 'quotePage.title'));
      // From now on a language comes whole.
      i18n.removeCatalogue('zh-Hans');
      await showLanguage('zh-Hans');
      expect(i18n.t('finish.title')).toBe(zh.finish.title);
    } finally {
      i18n.addCatalogue('zh-Hans', zh);
      i18n.addCatalogue('zh-Hant', zhHant);
      applyLanguage('en', 'SGP');
    }
  });

  it('shows the key of a missing translation', () => {
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });
});
