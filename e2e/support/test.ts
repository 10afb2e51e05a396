import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Makes `page.goto` to a shop page return once the app has taken the page over (`<html data-app="ready">`,
 * set by apps/web/src/main.tsx). The landing is drawn by the server and its scripts are asked for after
 * the first paint (decision 020): until the app is there, a click on the drawn page does nothing, as for
 * a customer who taps before the page is ready.
 */
export function openAppOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const { pathname } = new URL(page.url());
    if (/^\/(travel|pa|home)(\/|$)/.test(pathname))
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    return response;
  };
}

/** Playwright's `test`, whose `page` waits for the app on `goto` (openAppOnGoto). */
export const test = base.extend({
  page: async ({ page }, use) => {
    openAppOnGoto(page);
    await use(page);
  },
});
