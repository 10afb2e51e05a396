import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe.ts';

/** The page does not scroll sideways at the current viewport (down to 375 px wide). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The spec's breakpoints (travel-flow section 9), from the 375 px phone to the 1440 px desktop. */
export const BREAKPOINTS = [375, 600, 768, 960, 1024, 1440];

/**
 * The screen as it stands, at every breakpoint's width: no sideways scroll, and no serious or critical
 * axe violation at the narrowest and the widest. The viewport is put back as it was.
 */
export async function expectScreenFitsEveryWidth(page: Page) {
  const viewport = page.viewportSize();
  try {
    for (const width of BREAKPOINTS) {
      await page.setViewportSize({ width, height: viewport?.height ?? 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      if (width === BREAKPOINTS[0] || width === BREAKPOINTS.at(-1)) await expectNoSeriousAxeViolations(page);
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}
