import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './app/providers';
import { EARLY_CLICKS } from './app/shell/early-clicks';
import { ShopRoot } from './app/shop-root';
import { TRAVEL_FLOW_STORE_KEY } from './features/travel/state/travel-flow-store';
import { loadCatalogue } from './lib/i18n';
import { SYSTEM_STORE_KEY } from './state/system-store';

await loadCatalogue('en');

/**
 * The pages the server draws ahead of the app, by path, for English and Singapore: `page` is the
 * browser's own first render, which the app hydrates (the landing for a new visit, decision 019);
 * `frame` is what a page shows while its code loads, which the app replaces (the quote page's opening
 * on a reload, decision 021). `guard` runs right after `#root` (inline, by the document's nonce) and
 * empties it, before the first paint, when the tab's visit would draw something else first.
 */
export const DRAWN_PAGES: Record<string, { kind: 'page' | 'frame'; guard: string }> = {
  // A visit that already has a journey or a chosen language, country or partner may show another
  // landing (a language, a partner, a stored trip).
  '/travel': {
    kind: 'page',
    guard: `(function(){try{if(sessionStorage.getItem(${JSON.stringify(SYSTEM_STORE_KEY)})||sessionStorage.getItem(${JSON.stringify(TRAVEL_FLOW_STORE_KEY)}))document.getElementById('root').replaceChildren()}catch(e){}})();${EARLY_CLICKS}`,
  },
  // The quote page is there only with quoted plans (else the app goes back to the landing), and in
  // English for Singapore only.
  '/travel/quote': {
    kind: 'frame',
    guard: `(function(){var keep=false;try{var visit=JSON.parse(sessionStorage.getItem(${JSON.stringify(SYSTEM_STORE_KEY)})||'{}').state||{};var journey=JSON.parse(sessionStorage.getItem(${JSON.stringify(TRAVEL_FLOW_STORE_KEY)})||'{}').state||{};keep=(visit.lang||'en')==='en'&&(visit.country||'SGP')==='SGP'&&!visit.agent&&(journey.plans||[]).length>0}catch(e){}if(!keep)document.getElementById('root').replaceChildren()})()`,
  },
};

/**
 * One of DRAWN_PAGES (English, Singapore, no partner) as the browser draws it, for the server to send
 * inside `#root` so the page shows before the app's script has arrived. `hostname` decides the test
 * banner.
 */
export function renderPage(pathname: string, hostname: string): string {
  if (!DRAWN_PAGES[pathname]) throw new Error(`${pathname} is not drawn by the server`);
  const html = renderToString(
    <ShopRoot
      queryClient={createQueryClient()}
      host={hostname}
      router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>}
    />,
  );
  // React puts resource hints (the logo's preload) first; inside #root they are not the app's markup.
  return html.replace(/^(<link [^>]*\/>)+/, '');
}
