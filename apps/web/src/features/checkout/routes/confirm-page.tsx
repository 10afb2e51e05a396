import { recordConsent, validateDeclarations } from '@lionrock/domain/consents/consents';
import { isPaid } from '@lionrock/domain/payments/payment-rules';
import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { isValidAgent, useSystemStore } from '../../../state/system-store';
import { partOf, type TCheckoutPolicy, type TCheckoutProduct, type TPolicyPart } from '../checkout-product';
import { AutoRenewalCard, TurnOffQuestion } from '../components/confirm/auto-renewal-card';
import { Declarations, type TConsentTicks } from '../components/confirm/declarations';
import { PlanSummaryCard } from '../components/confirm/plan-summary-card';
import { PolicyholderCard } from '../components/confirm/policyholder-card';
import { SaveForLaterButton } from '../components/save-for-later/save-for-later-button';
import { useErrorTitle } from '../hooks/use-error-title';
import { checkoutActions } from '../state/checkout-store';
import styles from './checkout-page.module.css';

type TProductProps<P extends TPolicyPart> = { product: TCheckoutProduct<P> };

/**
 * The confirm page of every product (travel-flow section 2, Confirm; decision 044). Without a rated
 * policy and its applicant there is nothing to confirm: back to the applicant page (or the landing
 * without a quote).
 */
export function ConfirmPage<P extends TPolicyPart>({ product }: TProductProps<P>) {
  useErrorTitle(product.errorTitleKey);
  const policy = product.useJourney((state) => state.policy);
  const own = partOf(product, policy);
  if (!policy.policyId || !own.policyPremium) return <Navigate to={product.paths.landing} replace />;
  if (!own.applicant?.fullName) return <Navigate to={product.paths.applicant} replace />;
  return <Confirm product={product} policy={policy} />;
}

function Confirm<P extends TPolicyPart>({
  product,
  policy,
}: TProductProps<P> & { policy: TCheckoutPolicy<P> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agent = useSystemStore((state) => state.agent);
  const { saveAutoRenewal, saveConsents } = useMemo(
    () => checkoutActions(product.useJourney, product.part),
    [product],
  );
  const applicant = partOf(product, policy).applicant!;
  const renewalOffered = product.renewalEligible(policy);
  const paid = isPaid(policy);
  const { InsuredSection } = product;

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
    // hasAutoRenewal is true only for an eligible policy with the switch on (travel-flow section 4).
    saveAutoRenewal(renewalOffered && renewalOn);
    saveConsents(
      consents ?? {
        declaration1: recordConsent(false, at),
        declaration2: recordConsent(false, at),
        marketing: recordConsent(false, at),
      },
    );
    navigate(product.paths.payment);
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
      <Stepper current={4} steps={product.steps} />
      <h1 className={styles.title}>{t('confirm.title')}</h1>
      <p className={styles.intro}>{t('confirm.intro')}</p>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <PlanSummaryCard product={product} policy={policy} />
        </aside>
        <div className={styles.main}>
          <PolicyholderCard applicant={applicant} editTo={product.paths.applicant} />
          <InsuredSection policy={policy} />
          {renewalOffered ? <AutoRenewalCard on={renewal} onChange={setRenewal} /> : null}
          <Declarations
            ticks={ticks}
            onChange={tick}
            errors={errors}
            agency={isValidAgent(agent) ? (agent?.agency ?? null) : null}
            country={policy.country ?? 'SGP'}
            product={product.key}
          />
        </div>
      </div>
      {paid ? (
        <p className={styles.notice} role="status">
          {t('confirm.alreadyPaid')} <Link to={product.paths.finish}>{t('confirm.seePolicy')}</Link>
        </p>
      ) : null}
      <div className={styles.actions}>
        {paid ? null : (
          <SaveForLaterButton
            step="confirm"
            readPolicy={() => {
              // The consents as ticked now: a "no" to marketing means no reminder (decision 077).
              const current = product.useJourney.getState().policy;
              return consents ? { ...current, consents } : current;
            }}
          />
        )}
        <button type="button" className={styles.back} onClick={() => navigate(product.paths.applicant)}>
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
