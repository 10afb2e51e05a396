import { ageInYears, parseDmy } from '@lionrock/domain/dates/local-date';
import { ELIGIBILITY } from '@lionrock/domain/eligibility/ages';
import { normaliseForSubmit } from '@lionrock/domain/eligibility/people';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CheckField } from '../../../components/ui/check-field';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { coverStart, validateApplication } from '../components/apply-rules';
import { childOptions } from '../components/cover-form';
import { marketToday } from '../components/pa-dates';
import { errorsFor, idTypesOf, PersonFields, type TPersonValues } from '../components/person-fields';
import { useQuoteCall } from '../components/use-quote-call';
import { PA_STEPS } from '../pa-steps';
import { adultOccupations, emptyChild, type TPaChild, usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

type TChildValues = TPersonValues & { student: boolean };

function childValues(child: TPaChild, fallbackType: TPersonValues['idType']): TChildValues {
  return {
    name: child.lastName ?? '',
    idType: child.hkId ? (child.idType as TPersonValues['idType']) : fallbackType,
    id: child.hkId ?? '',
    dateOfBirth: child.dateOfBirth ?? '',
    student: child.fullTimeStudent === 'YES',
  };
}

function toChild(values: TChildValues): TPaChild {
  return normaliseForSubmit(
    {
      ...emptyChild(),
      lastName: values.name,
      idType: values.idType,
      hkId: values.id,
      dateOfBirth: values.dateOfBirth.trim(),
      fullTimeStudent: values.student ? ('YES' as const) : ('NO' as const),
    },
    ['lastName', 'hkId'],
  );
}

/**
 * The dependent children (pa-home-payments sections 2, 4 and 5; reached at /apply from the applicant
 * page, Back to /applicant, Continue to /confirm): ID type and number, date of birth, the full-time
 * student tick from 18 ("unmarried" in Hong Kong). Adding or removing a child re-rates at once.
 */
export function PaApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const today = marketToday(country);
  const defaultType = idTypesOf(country)[0]!;
  const [children, setChildren] = useState<TChildValues[]>(
    (pa.insured?.children ?? []).map((child) => childValues(child, defaultType)),
  );
  const [failure, setFailure] = useState<{ field: string; messageKey: string } | null>(null);
  const rate = useQuoteCall();
  if (!pa.applicant || !pa.selectedPlan) return <Navigate to="/pa/applicant" replace />;
  const start = coverStart(policy, today);
  const band = ELIGIBILITY.PAN[country].child;
  const studentAge = (dateOfBirth: string) => {
    const birth = parseDmy(dateOfBirth.trim());
    return birth !== null && ageInYears(birth, start) > band.childMaxAge;
  };
  const maximum = childOptions(country).at(-1)!;

  /** A new number of children: stored, every plan re-priced, the chosen plan kept (pa-home-payments section 4). */
  const recount = async (next: TChildValues[]) => {
    setChildren(next);
    const store = usePaFlowStore.getState();
    const plan = store.policy.policyPAN.selectedPlan!;
    store.setCover({
      insuredPersonType: 'family',
      numberOfAdults: store.policy.policyPAN.family?.numberOfAdults === 2 ? 2 : 1,
      noOfChildren: next.length,
      occupations: adultOccupations(store.policy),
    });
    store.setPeople({ children: next.map(toChild) });
    if (await rate.run('multirate')) usePaFlowStore.getState().choosePlan(plan);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    usePaFlowStore.getState().setPeople({ children: children.map(toChild) });
    const found = validateApplication(usePaFlowStore.getState().policy, today, { upTo: 'all' });
    setFailure(found);
    if (found) return;
    if (await rate.run('rate')) navigate('/pa/confirm');
  };

  return (
    <main className={styles.page}>
      <Stepper current={3} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paApply.childrenTitle')}</h1>
      <p className={styles.intro}>{t('paApply.childrenIntro')}</p>
      <form noValidate onSubmit={submit} className={styles.stack}>
        {children.map((child, index) => {
          const path = `policyPAN.insured.children.${index}`;
          const studentError =
            failure?.field === `${path}.dateOfBirth` &&
            failure.messageKey === 'applyErrorMessage.fullTimeStudentUnchecked';
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: children are entered by position
            <section key={index} className={styles.card} aria-labelledby={`pa-child${index}-title`}>
              <h2 id={`pa-child${index}-title`}>{t('paApply.childN', { number: index + 1 })}</h2>
              <PersonFields
                prefix={`pa-child${index}`}
                values={child}
                country={country}
                dateHint={t('paApply.childDateHint', { max: band.studentMaxAge })}
                errors={studentError ? {} : errorsFor(failure, path)}
                onChange={(values) =>
                  setChildren(children.map((each, at) => (at === index ? { ...each, ...values } : each)))
                }
              />
              {studentAge(child.dateOfBirth) ? (
                <CheckField
                  id={`pa-child${index}-student`}
                  checked={child.student}
                  onChange={(student) =>
                    setChildren(children.map((each, at) => (at === index ? { ...each, student } : each)))
                  }
                  label={country === 'HKG' ? t('paApply.unmarriedStudent') : t('paApply.student')}
                  error={studentError && !child.student ? t(failure!.messageKey) : null}
                />
              ) : null}
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => void recount(children.filter((_, at) => at !== index))}
                >
                  {t('paApply.removeChild', { number: index + 1 })}
                </button>
              </div>
            </section>
          );
        })}
        {failure && !failure.field.startsWith('policyPAN.insured.children.') ? (
          <p className={styles.error} role="alert">
            {t(failure.messageKey)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            disabled={children.length >= maximum}
            onClick={() => void recount([...children, childValues(emptyChild(), defaultType)])}
          >
            {t('paApply.addChild')}
          </button>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => navigate('/pa/applicant')}>
            {t('paQuote.back')}
          </button>
          <button type="submit" className={styles.primary}>
            {t('paOccupation.continue')}
          </button>
        </div>
      </form>
      {rate.busy ? <Spinner label={t('paQuote.pricing')} /> : null}
    </main>
  );
}
