import { parseDmy } from '@lionrock/domain/dates/local-date';
import { formatMoney, toCents } from '@lionrock/domain/money/money';
import { isPlanDOffered } from '@lionrock/domain/pa/occupation';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { BenefitsState } from '../../../components/ui/benefits-state';
import { CheckField } from '../../../components/ui/check-field';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useQuoteFormReached } from '../../../lib/funnel-beacon';
import { useTranslation } from '../../../lib/i18n';
import { useRateFacts } from '../../../lib/rate-facts-api';
import { SaveForLaterButton } from '../../checkout/components/save-for-later/save-for-later-button';
import { forgetLinkPlan, linkPlanOf } from '../../checkout/state/link-plan';
import { BenefitTable, KEY_ROWS, type TPaPlanName } from '../components/benefit-table';
import { PriceLines } from '../components/plan-price';
import { useQuoteCall } from '../components/use-quote-call';
import { PA_STEPS } from '../pa-steps';
import { adultOccupations, type TPaCover, usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

const COVERS: TPaCover[] = ['PRX', 'TTD'];

/**
 * The quote (pa-home-payments sections 2, 3 and 9): plans A–D side by side with their price lines and
 * sums insured, view all or less coverage, each adult's optional covers re-priced as they are ticked;
 * class 03 has no plan D and wider boxes. Apply Now takes the plan to the applicant page.
 */
export function PaQuotePage() {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const plans = usePaFlowStore((state) => state.plans);
  const [allRows, setAllRows] = useState(false);
  const quote = useQuoteCall();
  useQuoteFormReached('PAN', policy.country, plans.length > 0);
  // An agent's pre-filled link marks its plan (decision 090); Apply Now stays the customer's choice.
  const [linkPlan] = useState(() => linkPlanOf('pa'));
  useEffect(forgetLinkPlan, []);
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const on = parseDmy(pa.effectiveDate ?? '');
  // The optional covers' "+N %" and the free children of the table in force on the day the cover
  // starts, the one the prices come from (decision 114); "…" until they arrive.
  const rates = useRateFacts('PAN', country, on);
  if (plans.length === 0) return <Navigate to="/pa/effective-date" replace />;
  const family = pa.insuredPersonType === 'family';
  const children = family ? (pa.family?.noOfChildren ?? 0) : 0;
  const occupations = adultOccupations(policy);
  const withoutD = !isPlanDOffered(occupations);
  const offered = plans.map((plan) => plan.planName as TPaPlanName);
  const adults = [pa.insured?.adult1, pa.insured?.adult2].slice(0, occupations.length);
  const coverPrice = (code: TPaCover) =>
    t('paQuote.coverPrice', { percent: rates.facts ? (rates.facts.optionalCoverPercent[code] ?? 0) : '…' });

  const toggleCover = async (adult: 0 | 1, code: TPaCover, on: boolean) => {
    const current = (adult === 0 ? pa.insured?.adult1 : pa.insured?.adult2)?.optionalCovers ?? [];
    const covers = on ? [...new Set([...current, code])] : current.filter((each) => each !== code);
    usePaFlowStore.getState().setCovers(adult, covers as TPaCover[]);
    // A cover that could not be priced is not kept: the prices shown stay those of the covers ticked.
    if (!(await quote.run())) usePaFlowStore.getState().setCovers(adult, current as TPaCover[]);
  };

  return (
    <main className={styles.page}>
      <Stepper current={2} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paQuote.title')}</h1>
      <p className={styles.intro}>
        {t('paQuote.intro', { start: pa.effectiveDate ?? '', end: pa.expiryDate ?? '' })}
      </p>
      <section className={styles.card} aria-labelledby="pa-covers-title">
        <h2 id="pa-covers-title" className={styles.label}>
          {t('paQuote.optionalCovers')}
        </h2>
        {adults.map((adult, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one block per adult, by position
          <fieldset key={index} className={styles.field}>
            <legend className={styles.hint}>{t('paQuote.adultN', { number: index + 1 })}</legend>
            {COVERS.map((code) => (
              <CheckField
                key={code}
                id={`pa-cover-${index}-${code}`}
                checked={adult?.optionalCovers?.includes(code) ?? false}
                onChange={(on) => void toggleCover(index === 0 ? 0 : 1, code, on)}
                label={t(`paQuote.covers.${code}`)}
                hint={coverPrice(code)}
              />
            ))}
          </fieldset>
        ))}
        {rates.failed ? <BenefitsState failed onRetry={rates.retry} /> : null}
      </section>
      {policy.campaignVoucher ? (
        <p className={styles.notice} data-testid="pa-voucher">
          {t('paQuote.voucher', {
            voucher:
              language === 'en' ? policy.campaignVoucher.description : policy.campaignVoucher.descriptionCn,
          })}
        </p>
      ) : null}
      {withoutD ? <p className={styles.notice}>{t('paQuote.noPlanD')}</p> : null}
      <ul className={`${styles.plans} ${withoutD ? styles.plansWide : ''}`} aria-label={t('paQuote.plans')}>
        {plans.map((plan) => (
          <li
            key={plan.planName}
            className={styles.plan}
            data-testid={`pa-plan-${plan.planName}`}
            data-preselected={plan.planName === linkPlan || undefined}
          >
            <h2>{t('paQuote.planName', { plan: plan.planName })}</h2>
            {plan.planName === linkPlan ? <p className={styles.notice}>{t('paQuote.suggested')}</p> : null}
            <p className={styles.price}>{formatMoney(toCents(plan.totalPremium), country)}</p>
            <PriceLines
              item={plan}
              country={country}
              childCount={children}
              freeChildren={rates.facts?.freeChildren}
            />
            <button
              type="button"
              className={styles.primary}
              aria-label={t('paQuote.applyPlan', { plan: plan.planName })}
              onClick={() => {
                usePaFlowStore.getState().choosePlan(plan.planName as TPaPlanName);
                navigate('/pa/applicant');
              }}
            >
              {t('paQuote.applyNow')}
            </button>
          </li>
        ))}
      </ul>
      <BenefitTable
        country={country}
        plans={offered}
        rows={allRows ? undefined : KEY_ROWS}
        on={on}
        insured={{ role: 'adult', optionalCovers: pa.insured?.adult1?.optionalCovers ?? [] }}
        caption={t('paQuote.benefits')}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.link}
          aria-expanded={allRows}
          onClick={() => setAllRows(!allRows)}
        >
          {allRows ? t('paQuote.viewLess') : t('paQuote.viewAll')}
        </button>
      </div>
      <div className={styles.actions}>
        <SaveForLaterButton step="quote" readPolicy={() => usePaFlowStore.getState().policy} />
        <button type="button" className={styles.secondary} onClick={() => navigate('/pa/effective-date')}>
          {t('paQuote.back')}
        </button>
      </div>
      {quote.busy ? <Spinner label={t('paQuote.pricing')} /> : null}
    </main>
  );
}
