import { BannerCarousel } from '../../../app/shell/banner-carousel';
import { FeatureGrid, Notice, OtherPackages, ProductHero } from '../../../components/ui/product-page';
import { useTranslation } from '../../../lib/i18n';

/** The home insurance product page frame; its quote journey is a later issue. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <ProductHero title={t('homeLanding.title')} subtitle={t('homeLanding.subtitle')} />
      <Notice>{t('homeLanding.comingSoon')}</Notice>
      <BannerCarousel product="PHM" />
      <FeatureGrid
        title={t('travelLanding.featuresTitle')}
        features={[
          { title: t('homeLanding.features.contentsTitle'), text: t('homeLanding.features.contentsText') },
          {
            title: t('homeLanding.features.renovationTitle'),
            text: t('homeLanding.features.renovationText'),
          },
          { title: t('homeLanding.features.liabilityTitle'), text: t('homeLanding.features.liabilityText') },
        ]}
      />
      <OtherPackages current="home" />
    </>
  );
}
