import { parseDmy, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { Navigate } from 'react-router';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { planPrice } from '../../checkout/components/summary/plan-price';
import { ApplicantForm } from '../components/applicant/applicant-form';
import { QuoteSummary } from '../components/plan-cards/quote-summary';
import { useTravelFlowStore } from '../state/travel-flow-store';
import styles from './applicant-page.module.css';

/**
 * The applicant page (travel-flow section 2, /applicant). It needs a rated policy: entered directly
 * without one, it sends the customer back to the plans, or to the landing when there are none.
 */
export function ApplicantPage({ today }: { today?: TLocalDate }) {
  const policyId = useTravelFlowStore((state) => state.policy.policyId);
  const deptDate = useTravelFlowStore((state) => state.policy.policyTravel.deptDate ?? '');
  const hasPlans = useTravelFlowStore((state) => state.plans.length > 0);
  const flowUrl = useTravelFlowStore((state) => state.initialUrl);
  const visitUrl = useSystemStore((state) => state.initialUrl);
  const departure = parseDmy(deptDate);
  if (!policyId || !departure) {
    return <Navigate to={hasPlans ? '/travel/quote' : (flowUrl ?? visitUrl ?? '/travel')} replace />;
  }
  return <Applicant today={today} departure={departure} />;
}

function Applicant({
  today: fixedToday,
  departure,
}: {
  today: TLocalDate | undefined;
  departure: TLocalDate;
}) {
  const { t } = useTranslation();
  const policy = useTravelFlowStore((state) => state.policy);
  const campaignCode = useTravelFlowStore((state) => state.campaign?.campaignCode);
  const country = policy.country ?? 'SGP';
  // Ages and date windows read the market's today (passed in, never read inside a rule).
  const today = fixedToday ?? todayIn(MARKETS[country].timeZone, new Date());
  const item = policy.policyTravel.policyPremium;
  const amount = item ? planPrice(item, country, campaignCode).total : null;

  return (
    <div className={styles.page}>
      <Stepper current={3} />
      <h1 className={styles.title}>{t('applicant.title')}</h1>
      <p className={styles.intro}>{t('applicant.intro')}</p>
      {amount ? (
        // The mobile view also shows the amount to pay (travel-flow section 2, Shared shell).
        <p className={styles.amount} aria-live="polite">
          <span>{t('applicant.amountToPay')}</span>
          <strong>{amount}</strong>
        </p>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <ApplicantForm today={today} departure={departure} />
        </div>
        <aside className={styles.aside}>
          <QuoteSummary policy={policy} item={item} country={country} />
        </aside>
      </div>
    </div>
  );
}
