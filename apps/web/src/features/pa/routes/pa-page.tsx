import { formatMoney } from '@lionrock/domain/money/money';
import { isPaid } from '@lionrock/domain/payments/payment-rules';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import { useLocation, useNavigate } from 'react-router';
import { BannerCarousel } from '../../../app/shell/banner-carousel';
import { useSystemStatus } from '../../../app/shell/use-system-status';
import { FeatureGrid, Notice, OtherPackages, ProductHero } from '../../../components/ui/product-page';
import { useTranslation } from '../../../lib/i18n';
import { useRateFacts } from '../../../lib/rate-facts-api';
import { useLinkAgent } from '../../../lib/use-link-agent';
import { useSystemStore } from '../../../state/system-store';
import { BenefitTable } from '../components/benefit-table';
import { CoverForm } from '../components/cover-form';
import { adultOccupations, usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

/**
 * The personal accident landing (pa-home-payments section 2, Landing): who is covered, their
 * occupations, children and a promotion code, then Get a quote; the plans' benefits from the schedule,
 * the campaign banners and the other products.
 */
export function PaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A landing link may name a campaign and its promo code (travel-flow section 2, kept for PA).
  const link = parseLandingPath(location.pathname, new URLSearchParams(location.search));
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  // The link's agent (its card is the header's, an invalid link's notice the shell's: issue 29).
  const { agent, validAgent } = useLinkAgent();
  const { systemAvailable, privateMode } = useSystemStatus();
  const policy = usePaFlowStore((state) => state.policy);
  const pa = policy.policyPAN;
  // The free children of the rate table in force today (decision 114), asked with the cover form's; "…" until then.
  const { facts } = useRateFacts('PAN', country);
  return (
    <>
      <ProductHero
        title={t('paLanding.title')}
        subtitle={t('paLanding.subtitle', { freeChildren: facts?.freeChildren ?? '…' })}
      >
        {/* The cheapest plan the shop prices for one adult, from the rates in force (issue 29); none until known. */}
        {facts?.fromPremiumCents ? (
          <p data-testid="pa-from-price">
            {t('paLanding.fromPrice', {
              price: formatMoney(facts.fromPremiumCents, country),
              tax: t(country === 'SGP' ? 'paQuote.gst' : 'paQuote.levy'),
            })}
          </p>
        ) : null}
      </ProductHero>
      <section className={styles.page} aria-labelledby="pa-quote-title">
        <h2 id="pa-quote-title">{t('paLanding.formTitle')}</h2>
        <div className={styles.card}>
          <CoverForm
            country={country}
            submitLabel={t('paLanding.getQuote')}
            disabled={!systemAvailable || privateMode || !validAgent}
            initial={{
              insuredPersonType: pa.insuredPersonType ?? 'individual',
              numberOfAdults: pa.family?.numberOfAdults === 2 ? 2 : 1,
              noOfChildren: pa.family?.noOfChildren ?? 0,
              occupations: adultOccupations(policy),
              promo: link.promo ?? policy.promo ?? '',
            }}
            campaignCode={link.campaign}
            // The journey keeps the code as it is typed (a reload keeps it); a paid journey is left alone.
            onPromoChange={(code) => {
              if (!isPaid(usePaFlowStore.getState().policy)) usePaFlowStore.getState().setPromo(code);
            }}
            onSubmit={(values) => {
              // A paid policy is done: a new quote starts a new journey (its people are not reused).
              if (isPaid(usePaFlowStore.getState().policy)) usePaFlowStore.getState().reset();
              const store = usePaFlowStore.getState();
              store.setMarket({
                country,
                lang,
                ...(validAgent && agent ? { agentCode: agent.agentCode, subAgentId: agent.subAgentId } : {}),
                ...(link.campaign ? { campaignCode: link.campaign } : {}),
              });
              store.setCover(values);
              store.setPromo(values.promo.trim().toUpperCase());
              navigate('/pa/occupation');
            }}
            // A declined occupation: the occupation page asks the declaration, then refers it (decision 089).
            onRefer={(values) => {
              const store = usePaFlowStore.getState();
              store.setMarket({
                country,
                lang,
                ...(validAgent && agent ? { agentCode: agent.agentCode, subAgentId: agent.subAgentId } : {}),
              });
              store.setCover(values);
              navigate('/pa/occupation');
            }}
          />
        </div>
      </section>
      {privateMode ? <Notice tone="error">{t('pvtModeOn.label')}</Notice> : null}
      <BannerCarousel product="PAN" />
      <section className={styles.page} aria-labelledby="pa-benefits-title">
        <h2 id="pa-benefits-title">{t('paLanding.benefitsTitle')}</h2>
        {/* What each plan can cover: the weekly disablement benefit comes with its optional cover. */}
        <BenefitTable
          country={country}
          caption={t('paLanding.benefitsCaption')}
          insured={{ role: 'adult', optionalCovers: ['TTD'] }}
        />
      </section>
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
