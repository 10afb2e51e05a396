import { recordConsent, validateDeclarations } from '@lionrock/domain/consents/consents';
import { hasAutoRenewal, isAutoRenewalEligible } from '@lionrock/domain/display/price-display';
import { isPaid } from '@lionrock/domain/payments/payment-rules';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { isValidAgent, useSystemStore } from '../../../state/system-store';
import { AutoRenewalCard, TurnOffQuestion } from '../components/confirm/auto-renewal-card';
import { Declarations, type TConsentTicks } from '../components/confirm/declarations';
import { InsuredCard, PolicyholderCard } from '../components/confirm/people-cards';
import { PlanSummaryCard } from '../components/confirm/plan-summary-card';
import { saveAutoRenewal, saveConsents } from '../state/checkout-actions';
import { type TTravelPolicy, useTravelFlowStore } from '../state/travel-flow-store';
import styles from './checkout-page.module.css';

/**
 * The confirm page (travel-flow section 2, Confirm; issue 6). Without a rated policy and its
 * applicant there is nothing to confirm: back to the applicant page (or the landing without a quote).
 */
export function ConfirmPage() {
  const policy = useTravelFlowStore((state) => state.policy);
  const travel = policy.policyTravel;
  if (!policy.policyId || !travel.policyPremium) return <Navigate to="/travel" replace />;
  if (!travel.applicant?.fullName) return <Navigate to="/travel/applicant" replace />;
  return <Confirm policy={policy} />;
}

function Confirm({ policy }: { policy: TTravelPolicy }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const campaignCode = useTravelFlowStore((state) => state.campaign?.campaignCode);
  const agent = useSystemStore((state) => state.agent);
  const travel = policy.policyTravel;
  const applicant = travel.applicant!;
  const tripType = travel.paPolicyType ?? 'S';
  const clientType = applicant.clientType ?? 'P';
  const renewalOffered = isAutoRenewalEligible(tripType, clientType);
  const paid = isPaid(policy);

  const [renewal, setRenewal] = useState(applicant.hasAutoRenewal ?? true);
  const [consents, setConsents] = useState(() => policy.consents);
  const ticks: TConsentTicks = {
    declaration1: consents?.declaration1.given ?? false,
    declaration2: consents?.declaration2.given ?? false,
    marketing: consents?.marketing.given ?? applicant.directMarketing === 'true',
  };
  const [errors, setErrors] = useState<Partial<Record<'declaration1' | 'declaration2', string>>>({});
  const [asking, setAsking] = useState(false);

  const tick = (kind: keyof TConsentTicks, given: boolean) => {
    // Each consent is recorded with the moment it was given (pa-home-payments section 5).
    const at = new Date().toISOString();
    const next = { ...ticks, [kind]: given };
    const record = (key: keyof TConsentTicks) =>
      key === kind || !consents ? recordConsent(next[key], at) : consents[key];
    setConsents({
      declaration1: record('declaration1'),
      declaration2: record('declaration2'),
      marketing: record('marketing'),
    });
    if (kind !== 'marketing' && given) setErrors((current) => ({ ...current, [kind]: undefined }));
  };

  const proceed = (renewalOn: boolean) => {
    setAsking(false);
    const at = new Date().toISOString();
    saveAutoRenewal(hasAutoRenewal(tripType, clientType, renewalOn));
    saveConsents(
      consents ?? {
        declaration1: recordConsent(false, at),
        declaration2: recordConsent(false, at),
        marketing: recordConsent(false, at),
      },
    );
    navigate('/travel/payment');
  };

  const pay = () => {
    const found = validateDeclarations({
      declaration1: recordConsent(ticks.declaration1, ''),
      declaration2: recordConsent(ticks.declaration2, ''),
      marketing: recordConsent(ticks.marketing, ''),
    });
    setErrors(found);
    const first = found.declaration1 ? 'declaration1' : found.declaration2 ? 'declaration2' : null;
    if (first) {
      document.querySelector<HTMLInputElement>(`input[id$="-${first}"]`)?.focus();
      return;
    }
    if (renewalOffered && !renewal) {
      setAsking(true);
      return;
    }
    proceed(renewal);
  };

  return (
    <div className={styles.page}>
      <Stepper current={4} />
      <h1 className={styles.title}>{t('confirm.title')}</h1>
      <p className={styles.intro}>{t('confirm.intro')}</p>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <PlanSummaryCard policy={policy} campaignCode={campaignCode} />
        </aside>
        <div className={styles.main}>
          <PolicyholderCard applicant={applicant} />
          <InsuredCard travellers={travel.travellersList ?? []} />
          {renewalOffered ? <AutoRenewalCard on={renewal} onChange={setRenewal} /> : null}
          <Declarations
            ticks={ticks}
            onChange={tick}
            errors={errors}
            agency={isValidAgent(agent) ? (agent?.agency ?? null) : null}
            country={policy.country ?? 'SGP'}
          />
        </div>
      </div>
      {paid ? (
        <p className={styles.notice} role="status">
          {t('confirm.alreadyPaid')} <Link to="/travel/finish">{t('confirm.seePolicy')}</Link>
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.back} onClick={() => navigate('/travel/applicant')}>
          {t('confirm.back')}
        </button>
        <button type="button" className={styles.primary} disabled={paid} onClick={pay}>
          {t('confirm.pay')}
        </button>
      </div>
      <TurnOffQuestion
        open={asking}
        onClose={() => setAsking(false)}
        onTurnOff={() => proceed(false)}
        onKeepOn={() => {
          setRenewal(true);
          proceed(true);
        }}
      />
    </div>
  );
}
