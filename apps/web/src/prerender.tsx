import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createQueryClient } from './app/providers';
import { ShopRoot } from './app/shop-root';
import { TRAVEL_FLOW_STORE_KEY } from './features/travel/state/travel-flow-store';
import { loadCatalogue } from './lib/i18n';
import { SYSTEM_STORE_KEY } from './state/system-store';

await loadCatalogue('en');

/**
 * The travel landing (`/travel`, English, Singapore, no partner) as the browser's first render draws
 * it for a new visit, for the server to send inside `#root` so the page shows before the app's script
 * has arrived (decision 019); the app then hydrates it. `hostname` decides the test banner.
 */
export function renderLanding(hostname: string): string {
  const html = renderToString(
    <ShopRoot
      queryClient={createQueryClient()}
      host={hostname}
      router={(routes) => <StaticRouter location="/travel">{routes}</StaticRouter>}
    />,
  );
  // React puts resource hints (the logo's preload) first; inside #root they are not the app's markup.
  return html.replace(/^(<link [^>]*\/>)+/, '');
}

/**
 * Runs right after the pre-rendered `#root` (inline, by the document's nonce): a visit that already
 * has a journey or a chosen language, country or partner in this tab would see the pre-render differ
 * from the app's first screen, so it is removed before the first paint (the app then renders afresh).
 */
export const PRERENDER_GUARD = `(function(){try{if(sessionStorage.getItem(${JSON.stringify(SYSTEM_STORE_KEY)})||sessionStorage.getItem(${JSON.stringify(TRAVEL_FLOW_STORE_KEY)}))document.getElementById('root').replaceChildren()}catch(e){}})()`;
