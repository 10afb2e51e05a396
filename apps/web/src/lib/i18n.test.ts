import zhHant from 'virtual:zh-hant';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { applyLanguage, i18n, i18nLanguageFor, showLanguage } from './i18n';

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
    i18n.removeResourceBundle('zh-Hant', 'translation');
    try {
      const switching = showLanguage('zh-Hant');
      expect(i18n.language).toBe('en');
      expect(i18n.t('header.products')).toBe(en.header.products);
      await switching;
      expect(i18n.language).toBe('zh-Hant');
      expect(i18n.t('header.products')).toBe('產品');
      expect(document.documentElement.lang).toBe('zh-Hant-HK');
    } finally {
      i18n.addResourceBundle('zh-Hant', 'translation', zhHant, true, true);
      applyLanguage('en', 'SGP');
    }
  });

  it('lets the later choice win when the customer switches back before a catalogue arrives', async () => {
    applyLanguage('en', 'SGP');
    i18n.removeResourceBundle('zh-Hans', 'translation');
    try {
      const switching = showLanguage('zh-Hans');
      applyLanguage('en', 'SGP');
      await switching;
      expect(i18n.language).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      expect(i18n.hasResourceBundle('zh-Hans', 'translation')).toBe(true);
    } finally {
      i18n.addResourceBundle('zh-Hans', 'translation', zh, true, true);
    }
  });

  it('shows the key of a missing translation', () => {
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });
});
