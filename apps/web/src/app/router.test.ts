import { describe, expect, it } from 'vitest';
import { showsPageAfterLanding } from './router';

describe('showsPageAfterLanding', () => {
  it('is false for the travel landing with any of its segments, true for every other page', () => {
    for (const landing of [
      '/travel',
      '/travel/',
      '/travel/partner/AG1001',
      '/travel/campaign/YEAREND/lang/zh',
    ])
      expect(showsPageAfterLanding(landing), landing).toBe(false);
    for (const page of [
      '/travel/quote',
      '/travel/finish',
      '/travel/about-us',
      '/pa',
      '/home/partner/AG1001',
      '/x',
    ])
      expect(showsPageAfterLanding(page), page).toBe(true);
  });
});
