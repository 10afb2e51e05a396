import { parseDmy } from '@lionrock/domain/dates/local-date';
import { HOME_PLANS, type THomePlan } from '@lionrock/domain/home/home-model';
import { formatMoney } from '@lionrock/domain/money/money';
import { wireToCents } from '@lionrock/domain/schemas/wire-amounts';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Stepper } from '../../../components/ui/stepper';
import { documentLink } from '../../../lib/documents';
import { useQuoteFormReached } from '../../../lib/funnel-beacon';
import { useTranslation } from '../../../lib/i18n';
import {
  callErrorKey,
  checkoutApi,
  PriceChangedError,
  showRatingError,
} from '../../checkout/api/checkout-api';
import { SaveForLaterButton } from '../../checkout/components/save-for-later/save-for-later-button';
import { PriceBreakdown } from '../../checkout/components/summary/price-breakdown';
import { useErrorTitle } from '../../checkout/hooks/use-error-title';
import { forgetLinkPlan, linkPlanOf } from '../../checkout/state/link-plan';
import styles from '../components/home.module.css';
import { HomeCoverTable } from '../components/home-cover-table';
import { useMessageText } from '../components/home-fields';
import { useHomeContentsText, useHomeSummaryRows } from '../components/home-summary';
import { HOME_STEPS } from '../home-steps';
import { useHomeJourney } from '../state/home-journey-store';

/**
 * The home quote (`/home/quote`; decision 059): the three plans priced by the server with their tax
 * line, the plan comparison from the home benefit schedule, and what the quote is for; Next stores the
 * chosen plan (rate) and goes to the applicant.
 */
export function HomeQuotePage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const policy = useHomeJourney((state) => state.policy);
  const plans = useHomeJourney((state) => state.plans);
  const initialUrl = useHomeJourney((state) => state.initialUrl);
  const choosePlan = useHomeJourney((state) => state.choosePlan);
  const setRated = useHomeJourney((state) => state.setRated);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useErrorTitle('homeQuote.errorTitle');
  const summary = useHomeSummaryRows(policy, 'quote');
  const contents = useHomeContentsText(policy);
  useQuoteFormReached('PHM', policy.country, plans.length > 0);
  // An agent's pre-filled link preselects its plan when it is offered (decision 090).
  useEffect(() => {
    const linked = linkPlanOf('home');
    forgetLinkPlan();
    if (linked && !policy.policyHome.selectedPlan && plans.some((plan) => plan.planName === linked))
      choosePlan(linked as never);
  }, [plans, policy.policyHome.selectedPlan, choosePlan]);
  if (plans.length === 0) return <Navigate to="/home" replace />;
  const home = policy.policyHome;
  const country = policy.country ?? 'SGP';
  const selected = home.selectedPlan;
  const selectedItem = plans.find((plan) => plan.planName === selected);
  const money = (amount: number | undefined) => formatMoney(wireToCents(amount ?? 0), country);

  async function next() {
    const item = plans.find((plan) => plan.planName === selected);
    if (!item) {
      setError(t('homeQuote.choosePlan'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await checkoutApi.rate({ ...policy, policyHome: { ...home, policyPremium: item } });
      if (answer.errorMessage || answer.messageKey) {
        showRatingError(answer, (key) => setError(messageText(key) ?? ''));
        return;
      }
      setRated(answer);
      navigate('/home/applicant');
    } catch (failure) {
      if (failure instanceof PriceChangedError) {
        useHomeJourney.getState().setQuoted(failure.policy, initialUrl ?? '/home');
        setError(messageText(MESSAGE_KEYS.priceChanged) ?? '');
      } else setError(messageText(callErrorKey(failure)) ?? '');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <Stepper current={2} steps={HOME_STEPS} />
      <h1>{t('homeQuote.title')}</h1>
      <dl className={styles.summary}>
        {summary.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={initialUrl ?? '/home'}>{t('homeQuote.change')}</Link>
      </p>
      <fieldset className={styles.field}>
        <legend className={styles.label}>{t('homeQuote.choosePlan')}</legend>
        <ul className={styles.plans}>
          {HOME_PLANS.map((name: THomePlan) => {
            const item = plans.find((plan) => plan.planName === name);
            if (!item) return null;
            const tax =
              country === 'SGP'
                ? t('homeQuote.inclGst', { amount: money(item.gst) })
                : t('homeQuote.inclLevy', { amount: money(item.levy) });
            return (
              <li key={name}>
                <label className={styles.plan} data-plan={name}>
                  <span className={styles.planName}>
                    <input
                      type="radio"
                      name="plan"
                      value={name}
                      checked={selected === name}
                      onChange={() => choosePlan(name)}
                    />
                    {t(`homeQuote.plans.${name}`)}
                  </span>
                  <span className={styles.price}>{money(item.totalPremium)}</span>
                  <span className={styles.hint}>
                    {t('homeQuote.perYear')} · {tax}
                  </span>
                  {/* What this plan's premium insures the contents for (decision 125). */}
                  <span className={styles.hint}>
                    {t('homeQuote.planContents', { amount: contents.amount(name) })}
                  </span>
                  {(item.totalDiscount ?? 0) > 0 ? (
                    <span className={styles.hint}>
                      {t('homeQuote.discount', { amount: money(item.totalDiscount) })}
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {selectedItem ? (
        // The chosen plan's price, line by line, as confirm and payment show it (decision 126).
        <section className={styles.breakdown} aria-labelledby="home-price-title">
          <h2 id="home-price-title">{t('priceBreakdown.title')}</h2>
          <PriceBreakdown item={selectedItem} country={country} />
        </section>
      ) : null}
      <HomeCoverTable
        country={country}
        selected={selected}
        on={parseDmy(home.effectiveDate ?? '')}
        choice={{
          ownership: home.ownership ?? 'OWNER',
          optionalCovers: home.optionalCovers ?? [],
          contentsSumInsuredCents: wireToCents(home.contentsSumInsured ?? 0),
        }}
      />
      <p className={styles.documents}>
        <span>{t('homeQuote.documents')}</span>
        <a {...documentLink('home', 'brochure', country)}>{t('homeQuote.brochure')}</a>
        <a {...documentLink('home', 'policyWording', country)}>{t('homeQuote.policyWording')}</a>
      </p>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <SaveForLaterButton step="quote" readPolicy={() => useHomeJourney.getState().policy} />
        <Link to={initialUrl ?? '/home'} className={styles.secondaryButton}>
          {t('homeQuote.back')}
        </Link>
        <button type="button" className={styles.submit} onClick={next} disabled={busy} aria-busy={busy}>
          {t('homeQuote.next')}
        </button>
      </div>
    </div>
  );
}
