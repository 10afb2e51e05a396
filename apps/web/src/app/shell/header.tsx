import type { TLanguage } from '@lionrock/domain/environment/language';
import { buildProductLink } from '@lionrock/domain/travel/landing-path';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AgentCard } from '../../components/ui/agent-card';
import { useProductLink } from '../../components/ui/product-page';
import { useDismiss } from '../../components/ui/use-dismiss';
import { clearAllJourneys } from '../../features/checkout/state/journeys';
import { track } from '../../lib/analytics';
import { useTranslation } from '../../lib/i18n';
import { isValidAgent, useSystemStore } from '../../state/system-store';
import styles from './header.module.css';

/** Landing and partner pages start with a transparent header over the hero (travel-flow section 2). */
export function isTransparentPage(pathname: string): boolean {
  return (
    /^\/(travel|pa|home)(\/partner\/[^/]+.*)?\/?$/.test(pathname) ||
    /^\/travel\/(partner|campaign|promo|lang|sub|affiliation|promotion|catalogueCode)\//.test(pathname)
  );
}

/** The header's thresholds (travel-flow section 9): white past 5 px; pinned past 80 px, 30 on mobile. */
export const HEADER_WHITE_AFTER_PX = 5;
export const HEADER_PIN_AFTER_PX = { desktop: 80, mobile: 30 } as const;
/** The agent card closes once the page has scrolled this far from where it opened. */
export const AGENT_CARD_CLOSE_AFTER_PX = 150;
/** The mobile breakpoint of the shared interface (pa-home-payments, Shared interface behaviour). */
const MOBILE_QUERY = '(max-width: 1024px)';

/** Whether the header is pinned to the top: always on flow pages, past the threshold on banner pages. */
export function isHeaderPinned(bannerPage: boolean, scrollY: number, mobile: boolean): boolean {
  return !bannerPage || scrollY > HEADER_PIN_AFTER_PX[mobile ? 'mobile' : 'desktop'];
}

/** The address shared by the share icon: where the visit started, marked as coming from a share. */
export function shareUrl(origin: string, initialUrl: string): string {
  const url = new URL(initialUrl, origin);
  url.searchParams.set('utm_source', 'share');
  return url.toString();
}

/** The page's scroll position and whether the mobile breakpoint applies, kept up to date. */
function useScrollPosition() {
  const [scrollY, setScrollY] = useState(0);
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrollY(window.scrollY);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    const media = window.matchMedia(MOBILE_QUERY);
    const onMedia = () => setMobile(media.matches);
    onMedia();
    media.addEventListener('change', onMedia);
    return () => {
      window.removeEventListener('scroll', onScroll);
      media.removeEventListener('change', onMedia);
    };
  }, []);
  return { scrollY, mobile };
}

/**
 * The agent card (travel-flow section 2, Shared shell): opened at once on a partner link's landing
 * (once per agent), by the icon again, closed past a scroll distance or by a click or Escape outside.
 */
function useAgentCard(
  validAgent: { agentCode: string } | null,
  bannerPage: boolean,
  scrollY: number,
  area: RefObject<HTMLElement | null>,
) {
  const [agentOpen, setAgentOpen] = useState(false);
  const agentOpenedAt = useRef(0);
  const autoOpened = useRef<string | null>(null);
  useEffect(() => {
    if (!validAgent || !bannerPage || autoOpened.current === validAgent.agentCode) return;
    autoOpened.current = validAgent.agentCode;
    agentOpenedAt.current = window.scrollY;
    setAgentOpen(true);
  }, [validAgent, bannerPage]);

  useEffect(() => {
    if (agentOpen && Math.abs(scrollY - agentOpenedAt.current) > AGENT_CARD_CLOSE_AFTER_PX)
      setAgentOpen(false);
  }, [agentOpen, scrollY]);

  useDismiss(agentOpen, () => setAgentOpen(false), area);
  const toggleAgent = () => {
    if (!agentOpen) track('agent-contactcard');
    agentOpenedAt.current = window.scrollY;
    setAgentOpen((open) => !open);
  };
  return { agentOpen, setAgentOpen, toggleAgent };
}

/** The share icon: the share sheet, or the link copied with a note for a few seconds. */
function useShare(
  initialUrl: string | null,
  partner: Parameters<typeof buildProductLink>[1] | null,
  product: Parameters<typeof buildProductLink>[0],
) {
  const { t } = useTranslation();
  const [shareNote, setShareNote] = useState('');
  const share = async () => {
    track('Share');
    const url = shareUrl(
      window.location.origin,
      initialUrl ?? buildProductLink(product, partner ?? undefined),
    );
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: t('header.shareTitle'), url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShareNote(t('header.linkCopied'));
      window.setTimeout(() => setShareNote(''), 4000);
    } catch {
      // The visitor cancelled the share sheet, or the browser refused the clipboard: nothing to do.
    }
  };
  return { shareNote, share };
}

/**
 * Fixed header: logo, agent contact icon and card, share icon, products menu, language switch, mobile
 * menu (travel-flow section 2, Shared shell).
 */
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lang = useSystemStore((state) => state.lang);
  const setLanguage = useSystemStore((state) => state.setLanguage);
  const initialUrl = useSystemStore((state) => state.initialUrl);
  const partner = useSystemStore((state) => state.partner);
  const agent = useSystemStore((state) => state.agent);
  const validAgent = isValidAgent(agent) ? agent : null;
  const { scrollY, mobile } = useScrollPosition();
  const agentCardId = useId();
  const [productsOpen, setProductsOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const productsRef = useRef<HTMLDivElement>(null);
  const agentArea = useRef<HTMLElement>(null);

  const bannerPage = isTransparentPage(pathname);
  const { agentOpen, setAgentOpen, toggleAgent } = useAgentCard(validAgent, bannerPage, scrollY, agentArea);

  useDismiss(productsOpen, () => setProductsOpen(false), productsRef);

  const solid =
    !bannerPage || scrollY > HEADER_WHITE_AFTER_PX || productsOpen || mobileOpen || agentOpen || hovered;
  const pinned = isHeaderPinned(bannerPage, scrollY, mobile);
  // Without a stored start, the share icon names the product being looked at.
  const product = pathname.startsWith('/pa') ? 'pa' : pathname.startsWith('/home') ? 'home' : 'travel';
  const { shareNote, share } = useShare(initialUrl, partner, product);
  const goHome = () => {
    // The logo clears the stored policy and returns to where the visit started (travel-flow section 2).
    clearAllJourneys();
    navigate(initialUrl ?? '/travel');
  };
  const chooseLanguage = (next: TLanguage) => {
    setLanguage(next);
    setMobileOpen(false);
  };

  // The Products menu keeps the partner, sub-agent, language and market (decision 061).
  const productLink = useProductLink();
  const productLinks = (
    <ul className={styles.productList}>
      <li>
        <Link
          to={productLink('travel')}
          onClick={() => {
            track('product-travel');
            setProductsOpen(false);
          }}
        >
          {t('header.productTravel')}
        </Link>
      </li>
      <li>
        <a href={productLink('pa')} target="_blank" rel="noopener" onClick={() => track('product-pa')}>
          {t('header.productPa')} <span className="visually-hidden">{t('header.opensNewTab')}</span>
        </a>
      </li>
      <li>
        <a href={productLink('home')} target="_blank" rel="noopener" onClick={() => track('product-home')}>
          {t('header.productHome')} <span className="visually-hidden">{t('header.opensNewTab')}</span>
        </a>
      </li>
    </ul>
  );
  const languageSwitch = (
    <fieldset className={styles.language}>
      <legend className="visually-hidden">{t('header.language')}</legend>
      <button type="button" aria-pressed={lang === 'en'} onClick={() => chooseLanguage('en')} lang="en">
        EN
        <span className="visually-hidden"> {t('header.english')}</span>
      </button>
      <button type="button" aria-pressed={lang === 'zh'} onClick={() => chooseLanguage('zh')} lang="zh">
        {t('header.chinese')}
      </button>
    </fieldset>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only turns the header white; nothing is operated
    <header
      ref={agentArea}
      className={`${styles.header} ${solid ? styles.solid : styles.transparent} ${pinned ? '' : styles.unpinned}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className={styles.inner}>
        <button type="button" className={styles.logo} onClick={goHome} aria-label={t('shell.home')}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className={styles.brand}>{t('shell.brand')}</span>
        </button>
        <div className={styles.icons}>
          {validAgent ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-expanded={agentOpen}
              aria-controls={agentCardId}
              onClick={toggleAgent}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="visually-hidden">{t('header.agentContact')}</span>
            </button>
          ) : null}
          <button type="button" className={styles.iconButton} onClick={share}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <circle cx="18" cy="5" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="6" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="18" cy="19" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M8.6 10.5l6.8-4M8.6 13.5l6.8 4" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="visually-hidden">{t('header.share')}</span>
          </button>
          <p className="visually-hidden" role="status">
            {shareNote}
          </p>
        </div>
        <nav className={styles.desktopNav} aria-label={t('header.products')}>
          <div className={styles.products} ref={productsRef}>
            <button
              type="button"
              aria-expanded={productsOpen}
              aria-controls="products-menu"
              onClick={() => {
                if (!productsOpen) track('Products');
                setProductsOpen((open) => !open);
              }}
            >
              {t('header.products')}
            </button>
            <div id="products-menu" className={styles.dropdown} hidden={!productsOpen}>
              {productLinks}
            </div>
          </div>
          <a href="/my-policy" className={styles.myPolicy}>
            {t('header.myPolicy')}
          </a>
          {languageSwitch}
        </nav>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((open) => !open)}
        >
          {mobileOpen ? t('header.closeMenu') : t('header.menu')}
        </button>
      </div>
      {validAgent && agentOpen ? (
        <div id={agentCardId} className={styles.agentPopover}>
          <AgentCard agent={validAgent} />
          <button
            type="button"
            className={styles.closeAgent}
            onClick={() => setAgentOpen(false)}
            aria-label={t('header.closeAgentCard')}
          >
            ×
          </button>
        </div>
      ) : null}
      {shareNote ? (
        <p className={styles.toast} aria-hidden="true">
          {shareNote}
        </p>
      ) : null}
      <nav id="mobile-menu" className={styles.mobileMenu} hidden={!mobileOpen} aria-label={t('header.menu')}>
        <h2 className={styles.mobileHeading}>{t('header.products')}</h2>
        {productLinks}
        <a href="/my-policy" className={styles.myPolicy}>
          {t('header.myPolicy')}
        </a>
        {languageSwitch}
      </nav>
    </header>
  );
}
