import { formatMoney } from '@lionrock/domain/money/money';
import { travelTopLimit } from '@lionrock/domain/rating/benefits/benefit-schedules';
import { BannerCarousel } from '../../../app/shell/banner-carousel';
import { useSystemStatus } from '../../../app/shell/use-system-status';
import { FeatureGrid, Notice, OtherPackages, ProductHero } from '../../../components/ui/product-page';
import { useBenefitSchedule } from '../../../lib/benefits-api';
import { useTranslation } from '../../../lib/i18n';
import { useLinkAgent } from '../../../lib/use-link-agent';
import { useSystemStore } from '../../../state/system-store';
import { QuoteForm } from '../components/quote-form/quote-form';
import styles from './landing-page.module.css';

/** The travel landing page (travel-flow section 2, Landing), for Singapore and Hong Kong (decision 002). */
export function LandingPage() {
  const { t } = useTranslation();
  const country = useSystemStore((state) => state.country);
  const { systemAvailable, privateMode } = useSystemStatus();
  // The valid agent's card is the header's (it opens by itself on the landing, decision 016); an
  // invalid link's notice is the shell's, above every product's landing (issue 29).
  const { validAgent } = useLinkAgent();
  // The landing's figures are the highest limit of each cover it names in the market's schedule in
  // force today (decision 099), fetched with the page's first calls; "…" until it arrives.
  const { benefits } = useBenefitSchedule('PTR', country);
  const upTo = (key: string) =>
    benefits ? formatMoney(travelTopLimit(benefits, country, key), country) : '…';
  const scrollToFeatures = () => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' });

  return (
    <>
      <ProductHero title={t('travelLanding.title')} subtitle={t('travelLanding.subtitle')}>
        <ul className={styles.bullets}>
          <li>{t('travelLanding.bullets.medical', { amount: upTo('medical') })}</li>
          <li>{t('travelLanding.bullets.covid')}</li>
          <li>{t('travelLanding.bullets.family')}</li>
          <li>{t('travelLanding.bullets.instant')}</li>
        </ul>
        <div className={styles.actions}>
          {/* The banner's Start quote (travel-flow section 2): to the form, which takes the focus. */}
          <a href="#quote-form" className={styles.start}>
            {t('travelLanding.startQuote')}
          </a>
          <button type="button" className={styles.secondary} onClick={scrollToFeatures}>
            {t('travelLanding.findOutMore')}
          </button>
          <a href="#features" className={styles.discover}>
            {t('travelLanding.discover')}
          </a>
        </div>
      </ProductHero>
      {/* Start quote is off while the system is unavailable, the agent link is invalid or private mode is on (travel-flow section 2). */}
      <QuoteForm disabled={!systemAvailable || privateMode || !validAgent} />
      {privateMode ? <Notice tone="error">{t('pvtModeOn.label')}</Notice> : null}
      <BannerCarousel product="PTR" />
      <FeatureGrid
        id="features"
        title={t('travelLanding.featuresTitle')}
        features={[
          { title: t('travelLanding.features.medicalTitle'), text: t('travelLanding.features.medicalText') },
          {
            title: t('travelLanding.features.inconvenienceTitle'),
            text: t('travelLanding.features.inconvenienceText', {
              cancellation: upTo('cancellation'),
              baggage: upTo('baggage'),
            }),
          },
          {
            title: t('travelLanding.features.liabilityTitle'),
            text: t('travelLanding.features.liabilityText', { amount: upTo('liability') }),
          },
          { title: t('travelLanding.features.bonusTitle'), text: t('travelLanding.features.bonusText') },
        ]}
      />
      <section className={styles.claims} aria-labelledby="claims-title">
        <h2 id="claims-title">{t('travelLanding.claimsTitle')}</h2>
        <p>{t('travelLanding.claimsText')}</p>
      </section>
      <OtherPackages current="travel" />
    </>
  );
}
