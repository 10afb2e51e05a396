import { buildProductLink } from '@lionrock/domain/travel/landing-path';
import { Link } from 'react-router';
import { Notice } from '../../components/ui/product-page';
import { useTranslation } from '../../lib/i18n';
import { useSystemStore } from '../../state/system-store';
import styles from './invalid-link-notice.module.css';

/**
 * An unknown or inactive agent's link (spec section 6: "An invalid agent link shows an invalid-URL
 * error"), said first on the landing of every product, with the way to the same product's shop without
 * an agent, in the visit's language and market.
 */
export function InvalidLinkNotice({ product }: { product: 'travel' | 'pa' | 'home' }) {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  return (
    <div className={styles.notice}>
      <Notice tone="error">
        {t('landingInvalidUrlError.message')}{' '}
        <Link
          to={buildProductLink(product, undefined, { lang, country })}
          onClick={() => useSystemStore.getState().setPartner(null, null)}
        >
          {t('landingInvalidUrlError.directShop')}
        </Link>
      </Notice>
    </div>
  );
}
