import type { TLanguage } from '@lionrock/domain/environment/language';
import { buildProductLink } from '@lionrock/domain/travel/landing-path';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTravelFlowStore } from '../../features/travel/state/travel-flow-store';
import { useSystemStore } from '../../state/system-store';
import styles from './header.module.css';

/** Landing and partner pages start with a transparent header over the hero (travel-flow section 2). */
export function isTransparentPage(pathname: string): boolean {
  return (
    /^\/(travel|pa|home)(\/partner\/[^/]+.*)?\/?$/.test(pathname) ||
    /^\/travel\/(partner|campaign|promo|lang|sub|affiliation|promotion|catalogueCode)\//.test(pathname)
  );
}

/** Fixed header: logo, products menu, language switch, mobile menu (travel-flow section 2, Shared shell). */
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lang = useSystemStore((state) => state.lang);
  const setLanguage = useSystemStore((state) => state.setLanguage);
  const initialUrl = useSystemStore((state) => state.initialUrl);
  const partner = useSystemStore((state) => state.partner);
  const [scrolled, setScrolled] = useState(false);
  const [productsOpen, setProductsOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const productsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // White once scrolled more than 5 px (travel-flow section 9, header thresholds).
    const onScroll = () => setScrolled(window.scrollY > 5);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!productsOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !productsRef.current?.contains(event.target as Node)
      ) {
        setProductsOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [productsOpen]);

  const solid = !isTransparentPage(pathname) || scrolled || productsOpen || mobileOpen || hovered;
  const goHome = () => {
    // The logo clears the stored policy and returns to where the visit started (travel-flow section 2).
    useTravelFlowStore.getState().reset();
    navigate(initialUrl ?? '/travel');
  };
  const chooseLanguage = (next: TLanguage) => {
    setLanguage(next);
    setMobileOpen(false);
  };

  const productLinks = (
    <ul className={styles.productList}>
      <li>
        <Link to={buildProductLink('travel', partner ?? undefined)} onClick={() => setProductsOpen(false)}>
          {t('header.productTravel')}
        </Link>
      </li>
      <li>
        <a href={buildProductLink('pa', partner ?? undefined)} target="_blank" rel="noopener">
          {t('header.productPa')} <span className="visually-hidden">{t('header.opensNewTab')}</span>
        </a>
      </li>
      <li>
        <a href={buildProductLink('home', partner ?? undefined)} target="_blank" rel="noopener">
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
      className={`${styles.header} ${solid ? styles.solid : styles.transparent}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className={styles.inner}>
        <button type="button" className={styles.logo} onClick={goHome} aria-label={t('shell.home')}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className={styles.brand}>{t('shell.brand')}</span>
        </button>
        <nav className={styles.desktopNav} aria-label={t('header.products')}>
          <div className={styles.products} ref={productsRef}>
            <button
              type="button"
              aria-expanded={productsOpen}
              aria-controls="products-menu"
              onClick={() => setProductsOpen((open) => !open)}
            >
              {t('header.products')}
            </button>
            <div id="products-menu" className={styles.dropdown} hidden={!productsOpen}>
              {productLinks}
            </div>
          </div>
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
      <nav id="mobile-menu" className={styles.mobileMenu} hidden={!mobileOpen} aria-label={t('header.menu')}>
        <h2 className={styles.mobileHeading}>{t('header.products')}</h2>
        {productLinks}
        {languageSwitch}
      </nav>
    </header>
  );
}
