import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { buildProductLink } from '@lionrock/domain/travel/landing-path';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { useTranslation } from '../../lib/i18n';
import { systemApi } from '../../lib/system-api';
import { useAfterFirstRender } from '../../lib/use-after-first-render';
import { useSystemStore } from '../../state/system-store';
import styles from './footer.module.css';

/** Footer links and the version read from a static text file (travel-flow section 2). */
export function Footer() {
  const { t } = useTranslation();
  const partner = useSystemStore((state) => state.partner) ?? undefined;
  const country = useSystemStore((state) => state.country);
  // The market's year, not the device's: the server's render of the landing and the browser's agree.
  const year = todayIn(MARKETS[country].timeZone, new Date()).year;
  const { data: version } = useQuery({
    queryKey: ['version'],
    queryFn: systemApi.version,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: useAfterFirstRender(),
  });
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('footer.otherProducts')}>
          <ul className={styles.links}>
            <li>
              <Link to="/travel/about-us" onClick={() => track('about-us')}>
                {t('footer.aboutUs')}
              </Link>
            </li>
            <li>
              <Link to={buildProductLink('travel', partner)} onClick={() => track('footer-travel')}>
                {t('header.productTravel')}
              </Link>
            </li>
            <li>
              <a href={buildProductLink('pa', partner)} onClick={() => track('footer-pa')}>
                {t('header.productPa')}
              </a>
            </li>
            <li>
              <a href={buildProductLink('home', partner)} onClick={() => track('footer-home')}>
                {t('header.productHome')}
              </a>
            </li>
            <li>
              <a href="/my-policy">{t('header.myPolicy')}</a>
            </li>
            <li>
              <Link to="/travel/contact-us" onClick={() => track('contact-us')}>
                {t('footer.contactUs')}
              </Link>
            </li>
            <li>
              <Link to="/travel/terms-of-use">{t('footer.termsOfUse')}</Link>
            </li>
            <li>
              <Link to="/travel/privacy-policy">{t('footer.privacyPolicy')}</Link>
            </li>
            <li>
              <Link to="/claims">{t('footer.claims')}</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.small}>{t('footer.underwriting')}</p>
        <p className={styles.small}>
          {t('footer.copyright', { year })}
          {version ? <span> · {t('footer.version', { version })}</span> : null}
        </p>
      </div>
    </footer>
  );
}
