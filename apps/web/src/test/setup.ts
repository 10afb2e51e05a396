import zhHant from 'virtual:zh-hant';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../lib/i18n';
import en from '../locales/en.json';
import zhHans from '../locales/zh.json';

// The app fetches one catalogue at a time; tests have all three at hand, so a switch of language is immediate.
i18n.addCatalogue('en', en);
i18n.addCatalogue('zh-Hans', zhHans);
i18n.addCatalogue('zh-Hant', zhHant);

// jsdom lacks the observers and media queries a browser has; the carousel library needs them to exist.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
