import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ShopBrowserRouter } from './app/browser-router';
import { createQueryClient } from './app/providers';
import { showsPageAfterLanding } from './app/router';
import { ShopRoot } from './app/shop-root';
import { i18nLanguageFor, needPageTexts, showLanguage } from './lib/i18n';
import { lookUpLinkAgent } from './lib/use-link-agent';
import { documentOpening, linkVisitOf } from './state/link-visit';
import { useSystemStore } from './state/system-store';
import './styles/global.css';

/**
 * The address's country, language and partner go to the visit's state before the first render, as the
 * shell reads them (it does so again on every change of address), and a partner link's agent, who
 * decides the market (issue 29): the first paint and the first requests are already in that market and
 * language, and only its catalogue is fetched.
 */
async function applyAddress() {
  const { pathname, search, host } = window.location;
  useSystemStore.getState().openLink(linkVisitOf({ pathname, search, host }, documentOpening()));
  await lookUpLinkAgent();
  const { lang: shown, country } = useSystemStore.getState();
  return i18nLanguageFor(shown, country);
}

/**
 * Marks the document once the app has taken over the page (`<html data-app="ready">`): a landing drawn
 * by the server is visible, but inert, until then. Renders nothing, so the server's HTML still matches.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

// The app scrolls every page to its top itself (app-shell.tsx, travel-flow section 9), so the browser's
// own restoring of a reload's position only fights it; worse, on a page the server drew short (the
// quote page's opening, decision 021) it lands on the footer, the loading indicator out of view.
history.scrollRestoration = 'manual';

// The first paint waits for its catalogue (a few kB), so no translation key ever shows: the landing's
// part, and for a visit opening on a later page the pages' texts too, fetched together (decision 022).
if (showsPageAfterLanding(window.location.pathname)) needPageTexts();
void applyAddress()
  .then(showLanguage)
  .then(() => {
    const container = document.getElementById('root')!;
    const shop = (
      <>
        <ShopRoot
          queryClient={createQueryClient()}
          router={(routes) => <ShopBrowserRouter>{routes}</ShopBrowserRouter>}
        />
        <AppReady />
      </>
    );
    // Both run as a transition: React works in slices and yields to the browser between them, so the
    // page stays responsive (no long task). The server drew a new visit's landing (decision 019): the app
    // takes over that HTML. Else it renders afresh, replacing a page's frame the server drew (decision 021).
    startTransition(() => {
      if (container.dataset.drawn === 'page' && container.hasChildNodes()) hydrateRoot(container, shop);
      else createRoot(container).render(shop);
    });
  });
