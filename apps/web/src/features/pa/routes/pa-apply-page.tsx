import { ageInYears, parseDmy } from '@lionrock/domain/dates/local-date';
import { ELIGIBILITY } from '@lionrock/domain/eligibility/ages';
import { normaliseForSubmit } from '@lionrock/domain/eligibility/people';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useFieldArray } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { CheckField } from '../../../components/ui/check-field';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { FormSummary, useCheckoutForm } from '../../checkout/components/applicant/checkout-form';
import { useMessage } from '../../checkout/components/applicant/form-field';
import { coverStart, listApplicationErrors } from '../components/apply-rules';
import { childOptions } from '../components/cover-form';
import { marketToday } from '../components/pa-dates';
import {
  idTypesOf,
  PersonFields,
  personFieldOf,
  type TPersonKey,
  type TPersonValues,
} from '../components/person-fields';
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

type TChildrenValues = { children: TChildValues[] };

/** Where a policy path shows on this page: a child's field, the student tick, else the form. */
function childFieldOf(path: string, messageKey: string): string {
  const person = personFieldOf(path);
  if (!person?.startsWith('children.')) return 'root';
  // A child of 18 or over without the tick: the message belongs to the tick (pa-home-payments section 5).
  if (messageKey === MESSAGE_KEYS.fullTimeStudentUnchecked) return person.replace(/\.\w+$/, '.student');
  return person;
}

/**
 * The dependent children (pa-home-payments sections 2, 4 and 5; reached at /apply from the applicant
 * page, Back to /applicant, Continue to /confirm): ID type and number, date of birth, the full-time
 * student tick from 18 ("unmarried" in Hong Kong). Every child is checked at once and kept in the
 * journey as typed (decision 125); adding or removing a child re-prices at once and keeps the page.
 */
export function PaApplyPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const today = marketToday(country);
  const defaultType = idTypesOf(country)[0]!;
  const withChildren = (values: TChildrenValues) => {
    const current = usePaFlowStore.getState().policy;
    return {
      ...current,
      policyPAN: {
        ...current.policyPAN,
        insured: { ...current.policyPAN.insured, children: values.children.map(toChild) },
      },
    } as typeof current;
  };
  const checkout = useCheckoutForm<TChildrenValues>({
    defaultValues: { children: (pa.insured?.children ?? []).map((child) => childValues(child, defaultType)) },
    check: (values) => {
      const messages: Record<string, string> = {};
      for (const failure of listApplicationErrors(withChildren(values), today))
        messages[childFieldOf(failure.field, failure.messageKey)] ??= failure.messageKey;
      return messages;
    },
    keep: (values) => usePaFlowStore.getState().setPeople({ children: values.children.map(toChild) }),
    fieldOf: childFieldOf,
  });
  const { form, errorOf } = checkout;
  const { register, setValue, control, watch } = form;
  const rows = useFieldArray({ control, name: 'children' });
  const rate = useQuoteCall();
  if (!pa.applicant || !pa.selectedPlan) return <Navigate to="/pa/applicant" replace />;
  const start = coverStart(policy, today);
  const band = ELIGIBILITY.PAN[country].child;
  const studentAge = (dateOfBirth: string | undefined) => {
    const birth = parseDmy((dateOfBirth ?? '').trim());
    return birth !== null && ageInYears(birth, start) > band.childMaxAge;
  };
  const maximum = childOptions(country).at(-1)!;
  const children = watch('children');

  /** A new number of children: every plan re-priced with the family as typed, the chosen plan kept (section 4). */
  const recount = async (count: number) => {
    const store = usePaFlowStore.getState();
    const plan = store.policy.policyPAN.selectedPlan!;
    store.setCover(
      {
        insuredPersonType: 'family',
        numberOfAdults: store.policy.policyPAN.family?.numberOfAdults === 2 ? 2 : 1,
        noOfChildren: count,
        occupations: adultOccupations(store.policy),
      },
      { keepPlan: true },
    );
    store.setPeople({ children: form.getValues('children').map(toChild) });
    if (await rate.run('multirate')) usePaFlowStore.getState().choosePlan(plan);
  };

  const add = () => {
    rows.append(childValues(emptyChild(), defaultType), { focusName: `children.${rows.fields.length}.name` });
    void recount(rows.fields.length + 1);
  };
  const remove = (index: number) => {
    rows.remove(index);
    void recount(rows.fields.length - 1);
  };

  const onValid = async (values: TChildrenValues) => {
    usePaFlowStore.getState().setPeople({ children: values.children.map(toChild) });
    if (await rate.run('rate', { refuse: checkout.showFieldErrors })) navigate('/pa/confirm');
  };

  return (
    <main className={styles.page}>
      <Stepper current={3} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paApply.childrenTitle')}</h1>
      <p className={styles.intro}>{t('paApply.childrenIntro')}</p>
      <form noValidate onSubmit={checkout.submitWith(onValid)} className={styles.stack}>
        {rows.fields.map((row, index) => {
          const studentError = errorOf(`children.${index}.student`);
          const child = children[index];
          return (
            <section key={row.id} className={styles.card} aria-labelledby={`pa-child${index}-title`}>
              <h2 id={`pa-child${index}-title`}>{t('paApply.childN', { number: index + 1 })}</h2>
              <PersonFields
                prefix={`pa-child${index}`}
                country={country}
                dateHint={t('paApply.childDateHint', { max: band.studentMaxAge })}
                field={(key: TPersonKey) => register(`children.${index}.${key}`)}
                errorOf={(key: TPersonKey) => errorOf(`children.${index}.${key}`)}
                onIdTypeChange={() => setValue(`children.${index}.id`, '')}
              />
              {studentAge(child?.dateOfBirth) ? (
                <CheckField
                  id={`pa-child${index}-student`}
                  checked={child?.student ?? false}
                  onChange={(student) =>
                    setValue(`children.${index}.student`, student, {
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  label={country === 'HKG' ? t('paApply.unmarriedStudent') : t('paApply.student')}
                  error={studentError ? message(studentError) : null}
                />
              ) : null}
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.link}
                  disabled={rate.busy}
                  onClick={() => remove(index)}
                >
                  {t('paApply.removeChild', { number: index + 1 })}
                </button>
              </div>
            </section>
          );
        })}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            disabled={rows.fields.length >= maximum || rate.busy}
            onClick={add}
          >
            {t('paApply.addChild')}
          </button>
        </div>
        <FormSummary checkout={checkout} className={styles.error} />
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => navigate('/pa/applicant')}>
            {t('paQuote.back')}
          </button>
          <button type="submit" className={styles.primary} disabled={rate.busy}>
            {t('paOccupation.continue')}
          </button>
        </div>
      </form>
      {rate.busy ? <Spinner label={t('paQuote.pricing')} /> : null}
    </main>
  );
}
