import path from 'node:path';
import type { Page } from '@playwright/test';

/** Where screenshots go when a run is asked for them (`SHOTS_DIR=docs/screenshots/issue-29`); unset: none. */
export const SHOTS_DIR = process.env.SHOTS_DIR;

/**
 * The page as it is, full length, at 1280 and at 375 px, saved as `<name>-1280.png` and `<name>-375.png`
 * in SHOTS_DIR; the page is left at the width it had. Without SHOTS_DIR nothing is resized or saved,
 * so the test runs as it always does.
 */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top: a full-page shot of a scrolled page draws the fixed header across its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}
