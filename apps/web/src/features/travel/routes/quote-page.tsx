import { promoCodeRules } from '@lionrock/domain/campaign/promo-rules';
import { localDate, parseDmy } from '@lionrock/domain/dates/local-date';
import {
  basePlanName,
  defaultPlanIndex,
  showsFamilyDiscountLabel,
} from '@lionrock/domain/display/price-display';
import { travelPlusAdditions } from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { validateField } from '@lionrock/domain/validation/field-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { ApiCallError } from '../../../lib/api-client';
import { useBenefitSchedule } from '../../../lib/benefits-api';
import { useQuoteFormReached } from '../../../lib/funnel-beacon';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { SaveForLaterButton } from '../../checkout/components/save-for-later/save-for-later-button';
import { planPrice } from '../../checkout/components/summary/plan-price';
import { usePromoCheck } from '../../checkout/hooks/use-promo-check';
import { forgetLinkPlan, linkPlanOf } from '../../checkout/state/link-plan';
import {
  callErrorKey,
  PriceChangedError,
  showRatingError,
  type TRatingAnswer,
  travelApi,
  useCampaign,
} from '../api/travel-api';
import { CoverTable } from '../components/cover-table/cover-table';
import { PlanCards, useBenefitValue, usePlanLabel } from '../components/plan-cards/plan-cards';
import { PriceChangeModal } from '../components/plan-cards/price-change-modal';
import { QuoteSummary } from '../components/plan-cards/quote-summary';
import { PromoField } from '../components/quote-extras/promo-field';
import { QuoteConsents } from '../components/quote-extras/quote-consents';
import { QuoteDocuments } from '../components/quote-extras/quote-documents';
import extras from '../components/quote-extras/quote-extras.module.css';
import { useAgentCampaign } from '../components/use-partner-agent';
import { type TTravelPolicy, useTravelFlowStore } from '../state/travel-flow-store';
import styles from './quote-page.module.css';

/** Where Back goes: the landing the quote started from, else where the visit started, else the root. */
function useBackUrl(): string {
  const flowUrl = useTravelFlowStore((state) => state.initialUrl);
  const visitUrl = useSystemStore((state) => state.initialUrl);
  return flowUrl ?? visitUrl ?? '/travel';
}

/** The quote page (travel-flow section 2, /quote). Without quoted plans there is nothing to show: back to the landing. */
export function QuotePage() {
  const plans = useTravelFlowStore((state) => state.plans);
  const backUrl = useBackUrl();
  useQuoteFormReached(
    'PTR',
    useTravelFlowStore((state) => state.policy.country),
    plans.length > 0,
  );
  if (plans.length === 0) return <Navigate to={backUrl} replace />;
  return <Quote plans={plans} backUrl={backUrl} />;
}

/** The trip as the top-up call needs it: no chosen plan, no top-up yet. */
function topUpRequest(policy: TTravelPolicy): TTravelPolicy {
  return {
    ...policy,
    policyTravel: {
      ...policy.policyTravel,
      policyPremium: undefined,
      topUpSelected: false,
      selectedTopUp: 'false',
    },
  };
}

/** The promo rules read no date; the rule runner asks for one. */
const PROMO_RULE_CONTEXT = { today: localDate(2000, 1, 1) };

type TPromoCheck = { error: string | null; repriced: boolean };

function Quote({ plans, backUrl }: { plans: TWirePremiumItem[]; backUrl: string }) {
  const { t, exists } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const labelOf = usePlanLabel();
  const policy = useTravelFlowStore((state) => state.policy);
  const campaign = useTravelFlowStore((state) => state.campaign);
  const initialUrl = useTravelFlowStore((state) => state.initialUrl);
  const campaignCode = campaign?.campaignCode;
  const country = policy.country ?? 'SGP';
  const travel = policy.policyTravel;
  const recommended = plans[defaultPlanIndex(plans.length)]?.planName;
  // An agent's pre-filled link preselects its plan when it is offered (decision 090).
  const [selected, setSelected] = useState(() => {
    const linked = linkPlanOf('travel');
    const offered = linked && plans.some((plan) => basePlanName(plan.planName) === linked) ? linked : null;
    return basePlanName(travel.policyPremium?.planName ?? offered ?? recommended ?? '');
  });
  useEffect(forgetLinkPlan, []);
  const [plus, setPlus] = useState(Boolean(travel.topUpSelected));
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const campaignDetails = useCampaign({
    country: policy.country ?? 'SGP',
    campaignCode: campaign?.campaignCode || undefined,
    tripType: travel.paPolicyType ?? 'S',
  }).data;
  const agentCampaign = useAgentCampaign(travel.paPolicyType ?? 'S');
  // The shop's language, not the catalogue's (which is zh-Hans or zh-Hant).
  const english = useSystemStore((state) => state.lang) !== 'zh';
  // Until the campaign is fetched again, the texts the landing kept with the journey.
  const texts = campaignDetails ?? campaign;
  const marketingMessage = english
    ? texts?.marketingMessage
    : texts?.marketingMessageCn || texts?.marketingMessage;
  const termsText =
    (english
      ? campaignDetails?.termsConditionsEn
      : campaignDetails?.termsConditionsCn || campaignDetails?.termsConditionsEn) ?? '';
  const promoRequired = Boolean(campaign?.promoCodeRequired || campaignDetails?.promoCodeRequired === 'Y');
  const [promo, setPromo] = useState(policy.promo ?? '');
  const [promoError, setPromoError] = useState<string | null>(null);
  const [checkingPromo, setCheckingPromo] = useState(false);
  const { verdictOf } = usePromoCheck();
  const promoCheck = useRef<Promise<TPromoCheck> | null>(null);
  const [ticks, setTicks] = useState({ declaration: false, terms: false });
  const [consentErrors, setConsentErrors] = useState<{ declaration: string | null; terms: string | null }>({
    declaration: null,
    terms: null,
  });
  const notesRef = useRef<HTMLDivElement>(null);
  const [priceChange, setPriceChange] = useState<{ was: TWirePremiumItem; now: TWirePremiumItem } | null>(
    null,
  );

  // Each plan's Plus variant, priced once per quote (rateTopup stores nothing).
  const topUpKey = ['travel', 'rateTopup', JSON.stringify(plans), policy.promo ?? ''];
  const topUps = useQuery({
    queryKey: topUpKey,
    queryFn: () => travelApi.rateTopup(topUpRequest(policy)),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const plusItems = topUps.data?.errorMessage ? [] : (topUps.data?.policyTravel?.premiumTopUps ?? []);
  const plusReady = plusItems.length === plans.length;
  const shown = plus && plusReady ? plusItems : plans;
  const chosen = shown.find((item) => basePlanName(item.planName) === selected) ?? shown[0]!;
  const chosenPrice = chosen ? planPrice(chosen, country, campaignCode) : null;

  const rate = useMutation({ mutationFn: travelApi.rate });

  const choose = (planName: string, withPlus: boolean) => {
    setSelected(planName);
    setPlus(withPlus);
    setErrorKey(null);
    const items = withPlus && plusReady ? plusItems : plans;
    const item = items.find((candidate) => basePlanName(candidate.planName) === planName);
    if (item) useTravelFlowStore.getState().choosePlan(item, withPlus && plusReady);
  };

  /** A plan the server re-priced replaces the card's price, so the page never shows a stale one. */
  const showRepriced = (item: TWirePremiumItem) => {
    if (item.planName === basePlanName(item.planName)) {
      useTravelFlowStore.getState().updatePlan(item);
      return;
    }
    queryClient.setQueryData<TRatingAnswer>(topUpKey, (answer) =>
      answer?.policyTravel
        ? {
            ...answer,
            policyTravel: {
              ...answer.policyTravel,
              premiumTopUps: answer.policyTravel.premiumTopUps.map((entry) =>
                entry.planName === item.planName ? item : entry,
              ),
            },
          }
        : answer,
    );
  };

  /** Every plan priced again with the promo (multirate), so the cards show its discount. */
  const reRate = async (code: string): Promise<TPromoCheck> => {
    const current = useTravelFlowStore.getState().policy;
    const request: TTravelPolicy = {
      ...current,
      promo: code,
      policyTravel: { ...current.policyTravel, policyPremium: undefined, promotionCode: code },
    };
    let answer: TRatingAnswer;
    try {
      answer = await travelApi.multirate(request);
    } catch (error) {
      if (
        error instanceof ApiCallError &&
        error.status === 400 &&
        error.field === 'promo' &&
        error.messageKey
      )
        return { error: error.messageKey, repriced: false };
      setErrorKey(callErrorKey(error));
      return { error: null, repriced: false };
    }
    if (answer.errorMessage || answer.messageKey || !answer.policyTravel?.premiumItems?.length) {
      showRatingError(answer, setErrorKey);
      return { error: null, repriced: false };
    }
    useTravelFlowStore
      .getState()
      .setQuoted(
        { ...answer, promo: code, policyTravel: { ...answer.policyTravel, promotionCode: code } },
        initialUrl ?? backUrl,
      );
    return { error: null, repriced: true };
  };

  /**
   * The promo on blur (travel-flow section 5): its format (required when the campaign says so), then
   * the campaign's answer (Y valid, anything else invalid); a new valid promo re-rates every plan.
   */
  const checkPromo = async (value: string): Promise<TPromoCheck> => {
    const code = value.trim();
    const format = validateField(code, promoCodeRules(promoRequired), PROMO_RULE_CONTEXT);
    if (!format.valid) return { error: format.messageKey, repriced: false };
    // The campaign's verdict (one hook for every product's quote, decision 044).
    const verdict = await verdictOf(campaign, code);
    if (verdict) return { error: verdict, repriced: false };
    if (code === (useTravelFlowStore.getState().policy.promo ?? '')) return { error: null, repriced: false };
    return reRate(code);
  };

  const runPromoCheck = (value: string) => {
    setCheckingPromo(true);
    const check: Promise<TPromoCheck> = checkPromo(value).then((result) => {
      setPromoError(result.error);
      setCheckingPromo(false);
      // Once the new prices are on the cards, Apply now may go on with them.
      if (promoCheck.current === check) promoCheck.current = Promise.resolve({ ...result, repriced: false });
      return result;
    });
    promoCheck.current = check;
    return check;
  };

  /** Apply now's own rules (travel-flow section 5, Quote): the promo, the declaration, the terms. */
  const refusedBeforeRating = async (): Promise<boolean> => {
    const promoResult = await (promoCheck.current ?? runPromoCheck(promo));
    promoCheck.current = null;
    const errors = {
      declaration: ticks.declaration ? null : MESSAGE_KEYS.quoteDeclaration,
      terms: !termsText || ticks.terms ? null : 'quoteExtras.termsRequired',
    };
    setConsentErrors(errors);
    if (errors.declaration) notesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    return Boolean(promoResult.error || promoResult.repriced || errors.declaration || errors.terms);
  };

  const apply = async (item: TWirePremiumItem) => {
    setErrorKey(null);
    const store = useTravelFlowStore.getState();
    store.choosePlan(item, plus && plusReady);
    let answer: TRatingAnswer;
    try {
      answer = await rate.mutateAsync(useTravelFlowStore.getState().policy);
    } catch (error) {
      const repriced =
        error instanceof PriceChangedError ? error.policy.policyTravel?.policyPremium : undefined;
      if (repriced) {
        showRepriced(repriced);
        setPriceChange({ was: item, now: repriced });
      } else setErrorKey(callErrorKey(error));
      return;
    }
    if (answer.errorMessage || answer.messageKey) {
      showRatingError(answer, setErrorKey);
      return;
    }
    store.setRated(answer);
    navigate('/travel/applicant');
  };

  const message = (key: string) => {
    const shownKey: string = exists(key) ? key : MESSAGE_KEYS.getQuoteError;
    return t(shownKey);
  };
  const plusOfSelected = plusItems.find((item) => basePlanName(item.planName) === selected);
  const travellerType =
    travel.travellerType === 'FM' ? 'FM' : travel.travellerType === 'CP' ? 'CP' : ('ID' as const);
  const limitText = useBenefitValue();
  // The schedule in force on the day the trip starts, as the policy's schedule will print it (decision 099).
  const schedule = useBenefitSchedule('PTR', country, parseDmy(travel.deptDate ?? ''));
  const benefits = schedule.benefits;
  // What Plus raises or brings in for the chosen plan, from the market's schedule (rateTopup's variants).
  const plusAdds =
    benefits && (selected === 'STANDARD' || selected === 'SUPER')
      ? travelPlusAdditions(benefits, country, travellerType, selected)
      : [];
  // The served schedule's Chinese is the market's script: Traditional for Hong Kong (decision 110).
  const benefitLabel = (row: { labelEn: string; labelZh: string }) => (english ? row.labelEn : row.labelZh);

  return (
    <div className={styles.page}>
      <Stepper current={2} />
      <h1 className={styles.title}>{t('quotePage.title')}</h1>
      {marketingMessage ? <p className={extras.marketing}>{marketingMessage}</p> : null}
      {agentCampaign ? (
        <section className={extras.agentCampaign} aria-label={t('quotePage.agentCampaign')}>
          <p className={extras.agentCampaignTitle}>{agentCampaign.campaignTitle}</p>
          {agentCampaign.campaignDetails ? <p>{agentCampaign.campaignDetails}</p> : null}
        </section>
      ) : null}
      {showsFamilyDiscountLabel(
        country,
        travel.travellerType ?? 'ID',
        travel.travellerAdult ?? 0,
        travel.travellerChild ?? 0,
      ) ? (
        <p className={extras.familyDiscount}>{t('quotePage.familyDiscount')}</p>
      ) : null}
      {chosenPrice?.discount ? (
        // On phones the summary is below the plans: this panel shows the saving where the prices are.
        <p className={styles.discountPanel} aria-live="polite">
          <span>{t('quotePage.youSave', { amount: chosenPrice.discount })}</span>
          <strong>{t('quotePage.totalIs', { amount: chosenPrice.total })}</strong>
        </p>
      ) : null}
      <p className={styles.intro}>{t('quotePage.intro')}</p>
      <div className={styles.layout}>
        <div className={styles.main}>
          <PlanCards
            plans={shown}
            selected={selected}
            recommended={recommended ? basePlanName(recommended) : undefined}
            country={country}
            campaignCode={campaignCode}
            travellerType={travellerType}
            benefits={benefits}
            withPlus={plus && plusReady}
            onSelect={(planName) => choose(planName, plus)}
          />
          <div className={styles.plus}>
            <input
              id={`${id}-plus`}
              type="checkbox"
              className={styles.plusBox}
              checked={plus && plusReady}
              disabled={!plusReady}
              aria-describedby={`${id}-plus-text ${id}-plus-adds`}
              onChange={(event) => choose(selected, event.target.checked)}
            />
            <div>
              <label htmlFor={`${id}-plus`} className={styles.plusLabel}>
                {t('quotePage.plusTitle')}
              </label>
              <p id={`${id}-plus-text`} className={styles.plusText}>
                {topUps.isPending
                  ? t('quotePage.plusLoading')
                  : plusReady && plusOfSelected
                    ? t('quotePage.plusText', {
                        plan: labelOf(plusOfSelected.planName),
                        amount: planPrice(plusOfSelected, country, campaignCode).total,
                      })
                    : t('quotePage.plusUnavailable')}
              </p>
              {plusAdds.length > 0 ? (
                <div id={`${id}-plus-adds`} className={styles.plusAdds}>
                  <p className={styles.plusAddsTitle}>
                    {t('quotePage.plusAdds', { plan: t(`quotePage.plans.${selected}`) })}
                  </p>
                  <ul>
                    {plusAdds.map((row) => (
                      <li key={row.key} data-plus-cover={row.key}>
                        {t('quotePage.plusRow', {
                          label: benefitLabel(row),
                          with: limitText(row.with, country),
                          without: limitText(row.without, country),
                        })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </div>
          <PromoField
            id={`${id}-promo`}
            value={promo}
            required={promoRequired}
            error={promoError}
            checking={checkingPromo}
            applied={policy.promo || undefined}
            onChange={(value) => {
              setPromo(value);
              promoCheck.current = null;
            }}
            onBlur={() => void runPromoCheck(promo)}
          />
          <div ref={notesRef}>
            <QuoteConsents
              id={`${id}-consents`}
              declaration={ticks.declaration}
              terms={ticks.terms}
              termsText={termsText}
              errors={{
                declaration: consentErrors.declaration ? t(consentErrors.declaration) : null,
                terms: consentErrors.terms ? t(consentErrors.terms) : null,
              }}
              onChange={(kind, ticked) => {
                setTicks((state) => ({ ...state, [kind]: ticked }));
                if (ticked) setConsentErrors((state) => ({ ...state, [kind]: null }));
              }}
            />
          </div>
        </div>
        <aside className={styles.aside}>
          <QuoteSummary policy={policy} item={chosen} country={country} editPeriodTo={backUrl} />
        </aside>
      </div>
      {/* The comparison before Apply now: the customer compares, then commits (design section 9). */}
      <div className={styles.compare}>
        <CoverTable schedule={schedule} country={country} travellerType={travellerType} selected={selected} />
      </div>
      {errorKey ? (
        <p className={styles.error} role="alert">
          {message(errorKey)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <SaveForLaterButton step="quote" readPolicy={() => useTravelFlowStore.getState().policy} />
        <button type="button" className={styles.back} onClick={() => navigate(backUrl)}>
          {t('quotePage.back')}
        </button>
        <button
          type="button"
          className={styles.apply}
          disabled={rate.isPending}
          onClick={() =>
            void (async () => {
              if (!(await refusedBeforeRating())) await apply(chosen);
            })()
          }
        >
          {t('quotePage.applyNow')}
        </button>
      </div>
      <div className={styles.below}>
        <QuoteDocuments id={`${id}-documents`} country={country} />
      </div>
      {rate.isPending ? <Spinner label={t('quotePage.applying')} /> : null}
      <PriceChangeModal
        change={priceChange}
        country={country}
        campaignCode={campaignCode}
        onCancel={() => setPriceChange(null)}
        onConfirm={(item) => {
          setPriceChange(null);
          void apply(item);
        }}
      />
    </div>
  );
}
