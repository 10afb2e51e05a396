import { toCents } from '@lionrock/domain/money/money';
import {
  SINGAPORE_RESIDENCY,
  type TResidency,
  validateClaimsHistory,
  validateResidency,
  validateRiskStatement,
} from '@lionrock/domain/pa/occupation';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CheckField } from '../../../components/ui/check-field';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { CoverForm, type TCoverFormValues } from '../components/cover-form';
import { PA_STEPS } from '../pa-steps';
import { adultOccupations, usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

/**
 * "Please tell us more about your occupation" (pa-home-payments sections 2, 4 and 5): each adult's
 * occupation, the children, the market's underwriting questions (Singapore residency; Hong Kong claims
 * over HK$3,000) and the risk-statement declaration, which must be ticked before a quote is made.
 */
export function PaOccupationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const [declared, setDeclared] = useState(pa.riskStatementDeclared ?? false);
  const [residency, setResidency] = useState<TResidency | undefined>(pa.residency);
  const [claim, setClaim] = useState(String(pa.largestClaimInThreeYears ?? 0));
  const [shown, setShown] = useState<Record<string, string>>({});
  if (!pa.insured?.adult1?.occupation && !pa.insured?.adult1) return <Navigate to="/pa" replace />;

  const claimCents = Number.isFinite(Number(claim)) && Number(claim) >= 0 ? toCents(Number(claim)) : -1;
  const underwriting = () => ({
    riskStatementDeclared: declared,
    ...(country === 'SGP' ? { residency } : { largestClaimInThreeYears: claimCents / 100 }),
  });
  /**
   * "Ask our underwriters" (decision 089): the page's other answers must hold (the declaration, the
   * residency); the refusal itself is what is referred.
   */
  const refer = (reason: 'OCCUPATION_DECLINED' | 'CLAIMS_REFER_TO_AGENT', values?: TCoverFormValues) => {
    const errors = check();
    const { 'extra.claims': claimsError, ...others } = errors;
    if (Object.keys(others).length > 0) return;
    if (claimsError && claimsError !== MESSAGE_KEYS.claimsReferToAgent) return;
    const store = usePaFlowStore.getState();
    if (values) store.setCover(values);
    store.setUnderwriting(underwriting());
    navigate(`/pa/refer?reason=${reason}`);
  };
  const check = () => {
    const errors: Record<string, string> = {};
    const residencyKey = validateResidency(country, residency);
    if (residencyKey) errors['extra.residency'] = residencyKey;
    if (country === 'HKG') {
      const claimsKey = claimCents < 0 ? MESSAGE_KEYS.number : validateClaimsHistory(country, claimCents);
      if (claimsKey) errors['extra.claims'] = claimsKey;
    }
    const declaration = validateRiskStatement(declared);
    if (declaration) errors['extra.declaration'] = declaration;
    setShown(errors);
    return errors;
  };

  return (
    <main className={styles.page}>
      <Stepper current={1} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paOccupation.title')}</h1>
      <p className={styles.intro}>{t('paOccupation.intro')}</p>
      <div className={styles.card}>
        <CoverForm
          country={country}
          showPromo={false}
          submitLabel={t('paOccupation.continue')}
          initial={{
            insuredPersonType: pa.insuredPersonType ?? 'individual',
            numberOfAdults: pa.family?.numberOfAdults === 2 ? 2 : 1,
            noOfChildren: pa.family?.noOfChildren ?? 0,
            occupations: adultOccupations(policy),
            promo: policy.promo ?? '',
          }}
          extraErrors={check}
          onBack={() => navigate('/pa')}
          onRefer={(values) => refer('OCCUPATION_DECLINED', values)}
          onSubmit={(values) => {
            const store = usePaFlowStore.getState();
            store.setCover(values);
            store.setUnderwriting(underwriting());
            navigate('/pa/effective-date');
          }}
        >
          {country === 'SGP' ? (
            <fieldset className={styles.choices} aria-describedby="pa-residency-error">
              <legend className={styles.label}>{t('paOccupation.residency')}</legend>
              {SINGAPORE_RESIDENCY.map((option) => (
                <label key={option} className={styles.choice}>
                  <input
                    type="radio"
                    name="residency"
                    value={option}
                    checked={residency === option}
                    onChange={() => setResidency(option)}
                  />
                  {t(`paOccupation.residencies.${option}`)}
                </label>
              ))}
              <p id="pa-residency-error" className={styles.error}>
                {validateResidency(country, residency) && (residency || shown['extra.residency'])
                  ? t(validateResidency(country, residency)!)
                  : null}
              </p>
            </fieldset>
          ) : (
            <div className={styles.field}>
              <label htmlFor="pa-claims" className={styles.label}>
                {t('paOccupation.claims')}
              </label>
              <input
                id="pa-claims"
                className={styles.input}
                inputMode="decimal"
                value={claim}
                aria-describedby="pa-claims-hint pa-claims-error"
                onChange={(event) => setClaim(event.target.value)}
              />
              <p id="pa-claims-hint" className={styles.hint}>
                {t('paOccupation.claimsHint')}
              </p>
              <p id="pa-claims-error" className={styles.error}>
                {claimCents < 0 && shown['extra.claims']
                  ? t(MESSAGE_KEYS.number)
                  : claimCents >= 0 && validateClaimsHistory(country, claimCents)
                    ? t(validateClaimsHistory(country, claimCents)!)
                    : null}
              </p>
              {claimCents >= 0 && validateClaimsHistory(country, claimCents) ? (
                <div className={styles.notice}>
                  <p>{t('paOccupation.referText')}</p>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => refer('CLAIMS_REFER_TO_AGENT')}
                  >
                    {t('paOccupation.referButton')}
                  </button>
                </div>
              ) : null}
            </div>
          )}
          <div className={styles.notice}>
            <h2 className={styles.label}>{t('paOccupation.riskTitle')}</h2>
            <ul>
              {(['noRefusal', 'noHazard', 'health'] as const).map((key) => (
                <li key={key}>{t(`paOccupation.risks.${key}`)}</li>
              ))}
            </ul>
          </div>
          <CheckField
            id="pa-risk-statement"
            checked={declared}
            onChange={setDeclared}
            label={t('paOccupation.declaration')}
            error={shown['extra.declaration'] && !declared ? t(shown['extra.declaration']) : null}
          />
        </CoverForm>
      </div>
    </main>
  );
}
