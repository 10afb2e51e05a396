import { buildProductLink } from '@lionrock/domain/travel/landing-path';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useSystemStore } from '../../state/system-store';
import styles from './product-page.module.css';

export type TFeature = { title: string; text: string };

/**
 * The link to a product that keeps the visit's partner, sub-agent, language and market (decision 061),
 * for the Products menu, the footer and the other-packages tiles.
 */
export function useProductLink(): (product: 'travel' | 'pa' | 'home') => string {
  const partner = useSystemStore((state) => state.partner) ?? undefined;
  const subAgent = useSystemStore((state) => state.subAgent);
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  return (product) => buildProductLink(product, partner, { subAgent, lang, country });
}

/** The hero every product page opens with. */
export function ProductHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <section className={styles.hero}>
      <div className={styles.heroInner}>
        <h1>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
      </div>
    </section>
  );
}

export function FeatureGrid({ id, title, features }: { id?: string; title: string; features: TFeature[] }) {
  return (
    <section className={styles.section} id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      <ul className={styles.features}>
        {features.map((feature) => (
          <li key={feature.title} className={styles.card}>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Tiles for the sibling products, keeping the partner of the visit (travel-flow section 2, Landing; decision 061). */
export function OtherPackages({ current }: { current: 'travel' | 'pa' | 'home' }) {
  const { t } = useTranslation();
  const productLink = useProductLink();
  const tiles = [
    { product: 'travel' as const, title: t('products.travelTile'), text: t('products.travelTileText') },
    { product: 'pa' as const, title: t('products.paTile'), text: t('products.paTileText') },
    { product: 'home' as const, title: t('products.homeTile'), text: t('products.homeTileText') },
  ].filter((tile) => tile.product !== current);
  return (
    <section className={styles.section} aria-labelledby="other-packages-title">
      <h2 id="other-packages-title">{t('travelLanding.otherPackages')}</h2>
      <ul className={styles.features}>
        {tiles.map((tile) => (
          <li key={tile.product} className={styles.card}>
            <h3>{tile.title}</h3>
            <p>{tile.text}</p>
            <a href={productLink(tile.product)} className={styles.tileLink}>
              {t('products.viewProduct', { product: tile.title })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'error' }) {
  return (
    <p
      className={tone === 'error' ? styles.error : styles.info}
      role={tone === 'error' ? 'alert' : undefined}
    >
      {children}
    </p>
  );
}
