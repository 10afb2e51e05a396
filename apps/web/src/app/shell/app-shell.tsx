import { normaliseLanguage } from '@lionrock/domain/environment/language';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackCheckoutStep } from '../../lib/analytics';
import { applyLanguage, useTranslation } from '../../lib/i18n';
import { FINISH_PAGE, surveyLoaded } from '../../lib/survey';
import { useSystemStore } from '../../state/system-store';
import styles from './app-shell.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { MaintenanceNotice } from './maintenance-notice';
import { ShopErrorModal } from './shop-error-modal';
import { SystemUnavailableBar, TestEnvironmentBanner } from './status-bars';

/** Flow pages (quote to finish) do not show the maintenance notice (travel-flow section 7). */
const FLOW_PAGE = /^\/(travel|pa|home)\/(quote|applicant|apply|confirm|payment|finish)(\/|$)/;

/**
 * A travel landing link (travel-flow section 2): it says which market it is for, by its host or its
 * country query, else Singapore; a market from an earlier link never outlives it (decision 039). A
 * link is an address opened (the document's first location), not the shop's own Travel menu entry,
 * which keeps the visit's market.
 */
const TRAVEL_LANDING =
  /^\/travel(\/?$|\/(partner|sub|campaign|affiliation|promotion|catalogueCode|lang|promo)\/)/;

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
    // The address decides country, language and partner; the first landing URL of the visit is kept.
    const store = useSystemStore.getState();
    const query = new URLSearchParams(location.search);
    const params = parseLandingPath(location.pathname, query, window.location.host);
    if (
      query.get('country') ||
      window.location.host.match(/^(sg|hk)-/) ||
      (TRAVEL_LANDING.test(location.pathname) && location.key === 'default')
    )
      store.setCountry(params.country);
    const lang = params.lang ?? (query.get('lang') ? normaliseLanguage(query.get('lang')) : undefined);
    if (lang) store.setLanguage(lang);
    if (params.partner) {
      const { affiliation, promotion, catalogueCode } = params;
      store.setPartner(params.partner, params.subAgent ?? null, { affiliation, promotion, catalogueCode });
    }
    if (!FLOW_PAGE.test(location.pathname))
      store.rememberInitialUrl(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search, location.key]);

  useEffect(() => {
    trackCheckoutStep(location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    applyLanguage(lang, country);
  }, [lang, country]);

  // Scroll-to-top after 500 ms on a new page (travel-flow section 9): a change of page, not the first
  // page of the document, which opens at its top anyway (a scroll or an in-page link in its first half
  // second would be undone).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), 500);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);

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
        <Outlet />
      </main>
      <Footer />
      <ShopErrorModal />
    </div>
  );
}
