import zhHant from 'virtual:zh-hant';
import { SERVICE_MESSAGE_VALUES } from '@lionrock/domain/validation/service-message-values';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addMessageValues, i18n } from '../lib/i18n';
import en from '../locales/en.json';
import zhHans from '../locales/zh.json';

// The app fetches one catalogue at a time; tests have all three at hand, so a switch of language is immediate.
i18n.addCatalogue('en', en);
i18n.addCatalogue('zh-Hans', zhHans);
i18n.addCatalogue('zh-Hant', zhHant);
// The after-sale pages' values, as app/after-sale-routes.tsx adds them when those pages load.
addMessageValues(SERVICE_MESSAGE_VALUES);

// Component tests never reach a network: happy-dom's beacon would post to a server that is not there. The
// funnel's beacon is counted in the browser journeys and the server's tests (decision 090).
Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: undefined, configurable: true });

// The test DOM lacks the observers and media queries a browser has; the carousel library needs them to exist.
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

// The test DOM may lack modal dialogs; the platform's behaviour is covered in the browser journeys.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
