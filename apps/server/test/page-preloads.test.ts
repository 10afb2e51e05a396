import { describe, expect, it } from 'vitest';
import { pagePreloads } from '../src/plugins/page-preloads.ts';

/** A build's manifest as Vite writes it: the entry, a lazily loaded page sharing a chunk with it, a lazy helper. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-2.js'],
    css: ['assets/index-3.css'],
  },
  '_react-2.js': { file: 'assets/react-2.js' },
  'src/features/travel/routes/quote-page.tsx': {
    file: 'assets/quote-page-4.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-2.js', '_cards-5.js'],
    css: ['assets/quote-page-6.css'],
  },
  '_cards-5.js': { file: 'assets/cards-5.js', imports: ['_react-2.js'], css: ['assets/cards-7.css'] },
  'src/features/pa/routes/pa-page.tsx': {
    file: 'assets/pa-page-9.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/features/travel/components/quote-form/quote-form-rules.ts': {
    file: 'assets/quote-form-rules-8.js',
    isDynamicEntry: true,
  },
};

describe('pagePreloads', () => {
  it("lists a lazily loaded page's own scripts and stylesheets, not the entry's, by the page's path", () => {
    const preloads = pagePreloads(MANIFEST);
    expect([...preloads.keys()]).toEqual(['/travel/quote', '/pa']);
    expect(preloads.get('/travel/quote')).toEqual({
      scripts:
        '<link rel="modulepreload" crossorigin href="/assets/quote-page-4.js" nonce="__CSP_NONCE__">' +
        '<link rel="modulepreload" crossorigin href="/assets/cards-5.js" nonce="__CSP_NONCE__">',
      styles:
        '<link rel="stylesheet" crossorigin href="/assets/quote-page-6.css" nonce="__CSP_NONCE__">' +
        '<link rel="stylesheet" crossorigin href="/assets/cards-7.css" nonce="__CSP_NONCE__">',
    });
  });

  it("names a feature's own page by the feature's path", () => {
    expect(pagePreloads(MANIFEST).get('/pa')).toEqual({
      scripts: '<link rel="modulepreload" crossorigin href="/assets/pa-page-9.js" nonce="__CSP_NONCE__">',
      styles: '',
    });
  });

  it('is empty for a build without lazily loaded pages', () => {
    expect(pagePreloads({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }).size).toBe(0);
  });
});
