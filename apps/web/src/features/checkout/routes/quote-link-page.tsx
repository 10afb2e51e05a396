import type { TQuoteLinkPrefill } from '@lionrock/domain/back-office/quote-link-rules';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiCallError, postJson } from '../../../lib/api-client';
import { applyLanguage, useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { useHomeJourney } from '../../home/state/home-journey-store';
import { usePaFlowStore } from '../../pa/state/pa-flow-store';
import { useTravelFlowStore } from '../../travel/state/travel-flow-store';
import { rememberLinkPlan } from '../state/link-plan';
import styles from './checkout-page.module.css';

/** What `quote-link/open` answers (decision 090): the link's agent and choices that still hold. */
type TOpenedLink = {
  code: string;
  product: 'travel' | 'pa' | 'home';
  market: 'SGP' | 'HKG';
  language: 'en' | 'zh';
  agentCode: string | null;
  subAgentCode: string | null;
  campaignCode: string | null;
  prefill: TQuoteLinkPrefill;
  dropped: string[];
};

type TView =
  | { kind: 'opening' }
  | { kind: 'notValid' }
  | { kind: 'failed' }
  | { kind: 'dropped'; to: string; fields: string[] };

/** The product's landing as a partner link writes it (landing-path.ts reads it back), with the campaign. */
function landingOf(link: TOpenedLink): string {
  const segments: string[] = [link.product];
  if (link.agentCode) {
    segments.push('partner', encodeURIComponent(link.agentCode));
    if (link.subAgentCode) segments.push('sub', encodeURIComponent(link.subAgentCode));
  }
  if (link.campaignCode) segments.push('campaign', encodeURIComponent(link.campaignCode));
  if (link.language !== 'en') segments.push('lang', link.language);
  return `/${segments.join('/')}${link.market === 'HKG' ? '?country=HKG' : ''}`;
}

/** The journey the product's landing form reads, filled with the link's choices; the rest stays the customer's. */
function fillJourney(link: TOpenedLink, landing: string): void {
  const market = { country: link.market, lang: link.language } as const;
  const agent = link.agentCode
    ? { agentCode: link.agentCode, ...(link.subAgentCode ? { subAgentId: link.subAgentCode } : {}) }
    : {};
  if (link.product === 'travel') {
    const travel = link.prefill.travel ?? {};
    const store = useTravelFlowStore.getState();
    store.reset();
    store.setMarket({ ...market, ...agent });
    if (travel.tripType) store.setTripType(travel.tripType);
    if (travel.destination) store.setDestination(travel.destination as '6' | '3');
    if (travel.travellers) store.setTravellers(travel.travellers);
    // The landing this journey holds: a reload of it keeps the choices (decision 039).
    useTravelFlowStore.setState((state) => ({
      link: landing,
      policy: { ...state.policy, quoteLink: link.code },
    }));
    return;
  }
  if (link.product === 'pa') {
    const pa = link.prefill.pa ?? {};
    const store = usePaFlowStore.getState();
    store.reset();
    store.setMarket({
      ...market,
      ...agent,
      ...(link.campaignCode ? { campaignCode: link.campaignCode } : {}),
    });
    const family = pa.insuredPersonType === 'family';
    store.setCover({
      insuredPersonType: pa.insuredPersonType ?? 'individual',
      numberOfAdults: family && pa.adults === 2 ? 2 : 1,
      noOfChildren: family ? (pa.children ?? 0) : 0,
      occupations: pa.occupation ? [pa.occupation] : [],
    });
    usePaFlowStore.setState((state) => ({ policy: { ...state.policy, quoteLink: link.code } }));
    return;
  }
  const { plan: _plan, ...home } = link.prefill.home ?? {};
  const store = useHomeJourney.getState();
  store.reset();
  store.setQuoteInput(home as never, {
    ...market,
    ...(link.agentCode ? { agentCode: link.agentCode } : {}),
    ...(link.campaignCode ? { campaign: { campaignCode: link.campaignCode } } : {}),
  });
  useHomeJourney.setState((state) => ({ policy: { ...state.policy, quoteLink: link.code } }));
}

/**
 * An agent's pre-filled quote link (`/{product}/link/{code}`, decision 090), loaded only on its way
 * here. The server answers the link's agent and choices, checked again; the page fills the journey the
 * product's quote form reads, remembers the plan to preselect, and goes on to the form with the
 * agent's link address, so the agent card, sub-agent and campaign are the landing's own. Dates and
 * declarations are left to the customer. A choice that no longer holds is named first.
 */
export function QuoteLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code = '' } = useParams();
  const [view, setView] = useState<TView>({ kind: 'opening' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    postJson<TOpenedLink>('/b2c-server/rest/quote-link/open', { code }).then(
      (link) => {
        const system = useSystemStore.getState();
        system.setCountry(link.market);
        system.setLanguage(link.language);
        applyLanguage(link.language, link.market);
        const to = landingOf(link);
        fillJourney(link, to);
        rememberLinkPlan(link.product, link.prefill[link.product]?.plan);
        if (link.dropped.length > 0) setView({ kind: 'dropped', to, fields: link.dropped });
        else navigate(to, { replace: true });
      },
      (error: unknown) =>
        setView({
          kind:
            error instanceof ApiCallError && (error.status === 404 || error.status === 400)
              ? 'notValid'
              : 'failed',
        }),
    );
  }, [code, navigate]);

  if (view.kind === 'opening')
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('quoteLink.opening')}</h1>
      </div>
    );
  if (view.kind === 'dropped') {
    const names = view.fields.map((field) => t(`quoteLink.fields.${field.replace(/^\w+\./, '')}`));
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('quoteLink.droppedTitle')}</h1>
        <p className={styles.intro} role="status">
          {t('quoteLink.dropped', { fields: names.join(', ') })}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.primary}
            onClick={() => navigate(view.to, { replace: true })}
          >
            {t('quoteLink.continue')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('quoteLink.notValidTitle')}</h1>
      <p className={styles.intro}>
        {t(view.kind === 'notValid' ? 'quoteLink.notValid' : 'quoteLink.failed')}
      </p>
      <div className={styles.actions}>
        <Link className={styles.linkButton} to="/travel">
          {t('quoteLink.startAgain')}
        </Link>
      </div>
    </div>
  );
}
