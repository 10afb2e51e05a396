import { expect, type Page } from '@playwright/test';

/** The page does not scroll sideways at the current viewport (down to 375 px wide). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
