import { formatMoney, toCents } from '@lionrock/domain/money/money';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiCallError } from '../../../lib/api-client';
import { applyLanguage, useTranslation } from '../../../lib/i18n';
import { systemApi } from '../../../lib/system-api';
import { useSystemStore } from '../../../state/system-store';
import { savedQuoteApi, type TReopenedJourney } from '../api/saved-quote-api';
import { partOf, type TCheckoutPolicy, type TCheckoutProduct, type TPolicyPart } from '../checkout-product';
import { useMessage } from '../components/applicant/form-field';
import { withoutCardFields } from '../state/checkout-store';
import styles from './checkout-page.module.css';

type TView =
  | { kind: 'opening' }
  | { kind: 'notValid' }
  | { kind: 'failed' }
  | { kind: 'ready'; journey: TReopenedJourney; to: string };

/** The link's token, from the address's fragment (which no server ever receives, decision 076). */
function tokenOfAddress(): string {
  return window.location.hash.replace(/^#/, '');
}

/**
 * Reopens a journey saved for later (decision 076) on any device: the server re-rates it at today's
 * prices; the page puts the product's journey, market, language and agent back as they were and goes
 * on to the step it was saved at, saying first when the price changed or a date has passed.
 */
export function ResumePage<P extends TPolicyPart>({ product }: { product: TCheckoutProduct<P> }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [view, setView] = useState<TView>({ kind: 'opening' });
  const token = useRef(tokenOfAddress());
  const started = useRef(false);

  useEffect(() => {
    // The token leaves the address bar at once: not kept in history, bookmarks or a shared screenshot.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (started.current) return;
    started.current = true;
    if (!token.current) {
      setView({ kind: 'notValid' });
      return;
    }
    savedQuoteApi.open(token.current).then(
      async (journey) => {
        const policy = withoutCardFields(journey.policy) as TCheckoutPolicy<P>;
        const country = journey.policy.country;
        const system = useSystemStore.getState();
        system.setCountry(country);
        system.setLanguage(journey.language);
        applyLanguage(journey.language, country);
        system.setPartner(policy.agentCode || null, policy.subAgentId || null);
        system.setAgent(
          policy.agentCode
            ? await systemApi.agent(policy.agentCode, policy.subAgentId || null, country).catch(() => null)
            : null,
        );
        const campaign = policy.campaign?.campaignCode
          ? {
              campaignId: policy.campaign.campaignId ?? null,
              campaignCode: policy.campaign.campaignCode,
              catalogueCode: policy.campaign.catalogueCode ?? '',
              promoCodeRequired: false,
            }
          : null;
        const own = partOf(product, policy) as { premiumItems?: unknown[] };
        product.useJourney.setState({
          policy,
          campaign,
          initialUrl: product.paths.landing,
          link: null,
          // Every product's store keeps the quoted plans beside the policy.
          plans: journey.invalid ? [] : (own.premiumItems ?? []),
        } as never);
        // The landing a passed date is fixed on: the journey's market and agent, as its link had them.
        const landing = `${product.paths.landing}${policy.agentCode ? `/partner/${encodeURIComponent(policy.agentCode)}` : ''}${country === 'HKG' ? '?country=HKG' : ''}`;
        const to = journey.invalid
          ? landing
          : journey.step === 'confirm'
            ? product.paths.confirm
            : journey.step === 'applicant'
              ? product.paths.applicant
              : product.paths.quote;
        if (journey.invalid || journey.previousTotalCents !== null) setView({ kind: 'ready', journey, to });
        else navigate(to, { replace: true });
      },
      (error: unknown) =>
        setView({ kind: error instanceof ApiCallError && error.status === 404 ? 'notValid' : 'failed' }),
    );
  }, [navigate, product]);

  if (view.kind === 'opening')
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('savedQuote.opening')}</h1>
      </div>
    );
  if (view.kind !== 'ready')
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('savedQuote.notOpenedTitle')}</h1>
        <p className={styles.intro}>
          {t(view.kind === 'notValid' ? 'savedQuote.linkNotValid' : 'savedQuote.openFailed')}
        </p>
        <div className={styles.actions}>
          <Link className={styles.linkButton} to={product.paths.landing}>
            {t('savedQuote.startAgain')}
          </Link>
        </div>
      </div>
    );

  const { journey, to } = view;
  const country = journey.policy.country;
  const own = partOf(product, journey.policy as TCheckoutPolicy<P>);
  const total = own.policyPremium?.totalPremium;
  return (
    <div className={styles.page}>
      {journey.invalid ? (
        <>
          <h1 className={styles.title}>{t('savedQuote.invalidTitle')}</h1>
          <p className={styles.intro}>{t('savedQuote.invalidText')}</p>
          <p className={styles.error} role="alert">
            {message(journey.invalid.messageKey ?? 'savedQuote.invalidText')}
          </p>
        </>
      ) : (
        <>
          <h1 className={styles.title}>{t('savedQuote.priceChangedTitle')}</h1>
          <p className={styles.intro} role="status">
            {t('savedQuote.priceChanged', {
              was: formatMoney(journey.previousTotalCents ?? 0, country),
              now: formatMoney(toCents(total ?? 0), country),
            })}
          </p>
        </>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => navigate(to, { replace: true })}>
          {t(journey.invalid ? 'savedQuote.chooseAgain' : 'savedQuote.continue')}
        </button>
      </div>
    </div>
  );
}
