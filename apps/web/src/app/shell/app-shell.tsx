import { Fragment, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/spinner';
import { trackCheckoutStep } from '../../lib/analytics';
import { applyLanguage, useTranslation } from '../../lib/i18n';
import { FINISH_PAGE, surveyLoaded } from '../../lib/survey';
import { useLinkAgent } from '../../lib/use-link-agent';
import { documentOpening, isLandingPath, linkVisitOf, productOfPath } from '../../state/link-visit';
import { useSystemStore } from '../../state/system-store';
import styles from './app-shell.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { InvalidLinkNotice } from './invalid-link-notice';
import { MaintenanceNotice } from './maintenance-notice';
import { ShopErrorModal } from './shop-error-modal';
import { SystemUnavailableBar, TestEnvironmentBanner } from './status-bars';
import { useScrollToTopOnNewPage } from './use-scroll-to-top';

/** Flow pages (quote to finish) do not show the maintenance notice (travel-flow section 7). */
const FLOW_PAGE = /^\/(travel|pa|home)\/(quote|applicant|apply|confirm|payment|finish)(\/|$)/;

/** The shared shell of every page: status bars, header, the page, footer. */
export function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);

  useEffect(() => {
    // A document that ran the finish page's survey script is not reused for another page (lib/survey.ts).
    if (surveyLoaded() && !FINISH_PAGE.test(location.pathname)) window.location.reload();
  }, [location.pathname]);

  useEffect(() => {
    // The address decides country, language and partner (link-visit.ts, as main.tsx did before the
    // first render); a link is the document's first location, a new navigation (decision 039).
    const store = useSystemStore.getState();
    const opening = location.key === 'default' ? documentOpening() : 'in-app';
    store.openLink(
      linkVisitOf(
        { pathname: location.pathname, search: location.search, host: window.location.host },
        opening,
      ),
    );
    if (!FLOW_PAGE.test(location.pathname))
      store.rememberInitialUrl(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search, location.key]);

  // The partner link's agent, for every product: its market, its card, or the link's invalid notice.
  const linkAgent = useLinkAgent();
  const landing = isLandingPath(location.pathname);

  useEffect(() => {
    trackCheckoutStep(location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    applyLanguage(lang, country);
  }, [lang, country]);

  useScrollToTopOnNewPage(location.pathname);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('shell.skipToContent')}
      </a>
      <TestEnvironmentBanner />
      <SystemUnavailableBar />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {FLOW_PAGE.test(location.pathname) ? null : <MaintenanceNotice />}
        {/* An invalid partner link is said first, where the customer looks, announced (design section 3). */}
        {landing && !linkAgent.validAgent ? (
          <InvalidLinkNotice product={productOfPath(location.pathname)} />
        ) : null}
        {/* A landing waits for its link's agent, which decides the market; its form starts in that market. */}
        {landing ? (
          linkAgent.checked ? (
            <Fragment key={country}>
              <Outlet />
            </Fragment>
          ) : (
            <PageLoading />
          )
        ) : (
          <Outlet />
        )}
      </main>
      <Footer />
      <ShopErrorModal />
    </div>
  );
}
