import { BannerCarousel } from '../../../app/shell/banner-carousel';
import { FeatureGrid, Notice, OtherPackages, ProductHero } from '../../../components/ui/product-page';
import { useTranslation } from '../../../lib/i18n';

/** The personal accident product page frame; its quote journey is a later issue. */
export function PaPage() {
  const { t } = useTranslation();
  return (
    <>
      <ProductHero title={t('paLanding.title')} subtitle={t('paLanding.subtitle')} />
      <Notice>{t('paLanding.comingSoon')}</Notice>
      <BannerCarousel product="PAN" />
      <FeatureGrid
        title={t('travelLanding.featuresTitle')}
        features={[
          { title: t('paLanding.features.deathTitle'), text: t('paLanding.features.deathText') },
          { title: t('paLanding.features.medicalTitle'), text: t('paLanding.features.medicalText') },
          { title: t('paLanding.features.hospitalTitle'), text: t('paLanding.features.hospitalText') },
        ]}
      />
      <OtherPackages current="pa" />
    </>
  );
}
